"""Invariants every shedding game's playouts check on every move, and the playout counts.

The harness (rulekit.playout) encodes every seat's view on every move, so a move costs more
the more seats there are; the counts below are what fits the test-time budget. Set
CARD_PLAYOUTS=2000 to run the issue's full count for every seat count (it takes minutes).
"""

from __future__ import annotations

import os
from collections.abc import Callable

from svc_cards.core import cards_conserved

from rulekit import Engine, Event, Move, State

Check = Callable[[State, State, int, Move, list[Event]], None]


def games(budget: dict[int, int], seats: int) -> int:
    """Games for `seats`: the budgeted count, or CARD_PLAYOUTS when set."""
    override = os.environ.get("CARD_PLAYOUTS")
    return int(override) if override else budget[seats]


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
