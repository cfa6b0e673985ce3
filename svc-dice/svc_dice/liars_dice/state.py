"""Liar's Dice's state and view, as the engine reads and writes them."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from rulekit import BaseView, CommonState


class Bid(TypedDict):
    seat: int
    quantity: int
    face: int


class Lifted(TypedDict):
    """The last challenge: the bid, every cup's faces, the count and who lost a die."""

    round: int
    challenger: int
    bidder: int
    quantity: int
    face: int
    count: int
    cups: list[list[int]]
    loser: int


class Shown(TypedDict):
    dice_count: list[int]  # per seat
    round: int
    turn: int | None  # None once the game is over
    bid: Bid | None  # the standing bid
    bids: list[Bid]  # this round's, in order
    lifted: Lifted | None
    out: list[int]  # seats in the order they went out
    winner: int | None


class LiarsDiceState(CommonState, Shown):
    cups: list[list[int]]  # per seat: die numbers of this round (die_number)


class LiarsDicePublic(Shown):
    total_dice: int


class LiarsDicePrivate(TypedDict):
    dice: list[int]  # the seat's own faces


class LiarsDiceView(BaseView):
    public: LiarsDicePublic
    private: NotRequired[LiarsDicePrivate]
