"""Draughts keeps its last move in the state (`last`), so the web client can mark it after a
reload: None at the start, then exactly the move just played, path and captured pieces."""

from __future__ import annotations

import json

from svc_boards.draughts import ENGINE
from svc_boards.draughts.cpu import key
from svc_boards.draughts.rules import SQUARES

from rulekit import State


def position(turn: int = 0, b: tuple = (), bk: tuple = (), w: tuple = (), wk: tuple = ()) -> State:
    """A state with black (seat 0) men `b` and kings `bk`, white men `w` and kings `wk`."""
    cells = ["."] * SQUARES
    for squares, piece in ((b, "b"), (bk, "B"), (w, "w"), (wk, "W")):
        for n in squares:
            cells[n - 1] = piece
    state = ENGINE.setup(2, {}, b"position")
    state.update(board="".join(cells), turn=turn)
    return state


def move(state: State, *path: int) -> tuple[State, list[dict]]:
    (seat,) = ENGINE.to_move(state)
    return ENGINE.apply(state, seat, {"type": "move", "path": list(path)}, 0)


def play_line(*paths: list[int]) -> State:
    """The state after the given moves from the start, each by the seat to move."""
    state = ENGINE.setup(2, {}, b"last")
    for path in paths:
        state, _ = move(state, *path)
    return state


def test_no_last_move_at_the_start() -> None:
    state = ENGINE.setup(2, {}, b"last")
    assert state["last"] is None
    assert all(ENGINE.view(state, seat)["public"]["last"] is None for seat in (0, 1, None))


def test_a_step_is_the_last_move() -> None:
    after, events = move(ENGINE.setup(2, {}, b"last"), 9, 13)
    assert after["last"] == {"path": [9, 13], "captured": []}
    assert after["last"] == {k: events[0][k] for k in ("path", "captured")}


def test_a_multi_capture_keeps_its_whole_path_and_every_captured_piece() -> None:
    after, _ = move(position(0, b=(9,), w=(14, 23, 30)), 9, 18, 27)
    assert after["last"] == {"path": [9, 18, 27], "captured": [14, 23]}
    # A king's round trip over four pieces, back to its start square.
    after, _ = move(position(0, bk=(26,), w=(23, 15, 14, 22)), 26, 19, 10, 17, 26)
    assert after["last"] == {"path": [26, 19, 10, 17, 26], "captured": [14, 15, 22, 23]}


def test_the_next_move_replaces_it_and_the_old_state_keeps_its_own() -> None:
    first, _ = move(position(0, b=(9,), w=(14, 23, 30)), 9, 18, 27)
    second, _ = move(first, 30, 26)
    assert second["last"] == {"path": [30, 26], "captured": []}
    assert first["last"] == {"path": [9, 18, 27], "captured": [14, 23]}


def test_the_game_ending_move_is_the_last_move() -> None:
    after, _ = move(position(0, b=(9,), w=(14,)), 9, 18)
    assert ENGINE.result(after) is not None
    assert after["last"] == {"path": [9, 18], "captured": [14]}


def test_the_search_fast_path_records_it_the_same_way() -> None:
    state = position(0, b=(9,), w=(14, 23, 30))
    fast = ENGINE.successor(state, 0, {"type": "move", "path": [9, 18, 27]})
    assert fast["last"] == move(state, 9, 18, 27)[0]["last"]


def test_every_view_carries_it_and_the_cpu_state_keeps_it() -> None:
    state = play_line([9, 13], [21, 17])
    for seat in (0, 1, None):
        assert ENGINE.view(state, seat)["public"]["last"] == {"path": [21, 17], "captured": []}
    view = json.loads(json.dumps(ENGINE.view(state, 0)))
    assert ENGINE.determinize(view, 0, b"cpu")["last"] == state["last"]


def test_the_cpu_position_key_ignores_it() -> None:
    """The same position reached in two orders: different last moves, one search key."""
    one = play_line([9, 13], [21, 17], [12, 16], [24, 20])
    other = play_line([9, 13], [24, 20], [12, 16], [21, 17])
    assert one["board"] == other["board"] and one["last"] != other["last"]
    assert key(one) == key(other)
