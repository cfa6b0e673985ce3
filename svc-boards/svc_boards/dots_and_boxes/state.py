"""Dots and Boxes' state and view, as the engine reads and writes them."""

from __future__ import annotations

from typing import Literal, TypedDict

from rulekit import BaseView, CommonState

Direction = Literal["h", "v"]


class Line(TypedDict):
    seat: int
    dir: Direction
    row: int
    col: int


class DotsAndBoxesState(CommonState):
    h: list[int]  # horizontal lines row by row, (rows + 1) × columns: -1 undrawn, else the seat
    v: list[int]  # vertical lines row by row, rows × (columns + 1)
    boxes: list[int]  # rows × columns owners, -1 open
    turn: int
    over: bool
    last: Line | None


class DotsAndBoxesView(BaseView):
    public: DotsAndBoxesState  # an open game: the state less its generator
