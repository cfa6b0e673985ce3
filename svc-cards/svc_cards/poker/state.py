"""Poker's state and what a seat's view holds, as the engine writes them.

The state's other keys (schema, game, seats, options, rng, turn_started_ms) are rulekit's
(`CommonState`, through `StakesTable`); the view's other parts are `BaseView`'s.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from rulekit import BaseView

from ..core import Card
from ..core.stakes import StakesTable


class ShownHand(TypedDict):
    cards: list[Card]
    hand: str  # the hand's name ("flush", ...)


class LastHand(TypedDict):
    hand: int
    board: list[Card]
    shown: list[ShownHand | None]  # per seat, at a showdown
    won: list[int]
    until_ms: int | None  # the shown cards stay on the table until then


class PokerTable(StakesTable):
    """What every seat sees of the state."""

    blinds_started_ms: int | None
    small_blind_base: int
    blinds: list[int]  # [small blind, big blind]
    hand: int  # the deal's number
    last_hand: LastHand | None
    street: str  # "preflop", "flop", "turn", "river"
    board: list[Card]
    bets: list[int]  # this betting round
    committed: list[int]  # this deal, towards the pots
    small_blind_seat: int
    big_blind_seat: int


class PokerState(PokerTable):
    deck: list[Card]
    hole: list[list[Card]]  # every seat's two cards


class PokerDerived(TypedDict):
    """What the view adds to the state's public keys."""

    pot: int
    hole_counts: list[int]
    blinds_up_at_ms: int | None


class PokerPublic(PokerTable, PokerDerived):
    """What every seat sees: the table and what the view adds."""


class PokerPrivate(TypedDict):
    hand: list[Card]  # the seat's hole cards


class PokerView(BaseView):
    public: PokerPublic
    private: NotRequired[PokerPrivate]  # a seat's view only, not the spectators'
