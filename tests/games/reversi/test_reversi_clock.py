"""Reversi's move clock: 60 / 30 / 15 s a move; out of time, the clock takes a corner if it
can, avoids the squares that give a corner away, then flips the most discs; it passes only
when it must."""

from __future__ import annotations

from svc_boards.reversi import ENGINE
from svc_boards.reversi.rules import INDEX, SQUARE_VALUE, flip_counts

from tests.games.clock.support import deadline_seconds, positions

CORNERS = {"a1", "h1", "a8", "h8"}


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 2) == {"off": None, "relaxed": 60, "normal": 30, "fast": 15}


def test_the_square_values_are_the_usual_table() -> None:
    assert {SQUARE_VALUE[INDEX[c]] for c in CORNERS} == {100}
    assert {SQUARE_VALUE[INDEX[x]] for x in ("b2", "g2", "b7", "g7")} == {-50}
    assert tuple(reversed(SQUARE_VALUE)) == SQUARE_VALUE


def test_the_clock_takes_a_corner_and_never_gives_one_away_needlessly() -> None:
    corners = 0
    for state in positions(ENGINE, 2, 60):
        seat = state["turn"]
        legal = ENGINE.legal_moves(state, seat)
        chosen = ENGINE.timeout_move(state, seat)
        assert chosen in legal
        if legal[0]["type"] == "pass":
            assert chosen == {"type": "pass"}
            continue
        squares = {m["square"] for m in legal}
        if squares & CORNERS:
            assert chosen["square"] in CORNERS
            corners += 1
        value = SQUARE_VALUE[INDEX[chosen["square"]]]
        assert value == max(SQUARE_VALUE[INDEX[s]] for s in squares)
        flips = dict(flip_counts(state["board"], seat))
        same = [s for s in squares if SQUARE_VALUE[INDEX[s]] == value]
        assert flips[INDEX[chosen["square"]]] == max(flips[INDEX[s]] for s in same)
    assert corners > 10
