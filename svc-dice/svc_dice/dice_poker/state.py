"""Dice Poker's state and view, as the engine reads and writes them."""

from __future__ import annotations

from typing import TypedDict

from rulekit import BaseView, CommonState


class Totals(TypedDict):
    upper: int
    bonus: int
    lower: int
    total: int


class DicePokerState(CommonState):
    turn: int | None  # None once the game is over
    round: int
    dice: list[int]  # this turn's dice, empty before its first roll
    rolls_left: int
    sheet: list[dict[str, int | None]]  # per seat: row -> points, None while free
    totals: list[Totals]  # per seat
    offers: dict[str, int]  # the free rows and what the dice would score there


class DicePokerView(BaseView):
    public: DicePokerState  # an open game: the state less its generator
