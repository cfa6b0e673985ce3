"""Kalaha's state and view, as the engine reads and writes them."""

from __future__ import annotations

from typing import TypedDict

from rulekit import BaseView, CommonState


class Sown(TypedDict):
    seat: int
    pit: int


class KalahaState(CommonState):
    pits: list[int]  # 0..5 seat 0's pits, 6 its store, 7..12 seat 1's pits, 13 its store
    turn: int
    over: bool
    last: Sown | None  # the pit sown last


class KalahaView(BaseView):
    public: KalahaState  # an open game: the state less its generator
