"""Backgammon rules, one test per sentence of house-rules-de-en-es.txt ("Backgammon", its
English part), plus the choices the rules page adds where the text is silent. Points are in
the mover's own numbering: 24..1 towards its home board 6..1, 25 the bar, 0 borne off."""

from __future__ import annotations

import pytest
from svc_boards.backgammon import ENGINE
from svc_boards.backgammon.rules import TURN_LIMIT, start_board

from rulekit import Event, IllegalMove, State
from tests.games.backgammon.support import dice_used, finals, position, reach


def play(state: State, *steps: tuple[int, int]) -> tuple[State, list[Event]]:
    """Play the listed turn that reaches the same position as `steps`; refused like any other
    move when none does."""
    seat = state["turn"]
    target = reach(state, *steps)
    for move in ENGINE.legal_moves(state, seat):
        if reach(state, *move["steps"]) == target:
            return ENGINE.apply(state, seat, move, 0)
    return ENGINE.apply(state, seat, {"type": "move", "steps": [list(s) for s in steps]}, 0)


def test_move_your_checkers_towards_your_home_board_and_bear_them_off() -> None:
    """“Move your checkers towards your home board and bear them off.”"""
    state = ENGINE.setup(2, {}, b"start")
    assert state["board"] == [start_board(), start_board()]
    for seat in (0, 1):
        state.update(turn=seat, dice=[6, 5])
        for move in ENGINE.legal_moves(state, seat):
            assert all(to < start for start, to in move["steps"])
    # Seat 1's point p is seat 0's point 25 - p: it moves the other way round the board.
    state = position({19: 1}, {5: 1}, (6, 1), seat=1)
    after, _ = play(state, (19, 13), (13, 12))
    assert after["board"][1][11] == 1 and after["board"][0][4] == 1
    # Bearing off takes a checker from the board for good.
    state = position({6: 2, 1: 1}, {1: 2}, (6, 1))
    after, _ = play(state, (6, 0), (1, 0))
    assert after["off"][0] == 14 and after["board"][0][5] == 1


def test_first_to_bear_off_all_fifteen_wins() -> None:
    """“First to bear off all fifteen wins.”"""
    state = position({2: 1, 1: 1}, {1: 15}, (2, 1))
    state["off"] = [13, 0]
    after, events = play(state, (2, 0), (1, 0))
    assert after["off"][0] == 15 and ENGINE.to_move(after) == frozenset()
    result = ENGINE.result(after)
    assert result["placings"] == [1, 2]
    assert events[-1]["code"] == "game_over" and events[-1]["seat"] == 0
    # Before that the game runs on.
    state = position({3: 1, 1: 1}, {1: 2}, (2, 1))
    after, _ = play(state, (3, 1), (1, 0))
    assert ENGINE.result(after) is None and ENGINE.to_move(after) == {1}


def test_the_two_dice_are_separate_moves() -> None:
    """“The two dice are separate moves.”"""
    # 6-5 from the start: one checker may run 24/18/13 (two steps) or two checkers move.
    state = position({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, (6, 5))
    reached = finals(state)
    assert reach(state, (24, 18), (18, 13)) in reached
    assert reach(state, (24, 18), (13, 8)) in reached
    # Every legal turn is two steps of one die each, never one step of eleven.
    for move in ENGINE.legal_moves(state, 0):
        assert sorted(start - to for start, to in move["steps"]) == [5, 6]
    # With both in-between points blocked, the 11 cannot be run at all.
    state = position({24: 1, 1: 14}, {7: 2, 6: 2}, (6, 5))  # their 7 and 6 are our 18 and 19
    assert all(tuple(step) != (24, 13) for m in ENGINE.legal_moves(state, 0) for step in m["steps"])
    assert reach(state, (24, 18), (18, 13)) not in finals(state)


def test_doubles_give_four_moves() -> None:
    """“Doubles give four moves.”"""
    state = position({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, (3, 3))
    assert dice_used(state) == {4}
    for move in ENGINE.legal_moves(state, 0):
        assert [start - to for start, to in move["steps"]] == [3, 3, 3, 3]
    assert reach(state, (24, 21), (21, 18), (18, 15), (13, 10)) in finals(state)
    assert reach(state, (24, 21), (21, 18), (18, 15), (15, 12)) not in finals(state)  # their 13-point
    after, events = play(state, (13, 10), (13, 10), (6, 3), (6, 3))
    assert events[0]["code"] == "moved" and len(events[0]["steps"]) == 4


def test_you_must_use_as_many_dice_as_possible() -> None:
    """“You must use as many dice as possible – the server only offers moves that obey this.”"""
    # One checker on 10, the rest on 1 (so nothing bears off before it is home): a 6-3 can
    # be played 10/4/1 or 10/7/1, so a turn of one step is never offered.
    state = position({10: 1, 1: 14}, {19: 2}, (6, 3))  # their 19 is our 6
    assert dice_used(state) == {2}
    assert finals(state) == {reach(state, (10, 7), (7, 1))}
    with pytest.raises(IllegalMove) as refused:
        play(state, (10, 7))
    assert refused.value.code == "illegal_move"


def test_a_point_with_a_single_opposing_checker_may_be_entered() -> None:
    """“A point with a single opposing checker may be entered – that checker goes to the bar.”"""
    state = position({13: 1, 1: 14}, {15: 1, 16: 2}, (3, 4))  # their 15 is our 10, 16 our 9
    reached = finals(state)
    hit = reach(state, (13, 10), (10, 6))
    assert hit in reached and hit[1][24] == 1  # the blot is on their bar
    after, events = play(state, (13, 10), (10, 6))
    assert after["board"][1][24] == 1 and after["board"][1][14] == 0
    assert events[0]["hits"] == 1
    # A point with two opposing checkers may not.
    assert all(to != 9 for m in ENGINE.legal_moves(state, 0) for _, to in m["steps"])


def test_checkers_on_the_bar_must_come_back_into_play_before_anything_else() -> None:
    """“Checkers on the bar must come back into play before anything else.”"""
    state = position({13: 5, 1: 9}, {1: 15}, (6, 2), bar=1)
    for move in ENGINE.legal_moves(state, 0):
        assert move["steps"][0][0] == 25
    # Two on the bar: both dice enter, nothing else moves.
    state = position({13: 5, 1: 8}, {1: 15}, (6, 2), bar=2)
    assert finals(state) == {reach(state, (25, 19), (25, 23))}


def test_you_may_only_bear_off_once_all_your_checkers_are_in_your_home_board() -> None:
    """“You may only bear off once all your checkers are in your home board.”"""
    # Their two checkers on our 1-point block 7/1: the 6 can only bear off, and only once
    # the 1 has brought the checker on 7 home.
    state = position({7: 1, 6: 14}, {24: 2}, (6, 1))
    assert finals(state) == {reach(state, (7, 6), (6, 0))}
    (move,) = ENGINE.legal_moves(state, 0)
    assert move["steps"] == [[7, 6], [6, 0]]
    # A checker on the bar is not home either.
    state = position({6: 14}, {24: 2}, (6, 6), bar=1)
    assert all(to != 0 for m in ENGINE.legal_moves(state, 0) for _, to in m["steps"])


def test_the_opening_roll_decides_who_starts_with_those_dice() -> None:
    """Rules page: each seat rolls one die, equal dice again; the higher starts with both."""
    for number in range(30):
        state = ENGINE.setup(2, {}, f"open{number}".encode())
        first, second = state["opening"]
        assert first != second
        assert state["turn"] == (0 if first > second else 1)
        assert sorted(state["dice"]) == sorted([first, second])


def test_a_roll_that_cannot_be_played_passes_the_turn() -> None:
    """Rules page: a roll that allows no step passes the turn by itself (event no_move)."""
    # Seat 1 on the bar against seat 0's closed home board; seat 0 plays its last step.
    state = position({24: 1, 6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2}, {12: 13}, (1, 2), their_bar=1)
    after, events = play(state, (24, 22), (22, 21))
    codes = [e["code"] for e in events]
    assert codes[:3] == ["moved", "rolled", "no_move"]
    assert events[1]["seat"] == 1 and events[2]["seat"] == 1
    assert events[3] == {"code": "rolled", "seat": 0, "dice": after["dice"]}
    assert ENGINE.to_move(after) == {0}


def test_gammon_and_backgammon_score_two_and_three() -> None:
    """Rules page: 1 for a win, 2 for a gammon (nothing borne off), 3 for a backgammon (a
    checker still on the bar or in the winner's home board)."""
    for theirs, their_bar, value in (({1: 14}, 0, 1), ({12: 15}, 0, 2), ({20: 15}, 0, 3), ({12: 14}, 1, 3)):
        state = position({1: 1}, theirs, (2, 1), their_bar=their_bar)
        state["off"] = [14, 15 - sum(theirs.values()) - their_bar]
        after, _ = play(state, (1, 0))
        assert ENGINE.result(after)["scores"] == [value, 0], theirs


def test_the_turn_limit_ends_the_game_on_the_pip_count() -> None:
    """Rules page: after TURN_LIMIT turns the lower pip count wins."""
    state = position({13: 2, 1: 13}, {11: 2, 19: 13}, (1, 2))
    state["turns"] = TURN_LIMIT - 1
    after, events = play(state, (13, 11), (13, 12))
    assert ENGINE.result(after)["placings"] == [1, 2] and events[-1]["kind"] == "turn_limit"
