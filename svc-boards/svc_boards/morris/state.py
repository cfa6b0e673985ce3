"""Nine Men's Morris' state and view, as the engine reads and writes them."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from rulekit import BaseView, CommonState

# The last move: {"to"} for a placement, {"from", "to"} for a move, with "removed" when it
# took a piece ("from" is a keyword, so the functional form).
Last = TypedDict("Last", {"from": NotRequired[str], "to": str, "removed": NotRequired[str]})


class MorrisState(CommonState):
    board: str  # 24 characters in the order of POINTS: "." free, "W" seat 0, "B" seat 1
    in_hand: list[int]  # pieces each seat has still to place
    turn: int
    quiet: int  # moving-phase moves since the last mill
    over: bool
    winner: int | None  # None for a draw
    reason: Literal["too_few_pieces", "no_move", "fifty_moves"] | None
    last: Last | None


class MorrisView(BaseView):
    public: MorrisState  # an open game: the state less its generator
