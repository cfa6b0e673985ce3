"""Morris rules, one test per sentence of house-rules-de-en-es.txt ("Nine Men's Morris"),
its settings line, and the decisions of docs/catalogue.md."""

from __future__ import annotations

import pytest
from svc_boards.morris import ENGINE
from svc_boards.morris.rules import INDEX, POINTS

from rulekit import IllegalMove, Refusal, State


def position(
    white: str = "",
    black: str = "",
    in_hand: tuple[int, int] = (0, 0),
    turn: int = 0,
    quiet: int = 0,
    **options: object,
) -> State:
    """A state with white (seat 0) and black (seat 1) pieces on the named points."""
    cells = ["."] * len(POINTS)
    for names, colour in ((white, "W"), (black, "B")):
        for name in names.split():
            cells[INDEX[name]] = colour
    state = ENGINE.setup(2, options, b"position")
    state.update(board="".join(cells), in_hand=list(in_hand), turn=turn, quiet=quiet)
    return state


def play(state: State, **move: str) -> tuple[State, list[dict]]:
    (seat,) = ENGINE.to_move(state)
    return ENGINE.apply(state, seat, dict(move), 0)


def at(state: State, point: str) -> str:
    return state["board"][INDEX[point]]


def legal(state: State) -> list[dict]:
    (seat,) = ENGINE.to_move(state)
    return ENGINE.legal_moves(state, seat)


def test_placing_phase_turns_on_free_points() -> None:
    """“Placing phase: players take turns putting their pieces on free points.”"""
    state = ENGINE.setup(2, {}, b"s")
    assert state["in_hand"] == [9, 9] and ENGINE.to_move(state) == {0}
    assert sorted(m["to"] for m in legal(state)) == sorted(POINTS)
    assert all(m["type"] == "place" for m in legal(state))
    state, events = play(state, type="place", to="d1")
    assert at(state, "d1") == "W" and state["in_hand"] == [8, 9] and ENGINE.to_move(state) == {1}
    assert events == [{"code": "placed", "seat": 0, "to": "d1"}]
    assert "d1" not in {m["to"] for m in legal(state)}
    with pytest.raises(IllegalMove):
        play(state, type="place", to="d1")
    state, _ = play(state, type="place", to="d2")
    assert at(state, "d2") == "B" and state["in_hand"] == [8, 8]
    # Nothing moves while a seat still has pieces to place.
    with pytest.raises(IllegalMove):
        play(state, type="move", **{"from": "d1"}, to="a1")


def test_moving_phase_to_a_free_neighbour() -> None:
    """“Moving phase: afterwards one piece per turn moves to a free neighbouring point.”"""
    # Eighteen placements, none closing a mill; then white (seat 0) moves first.
    order = ["a7", "d7", "d6", "g7", "b6", "f6", "c5", "e5", "d5", "a4", "b4", "e4", "c4", "g4", "f4", "c3", "e3", "d3"]
    state = ENGINE.setup(2, {}, b"s")
    for point in order:
        state, events = play(state, type="place", to=point)
        assert all(e["code"] != "removed" for e in events)
    assert state["in_hand"] == [0, 0] and ENGINE.to_move(state) == {0}
    assert legal(state) and all(m["type"] == "move" for m in legal(state))
    with pytest.raises(IllegalMove):
        play(state, type="place", to="a1")
    # Exactly the free neighbours along the lines.
    state = position(white="d1 a7 g7", black="d7 b6 f6 g1", turn=0, flying=False)
    assert sorted((m["from"], m["to"]) for m in legal(state)) == [
        ("a7", "a4"),
        ("d1", "a1"),
        ("d1", "d2"),
        ("g7", "g4"),
    ]
    state, events = play(state, type="move", **{"from": "d1"}, to="d2")
    assert at(state, "d1") == "." and at(state, "d2") == "W" and ENGINE.to_move(state) == {1}
    assert events == [{"code": "moved", "seat": 0, "from": "d1", "to": "d2"}]
    with pytest.raises(IllegalMove):
        play(state, type="move", **{"from": "g1"}, to="g7")  # not a neighbour (and occupied)


def test_three_in_a_line_is_a_mill_and_takes_a_piece_at_once() -> None:
    """“Three of your pieces in a line form a mill. Closing one lets you take an opposing
    piece off the board immediately.” The move names the piece it takes (rules page)."""
    state = position(white="a7 d7", black="a1 b2 f4", in_hand=(5, 5))
    assert sorted(m["remove"] for m in legal(state) if m["to"] == "g7") == ["a1", "b2", "f4"]
    assert {"type": "place", "to": "d1"} in legal(state)  # no line, nothing to take
    with pytest.raises(IllegalMove):
        play(state, type="place", to="g7")  # closing a mill without taking is not a move
    state, events = play(state, type="place", to="g7", remove="b2")
    assert at(state, "b2") == "." and state["board"].count("B") == 2
    assert events == [{"code": "placed", "seat": 0, "to": "g7"}, {"code": "removed", "seat": 0, "point": "b2"}]
    # Moving into a line closes a mill too.
    state = position(white="a7 d7 g4 b4", black="a1 d1 f2 c5")
    assert {m["remove"] for m in legal(state) if m["from"] == "g4" and m["to"] == "g7"} == {"a1", "d1", "f2", "c5"}
    state, _ = play(state, type="move", **{"from": "g4"}, to="g7", remove="c5")
    assert at(state, "c5") == "."
    # Opening a mill and closing it again later counts as a new mill.
    state = position(white="a7 d7 g7 b4", black="a1 d1 f2 c5 b6")
    state, _ = play(state, type="move", **{"from": "g7"}, to="g4")
    state, _ = play(state, type="move", **{"from": "b6"}, to="d6")
    assert {m.get("remove") for m in legal(state) if m["from"] == "g4" and m["to"] == "g7"} == {
        "a1",
        "d1",
        "f2",
        "c5",
        "d6",
    }


def test_two_mills_at_once_take_one_piece() -> None:
    """Decision on the rules page: closing two mills with one move still takes one piece."""
    state = position(white="a7 d7 g4 g1", black="a1 d1 f2 c5 b4", in_hand=(1, 1))
    moves = [m for m in legal(state) if m["to"] == "g7"]
    assert len(moves) == 5 and all(set(m) == {"type", "to", "remove"} for m in moves)
    state, _ = play(state, type="place", to="g7", remove="b4")
    assert state["board"].count("B") == 4


def test_pieces_in_mills_are_safe_unless_nothing_else_is_left() -> None:
    """“A piece inside a closed mill is safe – unless nothing else is left on the board.”"""
    state = position(white="a7 d7", black="a1 d1 g1 f4", in_hand=(3, 3))
    assert {m["remove"] for m in legal(state) if m["to"] == "g7"} == {"f4"}
    state = position(white="a7 d7", black="a1 d1 g1", in_hand=(3, 3))
    assert {m["remove"] for m in legal(state) if m["to"] == "g7"} == {"a1", "d1", "g1"}
    # With no opposing piece on the board yet, a mill takes nothing (rules page).
    state = position(white="a7 d7", in_hand=(7, 9))
    assert {"type": "place", "to": "g7"} in legal(state)


def test_dropping_below_three_pieces_loses() -> None:
    """“You lose when you drop below three pieces …”"""
    state = position(white="a7 d7 g4 b2", black="a1 d1 f2", turn=0)
    state, events = play(state, type="move", **{"from": "g4"}, to="g7", remove="f2")
    assert ENGINE.result(state) == {"placings": [1, 2], "scores": [1, 0]}
    assert events[-1] == {"code": "game_over", "winner": 0, "reason": "too_few_pieces"}
    assert ENGINE.to_move(state) == frozenset()
    # Pieces still in hand count: three in hand and none on the board is no loss yet.
    state = position(white="a7 d7", black="a1", in_hand=(2, 3))
    state, _ = play(state, type="place", to="g7", remove="a1")
    assert ENGINE.result(state) is None and ENGINE.to_move(state) == {1}


def test_no_move_left_loses() -> None:
    """“… or have no move left.”"""
    # Black's a1, d1, g1 and b6 can go only to a4, d2, g4, b4 and d6; white holds all but b4.
    state = position(white="a4 d2 g4 d6 c4", black="a1 d1 g1 b6", turn=0)
    elsewhere, _ = play(state, type="move", **{"from": "c4"}, to="c3")
    assert ENGINE.result(elsewhere) is None and ENGINE.legal_moves(elsewhere, 1) == [
        {"type": "move", "from": "b6", "to": "b4"}
    ]
    state, events = play(state, type="move", **{"from": "c4"}, to="b4")
    assert events[-1] == {"code": "game_over", "winner": 0, "reason": "no_move"}
    assert ENGINE.result(state)["placings"] == [1, 2]


def test_fifty_moves_without_a_mill_draw() -> None:
    """“Fifty moves without a new mill end in a draw.” Moving-phase moves of both seats count
    (rules page)."""
    state = position(white="a7 d6 g4 b2", black="a1 d1 f2 c5", quiet=48)
    state, _ = play(state, type="move", **{"from": "a7"}, to="a4")
    assert state["quiet"] == 49 and ENGINE.result(state) is None
    state, events = play(state, type="move", **{"from": "c5"}, to="c4")
    assert ENGINE.result(state) == {"placings": [1, 1], "scores": [0.5, 0.5]}
    assert events[-1] == {"code": "game_over", "winner": None, "reason": "fifty_moves"}
    # A mill starts the count again.
    state = position(white="a7 d7 g4 b2", black="a1 d1 f2 c5", quiet=49)
    state, _ = play(state, type="move", **{"from": "g4"}, to="g7", remove="c5")
    assert state["quiet"] == 0 and ENGINE.result(state) is None
    # Placing moves do not count.
    state = position(white="a7", black="a1", in_hand=(8, 8), quiet=5)
    state, _ = play(state, type="place", to="g4")
    assert state["quiet"] == 5


def test_twelve_pieces_add_the_corner_diagonals() -> None:
    """“Settings: nine pieces default or twelve – with twelve the four corner diagonals count as
    mills too.” The diagonals are lines to move along as well (rules page)."""
    state = ENGINE.setup(2, {"pieces": 12}, b"s")
    assert state["in_hand"] == [12, 12]
    with pytest.raises(Refusal):
        ENGINE.setup(2, {"pieces": 10}, b"s")
    state = position(white="a1 b2", black="g7 g4 d7", in_hand=(5, 5), pieces=12)
    assert {m.get("remove") for m in legal(state) if m["to"] == "c3"} == {"g7", "g4", "d7"}
    state = position(white="a1 b2", black="g7 g4 d7", in_hand=(5, 5))
    assert {m.get("remove") for m in legal(state) if m["to"] == "c3"} == {None}
    # Moving along a diagonal.
    state = position(white="c3 a7 g7 d2", black="a1 d1 g1 f6", pieces=12)
    assert ("c3", "b2") in {(m["from"], m["to"]) for m in legal(state)}
    state = position(white="c3 a7 g7 d2", black="a1 d1 g1 f6")
    assert ("c3", "b2") not in {(m["from"], m["to"]) for m in legal(state)}


def test_the_last_three_pieces_may_fly() -> None:
    """“And whether the last three pieces may fly default.” On by default: with three pieces
    left a seat moves a piece to any free point."""
    state = position(white="a7 d7 b4", black="a1 d1 f2 c5")
    free = [q for q in POINTS if at(state, q) == "."]
    assert {(m["from"], m["to"]) for m in legal(state)} == {(p, q) for p in ("a7", "d7", "b4") for q in free}
    state, _ = play(state, type="move", **{"from": "b4"}, to="g1")
    assert at(state, "g1") == "W"
    # Switched off, three pieces move like the rest.
    state = position(white="a7 d7 b4", black="a1 d1 f2 c5", flying=False)
    assert {(m["from"], m["to"]) for m in legal(state)} == {
        ("a7", "a4"),
        ("d7", "d6"),
        ("d7", "g7"),
        ("b4", "a4"),
        ("b4", "b6"),
        ("b4", "b2"),
        ("b4", "c4"),
    }
    # Four pieces never fly.
    state = position(white="a7 d7 b4 g1", black="a1 d1 f2 c5")
    assert ("b4", "g4") not in {(m["from"], m["to"]) for m in legal(state)}
