"""What the platform knows of village night beyond its rules: CPU levels, test budget,
what a seat must not see, invariants."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration
from rulekit.playout import Playout

from . import ENGINE
from .cpu import LEVELS
from .rules import ROLES, SEER, WITCH, WOLF, deal
from .state import VillageNightState


def hidden_from(state: VillageNightState, seat: int | None) -> Iterable[Any]:
    """Before the end: every role name this seat has no right to know (a villager never sees
    "wolf", "seer" or "witch"; the pack sees only "wolf"; the seer what she looked at), the
    pack's channel and the pack's, seer's and witch's move types for everyone outside them."""
    if state["phase"] == "over":
        return []
    in_play = set(state["roles"])
    if seat is None:
        return sorted(in_play | {"pack", "kill", "look", "brew"})
    role = state["roles"][seat]
    known = {role}
    if role == SEER:
        known |= {seen for _, seen in state["seen"]}
    secret = in_play - known
    if role != WOLF:
        secret |= {"pack", "kill"}
    if role != SEER:
        secret.add("look")
    if role != WITCH:
        secret.add("brew")
    assert secret <= set(ROLES) | {"pack", "kill", "look", "brew"}
    return sorted(secret)


def check(before: VillageNightState, after: VillageNightState, seat: int, move: Move, events: list[Event]) -> None:
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


def finished(run: Playout[VillageNightState]) -> None:
    assert run.final_state["winner"] in {"village", "pack"}


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({5: 600, 9: 300, 13: 150}, thorough=20, scanned=5),
    levels=LEVELS,
    hidden_from=hidden_from,
    check=check,
    finished=finished,
)
