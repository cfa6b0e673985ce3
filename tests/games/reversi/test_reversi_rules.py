"""Reversi rules, one test per sentence of house-rules-de-en-es.txt ("Reversi"), plus perft."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from svc_boards.reversi import ENGINE
from svc_boards.reversi.rules import INDEX, NAMES

from rulekit import IllegalMove, State

PERFT = json.loads(Path(__file__).with_name("perft.json").read_text())


def position(rows: list[str], turn: int) -> State:
    """A state with the board drawn rank 8 first (as seen from above); B = seat 0, W = seat 1."""
    assert len(rows) == 8 and all(len(r) == 8 for r in rows)
    state = ENGINE.setup(2, {}, b"position")
    state["board"] = "".join(reversed(rows))
    state["turn"] = turn
    return state


def place(state: State, seat: int, square: str) -> State:
    return ENGINE.apply(state, seat, {"type": "place", "square": square}, 0)[0]


def disc(state: State, square: str) -> str:
    return state["board"][INDEX[square]]


def test_start_position_and_first_mover() -> None:
    """Decision on the rules page: seat 0 is black and moves first from the usual cross."""
    state = ENGINE.setup(2, {}, b"s")
    assert [disc(state, s) for s in ("d4", "e5", "d5", "e4")] == ["W", "W", "B", "B"]
    assert state["board"].count(".") == 60
    assert ENGINE.to_move(state) == {0}
    assert sorted(m["square"] for m in ENGINE.legal_moves(state, 0)) == ["c4", "d3", "e6", "f5"]


def test_placing_flips_every_trapped_line() -> None:
    """“Place a disc so that between it and one of your own there are only opposing discs – all of those flip.”"""
    state = position(
        [
            "........",
            "........",
            "..B.W...",
            "...WW...",
            ".BWW.WB.",
            "...WWB..",
            "..W.W...",
            ".W......",
        ],
        turn=0,
    )
    after = place(state, 0, "e4")
    # West (d4, c4 up to b4), east (f4 up to g4) and north-west (d5 up to c6) are trapped.
    # North (e5, e6, then free), south (e3, e2, then free) and south-west (d3, c2, b1, then
    # the edge) end without a black disc; south-east meets black at once.
    assert {s for s in NAMES if disc(after, s) != disc(state, s)} == {"e4", "d4", "c4", "f4", "d5"}
    assert all(disc(after, s) == "B" for s in ("e4", "d4", "c4", "f4", "d5"))


def test_a_square_that_flips_nothing_is_illegal() -> None:
    """“Place a disc so that between it and one of your own there are only opposing discs.”"""
    state = ENGINE.setup(2, {}, b"s")
    with pytest.raises(IllegalMove) as refused:
        place(state, 0, "a1")
    assert refused.value.code == "illegal_move"
    with pytest.raises(IllegalMove):
        place(state, 0, "d4")  # occupied


def test_flip_numbers_on_free_squares() -> None:
    """“The small number on a free square shows how many discs that move would flip.”"""
    state = ENGINE.setup(2, {}, b"s")
    for move in [("d3", 0), ("c3", 1), ("c4", 0), ("e3", 1)]:
        state = place(state, move[1], move[0])
    view = ENGINE.view(state, 0)
    flips = view["public"]["flips"]
    assert set(flips) == {m["square"] for m in view["legal_moves"]}
    for square, count in flips.items():
        before = state["board"].count("B")
        after = place(state, 0, square)
        assert after["board"].count("B") == before + 1 + count
    # The spectators see the same numbers; only the seat to move gets legal moves.
    assert ENGINE.view(state, None)["public"]["flips"] == flips
    assert ENGINE.view(state, 1)["legal_moves"] == []


def test_no_placement_means_pass() -> None:
    """“If you cannot place a disc you must pass.”"""
    # White takes c1; black then has no disc to trap (a white line ends at the corner or at
    # black's own d1) while white could still take e1.
    state = position(["........"] * 7 + ["WB.B...."], turn=1)
    after = place(state, 1, "c1")
    assert ENGINE.to_move(after) == {0}
    assert ENGINE.legal_moves(after, 0) == [{"type": "pass"}]
    assert ENGINE.view(after, 0)["public"]["flips"] == {}
    with pytest.raises(IllegalMove):
        place(after, 0, "e1")
    passed, events = ENGINE.apply(after, 0, {"type": "pass"}, 0)
    assert events == [{"code": "passed", "seat": 0}]
    assert passed["board"] == after["board"] and ENGINE.to_move(passed) == {1}
    assert ENGINE.legal_moves(passed, 1) == [{"type": "place", "square": "e1"}]
    # A seat that can place may not pass.
    with pytest.raises(IllegalMove):
        ENGINE.apply(passed, 1, {"type": "pass"}, 0)


def test_game_ends_when_neither_can_place() -> None:
    """“If neither can, the game ends.” (here long before the board is full)"""
    state = position(["........"] * 7 + ["BW......"], turn=0)
    after, events = ENGINE.apply(state, 0, {"type": "place", "square": "c1"}, 0)
    assert after["board"].count("W") == 0
    assert ENGINE.to_move(after) == frozenset()
    assert ENGINE.result(after) == {"placings": [1, 2], "scores": [3, 0]}
    assert events[-1] == {"code": "game_over", "scores": [3, 0]}
    assert ENGINE.view(after, 0)["public"]["flips"] == {}
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(after, 1, {"type": "pass"}, 0)
    assert refused.value.code == "game_over"


def test_most_discs_wins_and_equal_is_a_draw() -> None:
    """“Trap discs and flip them. Most discs at the end wins.”"""
    full = "".join(["W" * 8] * 4 + ["B" * 8] * 4)
    state = position([full[i : i + 8] for i in range(0, 64, 8)], turn=0)
    state["over"] = True
    assert ENGINE.result(state) == {"placings": [1, 1], "scores": [32, 32]}
    state["board"] = "B" + full[1:]
    assert ENGINE.result(state)["placings"] == [1, 2]


def test_corners_can_never_be_flipped() -> None:
    """“Corners are priceless: they can never be flipped back.” No line passes beyond a corner,
    so no placement ever flips one: checked over every position of 200 random games."""
    for game in range(200):
        rnd = random.Random(game)
        state = ENGINE.setup(2, {}, b"corners")
        while ENGINE.result(state) is None:
            (seat,) = ENGINE.to_move(state)
            move = rnd.choice(ENGINE.legal_moves(state, seat))
            after = ENGINE.apply(state, seat, move, 0)[0]
            for corner in ("a1", "h1", "a8", "h8"):
                if disc(state, corner) != ".":
                    assert disc(after, corner) == disc(state, corner)
            state = after


def _perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    if ENGINE.result(state) is not None:
        return 0
    (seat,) = ENGINE.to_move(state)
    return sum(_perft(ENGINE.apply(state, seat, move, 0)[0], depth - 1) for move in ENGINE.legal_moves(state, seat))


@pytest.mark.parametrize("depth", range(1, 8))
def test_perft_from_the_start(depth: int) -> None:
    """Move generation through the engine interface (legal_moves + apply) matches the known
    leaf counts from the start position."""
    assert _perft(ENGINE.setup(2, {}, b"perft"), depth) == PERFT["start"][str(depth)]
