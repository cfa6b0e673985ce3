"""Draughts' state and view, as the engine reads and writes them."""

from __future__ import annotations

from typing import Literal, TypedDict

from rulekit import BaseView, CommonState


class Moved(TypedDict):
    path: list[int]  # squares 1..32: the start, then every landing
    captured: list[int]


class DraughtsState(CommonState):
    board: str  # 32 characters, index n - 1: ".", "b"/"B" seat 0's man/king, "w"/"W" seat 1's
    turn: int
    king_moves: int  # king moves without capture in a row
    over: bool
    winner: int | None  # None for a draw
    reason: Literal["no_pieces", "no_move", "forty_king_moves"] | None
    last: Moved | None


class DraughtsView(BaseView):
    public: DraughtsState  # an open game: the state less its generator
