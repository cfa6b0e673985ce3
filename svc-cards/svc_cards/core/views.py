"""What each seat may see, what it must not, and the engine base every card game builds on.

The rule of thumb: every state key is public except the card zones (`hands`, `draw_pile`,
`discard_pile`), the generator, and the keys a game adds to `extra_secret`. A view shows the
public keys, the top of the discard pile, the pile sizes and every seat's card count; the
private part is the seat's own hand (and whatever the game adds in `decorate`).

Two optional state keys, both absent in games that do not need them (nothing changes there):
- `open_zones`: names of further state keys that hold face-up card lists (e.g. ["middle"] for
  the three open cards of Thirty-One) or lists of melds (dicts with their "cards", as the
  rummy games' table). They are public like any state key; the census and
  `cards_conserved` count them and `determinize_cards` treats their cards as seen.
- `first_deck`: the number of the first deck in play (default 0). A game that deals every
  round from a fresh deck sets it, so card ids never repeat across rounds and cards shown at a
  round's end never match a hidden card of a later deal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, TypedDict, TypeVar, cast

from rulekit import BaseEngine, BaseView, CommonState, Event, Rng, State, View, event, new_rng_state
from rulekit.contract import SCHEMA_VERSION

from .cards import Card, build_decks

CARD_ZONES = ("hands", "draw_pile", "discard_pile")
SECRET_KEYS = frozenset((*CARD_ZONES, "rng"))
# Keys every view already carries at its top level (base_view); not repeated in `public`.
BASE_KEYS = frozenset(("schema", "game", "seats", "options"))
# Keys a view adds to the public part; `determinize` drops them again.
DERIVED_KEYS = ("hand_counts", "draw_size", "discard_size", "discard_top")


class TableKeys(CommonState):
    """The card table's keys every seat sees as they are (`table.py`); rulekit's keys beside
    them (a view's public part shows `turn_started_ms`)."""

    deck_kind: str
    decks: int
    turn: int | None
    direction: int
    finished: list[int]


class CardZones(TypedDict):
    """The card table's zones no view shows as they are."""

    hands: list[list[Card]]
    draw_pile: list[Card]
    discard_pile: list[Card]


class TablePublic(TypedDict):
    """What the view says of the zones (`public_table`)."""

    hand_counts: list[int]
    draw_size: int
    discard_size: int
    discard_top: Card | None


class TablePrivate(TypedDict):
    hand: list[Card]


class CardTable(TableKeys, CardZones):
    """The whole table as `new_table` lays it out: what the table helpers read and change."""


# A typed card game's state and view: `class LastCard(SheddingEngine[LastCardState, LastCardView])`.
CardStateT = TypeVar("CardStateT", bound=CardTable)
CardViewT = TypeVar("CardViewT", bound=BaseView)
_M = TypeVar("_M", bound=Mapping[str, Any])


def copy_state(data: Any) -> Any:
    """A full copy of JSON-shaped data; much faster than copy.deepcopy on card states."""
    kind = type(data)
    # Scalars are asked about first: card states are mostly card ids and counts.
    if kind is dict:
        return {key: value if type(value) in _SCALARS else copy_state(value) for key, value in data.items()}
    if kind is list:
        return [value if type(value) in _SCALARS else copy_state(value) for value in data]
    return data


_SCALARS = frozenset((str, int, float, bool, type(None)))


def copy_card_state(state: _M) -> _M:
    """`copy_state` for a card state, five times faster: the card zones are flat lists of
    card ids, so a slice copies them; every other key is copied in full."""
    new: State = {
        key: copy_state(value) if type(value) in (dict, list) else value
        for key, value in state.items()
        if key not in CARD_ZONES
    }
    new["hands"] = [hand[:] for hand in state["hands"]]
    new["draw_pile"] = state["draw_pile"][:]
    new["discard_pile"] = state["discard_pile"][:]
    return cast(_M, new)


def hand_counts(state: Mapping[str, Any]) -> list[int]:
    return [len(hand) for hand in state["hands"]]


def public_table(state: Mapping[str, Any], extra_secret: frozenset[str] = frozenset()) -> dict[str, Any]:
    """Every public key of the state plus the derived table facts (counts, sizes, top card)."""
    hidden = SECRET_KEYS | BASE_KEYS | extra_secret
    public = {}
    for key, value in state.items():
        if key not in hidden:
            public[key] = copy_state(value) if type(value) in (dict, list) else value
    discard = state["discard_pile"]
    public["hand_counts"] = [len(hand) for hand in state["hands"]]
    public["draw_size"] = len(state["draw_pile"])
    public["discard_size"] = len(discard)
    public["discard_top"] = discard[-1] if discard else None
    return public


def hidden_from(state: Mapping[str, Any], seat: int | None) -> set[Card]:
    """Every card id `seat` must not see: other seats' hands and the whole draw pile
    (seat None, a spectator, sees no hand). The discard pile below the top has been shown
    to everyone when it was played, so it is not listed."""
    secret = set(state["draw_pile"])
    for other, hand in enumerate(state["hands"]):
        if other != seat:
            secret.update(hand)
    return secret


def open_zone_cards(state: Mapping[str, Any]) -> list[Card]:
    """The cards in the game's `open_zones` (face-up lists such as a middle), if any."""
    cards: list[Card] = []
    for key in state.get("open_zones", ()):
        for item in state[key]:
            # A zone is a list of card ids, or of melds (dicts holding their "cards").
            if type(item) is dict:
                cards += item["cards"]
            else:
                cards.append(item)
    return cards


def card_census(state: Mapping[str, Any]) -> Counter[Card]:
    """Every card in hands, piles and open zones, counted; equal to `full_decks(state)` when
    conserved."""
    census: Counter[Card] = Counter(state["draw_pile"])
    census.update(state["discard_pile"])
    for hand in state["hands"]:
        census.update(hand)
    census.update(open_zone_cards(state))
    return census


def full_decks(state: Mapping[str, Any]) -> Counter[Card]:
    """The cards of all decks in play: what `card_census` must equal."""
    return Counter(build_decks(state["deck_kind"], state["decks"], first=state.get("first_deck", 0)))


_DECK_SETS: dict[tuple[str, int, int], frozenset[Card]] = {}


def cards_conserved(state: Mapping[str, Any]) -> bool:
    """`card_census(state) == full_decks(state)`, fast: every id is unique, so the census is
    right when the zones hold as many cards as the decks and every one of them."""
    key = (state["deck_kind"], state["decks"], state.get("first_deck", 0))
    expected = _DECK_SETS.get(key)
    if expected is None:
        expected = _DECK_SETS[key] = frozenset(build_decks(*key))
    seen = [*state["draw_pile"], *state["discard_pile"]]
    for hand in state["hands"]:
        seen += hand
    if "open_zones" in state:
        seen += open_zone_cards(state)
    return len(seen) == len(expected) and expected.issuperset(seen) and len(set(seen)) == len(seen)


def determinize_cards(
    view: Mapping[str, Any], seat: int, seed: bytes, view_keys: frozenset[str] = frozenset()
) -> State:
    """A full state consistent with `seat`'s view: its own hand as seen, the discard top as
    seen, every unseen card dealt at random to the other hands (by their counts), under the
    discard top and into the draw pile. `view_keys` are public keys the game's view adds
    (not state keys). Game-specific secrets are left to the caller."""
    public = view["public"]
    dropped = view_keys.union(DERIVED_KEYS)
    state: State = {key: copy_state(value) for key, value in public.items() if key not in dropped}
    state.update(schema=SCHEMA_VERSION, game=view["game"], seats=view["seats"], options=copy_state(view["options"]))
    own = list(view["private"]["hand"])
    top = public["discard_top"]
    unseen = full_decks(state)
    unseen.subtract(own)
    unseen.subtract(open_zone_cards(state))
    if top is not None:
        unseen.subtract([top])
    pool = sorted(unseen.elements())
    Rng(new_rng_state(seed + b":determinize")).shuffle(pool)
    hands: list[list[Card]] = []
    for other, count in enumerate(public["hand_counts"]):
        if other == seat:
            hands.append(own)
        else:
            hands.append(pool[:count])
            del pool[:count]
    below = max(0, public["discard_size"] - 1)
    state["discard_pile"] = pool[:below] + ([top] if top is not None else [])
    del pool[:below]
    state["draw_pile"] = pool
    state["hands"] = hands
    state["rng"] = new_rng_state(seed)
    return state


class CardEngine(BaseEngine[CardStateT, CardViewT]):
    """BaseEngine for card games: a fast state copy in `apply`, the standard card view and
    a determinize that samples the unseen cards.

    A game sets `extra_secret` (state keys no view may show) and may override `decorate`
    (add flags to `view["public"]`, listing their keys in `view_keys`, and secrets of this
    seat to `view["private"]`) and `fill_secrets` (complete the `extra_secret` keys in a
    determinized state). The view and a determinized state are built key by key from the
    state's own keys, so they are cast to the game's types here (the key tests check them
    against seeded games); `fill_secrets` completes the determinized state on the game's type."""

    extra_secret: frozenset[str] = frozenset()
    view_keys: frozenset[str] = frozenset()

    def copy_state(self, state: CardStateT) -> CardStateT:
        return copy_card_state(state)

    def view(self, state: CardStateT, seat: int | None) -> CardViewT:
        view = self.base_view(state, seat)
        view["public"] = public_table(state, self.extra_secret)
        if seat is not None:
            view["private"] = {"hand": list(state["hands"][seat])}
        self.decorate(view, state, seat)
        return cast(CardViewT, view)

    def decorate(self, view: View, state: CardStateT, seat: int | None) -> None:
        """Add game-specific flags and private parts to a view; nothing by default."""

    def determinize(self, view: CardViewT, seat: int, seed: bytes) -> CardStateT:
        state = cast(CardStateT, determinize_cards(view, seat, seed, self.view_keys))
        self.fill_secrets(state, view, seat)
        return state

    def fill_secrets(self, state: CardStateT, view: CardViewT, seat: int) -> None:
        """Complete the game's `extra_secret` keys in a determinized state; none by default."""


def played_event(seat: int, card: Card, key: str, choice: str | None) -> Event:
    """The public "played" event; a wild or wish card names its choice under `key`."""
    played = event("played", seat=seat, card=card)
    if choice:
        played[key] = choice
    return played
