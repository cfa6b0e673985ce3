"""Seeded random backgammon games through the engine interface, with backgammon's invariants
(the count is in tests/budget.py; 2,000 in `make soak`)."""

from __future__ import annotations

from svc_boards.backgammon import ENGINE
from svc_boards.backgammon.rules import CHECKERS, pips

from rulekit import Event, Move, State
from tests import budget


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    """Fifteen checkers a side (board, bar and off), never a point shared by both sides, no
    count negative, borne-off checkers never come back, the mover's pips fall by exactly the
    dice it used (a higher die bearing off counts its point), a hit puts the blot on the bar,
    the turn passes unless the game ended, the dice are two faces or zero once over."""
    for s in (0, 1):
        assert sum(after["board"][s]) + after["off"][s] == CHECKERS
        assert min(after["board"][s]) >= 0
        assert after["off"][s] >= before["off"][s]
    for point in range(1, 25):
        assert not (after["board"][0][point - 1] and after["board"][1][24 - point])
    steps = move["steps"]
    assert events[0] == {"code": "moved", "seat": seat, "steps": steps, "hits": events[0]["hits"]}
    assert pips(before["board"][seat]) - pips(after["board"][seat]) == sum(a - b for a, b in steps)
    other = 1 - seat
    assert after["board"][other][24] == before["board"][other][24] + events[0]["hits"]
    dice = before["dice"]
    assert len(steps) <= (4 if dice[0] == dice[1] else 2)
    if after["over"]:
        assert events[-1]["code"] == "game_over"
        assert after["off"][seat] == CHECKERS or after["kind"] == "turn_limit"
    else:
        assert all(1 <= d <= 6 for d in after["dice"])
        assert after["last"]["seat"] in (0, 1)


def test_random_games() -> None:
    played = budget.playouts(ENGINE, check=check, keep=True)
    assert played.runs is not None and len(played.runs) == played.planned
    for run in played.runs:
        result = ENGINE.result(run.final_state)
        assert sorted(result["placings"]) in ([1, 2], [1, 1])
        assert max(result["scores"]) in (1, 2, 3)
