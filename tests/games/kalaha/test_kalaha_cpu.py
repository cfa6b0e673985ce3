"""Kalaha CPU levels: each returns a legal move from a view; the strongest beats random."""

from __future__ import annotations

from svc_boards.kalaha import ENGINE

from tests.games.board_cpu import (
    strong_wins_against_random,
)

GAME = "kalaha"


def test_strong_beats_random() -> None:
    """At least 95% of 40 games, colours alternated."""
    wins = strong_wins_against_random(ENGINE, GAME, 40)
    assert wins >= 38, f"strong won only {wins} of 40"
