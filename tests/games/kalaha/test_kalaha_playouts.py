"""Seeded random kalaha games through the engine interface, with kalaha's invariants (the count
is in tests/budget.py; 2,000 in `make soak`)."""

from __future__ import annotations

import pytest
from svc_boards.kalaha import ENGINE
from svc_boards.kalaha.rules import STORE

from rulekit import Event, Move, State
from tests import budget


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    """Seeds are conserved, stores never shrink, no count goes negative, the mover goes again
    exactly after an extra_turn event, the game ends exactly when a side is empty, and `last`
    is this move's seat and pit."""
    seeds = before["options"]["seeds"]
    assert sum(after["pits"]) == sum(before["pits"]) == 12 * seeds
    assert min(after["pits"]) >= 0
    for store in STORE:
        assert after["pits"][store] >= before["pits"][store]
    assert after["last"] == {"seat": seat, "pit": move["pit"]}
    codes = [e["code"] for e in events]
    assert codes[0] == "sowed" and events[0]["seeds"] == before["pits"][seat * 7 + move["pit"]]
    if after["over"]:
        assert codes[-1] == "game_over" and "extra_turn" not in codes
        assert all(after["pits"][i] == 0 for i in range(14) if i not in STORE)
    else:
        assert any(after["pits"][0:6]) and any(after["pits"][7:13])
        assert (after["turn"] == seat) == ("extra_turn" in codes)


def _final(played: budget.Tally) -> None:
    assert played.runs is not None and len(played.runs) == played.planned
    for run in played.runs:
        result = ENGINE.result(run.final_state)
        assert sum(result["scores"]) == 12 * run.final_state["options"]["seeds"]


def test_random_games() -> None:
    _final(budget.playouts(ENGINE, check=check, keep=True))


@pytest.mark.parametrize("seeds", [3, 5, 6])
def test_random_games_with_other_seed_counts(seeds: int) -> None:
    _final(
        budget.playouts(
            ENGINE, count=budget.extra(100), options={"seeds": seeds}, check=check, label=f"seeds{seeds}", keep=True
        )
    )
