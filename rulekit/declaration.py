"""What a game declares once, beside its engine: everything the platform and the generic tests
need to know about it, so that registering a game is one line in its family's registry.

- `engine`: the rules (`rulekit.Engine`).
- `levels`: its CPU levels, level name -> player, in the order `meta.cpu_levels` lists them
  ("random" aside, which every game gets); svc-ai reads them from here.
- `budget`: how many seeded random games the conformance suite plays per seat count.
- `hidden_from(state, seat)`: what that seat (None: a spectator) must never see; the suite
  scans every view and delivered event for it.
- `check(before, after, seat, move, events)`: the game's invariants at every move.
- `finished(playout)`: what must hold of every finished game.
- `variants`: host options worth playing besides the defaults.
- `policy(index)`: how game `index` picks its moves where uniform random play would not reach
  the game's end in reasonable time (None: uniformly among the legal moves).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic

from .contract import Engine, StateT
from .players import Levels
from .playout import Check, Chooser, HiddenFrom, Playout


@dataclass(frozen=True)
class Budget:
    """`games` per seat count, one number for every seat count or {seats: games}, where a seat
    count not listed takes the games of the nearest one below it. The first `thorough` games
    run the harness's contract checks at every step (state untouched by `apply`, JSON round
    trip, a made-up move refused, the timeout applied) and the first `scanned` also scan every
    view and delivered event."""

    games: int | Mapping[int, int]
    thorough: int = 100
    scanned: int = 10

    def at(self, seats: int) -> int:
        """The games for a table of `seats`."""
        if isinstance(self.games, int):
            return self.games
        return self.games[max(s for s in self.games if s <= seats)]


@dataclass(frozen=True)
class Variant(Generic[StateT]):
    """Host options worth playing: `games` per seat count in `seats` (every allowed count when
    empty), under `label` (part of each game's seed); `policy` picks their moves where it
    differs from the game's. With `every_check` every game runs the contract checks and scans
    every view (a series for the hidden-information scan)."""

    label: str
    options: Mapping[str, Any]
    games: int
    seats: tuple[int, ...] = ()
    policy: Callable[[int], Chooser[StateT]] | None = None
    every_check: bool = False


@dataclass(frozen=True)
class GameDeclaration(Generic[StateT]):
    """Generic over the game's state type, taken from its engine (`BaseEngine[ChessState, ...]`):
    the callbacks take that TypedDict; an engine left untyped gives plain dicts."""

    engine: Engine[StateT, Any]
    budget: Budget
    levels: Levels = field(default_factory=dict)
    hidden_from: HiddenFrom[StateT] | None = None
    check: Check[StateT] | None = None
    finished: Callable[[Playout[StateT]], None] | None = None
    variants: tuple[Variant[StateT], ...] = ()
    policy: Callable[[int], Chooser[StateT]] | None = None

    def __post_init__(self) -> None:
        declared = [level for level in self.engine.meta.cpu_levels if level != "random"]
        if list(self.levels) != declared:
            raise ValueError(f"{self.id}: levels {list(self.levels)} but the metadata lists {declared}")
        for variant in self.variants:
            wrong = set(variant.seats) - set(self.engine.meta.allowed_seat_counts())
            if wrong:
                raise ValueError(f"{self.id}: variant {variant.label} at seat counts {sorted(wrong)}")

    @property
    def id(self) -> str:
        return self.engine.meta.id
