"""What the platform knows of reversi beyond its rules: CPU levels, test budget, invariants."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration
from rulekit.playout import Playout, final_result

from . import ENGINE
from .cpu import LEVELS
from .rules import DISC, INDEX, flip_counts
from .state import ReversiState

CORNERS = (INDEX["a1"], INDEX["h1"], INDEX["a8"], INDEX["h8"])


def check(before: ReversiState, after: ReversiState, seat: int, move: Move, events: list[Event]) -> None:
    """A placement adds one disc and flips exactly the promised number; a pass changes no disc;
    corners never change colour; the game ends exactly when neither seat can place; `last` is
    the square placed on, None after a pass."""
    own, other = DISC[seat], DISC[1 - seat]
    if move["type"] == "pass":
        assert after["board"] == before["board"]
        assert after["turn"] == 1 - seat
        assert after["last"] is None
        return
    assert after["last"] == move["square"]
    promised = ENGINE.view(before, seat)["public"]["flips"][move["square"]]
    assert after["board"].count(own) == before["board"].count(own) + 1 + promised
    assert after["board"].count(other) == before["board"].count(other) - promised
    assert events[0] == {"code": "placed", "seat": seat, "square": move["square"], "flipped": promised}
    for corner in CORNERS:
        assert before["board"][corner] in (".", after["board"][corner])
    # The game ends exactly when neither seat can place.
    assert after["over"] == (not flip_counts(after["board"], 0) and not flip_counts(after["board"], 1))


def finished(run: Playout[ReversiState]) -> None:
    """Every disc on the board was placed (four at the start), and the score counts them."""
    board = run.final_state["board"]
    placements = sum(1 for _, move in run.moves if move["type"] == "place")
    assert 64 - board.count(".") == 4 + placements
    assert final_result(ENGINE, run.final_state)["scores"] == [board.count("B"), board.count("W")]


DECLARATION = GameDeclaration(engine=ENGINE, budget=Budget(800), levels=LEVELS, check=check, finished=finished)
