"""Seeded random morris games through the engine interface, with morris' invariants (the count
is in tests/budget.py; 2,000 in `make soak`)."""

from __future__ import annotations

import pytest
from svc_boards.morris import ENGINE
from svc_boards.morris.rules import COLOUR, DRAW_QUIET_MOVES, INDEX, LAYOUTS, closes_mill

from rulekit import Event, Move, State
from tests import budget


def pieces(state: State, seat: int) -> int:
    return state["board"].count(COLOUR[seat]) + state["in_hand"][seat]


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    """Pieces are never created; the mover keeps all of its pieces; the other seat loses one
    exactly when the move closes a mill (and only a piece outside mills, if it had one);
    placing ends before moving starts; the quiet-move count runs as the rules say; `last` is
    this move, with the piece it took."""
    other = 1 - seat
    layout = LAYOUTS[before["options"]["pieces"]]
    own_colour, other_colour = COLOUR[seat], COLOUR[other]
    assert pieces(after, seat) == pieces(before, seat)
    to = INDEX[move["to"]]
    closed = closes_mill(layout, after["board"], to, own_colour)
    if move["type"] == "place":
        assert before["in_hand"][seat] > 0 and after["in_hand"][seat] == before["in_hand"][seat] - 1
    else:
        assert before["in_hand"] == [0, 0]
        assert after["quiet"] == (0 if closed else before["quiet"] + 1)
    if "remove" in move:
        assert closed
        taken = INDEX[move["remove"]]
        assert before["board"][taken] == other_colour and after["board"][taken] == "."
        assert pieces(after, other) == pieces(before, other) - 1
        outside = [
            i
            for i, cell in enumerate(before["board"])
            if cell == other_colour and not closes_mill(layout, before["board"], i, other_colour)
        ]
        if outside:
            assert taken in outside
    else:
        assert not closed or before["board"].count(other_colour) == 0
        assert pieces(after, other) == pieces(before, other)
    assert after["over"] or after["quiet"] < DRAW_QUIET_MOVES
    last = {"to": move["to"]} if move["type"] == "place" else {"from": move["from"], "to": move["to"]}
    if "remove" in move:
        last["removed"] = move["remove"]
    assert after["last"] == last


def _ends(played: budget.Tally) -> None:
    assert played.runs is not None and len(played.runs) == played.planned
    for run in played.runs:
        state = run.final_state
        if state["reason"] == "too_few_pieces":
            assert pieces(state, 1 - state["winner"]) == 2
        elif state["reason"] == "fifty_moves":
            assert state["winner"] is None and state["quiet"] == DRAW_QUIET_MOVES


def test_random_games() -> None:
    _ends(budget.playouts(ENGINE, check=check, keep=True))


@pytest.mark.parametrize("options", [{"pieces": 12}, {"flying": False}, {"pieces": 12, "flying": False}])
def test_random_games_with_other_settings(options: dict) -> None:
    label = str(sorted(options.items()))
    _ends(budget.playouts(ENGINE, count=budget.extra(150), options=options, check=check, label=label, keep=True))
