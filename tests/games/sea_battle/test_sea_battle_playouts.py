"""Seeded random Sea Battle games through the engine interface with the game's invariants and
the hidden-information scan: no view or delivered event of a seat (or of a spectator) carries
a cell of the other fleet that has not been hit, until the game is over (the count is in
tests/budget.py; 2,000 in `make soak`)."""

from __future__ import annotations

import pytest
from svc_boards.sea_battle import ENGINE
from svc_boards.sea_battle.grid import FLEET, FLEET_CELLS

from rulekit import Event, Move, State
from tests import budget


def hidden_from(state: State, seat: int | None) -> list[int]:
    """The other fleet's cells not yet hit (both fleets' for a spectator); nothing once over."""
    if state["phase"] == "over":
        return []
    return [
        c
        for owner in (0, 1)
        if owner != seat
        for ship in state["fleets"][owner]
        for c in ship["cells"]
        if c not in state["hits"][1 - owner]
    ]


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    """Fleets never overlap and are locked once the battle starts; a shot is new, a hit exactly
    when it lands on a ship, the turn passes exactly on a miss; the game ends exactly when the
    seventeenth hit of a seat sinks the last ship."""
    for fleet in after["fleets"]:
        cells = [c for ship in fleet for c in ship["cells"]]
        assert len(cells) == len(set(cells))
        assert [s["name"] for s in fleet] == [n for n, _ in FLEET[: len(fleet)]]
    if move["type"] != "fire":
        assert before["phase"] == "placing" and after["shots"] == [[], []]
        if after["phase"] == "firing":
            assert all(after["ready"]) and all(len(f) == 5 for f in after["fleets"])
        return
    assert before["phase"] == "firing" and after["fleets"] == before["fleets"]
    shot = after["shots"][seat][-1]
    assert shot not in before["shots"][seat] and len(after["shots"][seat]) == len(before["shots"][seat]) + 1
    on_ship = any(shot in ship["cells"] for ship in after["fleets"][1 - seat])
    assert (events[0]["result"] != "miss") == on_ship
    assert (after["hits"][seat][-1:] == [shot]) == on_ship
    if after["phase"] == "over":
        assert len(after["hits"][seat]) == FLEET_CELLS and events[-1] == {"code": "game_over", "winner": seat}
    else:
        assert (after["turn"] == seat) == on_ship


@pytest.mark.parametrize("block", range(budget.BLOCKS))
def test_random_games(block: int) -> None:
    played = budget.playouts(
        ENGINE, seats=2, block=block, blocks=budget.BLOCKS, check=check, hidden_from=hidden_from, keep=True
    )
    assert played.runs is not None and len(played.runs) == played.planned
    for run in played.runs:
        result = ENGINE.result(run.final_state)
        assert sorted(result["placings"]) == [1, 2] and max(result["scores"]) == 5.0
