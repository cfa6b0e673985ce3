"""Oh Hell (Plump): bid the tricks you will take, exactly; 3-6 players, a 52-card deck.

Rules: card-room-sv.txt ("Plump") and docs/catalogue.md. Decisions where the text is silent, also
written on the rules page:
- One game is one whole match: every deal of the chosen length (`length`: "quick" 5-4-3-2-1
  cards, or "full": 10 cards, 8 with six players, down to one, the one-card deal once per
  player, then back up to the start). The scores live in the state, so a match paused for
  days goes on where it stopped; the result (and so the win statistics) exists only once the
  last deal is scored, for either length: a match left unfinished counts nowhere.
- Between deals the game waits for the host (`host`, seat 0: the room's creator sits there)
  to start the next deal (`next_deal`), so everyone can read the deal's score first.
- The first dealer is drawn at random; the deal passes to the next seat every deal. Bidding
  and the first lead start with the seat after the dealer; the dealer bids last and may not
  bid so that the bids add up to the number of tricks (the hook). Bids are public.
- Follow suit if you can, otherwise any card; no trumps, ace high; the trick's winner leads.
- An exact bid scores 10 plus the tricks taken (a correct zero 10), a miss 0.
- Equal totals at the end share the place.
"""

from __future__ import annotations

from typing import Any

from rulekit import Event, GameMeta, Move, MoveClock, Option, Rng, clock_moves, event

from ..core import parse
from ..core.tricks import HOST, TrickEngine, deal_round, led_suit, new_trick_table, play_card, playable, rank_value
from .state import OhHellState, OhHellView

META = GameMeta(
    id="oh-hell",
    family="cards",
    min_seats=3,
    max_seats=6,
    chance=True,
    hidden_information=True,
    simultaneous=False,
    # A full match with three seats: 21 deals, 333 cards played, 63 bids, 20 deal starts.
    longest_game=1000,
    options=(Option("length", "choice", "quick", "option.length", choices=("quick", "full")),),
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(relaxed_s=60, normal_s=30, fast_s=15),
    turn_based=True,
)


def schedule(seats: int, length: str) -> list[int]:
    """Cards per seat in each deal of the match."""
    if length == "quick":
        return [5, 4, 3, 2, 1]
    top = 8 if seats == 6 else 10
    down = list(range(top, 1, -1))
    return down + [1] * seats + down[::-1]


def deal_points(bid: int, tricks: int) -> int:
    """An exact bid scores 10 plus the tricks (a correct zero: 10); a miss scores 0."""
    return 10 + tricks if bid == tricks else 0


def bid_options(state: OhHellState, seat: int) -> list[int]:
    """The bids `seat` may make: 0 to the cards in hand; the dealer (last to bid) may not make
    the total equal the number of tricks."""
    cards = state["schedule"][state["deal"]]
    bids = list(range(cards + 1))
    if seat == state["dealer"]:
        others = sum(bid for bid in state["bids"] if bid is not None)
        bids = [bid for bid in bids if others + bid != cards]
    return bids


class OhHell(TrickEngine[OhHellState, OhHellView]):
    meta = META
    flat_keys = ("bids", "history")  # changed in place; `scores` is replaced

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> OhHellState:
        state: OhHellState = {
            **new_trick_table(seats),
            "schedule": schedule(seats, options["length"]),
            "deal": 0,
            "dealer": rng.below(seats),
            "host": HOST,
            "phase": "bidding",
            "bids": [None] * seats,
            "scores": [0] * seats,
            "history": [],
        }
        self.deal(state, rng)
        return state

    def deal(self, state: OhHellState, rng: Rng) -> list[Event]:
        seats = len(state["hands"])
        first = (state["dealer"] + 1) % seats
        cards = state["schedule"][state["deal"]]
        events = [event("deal_started", deal=state["deal"] + 1, cards=cards, dealer=state["dealer"])]
        events += deal_round(state, rng, first, cards)
        state.update({"phase": "bidding", "bids": [None] * seats, "turn": first})
        return events

    def deal_moves(self, state: OhHellState, seat: int) -> list[Move]:
        if state["phase"] == "bidding":
            return [{"type": "bid", "bid": bid} for bid in bid_options(state, seat)]
        return [{"type": "play", "card": card} for card in playable(state["hands"][seat], led_suit(state))]

    def play(self, state: OhHellState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        seats = len(state["hands"])
        if kind == "next_deal":
            return self.next_deal(state, rng)
        if kind == "bid":
            state["bids"][seat] = move["bid"]
            events = [event("bid", seat=seat, bid=move["bid"])]
            if seat == state["dealer"]:
                state["phase"] = "playing"
                state["turn"] = state["leader"]
            else:
                state["turn"] = (seat + 1) % seats
            return events
        events, _winner = play_card(state, seat, move["card"])
        if not any(state["hands"]):
            events += self._score(state)
        return events

    def _score(self, state: OhHellState) -> list[Event]:
        bids = [bid for bid in state["bids"] if bid is not None]
        assert len(bids) == len(state["bids"]), "every seat bids before the cards are played"
        tricks = state["tricks_won"]
        points = [deal_points(bid, won) for bid, won in zip(bids, tricks, strict=True)]
        cards = state["schedule"][state["deal"]]
        state["history"].append(
            {"cards": cards, "dealer": state["dealer"], "bids": list(bids), "tricks": list(tricks), "points": points}
        )
        scored = event("deal_scored", deal=state["deal"] + 1, bids=list(bids), tricks=list(tricks), points=points)
        return self.end_deal(state, points, len(state["schedule"]), scored)

    def timeout_move(self, state: OhHellState, seat: int | None) -> Move:
        """Out of time: the host's next deal starts; a bid is the count of aces and kings held
        (the nearest the hook allows, lower first); a card is the lowest that may be played
        (a low card rarely takes a trick nobody planned for)."""
        seat, legal = clock_moves(self, state, seat)
        if legal[0]["type"] in ("next_deal",):
            return legal[0]
        if legal[0]["type"] == "bid":
            strong = sum(1 for card in state["hands"][seat] if parse(card)[1] in ("A", "K"))
            best = min(legal, key=lambda move: (abs(move["bid"] - strong), move["bid"]))
            return best
        return min(legal, key=lambda move: (rank_value(move["card"]), move["card"]))


ENGINE = OhHell()
