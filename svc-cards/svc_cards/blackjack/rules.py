"""Blackjack against the dealer: every seat plays its own hand against the bank, most chips wins.

Rules: house-rules-de-en-es.txt ("Blackjack") and docs/catalogue.md (1-8 seats, chips local to the
game). Hand values come from the card core (`core/blackjack.py`). The dealer is the engine,
not a seat. Decisions where the text is silent, also written on the rules page:
- Settings: rounds 1-20 (default 10), starting chips 50-1,000 (default 500).
- Bets are placed by everyone at once (a simultaneous phase), in steps of 2 chips from 2 up
  to everything a seat has, so a blackjack's 3:2 is always whole chips. A seat with fewer
  than 2 chips sits out; when nobody can bet any more the game ends early.
- Every round is dealt from a freshly shuffled shoe: one deck for up to four seats, two
  decks for five to eight; should it run out, another deck is shuffled in.
- The deal: one card to each seat in seat order, the dealer's open card, a second card to
  each seat, the dealer's hidden card. Players' cards lie open.
- A seat dealt a blackjack has nothing to decide. A hand that reaches 21 stands by itself.
- Double needs chips for a second bet as large as the first.
- The dealer checks its hidden card at once when the open card is an ace or ten-value
  (American "peek"): with a blackjack it is turned, the round ends, a player's blackjack
  ties (bet back), every other bet is lost.
- Otherwise the seats play in seat order, then the dealer turns the hidden card and draws
  to at least 17 (a soft 17 stands too). It draws no card when every hand is bust or a
  blackjack.
- No split, no insurance: the text has neither.
- Most chips after the last round wins; equal chips share a place.
"""

from __future__ import annotations

from typing import Any, cast

from rulekit import (
    BaseEngine,
    Event,
    GameMeta,
    Move,
    MoveClock,
    Option,
    Result,
    Rng,
    clock_seat,
    clone,
    event,
    new_rng_state,
    placings_from_scores,
)
from rulekit.contract import SCHEMA_VERSION

from ..core import Card, build_decks, rank_of
from ..core.blackjack import TWENTY_ONE, card_points, hand_total, is_bust, is_natural
from .state import BlackjackPublic, BlackjackState, BlackjackView

MAX_SEATS = 8
MAX_ROUNDS = 20
MIN_BET = 2
BET_STEP = 2
DEALER_STANDS = 17
TEN_OR_ACE = frozenset(("10", "J", "Q", "K", "A"))

META = GameMeta(
    id="blackjack",
    family="cards",
    min_seats=1,
    max_seats=MAX_SEATS,
    chance=True,
    hidden_information=True,
    simultaneous=True,
    # Per round and seat: a bet, at most ten hits (eleven cards reach 21 at most), a stand.
    longest_game=MAX_ROUNDS * MAX_SEATS * 12,
    options=(
        Option("rounds", "int", 10, "option.rounds", minimum=1, maximum=MAX_ROUNDS),
        Option("chips", "int", 500, "option.chips", minimum=50, maximum=1000),
    ),
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(relaxed_s=60, normal_s=30, fast_s=15),
    turn_based=True,
)

# State keys no view shows as they are: the shoe, the dealer's cards (the hidden one), the generator.
SECRET = frozenset(("shoe", "dealer", "rng", "schema", "game", "seats", "options"))


def decks_for(seats: int) -> int:
    return 1 if seats <= 4 else 2


def top_bet(chips: int) -> int:
    """The largest bet a seat with `chips` may place (whole steps)."""
    return chips - (chips - MIN_BET) % BET_STEP


def dealer_peeks(up: Card) -> bool:
    return rank_of(up) in TEN_OR_ACE


class Blackjack(BaseEngine[BlackjackState, BlackjackView]):
    meta = META

    # -- setup -----------------------------------------------------------------------------
    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> BlackjackState:
        chips = int(options["chips"])
        # The round's keys come from `_start_round`.
        state = cast(
            BlackjackState,
            {
                "phase": "bet",
                "round": 0,
                "rounds": int(options["rounds"]),
                "start_chips": chips,
                "chips": [chips] * seats,
                "house": 0,  # the dealer's winnings less its losses
                "next_deck": 0,
                "round_decks": [0, 0],  # the shoe's first deck number and how many decks
                "last_round": None,
                "seats": seats,
            },
        )
        self._start_round(state)
        return state

    def _start_round(self, state: BlackjackState) -> list[Event]:
        seats = state["seats"]
        playing = [chips >= MIN_BET for chips in state["chips"]]
        state.update(
            {
                "in_round": playing,
                "bets": [0] * seats,
                "hands": [[] for _ in range(seats)],
                "doubled": [False] * seats,
                "done": [False] * seats,
                "turn": None,
                "dealer": [],
                "hole_turned": False,
                "shoe": [],
            }
        )
        if state["round"] >= state["rounds"] or not any(playing):
            state["phase"] = "over"
            return [event("game_over", chips=list(state["chips"]))]
        state["round"] += 1
        state["phase"] = "bet"
        return [event("round_started", round=state["round"])]

    # -- whose move ------------------------------------------------------------------------
    def to_move(self, state: BlackjackState) -> frozenset[int]:
        phase = state["phase"]
        if phase == "bet":
            return frozenset(s for s in range(state["seats"]) if state["in_round"][s] and not state["bets"][s])
        if phase == "play" and state["turn"] is not None:
            return frozenset((state["turn"],))
        return frozenset()

    def legal_moves(self, state: BlackjackState, seat: int) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        chips = state["chips"][seat]
        if state["phase"] == "bet":
            return [{"type": "bet", "range": {"amount": [MIN_BET, top_bet(chips), BET_STEP]}}]
        moves: list[Move] = [{"type": "hit"}, {"type": "stand"}]
        if len(state["hands"][seat]) == 2 and chips >= state["bets"][seat]:
            moves.append({"type": "double"})
        return moves

    # -- moves -----------------------------------------------------------------------------
    def play(self, state: BlackjackState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        if kind == "bet":
            amount = move["amount"]
            state["bets"][seat] = amount
            state["chips"][seat] -= amount
            events = [event("bet", seat=seat, amount=amount)]
            if not self.to_move(state):
                events += self._deal(state, rng)
            return events
        hand = state["hands"][seat]
        if kind == "stand":
            state["done"][seat] = True
            events = [event("stood", seat=seat, total=hand_total(hand)[0])]
        elif kind == "hit":
            card = self._draw(state, rng)
            hand.append(card)
            events = [event("hit", seat=seat, card=card, total=hand_total(hand)[0])]
            events += self._after_card(state, seat)
        else:
            bet = state["bets"][seat]
            state["chips"][seat] -= bet
            state["bets"][seat] = 2 * bet
            state["doubled"][seat] = True
            card = self._draw(state, rng)
            hand.append(card)
            state["done"][seat] = True
            events = [event("doubled", seat=seat, card=card, bet=2 * bet, total=hand_total(hand)[0])]
            if is_bust(hand):
                events.append(event("bust", seat=seat))
        if not state["done"][seat]:
            return events  # still this seat's turn
        return events + self._next_turn(state, seat, rng)

    def _after_card(self, state: BlackjackState, seat: int) -> list[Event]:
        total = hand_total(state["hands"][seat])[0]
        if total > TWENTY_ONE:
            state["done"][seat] = True
            return [event("bust", seat=seat)]
        if total == TWENTY_ONE:
            state["done"][seat] = True
            return [event("twenty_one", seat=seat)]
        return []

    def _draw(self, state: BlackjackState, rng: Rng) -> Card:
        if not state["shoe"]:
            # Never in practice with these shoes, but the shoe must not run dry.
            fresh = build_decks("french52", 1, first=state["next_deck"])
            state["next_deck"] += 1
            state["round_decks"][1] += 1
            rng.shuffle(fresh)
            state["shoe"] = fresh
        card: Card = state["shoe"].pop()
        return card

    def _deal(self, state: BlackjackState, rng: Rng) -> list[Event]:
        seats = state["seats"]
        decks = decks_for(seats)
        shoe = build_decks("french52", decks, first=state["next_deck"])
        state["round_decks"] = [state["next_deck"], decks]
        state["next_deck"] += decks
        rng.shuffle(shoe)
        state["shoe"] = shoe
        state["phase"] = "play"
        order = [s for s in range(seats) if state["in_round"][s]]
        for _ in range(2):
            for seat in order:
                state["hands"][seat].append(self._draw(state, rng))
            state["dealer"].append(self._draw(state, rng))
        up = state["dealer"][0]
        events: list[Event] = [event("dealt", seat=s, cards=list(state["hands"][s])) for s in order]
        events.append(event("dealer_up", card=up))
        for seat in order:
            if is_natural(state["hands"][seat]):
                state["done"][seat] = True
                events.append(event("blackjack", seat=seat))
        if dealer_peeks(up) and is_natural(state["dealer"]):
            state["hole_turned"] = True
            events.append(event("hole_turned", card=state["dealer"][1], total=TWENTY_ONE))
            events.append(event("dealer_blackjack"))
            return events + self._settle(state)
        return events + self._next_turn(state, -1, rng)

    def _next_turn(self, state: BlackjackState, after: int, rng: Rng) -> list[Event]:
        for seat in range(after + 1, state["seats"]):
            if state["in_round"][seat] and not state["done"][seat]:
                state["turn"] = seat
                return []
        state["turn"] = None
        return self._dealer_plays(state, rng) + self._settle(state)

    def _dealer_plays(self, state: BlackjackState, rng: Rng) -> list[Event]:
        dealer = state["dealer"]
        state["hole_turned"] = True
        events = [event("hole_turned", card=dealer[1], total=hand_total(dealer)[0])]
        seats = range(state["seats"])
        live = any(
            state["in_round"][s] and not is_bust(state["hands"][s]) and not is_natural(state["hands"][s]) for s in seats
        )
        if not live:
            return events
        while hand_total(dealer)[0] < DEALER_STANDS:
            card = self._draw(state, rng)
            dealer.append(card)
            events.append(event("dealer_drew", card=card, total=hand_total(dealer)[0]))
        total = hand_total(dealer)[0]
        events.append(event("dealer_bust", total=total) if total > TWENTY_ONE else event("dealer_stood", total=total))
        return events

    def _settle(self, state: BlackjackState) -> list[Event]:
        seats = state["seats"]
        dealer = state["dealer"]
        dealer_total = hand_total(dealer)[0]
        dealer_natural = is_natural(dealer)
        outcomes: list[str | None] = [None] * seats
        paid = [0] * seats
        events: list[Event] = []
        for seat in range(seats):
            if not state["in_round"][seat]:
                continue
            hand, bet = state["hands"][seat], state["bets"][seat]
            total = hand_total(hand)[0]
            natural = is_natural(hand)
            if total > TWENTY_ONE:
                outcome = "bust"  # lost, whatever the dealer does
            elif natural and dealer_natural:
                outcome = "push"
            elif natural:
                outcome = "blackjack"
            elif dealer_natural:
                outcome = "lose"
            elif dealer_total > TWENTY_ONE or total > dealer_total:
                outcome = "win"
            elif total == dealer_total:
                outcome = "push"
            else:
                outcome = "lose"
            back = {"blackjack": bet + bet * 3 // 2, "win": 2 * bet, "push": bet}.get(outcome, 0)
            outcomes[seat], paid[seat] = outcome, back
            state["chips"][seat] += back
            state["house"] += bet - back
            events.append(event("settled", seat=seat, outcome=outcome, bet=bet, paid=back))
        state["last_round"] = {
            "round": state["round"],
            "dealer": list(dealer),
            "dealer_total": dealer_total,
            "hands": [list(hand) for hand in state["hands"]],
            "bets": list(state["bets"]),
            "outcomes": outcomes,
            "paid": paid,
        }
        return events + self._start_round(state)

    # -- clock -----------------------------------------------------------------------------
    def timeout_move(self, state: BlackjackState, seat: int | None) -> Move:
        """Out of time: the smallest bet while betting, else stand."""
        seat = clock_seat(seat, self.to_move(state), "illegal_move")
        return {"type": "bet", "amount": MIN_BET} if state["phase"] == "bet" else {"type": "stand"}

    # -- views -----------------------------------------------------------------------------
    def view(self, state: BlackjackState, seat: int | None) -> BlackjackView:
        public = cast(BlackjackPublic, {key: clone(value) for key, value in state.items() if key not in SECRET})
        dealer = state["dealer"]
        shown = list(dealer) if state["hole_turned"] else dealer[:1]
        public["dealer_shown"] = shown
        public["dealer_cards"] = len(dealer)
        public["dealer_total"] = hand_total(shown)[0] if shown else 0
        public["totals"] = [list(hand_total(hand)) for hand in state["hands"]]
        public["shoe_size"] = len(state["shoe"])
        return {**self.common_view(state, seat), "public": public}

    def determinize(self, view: BlackjackView, seat: int, seed: bytes) -> BlackjackState:
        """A full state this seat's view allows: the unseen cards of this round's shoe dealt
        at random into the hidden card (not one that makes a peeked blackjack) and the shoe."""
        public = view["public"]
        state = cast(
            BlackjackState,
            {
                key: clone(value)
                for key, value in public.items()
                if key not in ("dealer_shown", "dealer_cards", "dealer_total", "totals", "shoe_size")
            },
        )
        state.update(
            {"schema": SCHEMA_VERSION, "game": view["game"], "seats": view["seats"], "options": clone(view["options"])}
        )
        rnd = Rng(new_rng_state(seed + b":determinize"))
        dealer = list(public["dealer_shown"])
        shoe: list[Card] = []
        if public["phase"] == "play":
            first, count = public["round_decks"]
            seen = set(dealer).union(*map(set, public["hands"]))
            pool = [card for card in build_decks("french52", count, first=first) if card not in seen]
            rnd.shuffle(pool)
            if len(dealer) < public["dealer_cards"]:
                up = dealer[0]
                allowed = [c for c in pool if not (dealer_peeks(up) and card_points(up) + card_points(c) == 11)]
                hole = allowed[0]
                pool.remove(hole)
                dealer.append(hole)
            shoe = pool[: public["shoe_size"]]
        state["dealer"] = dealer
        state["shoe"] = shoe
        state["rng"] = new_rng_state(seed)
        return state

    def result(self, state: BlackjackState) -> Result | None:
        if state["phase"] != "over":
            return None
        chips = list(state["chips"])
        return {"placings": placings_from_scores(chips), "scores": chips}


def hidden_from(state: BlackjackState, seat: int | None) -> set[Card]:
    """Every card no seat may see yet: the shoe and the dealer's hidden card until it is turned."""
    secret = set(state["shoe"])
    if len(state["dealer"]) > 1 and not state["hole_turned"]:
        secret.add(state["dealer"][1])
    return secret


ENGINE = Blackjack()
