"""Rummy (Rommé): two French decks plus six jokers, 2-6 players, sets and runs.

Rules: house-rules-de-en-es.txt ("Rummy") and docs/catalogue.md. Decisions where the text is silent,
also written on the rules page:
- 110 cards: two 52-card decks and three jokers each. Thirteen cards each, one card turned up
  as the discard pile; a random seat starts; play goes to higher seat numbers.
- A turn: take the top of the stock (`draw`) or the top of the discard pile (`take`), then any
  number of melds, lay-offs and joker swaps, then discard one card. The card just taken from
  the discard pile may not be discarded again that turn (unless it is the last card).
- Set: three or four cards of one rank, each natural card of a different suit. Run: three or
  more of one suit in sequence; the ace is low (A-2-3) or high (Q-K-A), never K-A-2. Jokers
  at most as many as natural cards (core/melds.py).
- Opening: the melds laid in the turn a player first melds count towards the minimum (host
  setting, 0-100, default 40): 2-10 their number, J/Q/K 10, ace 11 (1 low in A-2-3), a joker
  what it stands for. Until the minimum is reached the melds stand on the table as a
  proposal; the player may take them all back (and then melds no more that turn), but may
  not discard with a proposal below the minimum. Once reached the player has opened.
- Only after opening may a player lay off onto any meld on the table (their own too) and swap
  a joker: a natural card that the joker stands for (in a set: a suit the set lacks) replaces
  it and the joker goes to the hand.
- Going out: the first empty hand (by a last discard or by melding the last cards; only after
  opening) ends the game. Cards left count against: joker 20, ace 11, J/Q/K 10, others their
  number; places go by those points, the one who went out first (0).
- Stock: when it is empty at the end of a turn, the discard pile less its top is shuffled into
  a new stock, twice at most; when it runs out a third time the game ends and the points left
  in the hands decide (ties share).
- Views: every meld, the discard pile, the cards everyone saw go into a hand (taken from the
  discard pile, taken back, swapped jokers); below their own hand each seat gets every meld
  it could lay right now (`possible_melds`) and its points.
"""

from __future__ import annotations

from typing import Any

from rulekit import (
    Event,
    GameMeta,
    Move,
    MoveClock,
    Option,
    Result,
    Rng,
    View,
    clock_seat,
    event,
    placings_from_scores,
)

from ..core import Card, deal, new_table, next_seat, turn_up
from ..core.meld_play import MeldEngine, known_hidden_from
from ..core.melds import RUMMY, card_points, is_joker, joker_swaps, lay_offs, meld_points, possible_melds
from ..core.table import refill
from .state import RummyState, RummyView

DECK = "rummy55"
HAND = 13
JOKER_PENALTY = 20
RESHUFFLES = 2

NOBODY: frozenset[int] = frozenset()
ONLY = tuple(frozenset((seat,)) for seat in range(16))

META = GameMeta(
    id="rummy",
    family="cards",
    min_seats=2,
    max_seats=6,
    chance=True,
    hidden_information=True,
    simultaneous=False,
    # Three passes through the stock at most, a handful of moves a turn.
    longest_game=20_000,
    options=(Option("opening_minimum", "int", 40, "option.opening_minimum", minimum=0, maximum=100),),
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(relaxed_s=60, normal_s=30, fast_s=15),
    turn_based=True,
)


def penalty(card: Card) -> int:
    """What a card left in hand counts: joker 20, ace 11, J/Q/K 10, others their number."""
    points = _PENALTIES.get(card)
    if points is None:
        points = _PENALTIES[card] = JOKER_PENALTY if is_joker(card) else card_points(card)
    return points


# Every view shows its seat's hand points: a card's are looked up, not worked out again.
_PENALTIES: dict[Card, int] = {}


def hand_penalty(hand: list[Card]) -> int:
    return sum(map(penalty, hand))


def _melds_with_points(hand: list[Card]) -> list[dict[str, Any]]:
    """The view's list of the melds a hand could lay, each with its points: every view of a
    step asks for every seat's, and most hands are the same as a step before."""
    key = tuple(hand)
    found = _VIEW_MELDS.get(key)
    if found is None:
        found = tuple((meld["kind"], tuple(meld["cards"]), meld_points(meld)) for meld in possible_melds(hand, RUMMY))
        if len(_VIEW_MELDS) >= 64:
            _VIEW_MELDS.clear()
        _VIEW_MELDS[key] = found
    return [{"kind": kind, "cards": list(cards), "points": points} for kind, cards, points in found]


_VIEW_MELDS: dict[tuple[Card, ...], tuple[tuple[str, tuple[Card, ...], int], ...]] = {}


class Rummy(MeldEngine[RummyState, RummyView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> RummyState:
        table = new_table(seats, DECK, 2, rng)
        table["turn"] = first = rng.below(seats)
        deal(table, first, HAND)
        turn_up(table, rng)
        return {
            **table,
            "open_zones": ["melds"],
            "melds": [],
            "phase": "draw",  # "draw": take a card; "play": meld, lay off, swap, discard
            "opened": [False] * seats,
            "staged": [],  # melds (table indices) of an opening proposal below the minimum
            "staged_points": 0,
            "took_back": False,
            "taken": None,  # the card taken from the discard pile this turn
            "known": [[] for _ in range(seats)],  # cards everyone saw go into a hand
            "reshuffles": 0,
            "penalties": None,
            "out": None,  # the seat that went out
        }

    def to_move(self, state: RummyState) -> frozenset[int]:
        turn = state["turn"]
        return NOBODY if turn is None else ONLY[turn]

    def cache_key(self, state: RummyState, seat: int) -> tuple[Any, ...]:
        return (
            seat,
            tuple(state["hands"][seat]),
            tuple((meld["kind"], tuple(meld["cards"])) for meld in state["melds"]),
            state["opened"][seat],
            state["took_back"],
            bool(state["staged"]),
            state["taken"],
        )

    def _moves(self, state: RummyState, seat: int, only: str | None = None) -> list[Move]:
        """The legal moves (of the kind `only` alone, when given, in the play phase)."""
        if seat != state["turn"]:
            return []
        if state["phase"] == "draw":
            return [{"type": "draw"}, {"type": "take"}]
        hand = state["hands"][seat]
        opened = state["opened"][seat]
        moves: list[Move] = []
        if (opened or not state["took_back"]) and only in (None, "meld"):
            moves += [{"type": "meld", **meld} for meld in possible_melds(hand, RUMMY)]
        if opened and only in (None, "lay_off"):
            moves += [{"type": "lay_off", **lay} for lay in lay_offs(hand, state["melds"], RUMMY)]
        if opened and only in (None, "swap"):
            moves += [{"type": "swap", **swap} for swap in joker_swaps(hand, state["melds"])]
        if state["staged"]:
            if only in (None, "take_back"):
                moves.append({"type": "take_back"})
        elif hand and only in (None, "discard"):
            taken = state["taken"]
            moves += [{"type": "discard", "card": card} for card in hand if card != taken or len(hand) == 1]
        return moves

    def play(self, state: RummyState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        hand, known = state["hands"][seat], state["known"][seat]
        if kind == "draw":
            state["phase"] = "play"
            return self._draw(state, seat)
        if kind == "take":
            card = state["discard_pile"].pop()
            hand.append(card)
            known.append(card)
            state.update({"phase": "play", "taken": card})
            return [event("took", seat=seat, card=card)]
        if kind == "meld":
            return self._meld(state, seat, move["kind"], list(move["cards"]))
        if kind == "lay_off":
            return self.lay_off_card(state, seat, move)
        if kind == "swap":
            return self.swap(state, seat, move)
        if kind == "take_back":
            state["staged_points"] = 0
            return self.take_back(state, seat)
        events = self.discard(state, seat, move["card"])
        if not hand:
            return events + self._end(state, seat)
        return events + self._next_turn(state, seat, rng)

    # -- steps ---------------------------------------------------------------------------------
    def _draw(self, state: RummyState, seat: int) -> list[Event]:
        card = state["draw_pile"].pop()
        state["hands"][seat].append(card)
        return [event("drawn", visible_to=[seat], seat=seat, cards=[card]), event("drew", seat=seat, count=1)]

    def _meld(self, state: RummyState, seat: int, kind: str, cards: list[Card]) -> list[Event]:
        index = self.lay_meld(state, seat, kind, cards)
        points = meld_points(state["melds"][index])
        events = [event("melded", seat=seat, meld=index, kind=kind, cards=list(cards), points=points)]
        if not state["opened"][seat]:
            state["staged"].append(len(state["melds"]) - 1)
            state["staged_points"] += points
            if state["staged_points"] >= state["options"]["opening_minimum"]:
                state["opened"][seat] = True
                events.append(event("opened", seat=seat, points=state["staged_points"]))
                state.update({"staged": [], "staged_points": 0})
        return events + self.maybe_out(state, seat)

    def maybe_out(self, state: RummyState, seat: int) -> list[Event]:
        if state["hands"][seat] or not state["opened"][seat]:
            return []
        return self._end(state, seat)

    def _next_turn(self, state: RummyState, seat: int, rng: Rng) -> list[Event]:
        events: list[Event] = []
        if not state["draw_pile"]:
            if state["reshuffles"] < RESHUFFLES and len(state["discard_pile"]) > 1:
                state["reshuffles"] += 1
                events += refill(state, rng, fresh_decks=False)
            else:
                return [event("stock_out")] + self._end(state, None)
        state.update({"turn": next_seat(state, seat), "phase": "draw", "took_back": False, "taken": None})
        return events

    def _end(self, state: RummyState, out: int | None) -> list[Event]:
        penalties = [hand_penalty(hand) for hand in state["hands"]]
        state.update(
            {
                "turn": None,
                "penalties": penalties,
                "out": out,
                "phase": "over",
                "staged": [],
                "staged_points": 0,
                "taken": None,
            }
        )
        events = [] if out is None else [event("went_out", seat=out)]
        # The hands are shown at the end: the points need them.
        events.append(event("hands_shown", hands=[list(hand) for hand in state["hands"]], penalties=penalties))
        return events + [event("game_over")]

    # -- views ---------------------------------------------------------------------------------
    def decorate(self, view: View, state: RummyState, seat: int | None) -> None:
        if state["turn"] is None:
            view["public"]["shown_hands"] = [list(hand) for hand in state["hands"]]
        if seat is not None:
            hand = state["hands"][seat]
            view["private"]["possible_melds"] = _melds_with_points(hand)
            view["private"]["hand_points"] = hand_penalty(hand)

    view_keys = frozenset(("shown_hands",))

    def timeout_move(self, state: RummyState, seat: int | None) -> Move:
        """Out of time: draw from the stock; with a proposal below the minimum, take it back;
        otherwise discard the card that would cost most if left in hand (never a joker while
        another card can go)."""
        seat = clock_seat(seat, (state["turn"],))
        if state["phase"] == "draw":
            return {"type": "draw"}
        if state["staged"]:
            return {"type": "take_back"}
        legal = [move for move in self.legal_moves(state, seat) if move["type"] == "discard"]
        best = max(legal, key=lambda m: (not is_joker(m["card"]), penalty(m["card"])))
        return best

    def result(self, state: RummyState) -> Result | None:
        penalties = state["penalties"]
        # The hands' points are counted when the game ends (turn None), never before.
        if state["turn"] is not None or penalties is None:
            return None
        return {"placings": placings_from_scores(penalties, higher_wins=False), "scores": list(penalties)}


def hidden_from(state: RummyState, seat: int | None) -> set[Card]:
    """What `seat` must not see: the stock and other hands, less the cards everyone saw go into
    a hand; once the game is over the hands are shown."""
    if state["turn"] is None:
        return set(state["draw_pile"])
    return known_hidden_from(state, seat)


ENGINE = Rummy()
