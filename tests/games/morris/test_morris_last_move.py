"""Morris keeps its last move in the state (`last`), so the web client can mark it after a
reload: None at the start, then the placement or move just played, with the piece it took."""

from __future__ import annotations

import json

from svc_boards.morris import ENGINE
from svc_boards.morris.cpu import key
from svc_boards.morris.rules import INDEX, POINTS

from rulekit import State


def position(white: str = "", black: str = "", in_hand: tuple[int, int] = (0, 0), turn: int = 0) -> State:
    """A state with white (seat 0) and black (seat 1) pieces on the named points."""
    cells = ["."] * len(POINTS)
    for names, colour in ((white, "W"), (black, "B")):
        for name in names.split():
            cells[INDEX[name]] = colour
    state = ENGINE.setup(2, {}, b"position")
    state.update(board="".join(cells), in_hand=list(in_hand), turn=turn)
    return state


def play(state: State, **move: str) -> State:
    (seat,) = ENGINE.to_move(state)
    return ENGINE.apply(state, seat, dict(move), 0)[0]


def place_all(*points: str) -> State:
    """The state after placing on `points` from the start, the seats taking turns."""
    state = ENGINE.setup(2, {}, b"last")
    for point in points:
        state = play(state, type="place", to=point)
    return state


def test_no_last_move_at_the_start() -> None:
    state = ENGINE.setup(2, {}, b"last")
    assert state["last"] is None
    assert all(ENGINE.view(state, seat)["public"]["last"] is None for seat in (0, 1, None))


def test_a_placement_and_a_move() -> None:
    assert place_all("d1")["last"] == {"to": "d1"}
    moved = play(position(white="d1 a7 g7", black="d7 b6 f6 g1"), type="move", **{"from": "d1"}, to="d2")
    assert moved["last"] == {"from": "d1", "to": "d2"}


def test_a_mill_by_placing_records_the_placement_and_the_piece_taken() -> None:
    state = position(white="a7 d7", black="a1 b2 f4", in_hand=(5, 5))
    after = play(state, type="place", to="g7", remove="b2")
    assert after["last"] == {"to": "g7", "removed": "b2"}
    # The next move has taken nothing: no `removed` is left over.
    assert play(after, type="place", to="d1")["last"] == {"to": "d1"}


def test_a_mill_by_moving_records_the_move_and_the_piece_taken() -> None:
    state = position(white="a7 d7 g4 b4", black="a1 d1 f2 c5")
    after = play(state, type="move", **{"from": "g4"}, to="g7", remove="c5")
    assert after["last"] == {"from": "g4", "to": "g7", "removed": "c5"}
    assert state["last"] is None  # the state given to `apply` is left alone


def test_the_game_ending_move_is_the_last_move() -> None:
    state = position(white="a7 d7 g4 b2", black="a1 d1 f2")
    after = play(state, type="move", **{"from": "g4"}, to="g7", remove="f2")
    assert ENGINE.result(after) is not None
    assert after["last"] == {"from": "g4", "to": "g7", "removed": "f2"}


def test_the_search_fast_path_records_it_the_same_way() -> None:
    state = position(white="a7 d7 g4 b4", black="a1 d1 f2 c5")
    move = {"type": "move", "from": "g4", "to": "g7", "remove": "c5"}
    assert ENGINE.successor(state, 0, move)["last"] == play(state, **move)["last"]


def test_every_view_carries_it_and_the_cpu_state_keeps_it() -> None:
    state = place_all("a7", "g1")
    for seat in (0, 1, None):
        assert ENGINE.view(state, seat)["public"]["last"] == {"to": "g1"}
    view = json.loads(json.dumps(ENGINE.view(state, 0)))
    assert ENGINE.determinize(view, 0, b"cpu")["last"] == state["last"]


def test_the_cpu_position_key_ignores_it() -> None:
    """The same position reached in two orders: different last moves, one search key."""
    one = place_all("a7", "g1", "b6", "d1")
    other = place_all("a7", "d1", "b6", "g1")
    assert one["board"] == other["board"] and one["last"] != other["last"]
    assert key(one) == key(other)
