"""Stock Pile's state and what a seat's view holds, as the engine writes them.

The state's other keys (schema, game, seats, options, rng, turn_started_ms) are rulekit's
(`CommonState`, through `TableKeys`); the view's other parts are `BaseView`'s.
"""

from __future__ import annotations

from typing import NotRequired

from rulekit import BaseView

from ..core import Card
from ..core.views import CardZones, TableKeys, TablePrivate


class StockPileTable(TableKeys):
    """What every seat sees of the state as it is."""

    discards: list[list[list[Card]]]  # per seat, its four discard piles (face up, fanned)
    building: list[list[Card]]  # the four shared building piles
    set_aside: list[Card]  # completed building piles, shuffled in when the draw pile is out
    reshuffles: int  # the deck number of the cards coming back
    passes: int  # passes in a row: every seat passing blocks the game
    winner: int | None
    blocked: bool


class StockPileState(StockPileTable, CardZones):
    stocks: list[list[Card]]  # per seat, its stock pile (only the top is seen)


class StockPilePublic(StockPileTable):
    # The table's derived keys but the discard pile's (unused here), and the stock piles' tops.
    hand_counts: list[int]
    draw_size: int
    stock_tops: list[Card | None]
    stock_counts: list[int]


class StockPileView(BaseView):
    public: StockPilePublic
    private: NotRequired[TablePrivate]
