"""Blackjack duel's state and what a seat's view holds, as the engine writes them.

The state's other keys (schema, game, seats, options, rng, turn_started_ms) are rulekit's
(`CommonState`, through `StakesTable`); the view's other parts are `BaseView`'s.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from rulekit import BaseView

from ..core import Card
from ..core.stakes import StakesTable


class LastRound(TypedDict):
    round: int
    shown: list[list[list[Card]] | None]  # per seat, every hand, at a showdown
    won: list[int]
    paid: list[int]
    carried: int  # a pot every hand of which went over 21, for the next round
    until_ms: int | None


class DuelTable(StakesTable):
    """What every seat sees of the state."""

    ante_started_ms: int | None
    ante_base: int
    ante: int
    round: int
    carry: int
    last_round: LastRound | None
    stage: str  # "bet1", "draw", "bet2"
    stake: int  # per hand
    doubled: bool  # in this betting round
    committed: list[list[int]]  # per seat, per hand
    split: list[bool]
    stood: list[list[bool]]  # per seat, per hand
    hand_turn: int  # the hand of the seat to move


class DuelState(DuelTable):
    deck: list[Card]
    cards: list[list[list[Card]]]  # per seat, per hand


class FaceUp(TypedDict):
    up: Card  # the hand's first card, which everyone sees
    count: int


class DuelDerived(TypedDict):
    """What the view adds to the state's public keys."""

    pot: int
    hands: list[list[FaceUp]]
    ante_up_at_ms: int | None


class DuelPublic(DuelTable, DuelDerived):
    """What every seat sees: the table and what the view adds."""


class DuelPrivate(TypedDict):
    hands: list[list[Card]]  # before the drawing stage only each hand's face-up card
    totals: list[int]
    blackjack: list[bool]


class DuelView(BaseView):
    public: DuelPublic
    private: NotRequired[DuelPrivate]
