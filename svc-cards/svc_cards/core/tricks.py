"""The trick-taking core: a deal from the stock, the lead, following suit, the trick's winner
and card passing. Oh Hell and Penalty Tricks build on it; nothing of it is copied into a game.

State keys (with the table's `hands` and `draw_pile`, the stock, whose order nobody sees):

    trick         the cards of the trick in play, in the order played (a face-up zone)
    trick_seats   who played each of them
    leader        the seat that leads (or led) the trick in play
    taken         every card of the deal's finished tricks (face up: everyone saw them played)
    tricks_won    tricks per seat this deal
    last_trick    {"cards", "seats", "winner"} of the trick just finished, or None
    voids         per seat, the suits it showed it does not hold (public: everyone saw it)
    open_zones    ["trick", "taken"]: counted in the census and seen by determinize

A match of deals (`TrickEngine`): `phase` is the game's own while a deal is played, then
"scored" (the host, seat 0, the room's creator, starts the next deal so everyone can read
the score first) or "over" after the last deal; `deal` counts the deals, `scores` the match.

Passing (a simultaneous phase): `passing` holds per seat the cards it has chosen so far;
they stay in its hand until every seat has chosen, then `exchange` moves them all at once.
`passing` is a secret key: each seat sees only its own choice (`private.passing`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict, TypeVar, cast

from rulekit import Event, Move, Result, Rng, State, event, new_rng_state, placings_from_scores
from rulekit.contract import View

from .cards import SUITS, Card, build_decks, parse
from .views import CardEngine, CardTable, CardViewT, TablePrivate, determinize_cards

# Ace high: the index in this string orders the ranks of a suit.
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_ORDER = {rank: index for index, rank in enumerate(RANKS)}
TRICK_ZONES = ["trick", "taken"]
NOBODY: frozenset[int] = frozenset()
ONLY = tuple(frozenset((seat,)) for seat in range(8))
HOST = 0  # the seat that starts the next deal: the room's creator holds seat 0


class LastTrick(TypedDict):
    cards: list[Card]
    seats: list[int]
    winner: int


class TrickKeys(TypedDict):
    """The trick keys every seat sees (see above)."""

    open_zones: list[str]
    trick: list[Card]
    trick_seats: list[int]
    leader: int | None
    taken: list[Card]
    tricks_won: list[int]
    last_trick: LastTrick | None
    voids: list[list[str]]


class TrickTable(CardTable, TrickKeys):
    """The table of a trick game: what the trick helpers read and change. `passing` is the
    secret pass choices (None outside a passing phase, and always in a game without one)."""

    passing: list[list[Card]] | None


class TrickMatch(TrickTable):
    """A match of deals (`TrickEngine`, see above)."""

    phase: str
    deal: int
    host: int
    scores: list[int]


TrickStateT = TypeVar("TrickStateT", bound=TrickMatch)


class TrickPrivate(TablePrivate):
    passing: list[Card]  # the seat's own pass choice so far


def rank_value(card: Card) -> int:
    """0 for a two, 12 for an ace."""
    return RANK_ORDER[parse(card)[1]]


def sort_hand(hand: list[Card]) -> list[Card]:
    """A hand in suit order (spades, hearts, clubs, diamonds: colours alternate), low to high."""
    order = {"S": 0, "H": 1, "C": 2, "D": 3}
    return sorted(hand, key=lambda card: (order[parse(card)[0] or "S"], rank_value(card)))


def new_trick_table(seats: int) -> TrickTable:
    """The trick keys of an empty table (before the first deal)."""
    return {
        "hands": [[] for _ in range(seats)],
        "draw_pile": [],
        "discard_pile": [],
        "deck_kind": "french52",
        "decks": 1,
        "turn": None,
        "direction": 1,
        "finished": [],
        "open_zones": list(TRICK_ZONES),
        "trick": [],
        "trick_seats": [],
        "leader": None,
        "taken": [],
        "tricks_won": [0] * seats,
        "last_trick": None,
        "voids": [[] for _ in range(seats)],
        "passing": None,
    }


def deal_round(state: TrickTable, rng: Rng, first: int, per_seat: int, set_aside: tuple[Card, ...] = ()) -> list[Event]:
    """Gather every card into the stock, shuffle it and deal `per_seat` cards to each seat,
    one at a time from `first` round the table; `set_aside` cards are not dealt (they stay
    in the stock). Hands are sorted. Returns one private "dealt" event per seat."""
    seats = len(state["hands"])
    stock = [card for card in build_decks("french52", 1) if card not in set_aside]
    rng.shuffle(stock)
    hands: list[list[Card]] = [[] for _ in range(seats)]
    for _ in range(per_seat):
        for offset in range(seats):
            hands[(first + offset) % seats].append(stock.pop())
    state["draw_pile"] = stock + list(set_aside)
    state["hands"] = [sort_hand(hand) for hand in hands]
    state.update({"trick": [], "trick_seats": [], "taken": [], "last_trick": None, "leader": first})
    state["tricks_won"] = [0] * seats
    state["voids"] = [[] for _ in range(seats)]
    return [event("dealt", visible_to=[seat], seat=seat, cards=list(state["hands"][seat])) for seat in range(seats)]


def led_suit(state: TrickTable) -> str | None:
    trick = state["trick"]
    return parse(trick[0])[0] if trick else None


def playable(hand: list[Card], suit: str | None) -> list[Card]:
    """Follow suit if you can, else any card; a lead (suit None) may be any card."""
    if suit is None:
        return list(hand)
    following = [card for card in hand if parse(card)[0] == suit]
    return following or list(hand)


def trick_winner(cards: list[Card], seats: list[int]) -> int:
    """No trumps: the highest card of the suit led takes the trick."""
    led = parse(cards[0])[0]
    best = max((card for card in cards if parse(card)[0] == led), key=rank_value)
    return seats[cards.index(best)]


def play_card(state: TrickTable, seat: int, card: Card) -> tuple[list[Event], int | None]:
    """`seat` plays `card` to the trick (legality is the caller's `playable`). When every seat
    has played, the trick is finished: its cards go to `taken`, its winner leads next.
    Returns the events and the winner (None while the trick is open)."""
    suit = led_suit(state)
    if suit is not None and parse(card)[0] != suit and suit not in state["voids"][seat]:
        state["voids"][seat].append(suit)
    state["hands"][seat].remove(card)
    state["trick"].append(card)
    state["trick_seats"].append(seat)
    events = [event("played", seat=seat, card=card)]
    seats = len(state["hands"])
    if len(state["trick"]) < seats:
        state["turn"] = (seat + 1) % seats
        return events, None
    winner = trick_winner(state["trick"], state["trick_seats"])
    last: LastTrick = {"cards": state["trick"], "seats": state["trick_seats"], "winner": winner}
    state["last_trick"] = last
    state["taken"] += state["trick"]
    state["tricks_won"][winner] += 1
    state["trick"], state["trick_seats"] = [], []
    state["leader"] = state["turn"] = winner
    return events + [event("trick_won", seat=winner, cards=list(last["cards"]))], winner


# -- passing ---------------------------------------------------------------------------------


def start_passing(state: TrickTable) -> None:
    state["passing"] = [[] for _ in state["hands"]]


def choices_made(state: TrickTable) -> list[list[Card]]:
    """Every seat's pass choice so far; asked only while the cards are passed."""
    passing = state["passing"]
    assert passing is not None, "no cards are being passed"
    return passing


def passers(state: TrickTable, count: int) -> frozenset[int]:
    """Seats still choosing cards to pass."""
    return frozenset(seat for seat, chosen in enumerate(choices_made(state)) if len(chosen) < count)


def pass_choices(state: TrickTable, seat: int) -> list[Card]:
    """The cards `seat` may still choose: its hand less what it has chosen."""
    chosen = choices_made(state)[seat]
    return [card for card in state["hands"][seat] if card not in chosen]


def exchange(state: TrickTable, offset: int) -> list[Event]:
    """Every seat's chosen cards go to the seat `offset` places on, all at once. Private
    "received" events name the cards to their new holder only."""
    seats = len(state["hands"])
    chosen = choices_made(state)
    for seat in range(seats):
        for card in chosen[seat]:
            state["hands"][seat].remove(card)
    events: list[Event] = []
    for seat in range(seats):
        target = (seat + offset) % seats
        state["hands"][target] = sort_hand(state["hands"][target] + chosen[seat])
        events.append(event("received", visible_to=[target], seat=target, source=seat, cards=list(chosen[seat])))
    state["passing"] = None
    return [event("cards_passed", offset=offset), *events]


# -- hidden information ----------------------------------------------------------------------


def trick_hidden_from(state: Mapping[str, Any], seat: int | None) -> set[Card]:
    """Other hands, the stock, and other seats' chosen pass cards (which are in their hands)."""
    secret = set(state["draw_pile"])
    for other, hand in enumerate(state["hands"]):
        if other != seat:
            secret.update(hand)
    return secret


def determinize_tricks(view: Mapping[str, Any], seat: int, seed: bytes, view_keys: frozenset[str]) -> State:
    """A full state consistent with `seat`'s view: its own hand, every card played (trick and
    taken) where it is, and the unseen cards dealt at random to the other hands by their counts,
    respecting the suits each seat showed it lacks (20 tries, then without them: a view never
    asks for the impossible, but a hand-made one might); the rest forms the stock. A seat's own
    pass choice is kept; the others' are filled by their hands' first cards (any is consistent)."""
    state = determinize_cards(view, seat, seed, view_keys)
    unseen = [card for other, hand in enumerate(state["hands"]) if other != seat for card in hand]
    unseen += state["draw_pile"]
    counts = [len(hand) for hand in state["hands"]]
    voids = view["public"]["voids"]
    rnd = Rng(new_rng_state(seed + b":voids"))
    # Deal the cards a seat may not hold first: most constrained seats take from the rest.
    for _attempt in range(20):
        pool = list(unseen)
        rnd.shuffle(pool)
        hands: list[list[Card]] = [[] for _ in counts]
        ok = True
        order = sorted((o for o in range(len(counts)) if o != seat), key=lambda o: -len(voids[o]))
        for other in order:
            fits = [card for card in pool if parse(card)[0] not in voids[other]]
            if len(fits) < counts[other]:
                ok = False
                break
            chosen = fits[: counts[other]]
            hands[other] = chosen
            taken = set(chosen)
            pool = [card for card in pool if card not in taken]
        if ok:
            for other in order:
                state["hands"][other] = sort_hand(hands[other])
            state["draw_pile"] = pool
            break
    chosen_counts = view["public"].get("pass_counts")
    state["passing"] = None
    if chosen_counts is not None:
        own = view["private"].get("passing", [])
        state["passing"] = [
            list(own) if other == seat else state["hands"][other][: chosen_counts[other]]
            for other in range(len(counts))
        ]
    return state


# Keys a trick game changes in place: flat lists (copied by a slice) and lists of lists.
FLAT_KEYS = ("draw_pile", "discard_pile", "trick", "trick_seats", "taken", "tricks_won")
NESTED_KEYS = ("hands", "voids", "passing")


class TrickEngine(CardEngine[TrickStateT, CardViewT]):
    """CardEngine for trick games: `passing` is secret (each seat sees its own choice and
    everyone sees how many cards each seat has chosen), and determinize respects voids.

    `copy_state` copies only what a move may change in place: the core's keys and the game's
    `flat_keys` (lists whose items are never changed in place, copied by a slice). Every other
    key must be replaced, never changed in place (the search copies a state per move)."""

    extra_secret = frozenset(("passing",))
    view_keys = frozenset(("pass_counts",))
    flat_keys: tuple[str, ...] = ()

    def copy_state(self, state: TrickStateT) -> TrickStateT:
        # The game's keys join the core's, so the keys are not literals here.
        new = cast("dict[str, Any]", state.copy())
        for key in FLAT_KEYS + self.flat_keys:
            value = new[key]
            if value is not None:
                new[key] = value[:]
        for key in NESTED_KEYS:
            value = new[key]
            if value is not None:
                new[key] = [inner[:] for inner in value]
        return cast(TrickStateT, new)

    def decorate(self, view: View, state: TrickStateT, seat: int | None) -> None:
        passing = state["passing"]
        view["public"]["pass_counts"] = [len(chosen) for chosen in passing] if passing is not None else None
        if seat is not None:
            view["private"]["passing"] = list(passing[seat]) if passing is not None else []

    def determinize(self, view: CardViewT, seat: int, seed: bytes) -> TrickStateT:
        state = cast(TrickStateT, determinize_tricks(view, seat, seed, self.view_keys))
        self.fill_secrets(state, view, seat)
        return state

    # -- a match of deals ----------------------------------------------------------------------
    # The state key of the seat that moves on one place with every deal (dealer, starter).
    rotating = "dealer"

    def deal(self, state: TrickStateT, rng: Rng) -> list[Event]:
        """Deal the cards of deal `state["deal"]` and open its first phase."""
        raise NotImplementedError

    def playing_seats(self, state: TrickStateT) -> frozenset[int]:
        """Who is to move while a deal is played (the seat whose turn it is)."""
        turn = state["turn"]
        assert turn is not None, "a deal in play has a seat to move"
        return ONLY[turn]

    def deal_moves(self, state: TrickStateT, seat: int) -> list[Move]:
        """The moves of a seat to move while a deal is played."""
        raise NotImplementedError

    def to_move(self, state: TrickStateT) -> frozenset[int]:
        phase = state["phase"]
        if phase == "over":
            return NOBODY
        if phase == "scored":
            return ONLY[state["host"]]
        return self.playing_seats(state)

    def legal_moves(self, state: TrickStateT, seat: int) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        if state["phase"] == "scored":
            return [{"type": "next_deal"}]
        return self.deal_moves(state, seat)

    def next_deal(self, state: TrickStateT, rng: Rng) -> list[Event]:
        """The host's `next_deal`: the rotating seat moves on and the next deal is dealt."""
        state["deal"] += 1
        # The rotating seat's key is the game's, so it is not a literal here.
        fields = cast("dict[str, Any]", state)
        fields[self.rotating] = (fields[self.rotating] + 1) % len(state["hands"])
        return self.deal(state, rng)

    def end_deal(self, state: TrickStateT, points: list[int], deals: int, scored: Event) -> list[Event]:
        """Add the deal's `points` to the match; the event `scored`, and after the last of
        `deals` deals the match's end."""
        state["scores"] = [total + gained for total, gained in zip(state["scores"], points, strict=True)]
        state["turn"] = None
        last = state["deal"] + 1 == deals
        state["phase"] = "over" if last else "scored"
        scored["scores"] = list(state["scores"])
        if last:
            return [scored, event("match_over", scores=list(state["scores"]))]
        return [scored]

    def result(self, state: TrickStateT) -> Result | None:
        if state["phase"] != "over":
            return None
        scores = state["scores"]
        return {"placings": placings_from_scores(scores), "scores": list(scores)}


__all__ = [
    "HOST",
    "NOBODY",
    "ONLY",
    "RANKS",
    "SUITS",
    "TrickEngine",
    "deal_round",
    "determinize_tricks",
    "exchange",
    "led_suit",
    "new_trick_table",
    "pass_choices",
    "passers",
    "play_card",
    "playable",
    "rank_value",
    "sort_hand",
    "start_passing",
    "trick_hidden_from",
    "trick_winner",
]
