"""What the platform knows of the game of the goose beyond its rules: CPU levels, test budget,
invariants and the one-die game."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout

from . import ENGINE
from .cpu import LEVELS
from .rules import GOAL, PRISON, WELL
from .state import GooseState

BUDGET = Budget(60)
WAITING = {"well": WELL, "prison": PRISON}


def check(before: GooseState, after: GooseState, seat: int, move: Move, events: list[Event]) -> None:
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


def finished(run: Playout[GooseState]) -> None:
    """Every seat placed; practically every game ends with all but one at home, never by the
    round limit."""
    final, seats = run.final_state, run.seats
    result = ENGINE.result(final)
    assert result is not None and sorted(result["placings"]) == list(range(1, seats + 1))
    assert run.events[-1]["code"] == "game_over"
    last = result["placings"].index(seats)
    assert [field == GOAL for field in final["fields"]] == [seat != last for seat in range(seats)]


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=BUDGET,
    levels=LEVELS,
    check=check,
    finished=finished,
    variants=(Variant("one-die", {"dice": "one"}, BUDGET.at(2)),),
)
