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

A new game adds one line to GAMES.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rulekit import Engine
from rulekit.playout import Check, Chooser, HiddenFrom, Playout, PlayoutFailure, random_choice, run_playouts

SOAK = os.environ.get("GAMEROOM_SOAK", "") not in ("", "0")
SCALE = float(os.environ.get("GAMEROOM_PLAYOUT_SCALE", "1"))
SOAK_GAMES = 2000
SOAK_EXTRA = 4


@dataclass(frozen=True)
class Series:
    """A title's `make test` series: `games` per seat count, one number for every seat count or
    {seats: games}, where a seat count not listed takes the games of the nearest one below it.
    The first `thorough` games of a series run the harness's contract checks at every step
    (state untouched by `apply`, JSON round trip, a made-up move refused) and the first
    `scanned` also scan every view and delivered event."""

    games: int | Mapping[int, int]
    thorough: int = 100
    scanned: int = 10


# Sized by each title's measured cost (bench/playout_budget.py; docs/benchmarks.md) so that none costs
# much more than half a minute of one core in `make test`.
GAMES: dict[str, Series] = {
    "chess": Series(500),
    "four-in-a-row": Series(1000),
    "draughts": Series(1000),
    "morris": Series(800),
    "reversi": Series(800),
    "kalaha": Series(1000),
    "dots-and-boxes": Series({2: 200, 3: 150, 4: 150}),
    "sea-battle": Series(80, thorough=10, scanned=20),
    "dominoes": Series({2: 3000, 3: 2000, 4: 2000}, scanned=30),
    "chinese-checkers": Series({2: 90, 3: 60, 4: 45, 6: 30}, thorough=5, scanned=2),
    "dice-poker": Series({2: 400, 3: 100, 5: 40}, thorough=40),
    "last-card": Series({2: 300, 5: 100, 9: 40, 13: 30}, thorough=20, scanned=3),
    "mau-mau": Series({2: 400, 5: 150}, thorough=50),
    "hau-hau": Series({2: 100, 4: 60}, thorough=15, scanned=3),
    "crazy-eights": Series({2: 500, 4: 300}),
    "number-rows": Series({2: 300, 5: 150}, thorough=50),
    "thirty-one": Series({2: 400, 5: 120, 8: 60}, thorough=30, scanned=5),
    "poker": Series({3: 2000, 5: 1000}, thorough=60, scanned=10),
    "blackjack-duel": Series({3: 500, 5: 300}, thorough=30, scanned=5),
    "oh-hell": Series({3: 400}, thorough=20, scanned=5),
    "penalty-tricks": Series(500, thorough=50, scanned=10),
    "rummy": Series({2: 25, 4: 12}, thorough=6, scanned=2),
    # Fifteen rounds of leaning play (the playout test's chooser): 2,000-7,000 moves, 1-5 CPU s
    # a game with the contract checks. One game per seat count with them is some 22 CPU s;
    # scanning its views too would be 35, so views are scanned in the soak.
    "contract-rummy": Series(1, thorough=1, scanned=0),
    "snakes-and-ladders": Series(200),
    "goose": Series(60),
    "hangman": Series({2: 100, 5: 60}, thorough=30),
    "categories": Series({2: 30, 5: 10}, thorough=10, scanned=5),
    "ludo": Series({2: 60, 3: 30, 4: 16, 5: 8, 7: 5}, thorough=2, scanned=1),
    "mensch": Series({2: 150, 4: 120}, thorough=3, scanned=1),
    "parchis": Series({2: 280, 3: 160, 4: 110}, thorough=10, scanned=4),
    "backgammon": Series(400, thorough=30),
    "liars-dice": Series(400, thorough=40),
    "bingo": Series({2: 40, 5: 10, 9: 4}, thorough=5, scanned=2),
    "village-night": Series({5: 600, 9: 300, 13: 150}, thorough=20, scanned=5),
    "stock-pile": Series({2: 200, 4: 100, 6: 60}, thorough=20, scanned=5),
    "word-agents": Series(400, thorough=40, scanned=8),
    "blackjack": Series(350, thorough=30, scanned=10),
}

# A seat count's series runs in BLOCKS test items, so two workers share the long soak series.
BLOCKS = 4 if SOAK else 1


def games(game_id: str, seats: int) -> int:
    """Games per seat count for this run."""
    if SOAK:
        return SOAK_GAMES
    sized = GAMES[game_id].games
    if not isinstance(sized, int):
        sized = sized[max(s for s in sized if s <= seats)]
    return max(1, round(sized * SCALE))


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
