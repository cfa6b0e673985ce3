"""What the platform knows of dominoes beyond its rules: CPU levels, test budget, the tiles a
seat must not see, invariants and the duel to 50 as a variant."""

from __future__ import annotations

from collections import Counter

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout

from . import ENGINE
from .cpu import LEVELS
from .rules import TARGET, TILES, hand_pips
from .state import DominoesState


def hidden_from(state: DominoesState, seat: int | None) -> list[str]:
    """The boneyard's tiles always; while a round is played, every hand but the seat's own."""
    hidden = list(state["boneyard"])
    if state["phase"] == "playing":
        hidden += [tile for owner, hand in enumerate(state["hands"]) if owner != seat for tile in hand]
    return hidden


def laid(state: DominoesState) -> list[str]:
    return [f"{min(pair)}-{max(pair)}" for pair in state["line"]]


def check(before: DominoesState, after: DominoesState, seat: int, move: Move, events: list[Event]) -> None:
    """Every tile of the set exactly once in hands, boneyard and line; equal halves touch; a
    play moves one tile from the mover's hand to an end, a draw takes tiles until one fits or
    the boneyard is empty; a pass only with nothing to play or draw; points only grow, by the
    other's pips; a duel ends exactly at 50."""
    everything = [t for hand in after["hands"] for t in hand] + after["boneyard"] + laid(after)
    assert Counter(everything) == Counter(TILES)
    line = after["line"]
    assert all(line[i][1] == line[i + 1][0] for i in range(len(line) - 1))
    kind = move["type"]
    if kind == "play":
        assert move["tile"] in before["hands"][seat] and move["tile"] not in after["hands"][seat]
        assert len(after["line"]) == len(before["line"]) + 1
    elif kind == "draw":
        drawn = len(before["boneyard"]) - len(after["boneyard"])
        assert drawn >= 1 and len(after["hands"][seat]) == len(before["hands"][seat]) + drawn
        assert not after["boneyard"] or ENGINE.legal_moves(after, seat)[0]["type"] == "play"
    elif kind == "pass":
        assert not before["boneyard"]
    for old, new in zip(before["points"], after["points"], strict=True):
        assert new >= old
    if after["points"] != before["points"]:
        winner = next(s for s in (0, 1) if after["points"][s] > before["points"][s])
        assert after["points"][winner] - before["points"][winner] == hand_pips(after["hands"][1 - winner])
    if after["variant"] == "duel":
        assert (after["phase"] == "over") == (max(after["points"]) >= TARGET)


def finished(run: Playout[DominoesState]) -> None:
    """Someone wins; a duel ends at 50 points, between two placings."""
    result = ENGINE.result(run.final_state)
    assert result is not None and min(result["placings"]) == 1
    if run.final_state["variant"] == "duel":
        assert max(result["scores"]) >= TARGET and sorted(result["placings"]) == [1, 2]


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 3000, 3: 2000, 4: 2000}, scanned=30),
    levels=LEVELS,
    hidden_from=hidden_from,
    check=check,
    finished=finished,
    variants=(Variant("duel", {"variant": "duel"}, 150, seats=(2,)),),
)
