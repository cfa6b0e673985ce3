"""Shedding, shared by `last-card` and `mau-mau`: the seat to move lays a card that fits (a
wild or wish card naming what is to follow), draws, or passes after a draw; a seat down to
one card is called out, an empty hand takes the next place and the rest play on.

State keys, besides the table's (`table.py`): the engine's `follow` key (the colour or suit to
follow: the top card's, or the one named; the game writes it in `set_follow`) and `drew` (the
seat to move has drawn and may play that card or pass). The clock's default is in `clock.py`.
"""

from __future__ import annotations

from typing import TypeVar

from rulekit import Event, Result, View, event

from .cards import Card, parse
from .table import next_seat, placings
from .views import CardEngine, CardTable, CardViewT, played_event


class SheddingTable(CardTable):
    """The keys every shedding game has besides the table's (the `follow` key is the game's)."""

    drew: bool


SheddingStateT = TypeVar("SheddingStateT", bound=SheddingTable)


class SheddingEngine(CardEngine[SheddingStateT, CardViewT]):
    """Whose move, laying and passing, the seats down to one card in every view, places."""

    follow = "colour"  # the state key of what is to follow, and a wild's choice in the move
    one_left = "last_card"  # the event and public key of the seats down to one card

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.view_keys = cls.view_keys | {cls.one_left}

    def set_follow(self, state: SheddingStateT, value: str) -> None:
        """Write what is to follow under the game's own `follow` key."""
        raise NotImplementedError

    def to_move(self, state: SheddingStateT) -> frozenset[int]:
        turn = state["turn"]
        return frozenset() if turn is None else frozenset((turn,))

    def pass_turn(self, state: SheddingStateT, seat: int) -> list[Event]:
        """After a draw, the seat keeps the card and the turn passes on."""
        state["drew"] = False
        state["turn"] = next_seat(state, seat)
        return [event("passed", seat=seat)]

    def lay(self, state: SheddingStateT, seat: int, card: Card, choice: str | None) -> list[Event]:
        """`card` goes from the hand onto the discard pile and sets what is to follow (its own
        colour or suit, or the `choice` a wild names); a hand down to one card is called."""
        hand = state["hands"][seat]
        hand.remove(card)
        state["discard_pile"].append(card)
        follow = choice or parse(card)[0]
        assert follow is not None  # a card without a colour or suit is a wild, which names one
        self.set_follow(state, follow)
        state["drew"] = False
        events = [played_event(seat, card, self.follow, choice)]
        if len(hand) == 1:
            events.append(event(self.one_left, seat=seat))
        return events

    def decorate(self, view: View, state: SheddingStateT, seat: int | None) -> None:
        finished = state["finished"]
        view["public"][self.one_left] = [
            s for s, hand in enumerate(state["hands"]) if len(hand) == 1 and s not in finished
        ]

    def result(self, state: SheddingStateT) -> Result | None:
        if state["turn"] is not None:
            return None
        places = placings(state)
        return {"placings": places, "scores": [state["seats"] - place for place in places]}
