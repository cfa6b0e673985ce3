"""Dots and Boxes rules, one test per sentence of house-rules-de-en-es.txt ("Dots and Boxes"),
plus the settings and the seats."""

from __future__ import annotations

import pytest
from svc_boards.dots_and_boxes import ENGINE
from svc_boards.dots_and_boxes.rules import take_all

from rulekit import IllegalMove, Refusal, State


def line(direction: str, row: int, col: int) -> dict:
    return {"type": "line", "dir": direction, "row": row, "col": col}


def draw(state: State, *lines: tuple[str, int, int]) -> tuple[State, list[dict]]:
    """Draw the lines in order, each by the seat to move; the events of the last one."""
    events: list[dict] = []
    for d, r, c in lines:
        (seat,) = ENGINE.to_move(state)
        state, events = ENGINE.apply(state, seat, line(d, r, c), 0)
    return state, events


def test_settings_and_seats() -> None:
    """Grid size a host setting (default 5 × 5 boxes), 2 to 4 players; seat 0 starts."""
    state = ENGINE.setup(2, {}, b"s")
    assert len(state["boxes"]) == 25 and len(state["h"]) == 30 and len(state["v"]) == 30
    assert len(ENGINE.legal_moves(state, 0)) == 60
    assert ENGINE.to_move(state) == {0}
    state = ENGINE.setup(4, {"columns": 3, "rows": 2}, b"s")
    assert len(state["boxes"]) == 6 and len(ENGINE.legal_moves(state, 0)) == 3 * 3 + 2 * 4
    for bad in ({"columns": 1}, {"rows": 9}):
        with pytest.raises(Refusal) as refused:
            ENGINE.setup(2, bad, b"s")
        assert refused.value.code == "bad_option"
    for seats in (1, 5):
        with pytest.raises(Refusal):
            ENGINE.setup(seats, {}, b"s")


def test_draw_a_line_between_two_neighbouring_dots() -> None:
    """“Draw a line between two neighbouring dots.”"""
    state = ENGINE.setup(3, {"columns": 2, "rows": 2}, b"s")
    legal = ENGINE.legal_moves(state, 0)
    # Every line joins two dots one step apart: 3 rows of 2 across, 2 rows of 3 down.
    assert {(m["dir"], m["row"], m["col"]) for m in legal} == {("h", r, c) for r in range(3) for c in range(2)} | {
        ("v", r, c) for r in range(2) for c in range(3)
    }
    after, events = draw(state, ("h", 0, 0))
    assert events == [{"code": "line_drawn", "seat": 0, "dir": "h", "row": 0, "col": 0}]
    assert line("h", 0, 0) not in ENGINE.legal_moves(after, 1)
    # A line already drawn, a line off the grid, or a line out of turn is refused.
    for seat, move in ((1, line("h", 0, 0)), (1, line("h", 0, 2)), (1, line("v", 2, 0)), (0, line("v", 0, 0))):
        with pytest.raises(IllegalMove):
            ENGINE.apply(after, seat, move, 0)
    # Turns pass on in seat order when no box is closed.
    after, _ = draw(after, ("h", 2, 0), ("v", 0, 2))
    assert ENGINE.to_move(after) == {0} and after["h"][4] == 1 and after["v"][2] == 2


def test_fourth_line_takes_the_box_and_goes_again() -> None:
    """“Whoever draws the fourth line of a box takes it and goes again.”"""
    state = ENGINE.setup(2, {"columns": 2, "rows": 2}, b"s")
    # Seat 0 top, seat 1 bottom, seat 0 left: seat 1 draws the fourth line of box (0, 0).
    state, _ = draw(state, ("h", 0, 0), ("h", 1, 0), ("v", 0, 0))
    assert ENGINE.to_move(state) == {1}
    state, events = draw(state, ("v", 0, 1))
    assert state["boxes"][0] == 1
    assert events[1:] == [{"code": "box_closed", "seat": 1, "row": 0, "col": 0}, {"code": "goes_again", "seat": 1}]
    assert ENGINE.to_move(state) == {1}
    # One line may close two boxes at once: both are the drawer's, still one more line.
    state = ENGINE.setup(2, {"columns": 2, "rows": 2}, b"s")
    state, _ = draw(state, ("h", 0, 0), ("h", 1, 0), ("v", 0, 0), ("h", 0, 1), ("h", 1, 1), ("v", 0, 2))
    (seat,) = ENGINE.to_move(state)
    state, events = draw(state, ("v", 0, 1))
    assert state["boxes"][:2] == [seat, seat]
    assert [e["code"] for e in events] == ["line_drawn", "box_closed", "box_closed", "goes_again"]
    assert ENGINE.to_move(state) == {seat}


def test_opening_a_long_chain_hands_it_over() -> None:
    """“The trick is to give away as little as possible. Opening a long chain hands over the
    whole chain.”"""
    # The top row of a 4 × 2 grid with both long sides drawn: its four boxes form one chain,
    # open at both ends. Drawing any line of it lets the next player take all four.
    state = ENGINE.setup(2, {"columns": 4, "rows": 2}, b"chain")
    # Row 1 already belongs to seat 0 (drawn lines and closed boxes), row 0 is the chain.
    state["h"] = [0] * 4 + [0] * 4 + [0] * 4
    state["v"] = [-1] * 5 + [0] * 5
    state["boxes"] = [-1] * 4 + [0] * 4
    state, _ = draw(state, ("v", 0, 2))
    assert ENGINE.to_move(state) == {1}
    taken, count = take_all(state)
    assert count == 4 and all(owner >= 0 for owner in taken["boxes"])
    # Seat 1 really can take them one after another, moving again each time.
    for d, r, c in (("v", 0, 1), ("v", 0, 0), ("v", 0, 3), ("v", 0, 4)):
        state, _ = draw(state, (d, r, c))
    assert state["boxes"][:4] == [1, 1, 1, 1]


def test_every_line_drawn_most_boxes_wins() -> None:
    """“When every line is drawn, most boxes wins.” Equal counts share a place."""
    state = ENGINE.setup(3, {"columns": 2, "rows": 2}, b"end")
    moves = 0
    while ENGINE.result(state) is None:
        (seat,) = ENGINE.to_move(state)
        assert ENGINE.legal_moves(state, seat)
        state, events = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0], 0)
        moves += 1
    assert moves == 12 and all(x >= 0 for x in state["h"] + state["v"])
    assert ENGINE.to_move(state) == frozenset()
    result = ENGINE.result(state)
    counts = [float(state["boxes"].count(s)) for s in range(3)]
    assert result["scores"] == counts and sum(counts) == 4
    assert events[-1] == {"code": "game_over", "scores": counts}
    best = max(counts)
    assert all((p == 1) == (c == best) for p, c in zip(result["placings"], counts, strict=True))
    # Two boxes each on a 2 × 2 grid: a shared first place.
    state = ENGINE.setup(2, {"columns": 2, "rows": 2}, b"tie")
    state["boxes"] = [0, 0, 1, -1]
    state["h"] = [0] * 6
    state["v"] = [0] * 5 + [-1]
    state["turn"] = 1
    state, _ = draw(state, ("v", 1, 2))
    assert ENGINE.result(state) == {"placings": [1, 1], "scores": [2.0, 2.0]}
