"""Meld play, shared by `rummy` and `contract-rummy`: melds laid from the hand, cards laid off
and jokers swapped on the table, a proposal taken back, the discard, the cards everyone saw
go into a hand, and the small cache of a turn's legal moves (the meld search is most of a
step's cost). The melds themselves (sets, runs, jokers, points) are in `melds.py`.

State keys, besides the table's: `melds` ({"kind", "cards", "owner"}, an open zone), `staged`
(table indices of the melds of a proposal not yet enough to open), `took_back`, `phase`
("play" while a seat lays and discards) and `known`: per seat, the cards everyone saw go into
its hand (taken from the discard pile, taken back, swapped jokers), public.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, TypeVar, cast

from rulekit import Event, Move, event

from .cards import Card
from .melds import lay_off, swap_joker
from .views import CardEngine, CardTable, CardViewT, determinize_cards
from .views import hidden_from as table_hidden_from


class TableMeld(TypedDict):
    kind: str  # "set", "run"
    cards: list[Card]
    owner: int


class MeldKeys(TypedDict):
    """The meld play keys every seat sees (see above)."""

    open_zones: list[str]
    melds: list[TableMeld]
    staged: list[int]
    took_back: bool
    phase: str
    known: list[list[Card]]


class MeldTable(CardTable, MeldKeys):
    """The table of a rummy game: what `MeldEngine` reads and changes."""


MeldStateT = TypeVar("MeldStateT", bound=MeldTable)

# The moves of a turn's play phase checked by kind (`MeldEngine.check_move`).
PLAY_KINDS = frozenset(("meld", "lay_off", "swap", "take_back", "discard"))
CACHED = 64  # positions whose legal moves are kept


def forget(known: list[Card], card: Card) -> None:
    """`card` left a hand: nobody knows it to be there any more."""
    if card in known:
        known.remove(card)


def known_hidden_from(state: Mapping[str, Any], seat: int | None) -> set[Card]:
    """The other hands and the stock, less the cards everyone saw go into a hand."""
    secret = table_hidden_from(state, seat)
    for known in state["known"]:
        secret.difference_update(known)
    return secret


class MeldEngine(CardEngine[MeldStateT, CardViewT]):
    """A rummy game's engine: its own `_moves` (of one kind, when asked) and `cache_key` (all
    the play phase's moves depend on), `maybe_out` after a card leaves the hand in play."""

    _cache: dict[tuple[Any, ...], list[Move]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._cache = {}

    def _moves(self, state: MeldStateT, seat: int, only: str | None = None) -> list[Move]:
        """The legal moves (of the kind `only` alone, when given, in the play phase)."""
        raise NotImplementedError

    def cache_key(self, state: MeldStateT, seat: int) -> tuple[Any, ...]:
        raise NotImplementedError

    def maybe_out(self, state: MeldStateT, seat: int) -> list[Event]:
        """What follows a card leaving `seat`'s hand in play (going out with the last one)."""
        raise NotImplementedError

    def legal_moves(self, state: MeldStateT, seat: int) -> list[Move]:
        return list(self.listed_moves(state, seat))

    def listed_moves(self, state: MeldStateT, seat: int) -> list[Move]:
        """The legal moves, from a small cache: the harness, validation and the view ask for
        the same position's moves in turn, and the meld search is most of a step's cost. The
        key holds everything the moves depend on."""
        if state["phase"] != "play" or seat != state["turn"]:
            return self._moves(state, seat)
        key = self.cache_key(state, seat)
        cache = self._cache
        moves = cache.get(key)
        if moves is None:
            moves = self._moves(state, seat)
            if len(cache) >= CACHED:
                cache.clear()
            cache[key] = moves
        return moves

    def check_move(self, state: MeldStateT, seat: int, move: Any) -> None:
        """A move of the turn whose moves are not listed yet is first looked for among the
        legal moves of its own kind (listed by the same code), so a discard is checked without
        searching the hand's melds; a move not found there takes the full check."""
        if (
            type(move) is dict
            and move.get("type") in PLAY_KINDS
            and state["phase"] == "play"
            and seat == state["turn"]
            and self.cache_key(state, seat) not in self._cache
            and move in self._moves(state, seat, move["type"])
        ):
            return
        super().check_move(state, seat, move)

    # -- moves of the play phase -------------------------------------------------------------
    def lay_meld(self, state: MeldStateT, seat: int, kind: str, cards: list[Card]) -> int:
        """The cards leave the hand as a new meld on the table; its index."""
        hand, known = state["hands"][seat], state["known"][seat]
        for card in cards:
            hand.remove(card)
            forget(known, card)
        state["melds"].append({"kind": kind, "cards": cards, "owner": seat})
        return len(state["melds"]) - 1

    def lay_off_card(self, state: MeldStateT, seat: int, move: Move) -> list[Event]:
        card = move["card"]
        state["hands"][seat].remove(card)
        forget(state["known"][seat], card)
        lay_off(state["melds"][move["meld"]], card, move.get("end"))
        events = [event("laid_off", seat=seat, meld=move["meld"], card=card, end=move.get("end"))]
        return events + self.maybe_out(state, seat)

    def swap(self, state: MeldStateT, seat: int, move: Move) -> list[Event]:
        """A card from the hand takes a joker's place in a meld; the joker goes to the hand."""
        card, joker = move["card"], move["joker"]
        hand, known = state["hands"][seat], state["known"][seat]
        hand.remove(card)
        forget(known, card)
        swap_joker(state["melds"][move["meld"]], joker, card)
        hand.append(joker)
        known.append(joker)
        return [event("swapped", seat=seat, meld=move["meld"], joker=joker, card=card)]

    def take_back(self, state: MeldStateT, seat: int) -> list[Event]:
        """The proposal's melds go back into the hand, where everyone saw them go."""
        hand, known = state["hands"][seat], state["known"][seat]
        count = 0
        for index in sorted(state["staged"], reverse=True):
            cards = state["melds"].pop(index)["cards"]
            hand.extend(cards)
            known.extend(cards)
            count += len(cards)
        state["staged"] = []
        state["took_back"] = True
        return [event("took_back", seat=seat, count=count)]

    def discard(self, state: MeldStateT, seat: int, card: Card) -> list[Event]:
        """The card goes onto the discard pile (the turn's end is the game's)."""
        state["hands"][seat].remove(card)
        forget(state["known"][seat], card)
        state["discard_pile"].append(card)
        return [event("discarded", seat=seat, card=card)]

    # -- views -------------------------------------------------------------------------------
    def determinize(self, view: CardViewT, seat: int, seed: bytes) -> MeldStateT:
        """The table sample, then every card another seat is known to hold moved into that
        hand in exchange for one of its unknown cards."""
        state = determinize_cards(view, seat, seed, self.view_keys)
        hands = state["hands"]
        for other, known in enumerate(state["known"]):
            if other == seat:
                continue
            for card in known:
                if card in hands[other]:
                    continue
                spare = next(c for c in hands[other] if c not in known)
                zone = next(z for z in [*hands, state["draw_pile"], state["discard_pile"]] if card in z)
                zone[zone.index(card)] = spare
                hands[other][hands[other].index(spare)] = card
        return cast(MeldStateT, state)
