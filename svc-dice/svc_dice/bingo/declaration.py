"""What the platform knows of bingo beyond its rules: CPU levels, test budget, invariants and
the full-card pattern."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout, final_result

from . import ENGINE
from .cpu import LEVELS
from .rules import BALLS, winning_cells
from .state import BingoState

BUDGET = Budget({2: 40, 5: 10, 9: 4}, thorough=5, scanned=2)


def check(before: BingoState, after: BingoState, seat: int, move: Move, events: list[Event]) -> None:
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


def finished(run: Playout[BingoState]) -> None:
    """Someone called a complete card, and the card's cells are the ones the game names."""
    final = run.final_state
    winner = final["winner"]
    assert winner is not None and final_result(ENGINE, final)["placings"][winner] == 1
    assert winning_cells(final["cards"][winner], final["drawn"], final["options"]["pattern"]) == final["cells"]


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=BUDGET,
    levels=LEVELS,
    check=check,
    finished=finished,
    variants=tuple(
        Variant("playout-full_card", {"pattern": "full_card"}, BUDGET.at(seats), seats=(seats,))
        for seats in ENGINE.meta.allowed_seat_counts()
    ),
)
