"""What the platform knows of backgammon beyond its rules: CPU levels, test budget, invariants,
and games with the doubling cube as a variant (with a player that doubles and drops now and
then)."""

from __future__ import annotations

import random
from typing import Any

from rulekit import Engine, Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Chooser, Playout, final_result, random_choice

from . import ENGINE
from .cpu import LEVELS
from .rules import CHECKERS, CUBE_LIMIT, KINDS, may_double, pips
from .state import BackgammonState

SCORE_OF = {kind: value for value, kind in KINDS.items()}


def check(before: BackgammonState, after: BackgammonState, seat: int, move: Move, events: list[Event]) -> None:
    """Fifteen checkers a side (board, bar and off), never a point shared by both sides, no
    count negative, borne-off checkers never come back, the mover's pips fall by exactly the
    dice it used (a higher die bearing off counts its point), a hit puts the blot on the bar,
    the turn passes unless the game ended, the dice are two faces or zero once over (or before
    the roll, with the cube)."""
    for s in (0, 1):
        assert sum(after["board"][s]) + after["off"][s] == CHECKERS
        assert min(after["board"][s]) >= 0
        assert after["off"][s] >= before["off"][s]
    for point in range(1, 25):
        assert not (after["board"][0][point - 1] and after["board"][1][24 - point])
    steps = move["steps"]
    assert events[0] == {"code": "moved", "seat": seat, "steps": steps, "hits": events[0]["hits"]}
    assert pips(before["board"][seat]) - pips(after["board"][seat]) == sum(a - b for a, b in steps)
    other = 1 - seat
    assert after["board"][other][24] == before["board"][other][24] + events[0]["hits"]
    dice = before["dice"]
    assert len(steps) <= (4 if dice[0] == dice[1] else 2)
    if after["over"]:
        assert events[-1]["code"] == "game_over"
        assert after["off"][seat] == CHECKERS or after["kind"] == "turn_limit"
    else:
        # With the cube, a turn where the mover may double starts before the roll.
        assert after.get("phase") == "decide" or all(1 <= d <= 6 for d in after["dice"])
        last = after["last"]
        assert last is not None and last["seat"] in (0, 1)


def cube_check(before: BackgammonState, after: BackgammonState, seat: int, move: Move, events: list[Event]) -> None:
    """The cube is a power of two from 1 to CUBE_LIMIT, in the middle only at 1, owned by the
    last seat that took; a decision comes only where the mover may double, with no dice
    rolled; a double hands the answer to the other seat, a take doubles the cube and makes it
    the taker's, a drop ends the game with the doubler scoring the cube; moves as above."""
    cube, owner = after["cube"], after["cube_owner"]
    assert 1 <= cube <= CUBE_LIMIT and cube & (cube - 1) == 0
    assert (owner is None) == (cube == 1)
    kind = move["type"]
    if kind == "move":
        check(before, after, seat, move, events)
    elif kind == "roll":
        assert before["phase"] == "decide" and (cube, owner) == (before["cube"], before["cube_owner"])
        assert events[0] == {"code": "rolled", "seat": seat, "dice": events[0]["dice"]}
    elif kind == "double":
        assert may_double(before, seat) and before["phase"] == "decide"
        assert after["phase"] == "answer" and after["turn"] == 1 - seat and cube == before["cube"]
        assert events == [{"code": "doubled", "seat": seat, "value": 2 * cube}]
    elif kind == "take":
        assert before["phase"] == "answer" and cube == 2 * before["cube"] and owner == seat
        assert events[0]["value"] == cube and events[1]["code"] == "rolled" and events[1]["seat"] == 1 - seat
    else:
        assert kind == "drop" and before["phase"] == "answer"
        assert after["over"] and after["winner"] == 1 - seat and after["scores"][1 - seat] == cube
    if not after["over"] and after["phase"] == "decide":
        assert after["dice"] == [0, 0] and may_double(after, after["turn"])
    elif not after["over"]:
        assert after["phase"] == "answer" or all(1 <= d <= 6 for d in after["dice"])


def scores_are_kind_times_cube(run: Playout[BackgammonState]) -> None:
    final = run.final_state
    result = ENGINE.result(final)
    assert result is not None
    kind = final["kind"]
    assert kind is not None
    per_kind = {"drop": 1, "turn_limit": 1, **SCORE_OF}[kind]
    if final["winner"] is not None:
        assert result["scores"][final["winner"]] == per_kind * final["cube"]
        assert result["scores"][1 - final["winner"]] == 0


def cautious(index: int) -> Chooser[BackgammonState]:
    """Random play that doubles and drops now and then (uniform choices end nearly every game
    with an early drop), so the cube climbs and games reach the end on the board too."""

    def choose(engine: Engine[BackgammonState, Any], state: BackgammonState, seat: int, rnd: random.Random) -> Move:
        phase = state.get("phase")
        if phase == "decide":
            return {"type": "double" if rnd.random() < 0.2 else "roll"}
        if phase == "answer":
            return {"type": "drop" if rnd.random() < 0.1 else "take"}
        return random_choice(engine, state, seat, rnd)

    return choose if index % 2 else random_choice


def either_check(before: BackgammonState, after: BackgammonState, seat: int, move: Move, events: list[Event]) -> None:
    (cube_check if before["options"].get("cube") else check)(before, after, seat, move, events)


def finished(run: Playout[BackgammonState]) -> None:
    if run.final_state["options"].get("cube"):
        scores_are_kind_times_cube(run)
        return
    result = final_result(ENGINE, run.final_state)
    assert sorted(result["placings"]) in ([1, 2], [1, 1])
    assert max(result["scores"]) in (1, 2, 3)


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget(400, thorough=30),
    levels=LEVELS,
    check=either_check,
    finished=finished,
    variants=(Variant("cube", {"cube": True}, 60, policy=cautious),),
)
