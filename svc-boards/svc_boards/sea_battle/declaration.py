"""What the platform knows of sea battle beyond its rules: CPU levels, test budget, the cells a
seat must not see, invariants."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration
from rulekit.playout import Playout, final_result

from . import ENGINE
from .cpu import LEVELS
from .grid import FLEET, FLEET_CELLS
from .state import SeaBattleState


def hidden_from(state: SeaBattleState, seat: int | None) -> list[int]:
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


def check(before: SeaBattleState, after: SeaBattleState, seat: int, move: Move, events: list[Event]) -> None:
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


def finished(run: Playout[SeaBattleState]) -> None:
    result = final_result(ENGINE, run.final_state)
    assert sorted(result["placings"]) == [1, 2] and max(result["scores"]) == 5.0


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget(80, thorough=10, scanned=20),
    levels=LEVELS,
    hidden_from=hidden_from,
    check=check,
    finished=finished,
)
