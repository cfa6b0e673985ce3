"""Chess's state and view, as the engine reads and writes them."""

from __future__ import annotations

from typing import NotRequired

from rulekit import BaseView, CommonState


class ChessState(CommonState):
    white: int  # the seat playing White
    start_fen: str
    moves: list[str]  # the game's record in UCI
    san: list[str]  # the same moves in SAN
    last: str | None  # the last move in UCI
    since_fen: str  # the position after the last capture or pawn move (repetitions start there)
    since_ply: int  # and its index in `moves`
    fen: str  # the position now
    check: bool
    turn: int  # the seat to move
    termination: str | None  # "checkmate", "stalemate", "resignation", "time", ... once over
    winner: int | None
    bank_ms: NotRequired[list[int] | None]  # the chess clock: each seat's time left


class ChessView(BaseView):
    public: ChessState  # an open game: the state less its generator
