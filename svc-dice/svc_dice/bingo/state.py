"""Bingo's state and view, as the engine reads and writes them."""

from __future__ import annotations

from typing import TypedDict

from rulekit import BaseView, CommonState


class Call(TypedDict):
    seat: int
    valid: bool


class BingoState(CommonState):
    cards: list[list[int]]  # per seat 25 numbers, row by row, 0 for the free centre
    drawn: list[int]  # balls in the order drawn
    drawer: int  # the seat to draw next
    may_call: list[bool]  # per seat: a call is open this ball
    last_call: Call | None
    winner: int | None
    cells: list[int] | None  # the winning cells, 0..24


class BingoView(BaseView):
    public: BingoState  # cards and balls are open: the state less its generator
