"""Seeded random Village Night games through rulekit's playout harness, with the game's
invariants; every view and delivered event is scanned for roles, the pack's channel and the
powers' move types that seat may not know."""

from __future__ import annotations

import pytest
from svc_words.village_night import ENGINE
from svc_words.village_night.rules import WOLF, deal

from rulekit import Event, Move, State
from tests import budget

from .support import hidden_from

SEAT_COUNTS = list(range(5, 17))


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    # The cards never change hands and the dead never come back.
    assert sorted(after["roles"]) == sorted(deal(after["seats"]))
    assert after["roles"] == before["roles"]
    assert all(a <= b for a, b in zip(after["alive"], before["alive"], strict=True))
    assert len(after["deaths"]) == after["alive"].count(False)
    # The potions are spent at most once.
    assert not (before["save_left"] is False and after["save_left"] is True)
    assert not (before["poison_left"] is False and after["poison_left"] is True)
    living = [s for s, alive in enumerate(after["alive"]) if alive]
    wolves = sum(1 for s in living if after["roles"][s] == WOLF)
    if after["phase"] == "over":
        assert after["winner"] == ("village" if wolves == 0 else "pack")
        assert wolves == 0 or wolves >= len(living) - wolves
    else:
        assert 0 < wolves < len(living) - wolves
        assert ENGINE.to_move(after) <= set(living)


def test_budget_covers_every_seat_count() -> None:
    assert list(ENGINE.meta.allowed_seat_counts()) == SEAT_COUNTS


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_random_playouts(seats: int) -> None:
    played = budget.playouts(ENGINE, seats=seats, check=check, hidden_from=hidden_from, keep=True)
    assert played.runs is not None and len(played.runs) == played.planned > 0
    winners = {run.final_state["winner"] for run in played.runs}
    assert winners <= {"village", "pack"}
