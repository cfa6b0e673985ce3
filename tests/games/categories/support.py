"""Shared helpers of the Categories tests."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from svc_words.categories import ENGINE

from rulekit import State


def game(seats: int = 3, **options: Any) -> State:
    return ENGINE.setup(seats, {"language": "de", "columns": 3, **options}, b"categories-test")


def write(state: State, seat: int, *answers: str) -> State:
    for column, answer in enumerate(answers):
        state, _ = ENGINE.apply(state, seat, {"type": "write", "column": column, "word": answer}, 0)
    return state


def play(state: State, mover: int, kind: str, **fields: Any) -> tuple[State, list[dict[str, Any]]]:
    return ENGINE.apply(state, mover, {"type": kind, **fields}, 0)


def hidden_from(state: State, seat: int | None) -> Iterable[Any]:
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
