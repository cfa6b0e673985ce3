"""Mau-Mau's state and what a seat's view holds, as the engine writes them.

The state's other keys (schema, game, seats, options, rng, turn_started_ms) are rulekit's
(`CommonState`, through `TableKeys`); the view's other parts are `BaseView`'s.
"""

from __future__ import annotations

from typing import NotRequired

from rulekit import BaseView

from ..core.views import CardZones, TableKeys, TablePrivate, TablePublic


class MauMauTable(TableKeys):
    suit: str  # the suit to follow: the top's, or the one a jack wished
    wished: bool  # whether `suit` was named by a jack
    pending: int  # cards owed to a run of sevens
    drew: bool  # the seat to move has drawn and may play that card or pass


class MauMauState(MauMauTable, CardZones):
    pass


class MauMauPublic(MauMauTable, TablePublic):
    mau: list[int]  # seats down to their last card


class MauMauView(BaseView):
    public: MauMauPublic
    private: NotRequired[TablePrivate]
