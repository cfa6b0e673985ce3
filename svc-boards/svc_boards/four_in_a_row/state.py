"""Four in a Row's state and view, as the engine reads and writes them."""

from __future__ import annotations

from typing import TypedDict

from rulekit import BaseView, CommonState


class Cell(TypedDict):
    column: int
    row: int


class FourInARowState(CommonState):
    columns: int
    rows: int
    connect: int  # discs in a row that win
    board: list[list[int]]  # board[row][column], row 0 the bottom; -1 empty, else a seat
    turn: int
    last: Cell | None  # the last disc dropped
    line: list[list[int]] | None  # the winning run as [column, row] cells
    moves: int


class FourInARowView(BaseView):
    public: FourInARowState  # an open game: the state less its generator
