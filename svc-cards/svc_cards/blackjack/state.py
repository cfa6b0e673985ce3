"""Blackjack's state and view, as the engine reads and writes them."""

from __future__ import annotations

from typing import Literal, TypedDict

from rulekit import BaseView, CommonState


class RoundPlayed(TypedDict):
    round: int
    dealer: list[str]
    dealer_total: int
    hands: list[list[str]]
    bets: list[int]
    outcomes: list[str | None]  # per seat: "blackjack", "win", "push", "lose", "bust"; None if out
    paid: list[int]


class Shown(CommonState):
    """What every seat sees of the state: all of it but the dealer's cards and the shoe."""

    phase: Literal["bet", "play", "over"]
    round: int
    rounds: int
    start_chips: int
    chips: list[int]
    house: int  # the dealer's winnings less its losses
    next_deck: int
    round_decks: list[int]  # the shoe's first deck number and how many decks
    last_round: RoundPlayed | None
    # The round's keys, set when it starts:
    in_round: list[bool]
    bets: list[int]
    hands: list[list[str]]
    doubled: list[bool]
    done: list[bool]
    turn: int | None
    hole_turned: bool


class BlackjackState(Shown):
    dealer: list[str]
    shoe: list[str]


class BlackjackPublic(Shown):
    dealer_shown: list[str]
    dealer_cards: int
    dealer_total: int
    totals: list[list[int]]  # per seat, hand_total
    shoe_size: int


class BlackjackView(BaseView):
    public: BlackjackPublic
