"""Rummy's state and what a seat's view holds, as the engine writes them.

The state's other keys (schema, game, seats, options, rng, turn_started_ms) are rulekit's
(`CommonState`, through `TableKeys`); the view's other parts are `BaseView`'s.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from rulekit import BaseView

from ..core import Card
from ..core.meld_play import MeldKeys
from ..core.views import CardZones, TableKeys, TablePrivate, TablePublic


class RummyTable(TableKeys, MeldKeys):
    opened: list[bool]  # per seat, whether it has laid its opening minimum
    staged_points: int  # the points of the proposal below the minimum
    taken: Card | None  # the card taken from the discard pile this turn
    reshuffles: int
    penalties: list[int] | None  # the points left in the hands, once the game is over
    out: int | None  # the seat that went out


class RummyState(RummyTable, CardZones):
    pass


class RummyPublic(RummyTable, TablePublic):
    shown_hands: NotRequired[list[list[Card]]]  # once the game is over


class PossibleMeld(TypedDict):
    kind: str
    cards: list[Card]
    points: int


class RummyPrivate(TablePrivate):
    possible_melds: list[PossibleMeld]
    hand_points: int


class RummyView(BaseView):
    public: RummyPublic
    private: NotRequired[RummyPrivate]
