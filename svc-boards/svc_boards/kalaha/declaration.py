"""What the platform knows of kalaha beyond its rules: CPU levels, test budget, invariants and
the seed counts worth playing."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout, final_result

from . import ENGINE
from .cpu import LEVELS
from .rules import STORE
from .state import KalahaState


def check(before: KalahaState, after: KalahaState, seat: int, move: Move, events: list[Event]) -> None:
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


def finished(run: Playout[KalahaState]) -> None:
    """The scores share out every seed."""
    result = final_result(ENGINE, run.final_state)
    assert sum(result["scores"]) == 12 * run.final_state["options"]["seeds"]


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget(1000),
    levels=LEVELS,
    check=check,
    finished=finished,
    variants=tuple(Variant(f"seeds{seeds}", {"seeds": seeds}, 100) for seeds in (3, 5, 6)),
)
