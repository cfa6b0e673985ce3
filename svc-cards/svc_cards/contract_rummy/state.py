"""Contract Rummy's state and what a seat's view holds, as the engine writes them.

The state's other keys (schema, game, seats, options, rng, turn_started_ms) are rulekit's
(`CommonState`, through `TableKeys`); the view's other parts are `BaseView`'s.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from rulekit import BaseView

from ..core import Card
from ..core.meld_play import MeldKeys
from ..core.views import CardZones, TableKeys, TablePrivate, TablePublic


class BuyWindow(TypedDict):
    card: Card  # the discard on offer
    discarder: int
    opened_ms: int | None
    ends_ms: int | None
    seconds: int
    calls: list[str | None]  # per seat: "buy", "kept", "passed" or undecided
    open: bool
    choice: str | None  # the seat to move's choice meanwhile ("draw")


class ContractRummyTable(TableKeys, MeldKeys):
    first_deck: int
    round: int
    first_starter: int
    starter: int
    totals: list[int]
    round_points: list[int] | None
    history: list[list[int]]  # every round's points
    shown_hands: list[list[Card]] | None  # at a round's end
    down: list[bool]  # per seat, whether it has laid its contract this round
    buys: list[int]  # per seat, buys this round
    window: BuyWindow | None
    out: int | None


class ContractRummyState(ContractRummyTable, CardZones):
    pass


class Contract(TypedDict):
    sets: int
    set_size: int
    runs: int
    run_length: int


class ContractRummyPublic(ContractRummyTable, TablePublic):
    contract: NotRequired[Contract]  # from the first round on
    suggestions_on: bool


class Suggestions(TypedDict):
    melds: list[dict[str, Any]]
    lay_offs: list[dict[str, Any]]


class ContractRummyPrivate(TablePrivate):
    hand_points: int
    suggestions: NotRequired[Suggestions]  # with the host setting on, while a round is played


class ContractRummyView(BaseView):
    public: ContractRummyPublic
    private: NotRequired[ContractRummyPrivate]
