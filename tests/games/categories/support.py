"""Shared helpers of the Categories tests."""

from __future__ import annotations

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
