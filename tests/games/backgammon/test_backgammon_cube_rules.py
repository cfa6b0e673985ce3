"""Backgammon's doubling cube (the host option `cube`), one test per sentence of the rules page's
"The doubling cube" list. Points are in the mover's own numbering, as in test_backgammon_rules."""

from __future__ import annotations

import pytest
from svc_boards.backgammon import ENGINE
from svc_boards.backgammon.rules import CUBE_LIMIT

from rulekit import Event, IllegalMove, State
from tests.games.backgammon.support import position

ROLL = {"type": "roll"}
DOUBLE = {"type": "double"}
TAKE = {"type": "take"}
DROP = {"type": "drop"}


def with_cube(state: State, value: int = 1, owner: int | None = None, phase: str = "decide") -> State:
    """The position with the cube on: `value`, `owner`, and the seat to move in `phase`."""
    state["options"] = {**state["options"], "cube": True}
    state.update(cube=value, cube_owner=owner, phase=phase)
    if phase == "decide":
        state["dice"] = [0, 0]
    return state


def codes(events: list[Event]) -> list[str]:
    return [e["code"] for e in events]


def first_move(state: State) -> State:
    """The state after the seat to move plays its first listed turn."""
    (seat,) = ENGINE.to_move(state)
    return ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0], 0)[0]


def test_the_option_is_off_by_default_and_then_nothing_changes() -> None:
    """Rules page: “The doubling cube is a host option, off by default (then it stays at 1).”"""
    state = ENGINE.setup(2, {}, b"off")
    assert "cube" not in state and state["options"]["cube"] is False
    for _ in range(20):
        (seat,) = ENGINE.to_move(state)
        assert all(move["type"] == "move" for move in ENGINE.legal_moves(state, seat))
        state = first_move(state)
    # The same seed plays the same game with the option given as off.
    assert ENGINE.setup(2, {"cube": False}, b"off")["dice"] == ENGINE.setup(2, {}, b"off")["dice"]


def test_the_cube_starts_in_the_middle_at_1() -> None:
    """“The cube starts in the middle at 1.”"""
    state = ENGINE.setup(2, {"cube": True}, b"start")
    assert state["cube"] == 1 and state["cube_owner"] is None
    assert ENGINE.view(state, None)["public"]["cube"] == 1
    assert ENGINE.view(state, 0)["public"]["cube_owner"] is None


def test_the_opening_roll_is_played_at_once() -> None:
    """“The opening roll is played at once: the first chance to double is on the second turn.”"""
    for number in range(10):
        state = ENGINE.setup(2, {"cube": True}, f"open{number}".encode())
        seat = state["turn"]
        assert state["phase"] == "move" and sorted(state["dice"]) == sorted(state["opening"])
        assert all(move["type"] == "move" for move in ENGINE.legal_moves(state, seat))
        after = first_move(state)
        assert ENGINE.to_move(after) == {1 - seat}
        assert ENGINE.legal_moves(after, 1 - seat) == [ROLL, DOUBLE] and after["dice"] == [0, 0]


def test_before_rolling_you_may_double_if_the_cube_is_in_the_middle_or_yours() -> None:
    """“Before rolling, you may double if the cube is in the middle or yours.”"""
    for owner in (None, 0):
        state = with_cube(position({6: 2}, {19: 2}, (0, 0)), 2, owner)
        assert ENGINE.legal_moves(state, 0) == [ROLL, DOUBLE]
        rolled, events = ENGINE.apply(state, 0, ROLL, 0)
        assert codes(events)[0] == "rolled" and all(1 <= d <= 6 for d in rolled["dice"])
        assert rolled["phase"] == "move" and ENGINE.to_move(rolled) == {0}
    # Not when the other seat owns it: the dice are rolled at once, no decision.
    state = with_cube(position({13: 2, 6: 2}, {13: 2, 6: 2}, (3, 1)), 2, 0, phase="move")
    after = first_move(state)
    assert after["phase"] == "move" and all(1 <= d <= 6 for d in after["dice"])
    assert all(move["type"] == "move" for move in ENGINE.legal_moves(after, 1))
    # A double offered once the dice are rolled is refused.
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(after, 1, DOUBLE, 0)
    assert refused.value.code == "illegal_move"


def test_your_opponent_then_takes_or_drops() -> None:
    """“Your opponent then takes (the cube doubles and is theirs, and you roll) or drops (you win
    the cube's value before the double at once, never a gammon).”"""
    # Seat 1 has borne off nothing: a win now would be a gammon, a drop is not.
    state = with_cube(position({6: 2}, {19: 15}, (0, 0)), 2, None)
    doubled, events = ENGINE.apply(state, 0, DOUBLE, 0)
    assert events == [{"code": "doubled", "seat": 0, "value": 4}]
    assert ENGINE.to_move(doubled) == {1} and ENGINE.legal_moves(doubled, 1) == [TAKE, DROP]
    assert doubled["cube"] == 2  # not doubled before the answer
    taken, events = ENGINE.apply(doubled, 1, TAKE, 0)
    assert codes(events)[:2] == ["taken", "rolled"] and events[0]["value"] == 4
    assert taken["cube"] == 4 and taken["cube_owner"] == 1
    assert ENGINE.to_move(taken) == {0} and events[1]["seat"] == 0
    assert all(1 <= d <= 6 for d in taken["dice"]) and taken["phase"] == "move"
    dropped, events = ENGINE.apply(doubled, 1, DROP, 0)
    assert codes(events) == ["dropped", "game_over"]
    assert events[-1]["kind"] == "drop" and events[-1]["seat"] == 0
    assert ENGINE.result(dropped) == {"placings": [1, 2], "scores": [2, 0]}
    assert ENGINE.to_move(dropped) == frozenset()


def test_only_the_cubes_owner_may_double() -> None:
    """“Only the cube's owner may double, so after a take the next double is your opponent's.”"""
    state = with_cube(position({13: 2, 6: 2}, {13: 2, 6: 2}, (0, 0)))
    taken = ENGINE.apply(ENGINE.apply(state, 0, DOUBLE, 0)[0], 1, TAKE, 0)[0]
    # Seat 0 plays its roll; seat 1 owns the cube and may redouble.
    after = first_move(taken)
    assert ENGINE.legal_moves(after, 1) == [ROLL, DOUBLE]
    redoubled, events = ENGINE.apply(after, 1, DOUBLE, 0)
    assert events[0]["value"] == 4
    retaken = ENGINE.apply(redoubled, 0, TAKE, 0)[0]
    assert retaken["cube"] == 4 and retaken["cube_owner"] == 0
    # Seat 1 rolls and plays; seat 0 owns the cube now and may double, seat 1 never meanwhile.
    assert retaken["phase"] == "move" and ENGINE.to_move(retaken) == {1}
    assert ENGINE.legal_moves(first_move(retaken), 0) == [ROLL, DOUBLE]


def test_the_winner_scores_1_2_or_3_times_the_cubes_value() -> None:
    """“The winner scores 1, 2 or 3 times the cube's value.”"""
    for theirs, value in (({1: 14}, 1), ({12: 15}, 2), ({20: 15}, 3)):
        state = with_cube(position({1: 1}, theirs, (2, 1)), 8, 1, phase="move")
        state["off"] = [14, 15 - sum(theirs.values())]
        after, events = ENGINE.apply(state, 0, ENGINE.legal_moves(state, 0)[0], 0)
        assert ENGINE.result(after)["scores"] == [8 * value, 0], theirs
        assert events[-1]["scores"] == [8 * value, 0]


def test_there_is_no_jacoby_rule() -> None:
    """“There is no Jacoby rule: a gammon counts with the cube in the middle too.”"""
    state = with_cube(position({1: 1}, {12: 15}, (2, 1)), 1, None, phase="move")
    state["off"] = [14, 0]
    after, _ = ENGINE.apply(state, 0, ENGINE.legal_moves(state, 0)[0], 0)
    assert after["kind"] == "gammon" and ENGINE.result(after)["scores"] == [2, 0]


def test_the_cube_stops_at_64() -> None:
    """“The cube stops at 64.”"""
    assert CUBE_LIMIT == 64
    state = with_cube(position({13: 2, 6: 2}, {13: 2, 6: 2}, (0, 0)), 32, 0)
    taken = ENGINE.apply(ENGINE.apply(state, 0, DOUBLE, 0)[0], 1, TAKE, 0)[0]
    assert taken["cube"] == 64
    # Seat 1 owns the cube at 64: its turns start with the roll, no decision.
    after = first_move(taken)
    assert after["phase"] == "move" and all(move["type"] == "move" for move in ENGINE.legal_moves(after, 1))


def test_out_of_time_the_clock_rolls_and_takes() -> None:
    """“Out of time before rolling, the clock rolls for you; facing a double, it takes.”"""
    state = with_cube(position({13: 2, 6: 2}, {13: 2, 6: 2}, (0, 0)))
    assert ENGINE.timeout_move(state, 0) == ROLL
    doubled = ENGINE.apply(state, 0, DOUBLE, 0)[0]
    assert ENGINE.timeout_move(doubled, 1) == TAKE
    after, events = ENGINE.play_timeout(doubled, 1, 0)
    assert "taken" in codes(events) and ENGINE.result(after) is None and after["cube"] == 2
