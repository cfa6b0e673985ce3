"""Invariants every shedding game's playouts check on every move, and the playout counts.

Every game plays PLAYOUTS seeded random games per seat count (2,000, the issue's count;
CARD_PLAYOUTS=<n> runs another). Every move of every game checks the invariants below and
the harness's per-step checks; the first THOROUGH games per seat count also prove at every
step that `apply` leaves its input alone, that the state round-trips through JSON and that a
made-up move is refused (serialising a 16-seat state each step is most of a playout's cost),
and the first SCANNED encode every seat's view at every step (no generator in it, its legal
moves those of `legal_moves`). The hidden-information scans run in their own tests.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from svc_cards.core import cards_conserved

from rulekit import Engine, Event, Move, State
from rulekit.playout import Playout, run_playouts

Check = Callable[[State, State, int, Move, list[Event]], None]

PLAYOUTS = int(os.environ.get("CARD_PLAYOUTS", "2000"))
THOROUGH = 100
SCANNED = 10
# Each seat count's games run in BLOCKS test items, so the test workers share the long ones.
BLOCKS = 4


@dataclass
class Tally:
    games: int = 0
    longest: int = 0


def card_playouts(
    engine: Engine,
    seats: int,
    check: Check,
    *,
    block: int = 0,
    after_game: Callable[[Playout], None] | None = None,
    games: int = PLAYOUTS // BLOCKS,
    options: dict[str, Any] | None = None,
    label: str = "playout",
) -> Tally:
    """Block `block` of a seat count's random games: `games` of them (the first THOROUGH of
    the series with the full contract checks); `after_game` checks each finished game. Games
    are not kept: 500 long ones would fill memory."""
    tally = Tally()

    def seen(run: Playout) -> None:
        tally.games += 1
        tally.longest = max(tally.longest, run.steps)
        if after_game is not None:
            after_game(run)

    run_playouts(
        engine,
        games,
        seat_counts=[seats],
        options=options,
        label=label,
        check=check,
        thorough=THOROUGH,
        scanned=SCANNED,
        after_game=seen,
        keep=False,
        first=block * games,
    )
    return tally


def card_check(engine: Engine, extra: Check | None = None) -> Check:
    """Cards conserved across hands, piles and decks; only a seat that was to move moved;
    every private "drawn" goes to its own seat only and matches the public "drew" count."""

    def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
        assert seat in engine.to_move(before), f"seat {seat} moved out of turn"
        assert cards_conserved(after), "cards not conserved"
        drawn = [e for e in events if e["code"] == "drawn"]
        drew = [e for e in events if e["code"] == "drew"]
        assert [(e["seat"], len(e["cards"])) for e in drawn] == [(e["seat"], e["count"]) for e in drew]
        assert all(e["visible_to"] == [e["seat"]] for e in drawn)
        assert all("visible_to" not in e for e in events if e["code"] not in ("drawn", "dealt"))
        for e in drawn:
            assert set(e["cards"]) <= set(after["hands"][e["seat"]])
        if extra is not None:
            extra(before, after, seat, move, events)

    return check


def finished_in_order(engine: Engine) -> Callable[[Playout], None]:
    """For games where players go out one by one: the "finished" events come in place order
    (1, 2, ... for every seat) and the result's placings agree with them."""

    def check(run: Playout) -> None:
        result = engine.result(run.final_state)
        places = [e for e in run.events if e["code"] == "finished"]
        in_order = list(range(1, run.seats + 1))
        assert [result["placings"][e["seat"]] for e in places] == in_order
        assert [e.get("place", place) for e, place in zip(places, in_order, strict=True)] == in_order

    return check
