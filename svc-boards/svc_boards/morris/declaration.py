"""What the platform knows of morris beyond its rules: CPU levels, test budget, invariants and
the settings worth playing."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout

from . import ENGINE
from .cpu import LEVELS
from .rules import COLOUR, DRAW_QUIET_MOVES, INDEX, LAYOUTS, closes_mill
from .state import MorrisState


def pieces(state: MorrisState, seat: int) -> int:
    return state["board"].count(COLOUR[seat]) + state["in_hand"][seat]


def check(before: MorrisState, after: MorrisState, seat: int, move: Move, events: list[Event]) -> None:
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


def finished(run: Playout[MorrisState]) -> None:
    """A game lost on pieces leaves the loser two; a draw comes at the quiet-move limit."""
    state = run.final_state
    if state["reason"] == "too_few_pieces":
        winner = state["winner"]
        assert winner is not None and pieces(state, 1 - winner) == 2
    elif state["reason"] == "fifty_moves":
        assert state["winner"] is None and state["quiet"] == DRAW_QUIET_MOVES


SETTINGS = ({"pieces": 12}, {"flying": False}, {"pieces": 12, "flying": False})

DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget(800),
    levels=LEVELS,
    check=check,
    finished=finished,
    variants=tuple(Variant(str(sorted(options.items())), options, 150) for options in SETTINGS),
)
