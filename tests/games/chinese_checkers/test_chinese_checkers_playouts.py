"""Seeded random Chinese Checkers games through the engine interface (the count is in
tests/budget.py): pegs are never created or lost, a move takes one peg of the mover from one
hole to another, and the game ends exactly when a seat's target is full with one of its pegs,
or at the round limit."""

from __future__ import annotations

import pytest
from svc_boards.chinese_checkers import ENGINE
from svc_boards.chinese_checkers.rules import MAX_ROUNDS, has_won

from rulekit import Event, Move, State
from tests import budget


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    for owner in range(len(after["homes"])):
        assert after["board"].count(owner) == 10
    assert before["board"][move["from"]] == seat and before["board"][move["to"]] == -1
    changed = [h for h in range(len(after["board"])) if after["board"][h] != before["board"][h]]
    assert sorted(changed) == sorted([move["from"], move["to"]])
    won = has_won(after["board"], seat, after["homes"][seat])
    assert (after["winner"] == seat) == won
    assert (after["turn"] is None) == (won or after["moves"] >= MAX_ROUNDS * len(after["homes"]))


@pytest.mark.parametrize("seats", [2, 3, 4, 6])
def test_random_games(seats: int) -> None:
    played = budget.playouts(ENGINE, seats=seats, check=check)
    assert played.games == played.planned
