"""How many seeded random games each title's playout tests play: the one place to size them.

`make test` plays each title's `Series` from GAMES: games per seat count sized by the title's
measured cost, so that every title fits in the suite's time, the first of them with the
harness's contract checks and the first few with every view and delivered event scanned for
the generator and for hidden cards. `make soak` (GAMEROOM_SOAK=1) plays SOAK_GAMES
per title and seat count with everything checked and every view scanned.

Game `i` of a series has the seed `label:game id:seats:i` in both modes, so the soak's games
are the test run's plus the ones after them: a failure in either names a seed that replays
(`random_playout(engine, seats, options, seed)`). GAMEROOM_PLAYOUT_SCALE=<factor> scales every
test-mode count at once (0.1 for a quick look, 4 before a release).

A new game's budget is a line of its declaration (`rulekit.declaration.Budget`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from svc_boards.registry import REGISTRY as BOARDS
from svc_cards.registry import REGISTRY as CARDS
from svc_dice.registry import REGISTRY as DICE
from svc_words.registry import REGISTRY as WORDS

from rulekit import Engine
from rulekit.declaration import Budget, GameDeclaration
from rulekit.playout import Check, Chooser, HiddenFrom, Playout, PlayoutFailure, random_choice, run_playouts

SOAK = os.environ.get("GAMEROOM_SOAK", "") not in ("", "0")
SCALE = float(os.environ.get("GAMEROOM_PLAYOUT_SCALE", "1"))
SOAK_GAMES = 2000
SOAK_EXTRA = 4


# A title's `make test` series is its declaration's budget (rulekit.declaration.Budget), sized
# by its measured cost (bench/playout_budget.py; docs/benchmarks.md) so that none costs much more
# than half a minute of one core in `make test`.
DECLARATIONS: dict[str, GameDeclaration] = {
    declaration.id: declaration for registry in (BOARDS, CARDS, DICE, WORDS) for declaration in registry.declarations()
}
GAMES: dict[str, Budget] = {game: declaration.budget for game, declaration in DECLARATIONS.items()}

# A seat count's series runs in BLOCKS test items, so two workers share the long soak series.
BLOCKS = 4 if SOAK else 1


def games(game_id: str, seats: int) -> int:
    """Games per seat count for this run."""
    if SOAK:
        return SOAK_GAMES
    return max(1, round(GAMES[game_id].at(seats) * SCALE))


def checked(game_id: str) -> tuple[int | None, int | None]:
    """How many games of a series open with the contract checks and with the view scans (None:
    every game)."""
    if SOAK:
        return None, None
    series = GAMES[game_id]
    return series.thorough, series.scanned


def extra(count: int) -> int:
    """A test's own count (a variant's games, a hidden-card scan), scaled with the rest in
    `make test`; the soak plays SOAK_EXTRA times as many, the test run's and new ones after
    them, with everything checked."""
    return count * SOAK_EXTRA if SOAK else max(1, round(count * SCALE))


@dataclass
class Tally:
    planned: int = 0  # the games the budget asked for
    games: int = 0  # the games the harness finished and handed to `after_game`
    longest: int = 0
    runs: list[Playout] | None = None


def playouts(
    engine: Engine,
    *,
    seats: int | None = None,
    count: int | None = None,
    block: int = 0,
    blocks: int = 1,
    check: Check | None = None,
    hidden_from: HiddenFrom | None = None,
    options: Mapping[str, Any] | None = None,
    label: str = "playout",
    after_game: Callable[[Playout], None] | None = None,
    keep: bool = False,
    policy: Callable[[int], Chooser] | None = None,
) -> Tally:
    """Block `block` of `blocks` of one seat count's series (every seat count when `seats` is
    None): `count` games, or the budget's. The series opens with the title's thorough and
    scanned games (every view scanned for hidden cards too when `hidden_from` is given). A failed check or `after_game` names the game's seed. With `keep` the games are
    returned in `Tally.runs` (a long series of long games is better checked in `after_game`).
    `policy(i)` picks the moves of game `i` (uniformly random when None)."""
    tally = Tally(runs=[] if keep else None)

    def seen(run: Playout) -> None:
        tally.games += 1
        tally.longest = max(tally.longest, run.steps)
        if after_game is not None:
            after_game(run)
        if tally.runs is not None:
            tally.runs.append(run)

    counts: Iterable[int] = [seats] if seats is not None else engine.meta.allowed_seat_counts()
    for table in counts:
        total = count if count is not None else games(engine.meta.id, table)
        share, rest = divmod(total, blocks)
        first = block * share + min(block, rest)
        mine = share + (block < rest)
        tally.planned += mine

        for index in range(first, first + mine):
            choose = policy(index) if policy is not None else random_choice
            _one_game(engine, table, index, check, hidden_from, options, label, seen, choose)
    return tally


def _one_game(
    engine: Engine,
    seats: int,
    index: int,
    check: Check | None,
    hidden_from: HiddenFrom | None,
    options: Mapping[str, Any] | None,
    label: str,
    after_game: Callable[[Playout], None],
    choose: Chooser = random_choice,
) -> None:
    thorough, scanned = checked(engine.meta.id)
    try:
        run_playouts(
            engine,
            1,
            seat_counts=[seats],
            options=options,
            label=label,
            hidden_from=hidden_from,
            check=check,
            thorough=thorough,
            scanned=scanned,
            after_game=after_game,
            keep=False,
            first=index,
            choose=choose,
        )
    except PlayoutFailure:
        raise  # its message names the seed already
    except AssertionError as failure:
        seed = f"{label}:{engine.meta.id}:{seats}:{index}"
        raise PlayoutFailure(
            f"seed={seed.encode().hex()} ({seed}) seats={seats} options={options}: {failure}"
        ) from failure
