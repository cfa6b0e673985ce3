"""Reversi's state and view, as the engine reads and writes them."""

from __future__ import annotations

from rulekit import BaseView, CommonState


class ReversiState(CommonState):
    board: str  # 64 characters, index row * 8 + column, row 0 = rank 1; ".", "B" (seat 0), "W"
    turn: int
    over: bool
    last: str | None  # the square of the last placement ("d3"); None after a pass


class ReversiPublic(ReversiState):
    flips: dict[str, int]  # each legal square of the seat to move -> the discs it would flip


class ReversiView(BaseView):
    public: ReversiPublic
