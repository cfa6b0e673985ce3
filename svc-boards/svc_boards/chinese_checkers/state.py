"""Chinese Checkers' state and view, as the engine reads and writes them."""

from __future__ import annotations

from typing import TypedDict

from rulekit import BaseView, CommonState

# {"seat", "from", "to"}: "from" is a keyword, so the functional form.
Step = TypedDict("Step", {"seat": int, "from": int, "to": int})


class ChineseCheckersState(CommonState):
    board: list[int]  # 121 holes: the seat whose peg is there, or -1
    homes: list[int]  # the star point each seat starts in
    turn: int | None  # None once the game is over
    moves: int  # made so far
    winner: int | None
    last: Step | None


class ChineseCheckersPublic(ChineseCheckersState):
    targets: list[list[int]]  # per seat, the holes of the point it must fill


class ChineseCheckersView(BaseView):
    public: ChineseCheckersPublic
