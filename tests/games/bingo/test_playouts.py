"""Seeded random Bingo games through rulekit's playout harness, with the game's invariants:
balls drawn once each and in turn, cards never change, a call wins exactly when the drawn
balls complete the pattern. The count is in tests/budget.py; 2,000 per seat count in `make
soak`. The balls still to come exist only in the generator, which the harness checks no view
carries; test_hidden.py checks that no view carries their order either."""

from __future__ import annotations

import pytest
from svc_dice.bingo import ENGINE
from svc_dice.bingo.rules import BALLS, winning_cells

from rulekit import Event, Move, State
from tests import budget

SEAT_COUNTS = list(range(2, 17))


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    assert after["cards"] == before["cards"]
    assert len(set(after["drawn"])) == len(after["drawn"]) <= BALLS
    if move["type"] == "draw":
        assert seat == before["drawer"] and after["drawer"] == (seat + 1) % before["seats"]
        assert after["drawn"][:-1] == before["drawn"] and events[0]["ball"] == after["drawn"][-1]
        assert all(after["may_call"])
        return
    assert after["drawn"] == before["drawn"] and not after["may_call"][seat]
    if move["type"] == "bingo":
        complete = winning_cells(before["cards"][seat], before["drawn"], before["options"]["pattern"]) is not None
        assert (after["winner"] == seat) == complete
        assert events[0]["code"] == ("bingo" if complete else "bingo_refused")


def test_budget_covers_every_seat_count() -> None:
    assert list(ENGINE.meta.allowed_seat_counts()) == SEAT_COUNTS


@pytest.mark.parametrize("block", range(budget.BLOCKS))
@pytest.mark.parametrize("seats", SEAT_COUNTS)
@pytest.mark.parametrize("pattern", ["line", "full_card"])
def test_random_playouts(seats: int, pattern: str, block: int) -> None:
    played = budget.playouts(
        ENGINE,
        seats=seats,
        block=block,
        blocks=budget.BLOCKS,
        check=check,
        options={"pattern": pattern},
        label=f"playout-{pattern}",
        keep=True,
    )
    assert played.runs is not None and len(played.runs) == played.planned > 0
    for run in played.runs:
        final = run.final_state
        winner = final["winner"]
        assert winner is not None and ENGINE.result(final)["placings"][winner] == 1
        assert winning_cells(final["cards"][winner], final["drawn"], pattern) == final["cells"]
