"""Draughts rules, one test per sentence of house-rules-de-en-es.txt ("Draughts") and the
decisions of docs/catalogue.md (men capture forward, captures compulsory, flying kings), plus perft."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from svc_boards.draughts import ENGINE
from svc_boards.draughts.rules import SQUARES, coords

from rulekit import IllegalMove, State

PERFT = json.loads(Path(__file__).with_name("perft.json").read_text())


def position(turn: int = 0, b: tuple = (), bk: tuple = (), w: tuple = (), wk: tuple = (), king_moves: int = 0) -> State:
    """A state with black (seat 0) men `b` and kings `bk`, white men `w` and kings `wk`, given
    as square numbers 1..32."""
    cells = ["."] * SQUARES
    for squares, piece in ((b, "b"), (bk, "B"), (w, "w"), (wk, "W")):
        for n in squares:
            cells[n - 1] = piece
    state = ENGINE.setup(2, {}, b"position")
    state.update(board="".join(cells), turn=turn, king_moves=king_moves)
    return state


def paths(state: State) -> list[list[int]]:
    (seat,) = ENGINE.to_move(state)
    return sorted(m["path"] for m in ENGINE.legal_moves(state, seat))


def move(state: State, *path: int) -> tuple[State, list[dict]]:
    (seat,) = ENGINE.to_move(state)
    return ENGINE.apply(state, seat, {"type": "move", "path": list(path)}, 0)


def piece(state: State, square: int) -> str:
    return state["board"][square - 1]


def test_dark_squares_only() -> None:
    """“Play takes place on the dark squares only.”"""
    places = [coords(i) for i in range(SQUARES)]
    assert len(set(places)) == 32
    assert all((row + col) % 2 == 1 for row, col in places)  # a1 (row 7, column 0) is dark
    state = ENGINE.setup(2, {}, b"s")
    assert state["board"] == "b" * 12 + "." * 8 + "w" * 12
    assert ENGINE.to_move(state) == {0}


def test_men_move_one_square_diagonally_forward() -> None:
    """“Men move one square diagonally forward.”"""
    state = ENGINE.setup(2, {}, b"s")
    assert paths(state) == [[9, 13], [9, 14], [10, 14], [10, 15], [11, 15], [11, 16], [12, 16]]
    # A lone man in the middle: two squares forward, none backwards or sideways.
    assert paths(position(0, b=(18,), w=(1,))) == [[18, 22], [18, 23]]
    assert paths(position(1, w=(18,), b=(32,))) == [[18, 14], [18, 15]]
    with pytest.raises(IllegalMove):
        move(position(0, b=(18,), w=(1,)), 18, 14)


def test_capture_by_jumping_onto_the_free_square_behind() -> None:
    """“You capture by jumping over an opposing piece onto the free square behind it.”"""
    state = position(0, b=(9, 1), w=(14, 32))
    assert paths(state) == [[9, 18]]  # capturing is compulsory: no other move is legal
    after, events = move(state, 9, 18)
    assert piece(after, 14) == "." and piece(after, 18) == "b" and piece(after, 9) == "."
    assert events[0] == {"code": "moved", "seat": 0, "path": [9, 18], "captured": [14]}
    # The square behind must be free.
    assert [9, 18] not in paths(position(0, b=(9,), w=(14, 18)))


def test_men_capture_forward_only() -> None:
    """docs/catalogue.md: “Men move and capture forward.” A piece behind a man cannot be jumped."""
    state = position(0, b=(18,), w=(14, 1))
    assert paths(state) == [[18, 22], [18, 23]]


def test_a_chain_is_one_move_and_must_be_completed() -> None:
    """“If another jump is available, you keep jumping – the whole chain is one move. Just
    click the final square.”"""
    state = position(0, b=(9,), w=(14, 23, 30))
    assert paths(state) == [[9, 18, 27]]
    with pytest.raises(IllegalMove):
        move(state, 9, 18)  # stopping half way is not a move
    after, events = move(state, 9, 18, 27)
    assert piece(after, 14) == piece(after, 23) == "."
    assert events[0]["captured"] == [14, 23]
    assert ENGINE.to_move(after) == {1}
    # Each legal chain is listed with its whole path, so start + final square name it.
    forks = paths(position(0, b=(9,), w=(14, 22, 23, 30)))
    assert forks == [[9, 18, 25], [9, 18, 27]]


def test_any_capture_may_be_chosen() -> None:
    """The text has no rule to take the most pieces (rules page): a single capture may be
    chosen over a double one, but a capture over a plain move is compulsory."""
    state = position(0, b=(9, 10, 4), w=(14, 23))
    assert paths(state) == [[9, 18, 27], [10, 17]]


def test_crowning_on_the_far_rank() -> None:
    """“Reaching the far rank crowns a man into a king, …”"""
    after, events = move(position(0, b=(25,), w=(1,)), 25, 29)
    assert piece(after, 29) == "B"
    assert events[1] == {"code": "crowned", "seat": 0, "square": 29}
    after, _ = move(position(1, w=(5,), b=(32,)), 5, 1)
    assert piece(after, 1) == "W"
    # A man crowned by a capture ends its move there, even if a king could jump on.
    state = position(0, b=(22,), w=(26, 27, 9))
    assert paths(state) == [[22, 31]]
    after, _ = move(state, 22, 31)
    assert piece(after, 31) == "B" and piece(after, 27) == "w"


def test_kings_move_any_distance() -> None:
    """“… a king, which moves and captures any distance diagonally.” (moving)"""
    state = position(0, bk=(29,), w=(4,))
    assert paths(state) == [[29, 8], [29, 11], [29, 15], [29, 18], [29, 22], [29, 25]]
    after, _ = move(state, 29, 11)
    assert piece(after, 11) == "B" and piece(after, 29) == "."


def test_kings_capture_any_distance() -> None:
    """“… a king, which moves and captures any distance diagonally.” (capturing: over one
    piece, landing on any free square behind it)"""
    state = position(0, bk=(29,), b=(8,), w=(18, 32))
    assert paths(state) == [[29, 11], [29, 15]]
    after, events = move(state, 29, 11)
    assert piece(after, 18) == "." and events[0]["captured"] == [18]
    # Two pieces in a row cannot be jumped.
    assert paths(position(0, bk=(29,), w=(18, 15, 32), b=(1,))) == [[1, 5], [1, 6], [29, 22], [29, 25]]


def test_a_king_lands_where_it_can_jump_on() -> None:
    """“If another jump is available, you keep jumping.” For a king that could land on several
    squares, only those from which it can jump again count (rules page)."""
    state = position(0, bk=(29,), b=(8,), w=(18, 7))
    assert paths(state) == [[29, 11, 2]]


def test_no_piece_is_jumped_twice() -> None:
    """Decision on the rules page: jumped pieces leave the board when the move ends, so they
    cannot be jumped again, and the king may cross its own start square."""
    # Behind 22 the king may stop anywhere; it may not turn round and jump 22 a second time.
    assert paths(position(0, bk=(29,), w=(22, 32))) == [[29, 4], [29, 8], [29, 11], [29, 15], [29, 18]]
    # Four pieces round a diamond: the king takes all four and may end on its start square,
    # but never takes one of them twice.
    state = position(0, bk=(26,), w=(23, 15, 14, 22))
    chains = paths(state)
    assert [26, 19, 10, 17, 26] in chains and [26, 19, 10, 17, 31] in chains
    assert max(len(chain) for chain in chains) == 5
    after, events = move(state, 26, 19, 10, 17, 26)
    assert events[0]["captured"] == [14, 15, 22, 23]
    assert piece(after, 26) == "B" and after["board"].count(".") == 31


def test_no_pieces_left_loses() -> None:
    """“You lose when you have no pieces left …”"""
    after, events = move(position(0, b=(9,), w=(14,)), 9, 18)
    assert ENGINE.result(after) == {"placings": [1, 2], "scores": [1, 0]}
    assert events[-1] == {"code": "game_over", "winner": 0, "reason": "no_pieces"}
    assert ENGINE.to_move(after) == frozenset()


def test_no_move_loses() -> None:
    """“… or cannot move.”"""
    state = position(0, b=(1, 27, 28, 23), w=(32,))
    after, events = move(state, 1, 5)
    assert ENGINE.result(after)["placings"] == [1, 2]
    assert events[-1] == {"code": "game_over", "winner": 0, "reason": "no_move"}


def test_forty_king_moves_without_capture_draw() -> None:
    """“Forty moves of kings shuffling about without a capture end in a draw.” Both seats'
    moves count (rules page)."""
    state = position(0, bk=(29,), wk=(1,), king_moves=38)
    state, _ = move(state, 29, 25)
    assert state["king_moves"] == 39 and ENGINE.result(state) is None
    state, events = move(state, 1, 5)
    assert ENGINE.result(state) == {"placings": [1, 1], "scores": [0.5, 0.5]}
    assert events[-1] == {"code": "game_over", "winner": None, "reason": "forty_king_moves"}
    # A man's move or a capture starts the count again.
    state = position(0, bk=(29,), b=(1,), wk=(4,), king_moves=39)
    state, _ = move(state, 1, 5)
    assert state["king_moves"] == 0 and ENGINE.result(state) is None
    state = position(0, bk=(29,), wk=(4,), w=(18, 32), king_moves=39)
    state, _ = move(state, 29, 15)
    assert state["king_moves"] == 0 and ENGINE.result(state) is None


def _perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    if ENGINE.result(state) is not None:
        return 0
    (seat,) = ENGINE.to_move(state)
    return sum(_perft(ENGINE.apply(state, seat, m, 0)[0], depth - 1) for m in ENGINE.legal_moves(state, seat))


@pytest.mark.parametrize("depth", range(1, 7))
def test_perft_from_the_start(depth: int) -> None:
    """Move generation through the engine interface matches the published counts."""
    assert _perft(ENGINE.setup(2, {}, b"perft"), depth) == PERFT["start"][str(depth)]
