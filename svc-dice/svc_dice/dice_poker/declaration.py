"""What the platform knows of dice poker beyond its rules: CPU levels, test budget, invariants
(the sheet's rows written out plainly here, apart from the engine's score table)."""

from __future__ import annotations

from functools import cache

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration
from rulekit.playout import Playout, final_result

from . import ENGINE
from .cpu import LEVELS
from .state import DicePokerState

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
LOWER = ("three_kind", "four_kind", "full_house", "small_straight", "large_straight", "five_kind", "chance")


def reference_points(row: str, dice: list[int]) -> int:
    return _reference(row, tuple(sorted(dice)))


@cache
def _reference(row: str, dice: tuple[int, ...]) -> int:
    """The sheet's rows written out plainly, independent of the engine's score table."""
    if row in UPPER:
        face = UPPER.index(row) + 1
        return face * dice.count(face)
    counts = sorted((dice.count(face) for face in set(dice)), reverse=True)
    run = "".join(str(face) for face in sorted(set(dice)))
    if row == "three_kind":
        return sum(dice) if counts[0] >= 3 else 0
    if row == "four_kind":
        return sum(dice) if counts[0] >= 4 else 0
    if row == "full_house":
        return 25 if counts == [3, 2] else 0
    if row == "small_straight":
        return 30 if any(s in run for s in ("1234", "2345", "3456")) else 0
    if row == "large_straight":
        return 40 if run in ("12345", "23456") else 0
    if row == "five_kind":
        return 50 if counts == [5] else 0
    return sum(dice)


def check(before: DicePokerState, after: DicePokerState, seat: int, move: Move, events: list[Event]) -> None:
    dice = after["dice"]
    assert dice == [] or (len(dice) == 5 and all(isinstance(d, int) and 1 <= d <= 6 for d in dice))
    for sheet, totals in zip(after["sheet"], after["totals"], strict=True):
        upper = sum(sheet[row] or 0 for row in UPPER)
        lower = sum(sheet[row] or 0 for row in LOWER)
        bonus = 35 if upper >= 63 else 0
        assert totals == {"upper": upper, "bonus": bonus, "lower": lower, "total": upper + bonus + lower}
    if move["type"] == "roll":
        assert after["rolls_left"] == before["rolls_left"] - 1
        assert all(after["dice"][i] == before["dice"][i] for i in move["keep"])
        free = [row for row, points in after["sheet"][seat].items() if points is None]
        assert after["offers"] == {row: reference_points(row, dice) for row in free}
        assert events == [{"code": "rolled", "seat": seat, "dice": dice, "keep": move["keep"]}]
    else:
        points = reference_points(move["row"], before["dice"])
        assert before["sheet"][seat][move["row"]] is None
        assert after["sheet"][seat][move["row"]] == points
        assert events[0] == {"code": "scored", "seat": seat, "row": move["row"], "points": points}
        reached = before["totals"][seat]["bonus"] == 0 and after["totals"][seat]["bonus"] == 35
        assert ({"code": "bonus", "seat": seat, "points": 35} in events) == reached
        assert (after["dice"], after["offers"]) == ([], {})
        assert (events[-1] == {"code": "game_over"}) == (after["turn"] is None)


def finished(run: Playout[DicePokerState]) -> None:
    """Every row of every sheet scored, each once; the result is the sheets' totals."""
    final = run.final_state
    assert all(None not in sheet.values() for sheet in final["sheet"])
    scored = [e for e in run.events if e["code"] == "scored"]
    assert len(scored) == 13 * run.seats
    assert final_result(ENGINE, final)["scores"] == [t["total"] for t in final["totals"]]
    assert run.steps <= 13 * run.seats * 4


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 400, 3: 100, 5: 40}, thorough=40),
    levels=LEVELS,
    check=check,
    finished=finished,
)
