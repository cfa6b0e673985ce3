"""Stock Pile: build four shared piles from 1 to 12, first to empty their own stock pile wins.

Rules: card-room-sv.txt (the six sentences of the stock-pile game) and docs/catalogue.md. The text is
short; where it is silent the usual rules of the family stand, written on the rules page too:
- The deck: 162 cards, the numbers 1-12 twelve times each and 18 wild cards
  (`core.cards.building_deck`). Stock piles of 30 cards with two to four players and 20 with
  five or six ("standard"), or 10 each ("short", a host setting). Only the top card of each
  stock pile lies face up; its owner does not know the cards below either.
- Hands of five. At the start of a turn the player draws up to five; a player who plays every
  card from their hand during the turn draws five more and goes on.
- A building pile takes the number one above its count (an empty pile takes a 1); a wild card
  stands for that number. The twelfth card completes the pile: it is set aside and the space
  is empty again. When the draw pile runs out, the set-aside cards are shuffled into a new one.
  They come back under new ids (the deck number in the id counts the reshuffles: "P5.0a" is
  dealt again as "P5.1a"), so a card everyone saw played never names a card now hidden in a
  hand or in the pile.
- Cards are played from the hand, the top of one's own stock pile, or the top of one of one's
  own four discard piles ("Spela från handen, din egen hög eller överst på dina avlägg"), in
  any order and as often as they fit. Discard piles are face up and fanned: all their cards
  are public, only the top is playable.
- The turn ends by laying one hand card on one of one's four discard piles (any card on any
  of them). A player with an empty hand (nothing left to draw) may end the turn by passing.
- The game ends when a stock pile is empty; its owner wins, the others are placed by the cards
  left in their stock piles (fewer is better, ties share). If every seat passes in a row (no
  card left to draw and nobody can build), the game is blocked and is placed the same way.
- A random seat starts; play goes to higher seat numbers.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

from rulekit import (
    Event,
    GameMeta,
    Move,
    MoveClock,
    Option,
    Result,
    Rng,
    State,
    View,
    clock_seat,
    event,
    new_rng_state,
    placings_from_scores,
)
from rulekit.contract import SCHEMA_VERSION

from ..core import Card, CardEngine, new_table, parse
from ..core.cards import WILD, build_decks
from ..core.views import copy_state
from .state import StockPileState, StockPileView

DECK_KIND = "building162"
HAND_SIZE = 5
DISCARD_PILES = 4
BUILDING_PILES = 4
TOP = 12  # a building pile is complete at 12

NOBODY: frozenset[int] = frozenset()
ONLY = tuple(frozenset((seat,)) for seat in range(16))

META = GameMeta(
    id="stock-pile",
    family="cards",
    min_seats=2,
    max_seats=6,
    chance=True,
    hidden_information=True,
    simultaneous=False,
    # Random playouts end within a few thousand moves; the blocked rule ends every game.
    longest_game=60_000,
    options=(Option("stock_size", "choice", "standard", "option.stock_size", choices=("standard", "short")),),
    cpu_levels=("random", "easy", "strong"),
    # A turn is several plays and a discard: each of them gets the move's seconds.
    clock=MoveClock(relaxed_s=60, normal_s=30, fast_s=15),
    turn_based=True,
)


def stock_size(seats: int, setting: str) -> int:
    if setting == "short":
        return 10
    return 30 if seats <= 4 else 20


def is_wild(card: Card) -> bool:
    return parse(card)[1] == WILD


def number_of(card: Card) -> int | None:
    """A number card's number; None for a wild card."""
    rank = parse(card)[1]
    return None if rank == WILD else int(rank)


def face_value(card: Card) -> int:
    """The number of a card known not to be wild (`number_of` without the None)."""
    return int(parse(card)[1])


def fits(card: Card, pile: list[Card]) -> bool:
    """A wild card fits any pile; a number fits the pile whose count is one below it."""
    return is_wild(card) or number_of(card) == len(pile) + 1


def sources(state: StockPileState, seat: int) -> list[tuple[str, Card]]:
    """Every card `seat` may build with now, with where it comes from ("hand", "stock",
    "discard:<k>"); equal hand cards are listed once (the first of them in hand order)."""
    out: list[tuple[str, Card]] = []
    seen: set[str] = set()
    for card in state["hands"][seat]:
        face = card.split(".", 1)[0]
        if face not in seen:
            seen.add(face)
            out.append(("hand", card))
    stock = state["stocks"][seat]
    if stock:
        out.append(("stock", stock[-1]))
    for slot, pile in enumerate(state["discards"][seat]):
        if pile:
            out.append((f"discard:{slot}", pile[-1]))
    return out


def build_moves(state: StockPileState, seat: int) -> list[Move]:
    moves: list[Move] = []
    for origin, card in sources(state, seat):
        for index, pile in enumerate(state["building"]):
            if fits(card, pile):
                moves.append({"type": "build", "card": card, "from": origin, "pile": index})
    return moves


def discard_moves(state: StockPileState, seat: int) -> list[Move]:
    moves: list[Move] = []
    seen: set[str] = set()
    for card in state["hands"][seat]:
        face = card.split(".", 1)[0]
        if face in seen:
            continue
        seen.add(face)
        moves += [{"type": "discard", "card": card, "slot": slot} for slot in range(DISCARD_PILES)]
    return moves


def renamed(card: Card, deck: int) -> Card:
    """The card under the id of deck number `deck`: "P5.0a" -> "P5.2a"."""
    face, rest = card.split(".", 1)
    return f"{face}.{deck}{rest.lstrip('0123456789')}"


def face(card: Card) -> str:
    return card.split(".", 1)[0]


def cards_in_play(state: StockPileState) -> list[Card]:
    """Every card of every zone: hands, draw pile, stocks, discard and building piles and the
    set-aside cards (the invariant: always the whole deck, each card once)."""
    cards = [*state["draw_pile"], *state["set_aside"]]
    for hand in state["hands"]:
        cards += hand
    for stock in state["stocks"]:
        cards += stock
    for piles in state["discards"]:
        for pile in piles:
            cards += pile
    for pile in state["building"]:
        cards += pile
    return cards


class StockPile(CardEngine[StockPileState, StockPileView]):
    meta = META
    # The stock piles are secret but for their tops, which views add as `stock_tops`.
    extra_secret = frozenset(("stocks", "set_aside_order"))
    view_keys = frozenset(("stock_tops", "stock_counts"))

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> StockPileState:
        table = new_table(seats, DECK_KIND, 1, rng)
        size = stock_size(seats, options.get("stock_size", "standard"))
        pile = table["draw_pile"]
        state: StockPileState = {
            **table,
            "stocks": [[pile.pop() for _ in range(size)] for _ in range(seats)],
            "discards": [[[] for _ in range(DISCARD_PILES)] for _ in range(seats)],
            "building": [[] for _ in range(BUILDING_PILES)],
            "set_aside": [],
            "reshuffles": 0,  # the deck number of the cards coming back (see the docstring)
            "passes": 0,  # passes in a row: every seat passing blocks the game
            "winner": None,
            "blocked": False,
        }
        first = rng.below(seats)
        state["turn"] = first
        # Hands are dealt at the start of each seat's first turn (drawing up to five), so the
        # opening deal is the same rule as every later turn.
        self._fill_hand(state, first, rng)
        return state

    # -- the contract ---------------------------------------------------------------------------

    def to_move(self, state: StockPileState) -> frozenset[int]:
        turn = state["turn"]
        return NOBODY if turn is None else ONLY[turn]

    def legal_moves(self, state: StockPileState, seat: int) -> list[Move]:
        if seat != state["turn"]:
            return []
        moves = build_moves(state, seat) + discard_moves(state, seat)
        if not state["hands"][seat]:
            moves.append({"type": "pass"})
        return moves

    def quick_listed(self, state: StockPileState, seat: int, move: Move) -> bool:
        # Listing every build and discard is most of a move's cost: check the one move with
        # the same rule code (`sources`, `fits`; a hand card stands for its face once).
        if seat != state["turn"]:
            return False
        kind, card = move.get("type"), move.get("card")
        if kind == "pass":
            return len(move) == 1 and not state["hands"][seat]
        if type(card) is not str:
            return False
        if kind == "build":
            origin, index = move.get("from"), move.get("pile")
            return (
                len(move) == 4
                and type(origin) is str
                and type(index) is int
                and 0 <= index < len(state["building"])
                and (origin, card) in sources(state, seat)
                and fits(card, state["building"][index])
            )
        slot, hand = move.get("slot"), state["hands"][seat]
        return (
            kind == "discard"
            and len(move) == 3
            and type(slot) is int
            and 0 <= slot < DISCARD_PILES
            and card in hand
            and next(c for c in hand if face(c) == face(card)) == card
        )

    def play(self, state: StockPileState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        if kind == "build":
            return self._build(state, seat, move, rng)
        if kind == "discard":
            state["hands"][seat].remove(move["card"])
            state["discards"][seat][move["slot"]].append(move["card"])
            state["passes"] = 0
            events = [event("discarded", seat=seat, card=move["card"], slot=move["slot"])]
            return events + self._next_turn(state, seat, rng)
        state["passes"] += 1
        events = [event("passed", seat=seat)]
        if state["passes"] >= len(state["hands"]):
            return events + self._end(state, blocked=True)
        return events + self._next_turn(state, seat, rng)

    def _build(self, state: StockPileState, seat: int, move: Move, rng: Rng) -> list[Event]:
        card, origin, index = move["card"], move["from"], move["pile"]
        if origin == "hand":
            state["hands"][seat].remove(card)
        elif origin == "stock":
            state["stocks"][seat].pop()
        else:
            state["discards"][seat][int(origin.split(":")[1])].pop()
        pile = state["building"][index]
        pile.append(card)
        state["passes"] = 0
        events = [event("built", seat=seat, card=card, source=origin, pile=index, value=len(pile))]
        if len(pile) == TOP:
            state["set_aside"] += pile
            pile.clear()
            events.append(event("pile_completed", pile=index))
        if origin == "stock":
            stock = state["stocks"][seat]
            events.append(event("stock_turned", seat=seat, card=stock[-1] if stock else None, left=len(stock)))
            if not stock:
                return events + self._end(state, blocked=False)
        if origin == "hand" and not state["hands"][seat]:
            events += self._fill_hand(state, seat, rng)
        return events

    def _next_turn(self, state: StockPileState, seat: int, rng: Rng) -> list[Event]:
        following = (seat + 1) % len(state["hands"])
        state["turn"] = following
        return self._fill_hand(state, following, rng)

    def _fill_hand(self, state: StockPileState, seat: int, rng: Rng) -> list[Event]:
        """Draw up to five; an empty draw pile is made anew from the set-aside cards."""
        hand, pile = state["hands"][seat], state["draw_pile"]
        drawn: list[Card] = []
        events: list[Event] = []
        while len(hand) < HAND_SIZE:
            if not pile:
                if not state["set_aside"]:
                    break
                state["reshuffles"] += 1
                pile += [renamed(card, state["reshuffles"]) for card in state["set_aside"]]
                state["set_aside"] = []
                rng.shuffle(pile)
                events.append(event("reshuffled", count=len(pile)))
            card = pile.pop()
            hand.append(card)
            drawn.append(card)
        if drawn:
            events.append(event("drew", seat=seat, count=len(drawn)))
            events.append(event("drawn", visible_to=[seat], seat=seat, cards=drawn))
        return events

    def _end(self, state: StockPileState, blocked: bool) -> list[Event]:
        counts = [len(stock) for stock in state["stocks"]]
        state["turn"] = None
        state["blocked"] = blocked
        if blocked:
            return [event("blocked", stock_counts=counts), event("game_over")]
        winner = counts.index(0)
        state["winner"] = winner
        return [event("stock_emptied", seat=winner), event("game_over")]

    def timeout_move(self, state: StockPileState, seat: int | None) -> Move:
        """Out of time: the turn ends with a discard, as a player in a hurry would end it: the
        highest number (a wild card is kept), onto the discard pile that already shows that
        number or the one above it, else an empty pile, else the pile with the highest top.
        With an empty hand: pass."""
        seat = clock_seat(seat, (state["turn"],))
        hand = state["hands"][seat]
        if not hand:
            return {"type": "pass"}
        numbers = [card for card in hand if not is_wild(card)]
        card = max(numbers, key=face_value) if numbers else hand[0]
        return {"type": "discard", "card": card, "slot": discard_slot(state["discards"][seat], card)}

    def decorate(self, view: View, state: StockPileState, seat: int | None) -> None:
        public = view["public"]
        public["stock_tops"] = [stock[-1] if stock else None for stock in state["stocks"]]
        public["stock_counts"] = [len(stock) for stock in state["stocks"]]
        # The discard pile of the card core is unused here; its derived keys would only confuse.
        for key in ("discard_size", "discard_top"):
            public.pop(key, None)

    def determinize(self, view: StockPileView, seat: int, seed: bytes) -> StockPileState:
        """A full state consistent with the view: the unseen cards (other hands, the draw pile,
        every stock below its top) dealt at random by their counts."""
        public = view["public"]
        state: State = {
            key: copy_state(value)
            for key, value in public.items()
            if key not in ("hand_counts", "draw_size", "stock_tops", "stock_counts")
        }
        state.update(schema=SCHEMA_VERSION, game=view["game"], seats=view["seats"], options=copy_state(view["options"]))
        own = list(view["private"]["hand"]) if view.get("private") else []
        seen = Counter(own)
        seen.update(card for card in public["stock_tops"] if card)
        seen.update(public["set_aside"])
        for piles in public["discards"]:
            for pile in piles:
                seen.update(pile)
        for pile in public["building"]:
            seen.update(pile)
        # By face: recycled cards carry new ids, so the unseen ones get ids of the first deck
        # that no seen card holds (enough of them, as every face has its twelve or eighteen).
        seen_faces = Counter(face(card) for card in seen.elements())
        missing = Counter(face(card) for card in build_decks(DECK_KIND, 1))
        missing.subtract(seen_faces)
        spare = [card for card in build_decks(DECK_KIND, 1) if card not in seen]
        pool: list[Card] = []
        for card in spare:
            if missing[face(card)] > 0:
                missing[face(card)] -= 1
                pool.append(card)
        Rng(new_rng_state(seed + b":determinize")).shuffle(pool)
        hands = []
        for other, count in enumerate(public["hand_counts"]):
            if other == seat:
                hands.append(own)
            else:
                hands.append(pool[:count])
                del pool[:count]
        stocks = []
        for top, count in zip(public["stock_tops"], public["stock_counts"], strict=True):
            below = pool[: max(0, count - 1)]
            del pool[: max(0, count - 1)]
            stocks.append(below + ([top] if top else []))
        state["hands"], state["stocks"], state["draw_pile"] = hands, stocks, pool
        state["discard_pile"] = []
        state["rng"] = new_rng_state(seed)
        # Built key by key from the view's public part, as the card core's determinize is.
        return cast(StockPileState, state)

    def result(self, state: StockPileState) -> Result | None:
        if state["turn"] is not None:
            return None
        counts = [len(stock) for stock in state["stocks"]]
        return {"placings": placings_from_scores(counts, higher_wins=False), "scores": counts}


def discard_slot(piles: list[list[Card]], card: Card) -> int:
    """Where a discard keeps the piles playable: onto the same number or the one above (piles
    then run downwards and unwind upwards), else an empty pile, else the highest top."""
    number = number_of(card)
    if number is not None:
        for slot, pile in enumerate(piles):
            if pile and number_of(pile[-1]) in (number, number + 1):
                return slot
    for slot, pile in enumerate(piles):
        if not pile:
            return slot
    return max(range(len(piles)), key=lambda slot: number_of(piles[slot][-1]) or 0)


def hidden_from(state: StockPileState, seat: int | None) -> set[Card]:
    """Every card `seat` must not see: other hands, the draw pile, every stock below its top
    (its owner's too)."""
    secret = set(state["draw_pile"])
    for other, hand in enumerate(state["hands"]):
        if other != seat:
            secret.update(hand)
    for stock in state["stocks"]:
        secret.update(stock[:-1])
    return secret


ENGINE = StockPile()
