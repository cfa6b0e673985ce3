"""Thirty-One's state and what a seat's view holds, as the engine writes them.

The state's other keys (schema, game, seats, options, rng, turn_started_ms) are rulekit's
(`CommonState`, through `TableKeys`); the view's other parts are `BaseView`'s.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from rulekit import BaseView

from ..core import Card
from ..core.views import CardZones, TableKeys, TablePrivate, TablePublic


class LastRound(TypedDict):
    """The last showdown, shown to everyone."""

    deal: int
    reason: str  # "knock", "thirty_one", "dealt_31", "stock_empty"
    by: int | None
    hands: list[list[Card] | None]  # per seat still in, its hand
    points_half: list[int | None]
    losers: list[int]


class ThirtyOneTable(TableKeys):
    open_zones: list[str]
    middle: list[Card]  # the open cards
    first_deck: int  # every deal has a fresh deck, numbered after it
    deal: int
    lives: list[int]
    out_at: list[int | None]  # the deal in which a seat lost its last life
    starter: int
    knocker: int | None
    pushes: int  # pushes in a row
    known: list[list[Card]]  # cards each seat took from the middle: seen by all
    turns: int  # turns taken in this deal
    last_round: LastRound | None


class ThirtyOneState(ThirtyOneTable, CardZones):
    pass


class ThirtyOnePublic(ThirtyOneTable, TablePublic):
    swimming: list[int]  # seats on their last life


class ThirtyOnePrivate(TablePrivate):
    points_half: int  # the hand's value in half points


class ThirtyOneView(BaseView):
    public: ThirtyOnePublic
    private: NotRequired[ThirtyOnePrivate]
