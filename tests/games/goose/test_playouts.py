"""Seeded random Games of the Goose through rulekit's playout harness, with one die and two,
and the game's invariants: tokens stay on the board, every roll's dice match its setting, the
well and the prison hold at most one player each, finishers sit on 63 with places in arrival
order, and the game ends exactly when one player is left on the way."""

from __future__ import annotations

import pytest
from svc_dice.goose import ENGINE
from svc_dice.goose.rules import GOAL, PRISON, WELL

from rulekit import Event, Move, State
from tests import budget

SEAT_COUNTS = list(range(2, 9))
WAITING = {"well": WELL, "prison": PRISON}


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    count = 2 if after["options"]["dice"] == "two" else 1
    rolled = events[0]
    assert rolled["code"] == "rolled" and rolled["seat"] == seat and len(rolled["dice"]) == count
    assert all(1 <= die <= 6 for die in rolled["dice"]) and rolled["pips"] == sum(rolled["dice"])
    assert rolled["start"] == before["fields"][seat] and rolled["field"] == after["fields"][seat]
    assert all(0 <= field <= GOAL for field in after["fields"])
    # Only the mover's token moves.
    assert [f for i, f in enumerate(after["fields"]) if i != seat] == [
        f for i, f in enumerate(before["fields"]) if i != seat
    ]
    for name, field in WAITING.items():
        held = [s for s in range(after["seats"]) if after["held"][s] == name]
        assert len(held) <= 1 and all(after["fields"][s] == field for s in held)
    finished = [p for p in after["places"] if p is not None]
    assert sorted(finished) == list(range(1, len(finished) + 1))
    racing = [s for s in range(after["seats"]) if after["places"][s] is None]
    at_goal = {s for s in range(after["seats"]) if after["fields"][s] == GOAL}
    placed = {s for s in range(after["seats"]) if after["places"][s] is not None}
    # Home means placed; once over, the one left on the way is placed too.
    assert at_goal == placed if not after["over"] else at_goal <= placed == set(range(after["seats"]))
    if not after["over"]:
        assert len(racing) >= 2 and after["turn"] in racing
        assert after["held"][after["turn"]] is None and after["inn_turns"][after["turn"]] == 0


def test_budget_covers_every_seat_count() -> None:
    assert list(ENGINE.meta.allowed_seat_counts()) == SEAT_COUNTS


@pytest.mark.parametrize("dice", ["two", "one"])
@pytest.mark.parametrize("block", range(budget.BLOCKS))
@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_random_playouts(seats: int, block: int, dice: str) -> None:
    played = budget.playouts(
        ENGINE, seats=seats, block=block, blocks=budget.BLOCKS, check=check, keep=True, options={"dice": dice}
    )
    assert played.runs is not None and len(played.runs) == played.planned > 0
    for run in played.runs:
        final = run.final_state
        result = ENGINE.result(final)
        assert result is not None and sorted(result["placings"]) == list(range(1, seats + 1))
        # Practically every game ends with all but one at home, never by the round limit.
        assert run.events[-1]["code"] == "game_over"
        last = result["placings"].index(seats)
        assert [field == GOAL for field in final["fields"]] == [seat != last for seat in range(seats)]
