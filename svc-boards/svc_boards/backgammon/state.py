"""Backgammon's state and view, as the engine reads and writes them."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from rulekit import BaseView, CommonState


class Turn(TypedDict):
    seat: int
    dice: list[int]
    steps: list[list[int]]  # [from, to] in the mover's numbering


class BackgammonState(CommonState):
    board: list[list[int]]  # per seat: its checkers on its points 1..24 ([p - 1]), [24] its bar
    off: list[int]  # per seat, borne off
    turn: int
    dice: list[int]  # two numbers; [0, 0] while the cube may be turned before the roll
    turns: int  # played so far
    over: bool
    winner: int | None
    kind: str | None  # "single", "gammon", "backgammon", "turn_limit", "drop"
    last: Turn | None  # the previous turn
    opening: list[int]  # the opening roll: seat 0's die, seat 1's (rolled in `initial_state`)
    scores: NotRequired[list[int]]  # once the game is over
    # With the doubling cube on:
    cube: NotRequired[int]
    cube_owner: NotRequired[int | None]  # None in the middle
    phase: NotRequired[Literal["decide", "answer", "move"]]


class BackgammonView(BaseView):
    public: BackgammonState  # an open game: the state less its generator
