"""What the platform knows of categories beyond its rules: CPU levels, test budget,
what a seat must not see, invariants."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration
from rulekit.playout import Playout

from . import ENGINE
from .cpu import LEVELS
from .rules import column_points
from .state import CategoriesState


def hidden_from(state: CategoriesState, seat: int | None) -> Iterable[Any]:
    """While the round is written: the others' answers (long enough not to be a mere letter,
    and not one this seat wrote too)."""
    if state["phase"] != "writing":
        return []
    own = set(state["answers"][seat]) if seat is not None else set()
    return [
        answer
        for author, row in enumerate(state["answers"])
        if author != seat
        for answer in row
        if len(answer) >= 4 and answer not in own
    ]


def check(before: CategoriesState, after: CategoriesState, seat: int, move: Move, events: list[Event]) -> None:
    assert after["round"] >= before["round"]
    if after["history"] != before["history"]:
        last = after["history"][-1]
        struck = {tuple(pair) for pair in last["struck"]}
        language = before["options"]["language"]
        for column in range(len(before["columns"])):
            answers = [row[column] for row in last["answers"]]
            gone = {author for author in range(before["seats"]) if (author, column) in struck}
            expected = column_points(answers, last["letter"], gone, language)
            assert [row[column] for row in last["points"]] == expected
            assert all(points in (0, 5, 10, 20) for points in expected)
        gained = [a - b for a, b in zip(after["scores"], before["scores"], strict=True)]
        assert gained == [sum(row) for row in last["points"]]
        if after["phase"] == "writing":
            assert after["letter"] not in before["used_letters"] or len(before["used_letters"]) == 23
    if move["type"] == "stop":
        assert after["phase"] != "writing" or after["round"] == before["round"] + 1
    if after["phase"] == "writing":
        assert after["letter"] not in "QXY"


def finished(run: Playout[CategoriesState]) -> None:
    assert len(run.final_state["history"]) == run.final_state["rounds"]


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 30, 5: 10}, thorough=10, scanned=5),
    levels=LEVELS,
    hidden_from=hidden_from,
    check=check,
    finished=finished,
)
