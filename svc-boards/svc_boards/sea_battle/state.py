"""Sea Battle's state and view, as the engine reads and writes them."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from rulekit import BaseView, CommonState


class Ship(TypedDict):
    name: str
    cells: list[int]  # grid.cell ids


class Shot(TypedDict):
    seat: int
    row: int
    col: int
    result: Literal["miss", "hit", "sunk"]


class SeaBattleState(CommonState):
    phase: Literal["placing", "firing", "over"]
    fleets: list[list[Ship]]  # per seat, in fleet order
    ready: list[bool]
    changes: list[int]  # lifts and shuffles used
    shots: list[list[int]]  # per seat: the cells it fired at in the other seat's waters
    hits: list[list[int]]  # per seat: the cells of those that hit
    turn: int  # the seat firing
    last: Shot | None


class SeaBattlePublic(TypedDict):
    phase: Literal["placing", "firing", "over"]
    ready: list[bool]
    shots: list[list[int]]
    hits: list[list[int]]
    sunk: list[list[Ship]]  # per owner: its ships sunk so far
    turn: int
    last: Shot | None
    fleets: list[list[Ship]] | None  # shown once the game is over


class SeaBattlePrivate(TypedDict):
    fleet: list[Ship]
    changes_left: int


class SeaBattleView(BaseView):
    public: SeaBattlePublic
    private: NotRequired[SeaBattlePrivate]
