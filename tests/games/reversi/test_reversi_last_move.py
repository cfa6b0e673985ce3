"""Reversi keeps its last placement in the state (`last`), so the web client can mark it after
a reload: None at the start, the square just placed on, and None again after a pass."""

from __future__ import annotations

import json

from svc_boards.reversi import ENGINE
from svc_boards.reversi.cpu import key

from rulekit import State


def position(rows: list[str], turn: int) -> State:
    """A state with the board drawn rank 8 first; B = seat 0, W = seat 1."""
    state = ENGINE.setup(2, {}, b"position")
    state.update(board="".join(reversed(rows)), turn=turn)
    return state


def play(state: State, square: str | None) -> State:
    """The state after the seat to move places on `square`, or passes (None)."""
    (seat,) = ENGINE.to_move(state)
    move = {"type": "pass"} if square is None else {"type": "place", "square": square}
    return ENGINE.apply(state, seat, move, 0)[0]


def test_no_last_move_at_the_start() -> None:
    state = ENGINE.setup(2, {}, b"last")
    assert state["last"] is None
    assert all(ENGINE.view(state, seat)["public"]["last"] is None for seat in (0, 1, None))


def test_each_placement_is_the_last_move() -> None:
    first = play(ENGINE.setup(2, {}, b"last"), "d3")
    assert first["last"] == "d3"
    second = play(first, "c5")
    assert second["last"] == "c5" and first["last"] == "d3"


def test_a_pass_clears_it_and_the_next_placement_sets_it() -> None:
    """Black cannot place after white's c1 (see the rules test for the pass)."""
    after_c1 = play(position(["........"] * 7 + ["WB.B...."], turn=1), "c1")
    assert after_c1["last"] == "c1"
    passed = play(after_c1, None)
    assert passed["last"] is None
    assert play(passed, "e1")["last"] == "e1"


def test_the_game_ending_placement_is_the_last_move() -> None:
    after = play(position(["........"] * 7 + ["BW......"], turn=0), "c1")
    assert ENGINE.result(after) is not None
    assert after["last"] == "c1"


def test_the_search_fast_path_records_it_the_same_way() -> None:
    after_c1 = play(position(["........"] * 7 + ["WB.B...."], turn=1), "c1")
    assert ENGINE.successor(after_c1, 0, {"type": "pass"})["last"] is None
    state = ENGINE.setup(2, {}, b"last")
    assert ENGINE.successor(state, 0, {"type": "place", "square": "f5"})["last"] == play(state, "f5")["last"]


def test_every_view_carries_it_and_the_cpu_state_keeps_it() -> None:
    state = play(play(ENGINE.setup(2, {}, b"last"), "d3"), "c5")
    for seat in (0, 1, None):
        assert ENGINE.view(state, seat)["public"]["last"] == "c5"
    view = json.loads(json.dumps(ENGINE.view(state, 0)))
    assert ENGINE.determinize(view, 0, b"cpu")["last"] == "c5"


def test_the_cpu_position_key_ignores_it() -> None:
    """The same position reached in two orders: different last moves, one search key."""
    start = ENGINE.setup(2, {}, b"last")
    one = play(play(play(start, "d3"), "c3"), "c4")
    other = play(play(play(start, "c4"), "c3"), "d3")
    assert one["board"] == other["board"] and one["turn"] == other["turn"]
    assert one["last"] != other["last"]
    assert key(one) == key(other)
