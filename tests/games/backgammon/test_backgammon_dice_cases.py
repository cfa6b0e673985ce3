"""Every case of "use as many dice as possible / the larger die", blocked entries from the bar
and bearing off with a higher die, each as the exact set of positions the legal turns reach.
Points in the mover's numbering (24..1, 25 the bar, 0 off); the other side's point q is our
25 - q, so `{23: 2}` for them blocks our 2-point."""

from __future__ import annotations

from svc_boards.backgammon import ENGINE

from tests.games.backgammon.support import dice_used, finals, position, reach


def test_both_dice_when_only_one_order_allows_both() -> None:
    # 8/2 is blocked, so the 6 first uses one die only; 8/6 first brings the checker home and
    # the 6 then bears off from the 6-point: the server offers only that.
    state = position({8: 1, 1: 14}, {23: 2}, (6, 2))
    assert finals(state) == {reach(state, (8, 6), (6, 0))}
    (move,) = ENGINE.legal_moves(state, 0)
    assert move["steps"] == [[8, 6], [6, 0]]


def test_both_dice_rather_than_the_larger_alone() -> None:
    # 9/3 would play the 6, but then no 5 is left to play (19/14 is blocked, nothing bears
    # off): the server offers only turns that play both, the 6 with the checker on 19.
    state = position({19: 1, 9: 1, 1: 13}, {4: 2, 5: 2, 10: 2, 11: 2}, (6, 5))
    assert dice_used(state) == {2}
    assert finals(state) == {reach(state, (19, 13), (13, 8)), reach(state, (19, 13), (9, 4))}
    assert all([9, 3] not in move["steps"] for move in ENGINE.legal_moves(state, 0))


def test_the_larger_die_when_either_but_not_both_can_be_played() -> None:
    # 13/7 or 13/8, but 7/2 and 8/2 are blocked (their 23): one die only, the larger, the 6.
    state = position({13: 1, 1: 14}, {23: 2}, (6, 5))
    assert dice_used(state) == {1}
    assert finals(state) == {reach(state, (13, 7))}


def test_the_smaller_die_when_the_larger_cannot_be_played() -> None:
    # 13/7 is blocked (their 18), 13/8 is open and 8/2 blocked: the 5 alone.
    state = position({13: 1, 1: 14}, {18: 2, 23: 2}, (6, 5))
    assert finals(state) == {reach(state, (13, 8))}


def test_doubles_as_many_as_can_be_played() -> None:
    # 4-4 from 13: 13/9 is open, 9/5 is blocked (their 20): one of the four.
    state = position({13: 1, 1: 14}, {20: 2}, (4, 4))
    assert finals(state) == {reach(state, (13, 9))}
    # All four: 13/9/5/1, and then every checker is home and the 1-point the highest, so the
    # fourth 4 bears a checker off from it.
    state = position({13: 1, 1: 14}, {}, (4, 4))
    assert dice_used(state) == {4}
    assert reach(state, (13, 9), (9, 5), (5, 1), (1, 0)) in finals(state)
    # Blocked after two: 13/9/5, and 5/1 is blocked by their 24: two of four.
    state = position({13: 1, 2: 14}, {24: 2}, (4, 4))
    assert dice_used(state) == {2}
    assert finals(state) == {reach(state, (13, 9), (9, 5))}


def test_no_die_can_be_played() -> None:
    state = position({13: 1, 1: 14}, {18: 2, 19: 2}, (6, 6))
    assert ENGINE.legal_moves(state, 0) == [{"type": "move", "steps": []}]


def test_blocked_entry_closed_board() -> None:
    # Their home board closed (our 19..24): a checker on the bar cannot enter, nothing moves.
    closed = {q: 2 for q in range(1, 7)}
    state = position({13: 14}, closed, (6, 5), bar=1)
    assert ENGINE.legal_moves(state, 0) == [{"type": "move", "steps": []}]


def test_blocked_entry_for_one_die_enters_with_the_other() -> None:
    # The 6 cannot enter (our 19 = their 6 is made), the 5 can; then the 6 moves anything.
    state = position({13: 14}, {6: 2}, (6, 5), bar=1)
    for move in ENGINE.legal_moves(state, 0):
        assert move["steps"][0] == [25, 20] and len(move["steps"]) == 2
    assert reach(state, (25, 20), (20, 14)) in finals(state)
    assert reach(state, (25, 20), (13, 7)) in finals(state)


def test_blocked_entry_two_on_the_bar_one_enters() -> None:
    # Two on the bar, only the 5 enters: one enters, the other waits, the 6 is lost.
    state = position({13: 13}, {6: 2}, (6, 5), bar=2)
    assert finals(state) == {reach(state, (25, 20))}


def test_blocked_entry_doubles_enter_then_move() -> None:
    # 3-3 with two on the bar and our 22 open: both enter, two more 3s anywhere.
    state = position({13: 13}, {6: 2}, (3, 3), bar=2)
    for move in ENGINE.legal_moves(state, 0):
        assert move["steps"][:2] == [[25, 22], [25, 22]] and len(move["steps"]) == 4
    # With 22 made by them too: nothing.
    state = position({13: 13}, {6: 2, 3: 2}, (3, 3), bar=2)
    assert ENGINE.legal_moves(state, 0) == [{"type": "move", "steps": []}]


def test_bearing_off_with_a_higher_die_from_the_highest_point() -> None:
    state = position({4: 1, 2: 1}, {24: 2}, (6, 5))
    assert finals(state) == {reach(state, (4, 0), (2, 0))}
    after, _ = ENGINE.apply(state, 0, ENGINE.legal_moves(state, 0)[0], 0)
    assert ENGINE.result(after)["placings"] == [1, 2]


def test_no_higher_die_bear_off_below_an_occupied_point() -> None:
    # The 5 may not bear off the checker on 2 while one stands on 6: it moves 6/1 instead
    # (or 6/5/off with the 1 first).
    state = position({6: 1, 2: 1}, {12: 2}, (5, 1))
    reached = finals(state)
    assert reach(state, (6, 5), (2, 0)) not in reached
    assert reach(state, (6, 5), (5, 0)) in reached
    assert reach(state, (6, 1), (2, 1)) in reached


def test_a_higher_die_must_move_inside_the_board_when_it_can() -> None:
    # Checkers on 5 and 3, 4-4: 5/1 first (3/off is not allowed while 5 is occupied), then
    # both off. With 6-6 both bear off at once.
    state = position({5: 1, 3: 1}, {12: 2}, (4, 4))
    for move in ENGINE.legal_moves(state, 0):
        assert move["steps"][0] == [5, 1]
    state = position({5: 1, 3: 1}, {12: 2}, (6, 6))
    assert finals(state) == {reach(state, (5, 0), (3, 0))}
