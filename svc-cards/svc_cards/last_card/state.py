"""Last Card's state and what a seat's view holds, as the engine writes them.

The state's other keys (schema, game, seats, options, rng, turn_started_ms) are rulekit's
(`CommonState`, through `TableKeys`); the view's other parts are `BaseView`'s.
"""

from __future__ import annotations

from typing import NotRequired

from rulekit import BaseView

from ..core.views import CardZones, TableKeys, TablePrivate, TablePublic


class LastCardTable(TableKeys):
    colour: str  # the colour to follow: the top's, or the one a wild named
    pending: int  # cards owed to a run of draw cards
    drew: bool  # the seat to move has drawn and may play that card or pass


class LastCardState(LastCardTable, CardZones):
    pass


class LastCardPublic(LastCardTable, TablePublic):
    last_card: list[int]  # seats down to their last card


class LastCardView(BaseView):
    public: LastCardPublic
    private: NotRequired[TablePrivate]
