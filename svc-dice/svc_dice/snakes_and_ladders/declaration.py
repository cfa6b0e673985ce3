"""What the platform knows of snakes and ladders beyond its rules: CPU levels, test budget,
invariants."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration
from rulekit.playout import Playout

from . import ENGINE
from .cpu import LEVELS
from .rules import GOAL, LADDERS, SNAKES
from .state import SnakesState


def check(before: SnakesState, after: SnakesState, seat: int, move: Move, events: list[Event]) -> None:
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


def finished(run: Playout[SnakesState]) -> None:
    """Practically every game ends by someone reaching 100, never by the round limit."""
    final = run.final_state
    result = ENGINE.result(final)
    assert result is not None and result["scores"] == final["squares"]
    assert GOAL in final["squares"] and result["placings"][final["squares"].index(GOAL)] == 1
    assert run.events[-1]["code"] == "reached_goal"


DECLARATION = GameDeclaration(engine=ENGINE, budget=Budget(200), levels=LEVELS, check=check, finished=finished)
