"""Seeded random reversi games through the engine interface, with reversi's invariants (the
count is in tests/budget.py; 2,000 in `make soak`)."""

from __future__ import annotations

from svc_boards.reversi import ENGINE
from svc_boards.reversi.rules import DISC, INDEX, flip_counts

from rulekit import Event, Move, State
from tests import budget

CORNERS = (INDEX["a1"], INDEX["h1"], INDEX["a8"], INDEX["h8"])


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
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


def test_random_games() -> None:
    played = budget.playouts(ENGINE, check=check, keep=True)
    runs = played.runs
    assert runs is not None and len(runs) == played.planned
    for run in runs:
        board = run.final_state["board"]
        placements = sum(1 for _, move in run.moves if move["type"] == "place")
        assert 64 - board.count(".") == 4 + placements
        scores = ENGINE.result(run.final_state)["scores"]
        assert scores == [board.count("B"), board.count("W")]
