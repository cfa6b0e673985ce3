"""Seeded random Snakes and Ladders games through rulekit's playout harness, with the game's
invariants: tokens stay on the board, a move goes where the die, ladders and snakes say, a
turn has at most three rolls, and the game ends exactly when someone reaches 100."""

from __future__ import annotations

import pytest
from svc_dice.snakes_and_ladders import ENGINE
from svc_dice.snakes_and_ladders.rules import GOAL, LADDERS, SNAKES

from rulekit import Event, Move, State
from tests import budget

SEAT_COUNTS = list(range(2, 7))


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    assert all(0 <= square <= GOAL for square in after["squares"])
    rolled = events[0]
    assert rolled["code"] == "rolled" and rolled["seat"] == seat and 1 <= rolled["pips"] <= 6
    start = before["squares"][seat]
    assert rolled["start"] == start and rolled["square"] == min(start + rolled["pips"], GOAL)
    square = LADDERS.get(rolled["square"], SNAKES.get(rolled["square"], rolled["square"]))
    assert after["squares"][seat] == square
    others = [s for i, s in enumerate(after["squares"]) if i != seat]
    assert others == [s for i, s in enumerate(before["squares"]) if i != seat]
    assert after["over"] == (square == GOAL or events[-1]["code"] == "round_limit")
    again = rolled["pips"] == 6 and before["rolls"] < 2 and not after["over"]
    if again:
        assert after["turn"] == seat and after["rolls"] == before["rolls"] + 1
    elif not after["over"]:
        assert after["turn"] == (seat + 1) % after["seats"] and after["rolls"] == 0
    assert ("roll_again" in [e["code"] for e in events]) == again


def test_budget_covers_every_seat_count() -> None:
    assert list(ENGINE.meta.allowed_seat_counts()) == SEAT_COUNTS


@pytest.mark.parametrize("block", range(budget.BLOCKS))
@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_random_playouts(seats: int, block: int) -> None:
    played = budget.playouts(ENGINE, seats=seats, block=block, blocks=budget.BLOCKS, check=check, keep=True)
    assert played.runs is not None and len(played.runs) == played.planned > 0
    for run in played.runs:
        final = run.final_state
        result = ENGINE.result(final)
        assert result is not None and result["scores"] == final["squares"]
        # Practically every game ends by someone reaching 100, never by the round limit.
        assert GOAL in final["squares"] and result["placings"][final["squares"].index(GOAL)] == 1
        assert run.events[-1]["code"] == "reached_goal"
