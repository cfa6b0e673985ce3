"""Invariants the card games' declarations check on every move of their test games (the
conformance suite, tests/conformance), and of every finished game where players go out one by
one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulekit import Engine, Event, Move
from rulekit.contract import StateT
from rulekit.playout import Check, Playout

from . import cards_conserved


def card_check(engine: Engine[StateT, Any], extra: Check[StateT] | None = None) -> Check[StateT]:
    """Cards conserved across hands, piles and decks; only a seat that was to move moved;
    every private "drawn" goes to its own seat only and matches the public "drew" count."""

    def check(before: StateT, after: StateT, seat: int, move: Move, events: list[Event]) -> None:
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


def finished_in_order(engine: Engine[StateT, Any]) -> Callable[[Playout[StateT]], None]:
    """For games where players go out one by one: the "finished" events come in place order
    (1, 2, ... for every seat) and the result's placings agree with them."""

    def check(run: Playout[StateT]) -> None:
        result = engine.result(run.final_state)
        assert result is not None, "a finished game without a result"
        places = [e for e in run.events if e["code"] == "finished"]
        in_order = list(range(1, run.seats + 1))
        assert [result["placings"][e["seat"]] for e in places] == in_order
        assert [e.get("place", place) for e, place in zip(places, in_order, strict=True)] == in_order

    return check
