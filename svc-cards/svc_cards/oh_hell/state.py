"""Oh Hell's state and what a seat's view holds, as the engine writes them.

The state's other keys (schema, game, seats, options, rng, turn_started_ms) are rulekit's
(`CommonState`, through `TableKeys`); the view's other parts are `BaseView`'s.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from rulekit import BaseView

from ..core import Card
from ..core.tricks import TrickKeys, TrickPrivate
from ..core.views import CardZones, TableKeys, TablePublic


class OhHellDeal(TypedDict):
    cards: int
    dealer: int
    bids: list[int]
    tricks: list[int]
    points: list[int]


class OhHellTable(TableKeys, TrickKeys):
    """What every seat sees of the state."""

    schedule: list[int]  # cards per seat in each deal of the match
    deal: int
    dealer: int
    host: int
    phase: str  # "bidding", "playing", "scored", "over"
    bids: list[int | None]
    scores: list[int]
    history: list[OhHellDeal]


class OhHellState(OhHellTable, CardZones):
    passing: list[list[Card]] | None  # always None: no cards are passed in Oh Hell


class OhHellPublic(OhHellTable, TablePublic):
    pass_counts: None


class OhHellView(BaseView):
    public: OhHellPublic
    private: NotRequired[TrickPrivate]
