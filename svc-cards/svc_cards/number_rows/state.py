"""Number Rows' state and what a seat's view holds, as the engine writes them.

The state's other keys (schema, game, seats, options, rng, turn_started_ms) are rulekit's
(`CommonState`, through `TableKeys`); the view's other parts are `BaseView`'s.
"""

from __future__ import annotations

from typing import NotRequired

from rulekit import BaseView

from ..core.views import CardZones, TableKeys, TablePrivate, TablePublic


class NumberRowsTable(TableKeys):
    rows: dict[str, list[int] | None]  # per colour, [lowest, highest] once opened
    drew: bool  # the player to move drew a card that fits: it must be laid


class NumberRowsState(NumberRowsTable, CardZones):
    pass


class NumberRowsPublic(NumberRowsTable, TablePublic):
    pass


class NumberRowsView(BaseView):
    public: NumberRowsPublic
    private: NotRequired[TablePrivate]
