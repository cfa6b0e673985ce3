"""Seeded random Dominoes games through the engine interface with the game's invariants and
the hidden-information scan: no view or delivered event of a seat (or of a spectator) carries
a tile of another hand or of the boneyard while it is hidden (the count is in tests/budget.py;
2,000 in `make soak`). The duel's matches to 50 play as a variant series of their own."""

from __future__ import annotations

from collections import Counter

import pytest
from svc_boards.dominoes import ENGINE
from svc_boards.dominoes.rules import TARGET, TILES, hand_pips

from rulekit import Event, Move, State
from tests import budget


def hidden_from(state: State, seat: int | None) -> list[str]:
    """The boneyard's tiles always; while a round is played, every hand but the seat's own."""
    hidden = list(state["boneyard"])
    if state["phase"] == "playing":
        hidden += [tile for owner, hand in enumerate(state["hands"]) if owner != seat for tile in hand]
    return hidden


def laid(state: State) -> list[str]:
    return [f"{min(pair)}-{max(pair)}" for pair in state["line"]]


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
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


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("block", range(budget.BLOCKS))
def test_random_house_games(seats: int, block: int) -> None:
    played = budget.playouts(
        ENGINE, seats=seats, block=block, blocks=budget.BLOCKS, check=check, hidden_from=hidden_from, keep=True
    )
    assert played.games == played.planned
    for run in played.runs or []:
        result = ENGINE.result(run.final_state)
        assert result is not None and min(result["placings"]) == 1


@pytest.mark.parametrize("block", range(budget.BLOCKS))
def test_random_duels_to_50(block: int) -> None:
    played = budget.playouts(
        ENGINE,
        seats=2,
        count=budget.extra(150),
        block=block,
        blocks=budget.BLOCKS,
        check=check,
        hidden_from=hidden_from,
        options={"variant": "duel"},
        label="duel",
        keep=True,
    )
    assert played.games == played.planned
    rounds = [run.final_state["round"] for run in played.runs or []]
    assert max(rounds) > 1
    for run in played.runs or []:
        result = ENGINE.result(run.final_state)
        assert result is not None and max(result["scores"]) >= TARGET and sorted(result["placings"]) == [1, 2]
