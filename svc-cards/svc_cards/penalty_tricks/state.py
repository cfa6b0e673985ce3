"""Penalty Tricks' state and what a seat's view holds, as the engine writes them.

The state's other keys (schema, game, seats, options, rng, turn_started_ms) are rulekit's
(`CommonState`, through `TableKeys`); the view's other parts are `BaseView`'s.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from rulekit import BaseView

from ..core import Card
from ..core.tricks import TrickKeys, TrickPrivate
from ..core.views import CardZones, TableKeys, TablePublic


class PenaltyDeal(TypedDict):
    kind: str
    starter: int
    points: list[int]


class PenaltyTable(TableKeys, TrickKeys):
    """What every seat sees of the state."""

    removed: list[Card]  # taken out so that the deck divides by the seats
    kinds: list[str]  # the kind of every deal of the set
    deal: int
    starter: int
    host: int
    phase: str  # "passing", "playing", "scored", "over"
    scores: list[int]
    deal_points: list[int]
    history: list[PenaltyDeal]


class PenaltyState(PenaltyTable, CardZones):
    passing: list[list[Card]] | None  # per seat, its pass choice so far
    passed: list[list[Card]] | None  # per seat, the cards it passed this deal


class PenaltyPublic(PenaltyTable, TablePublic):
    pass_counts: list[int] | None


class PenaltyPrivate(TrickPrivate):
    passed: list[Card]


class PenaltyView(BaseView):
    public: PenaltyPublic
    private: NotRequired[PenaltyPrivate]
