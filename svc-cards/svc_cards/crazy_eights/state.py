"""Crazy Eights' state and what a seat's view holds, as the engine writes them.

The state's other keys (schema, game, seats, options, rng, turn_started_ms) are rulekit's
(`CommonState`, through `TableKeys`); the view's other parts are `BaseView`'s.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from rulekit import BaseView

from ..core.views import CardZones, TableKeys, TablePrivate, TablePublic


class MatchRecord(TypedDict):
    rounds_played: int
    wins: list[int]  # per seat


class CrazyEightsTable(TableKeys):
    suit: str  # the suit to follow: the top's, or the one an eight named
    drew: bool  # the seat to move has drawn and may play that card or pass
    blocked: bool  # the round ended with nobody able to play
    hand_values: list[int] | None  # shown at the round's end
    winners: list[int]
    match: MatchRecord


class CrazyEightsState(CrazyEightsTable, CardZones):
    pass


class CrazyEightsPublic(CrazyEightsTable, TablePublic):
    pass


class CrazyEightsView(BaseView):
    public: CrazyEightsPublic
    private: NotRequired[TablePrivate]
