"""Penalty Tricks (Minus): a compendium of four deals, each with something new to avoid;
3-6 players, a 52-card deck.

Rules: card-room-sv.txt ("Minus") and docs/catalogue.md. The four deals of a cycle:
1. hearts: every trick holding a heart -10 (one heart or several: still -10);
2. queens: the queen of spades -50, every other queen -25 (each counts);
3. king and last: the king of diamonds -50, the last trick -75 (both: -125);
4. all: every penalty of deals 1-3 at once.
Least minus wins; equal totals share the place.

Decisions where the text is silent, also written on the rules page:
- The set length (`cycles`, 1-3, default 1) repeats the four-deal cycle; one game is the whole
  set, and only a finished set has a result.
- The whole deck is dealt every deal. So that it divides, the lowest clubs and diamonds, which
  carry no penalty, are taken out and shown to everyone (`removed`): 2 of clubs with three
  players, none with four, both twos with five, both twos and both threes with six.
- Passing: three cards a deal, to the left in odd deals and to the right in even ones. Every
  seat picks its cards one at a time (a simultaneous phase); nobody sees a card passed to it
  until every seat has chosen, then all change hands at once.
- The first starter (who leads the first trick) is drawn at random; each next deal starts with
  the seat to the left of the last starter. In the first trick of deals 1 and 4 (of every
  cycle) the starter may not lead a heart while holding another suit; after that hearts may
  be led freely. Follow suit if you can; no trumps, ace high; the trick's winner leads next.
- Between deals the game waits for the host (seat 0, the room's creator) to start the next
  deal (`next_deal`), so everyone can read the deal's score first.
"""

from __future__ import annotations

from typing import Any

from rulekit import Event, GameMeta, Move, MoveClock, Option, Rng, clock_moves, event, new_rng_state
from rulekit.contract import View

from ..core import Card, parse
from ..core.tricks import (
    HOST,
    TRICK_ZONES,
    TrickEngine,
    choices_made,
    deal_round,
    exchange,
    led_suit,
    new_trick_table,
    pass_choices,
    passers,
    play_card,
    playable,
    rank_value,
    sort_hand,
    start_passing,
    trick_hidden_from,
)
from .state import PenaltyState, PenaltyView

PASS_COUNT = 3
KINDS = ("hearts", "queens", "king_last", "all")
# Deals whose first lead may not be a heart while the starter holds another suit.
NO_HEART_LEAD = frozenset(("hearts", "all"))
HEART_TRICK = -10
SPADE_QUEEN = -50
OTHER_QUEEN = -25
DIAMOND_KING = -50
LAST_TRICK = -75
# Taken out so that the deck divides by the seats (no penalty card among them).
REMOVED = {
    3: ("C2.0",),
    4: (),
    5: ("C2.0", "D2.0"),
    6: ("C2.0", "D2.0", "C3.0", "D3.0"),
}

META = GameMeta(
    id="penalty-tricks",
    family="cards",
    min_seats=3,
    max_seats=6,
    chance=True,
    hidden_information=True,
    simultaneous=True,
    # Three cycles with six seats: 12 deals of 48 cards, 18 pass picks and a deal start each.
    longest_game=900,
    options=(Option("cycles", "int", 1, "option.cycles", minimum=1, maximum=3),),
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(relaxed_s=60, normal_s=30, fast_s=15),
    turn_based=True,
)


def kinds_of(cycles: int) -> list[str]:
    """The kind of every deal of the set: the four-deal cycle, `cycles` times."""
    return list(KINDS) * cycles


def pass_offset(deal: int) -> int:
    """To the left (the next seat) in odd deals (index 0, 2, ...), to the right in even ones."""
    return 1 if deal % 2 == 0 else -1


def card_points(card: Card, kind: str) -> int:
    """What a card itself costs its taker in a deal of this kind (hearts count per trick)."""
    suit, rank = parse(card)
    points = 0
    if kind in ("queens", "all") and rank == "Q":
        points += SPADE_QUEEN if suit == "S" else OTHER_QUEEN
    if kind in ("king_last", "all") and suit == "D" and rank == "K":
        points += DIAMOND_KING
    return points


def trick_points(cards: list[Card], kind: str, last: bool) -> int:
    """The penalty of one finished trick for its winner."""
    points = sum(card_points(card, kind) for card in cards)
    if kind in ("hearts", "all") and any(parse(card)[0] == "H" for card in cards):
        points += HEART_TRICK
    if kind in ("king_last", "all") and last:
        points += LAST_TRICK
    return points


def first_lead(state: PenaltyState, seat: int) -> bool:
    """Is `seat` leading the deal's first trick?"""
    return not state["trick"] and not state["taken"] and seat == state["leader"]


def lead_options(state: PenaltyState, seat: int) -> list[Card]:
    """The cards `seat` may play now: follow suit if you can; in the first trick of deals 1
    and 4 the starter leads another suit than hearts if it holds one."""
    hand = state["hands"][seat]
    cards = playable(hand, led_suit(state))
    if state["kinds"][state["deal"]] in NO_HEART_LEAD and first_lead(state, seat):
        other = [card for card in cards if parse(card)[0] != "H"]
        return other or cards
    return cards


def danger(card: Card, kind: str) -> tuple[int, int]:
    """How much a card is worth getting rid of: its own penalty first, then a heart where
    heart tricks cost, then its rank."""
    suit, _rank = parse(card)
    heart = kind in NO_HEART_LEAD and suit == "H"
    return (-card_points(card, kind) + (10 if heart else 0), rank_value(card))


def hidden_from(state: PenaltyState, seat: int | None) -> set[Card]:
    """Other hands and the stock, but not the cards `seat` passed itself (it knows where
    they went); a pass choice stays in its chooser's hand, so it is hidden until exchanged."""
    secret = trick_hidden_from(state, seat)
    passed = state.get("passed")
    if seat is not None and passed is not None:
        secret.difference_update(passed[seat])
    return secret


class PenaltyTricks(TrickEngine[PenaltyState, PenaltyView]):
    meta = META
    extra_secret = frozenset(("passing", "passed"))
    flat_keys = ("history",)  # changed in place; `scores` and `deal_points` are replaced
    rotating = "starter"

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> PenaltyState:
        state: PenaltyState = {
            **new_trick_table(seats),
            "open_zones": [*TRICK_ZONES, "removed"],
            "removed": [],
            "kinds": kinds_of(options["cycles"]),
            "deal": 0,
            "starter": rng.below(seats),
            "host": HOST,
            "phase": "passing",
            "scores": [0] * seats,
            "deal_points": [0] * seats,
            "history": [],
            "passed": None,
        }
        self.deal(state, rng)
        return state

    def deal(self, state: PenaltyState, rng: Rng) -> list[Event]:
        seats = len(state["hands"])
        first = state["starter"]
        kind = state["kinds"][state["deal"]]
        events = [event("deal_started", deal=state["deal"] + 1, kind=kind, starter=first)]
        events += deal_round(state, rng, first, 52 // seats, REMOVED[seats])
        state["removed"], state["draw_pile"] = state["draw_pile"], []
        start_passing(state)
        state.update({"phase": "passing", "turn": None, "deal_points": [0] * seats, "passed": None})
        return events

    def playing_seats(self, state: PenaltyState) -> frozenset[int]:
        if state["phase"] == "passing":
            return passers(state, PASS_COUNT)
        return super().playing_seats(state)

    def deal_moves(self, state: PenaltyState, seat: int) -> list[Move]:
        if state["phase"] == "passing":
            return [{"type": "pass", "card": card} for card in pass_choices(state, seat)]
        return [{"type": "play", "card": card} for card in lead_options(state, seat)]

    def play(self, state: PenaltyState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        if kind == "next_deal":
            return self.next_deal(state, rng)
        if kind == "pass":
            chosen = choices_made(state)
            chosen[seat].append(move["card"])
            events = [event("pass_chosen", seat=seat, count=len(chosen[seat]))]
            if not passers(state, PASS_COUNT):
                state["passed"] = [list(cards) for cards in chosen]
                events += exchange(state, pass_offset(state["deal"]))
                state.update({"phase": "playing", "turn": state["starter"], "leader": state["starter"]})
            return events
        events, winner = play_card(state, seat, move["card"])
        if winner is not None:
            last = not any(state["hands"])
            last_trick = state["last_trick"]
            assert last_trick is not None, "a trick was just won"
            cards = last_trick["cards"]
            points = trick_points(cards, state["kinds"][state["deal"]], last)
            if points:
                gained = list(state["deal_points"])
                gained[winner] += points
                state["deal_points"] = gained
                events.append(event("penalty", seat=winner, points=points))
            if last:
                events += self._score(state)
        return events

    def _score(self, state: PenaltyState) -> list[Event]:
        points = list(state["deal_points"])
        kind = state["kinds"][state["deal"]]
        state["history"].append({"kind": kind, "starter": state["starter"], "points": points})
        scored = event("deal_scored", deal=state["deal"] + 1, kind=kind, points=points)
        return self.end_deal(state, points, len(state["kinds"]), scored)

    def timeout_move(self, state: PenaltyState, seat: int | None) -> Move:
        """Out of time: the host's next deal starts; a pass gives away the most dangerous card
        left (the deal's penalty cards, then hearts where heart tricks cost, then the highest);
        a card played is the lowest that may be played, or, when the seat cannot follow suit,
        the most dangerous one (that is where a player gets rid of it)."""
        seat, legal = clock_moves(self, state, seat)
        if legal[0]["type"] == "next_deal":
            return legal[0]
        kind = state["kinds"][state["deal"]]
        if legal[0]["type"] == "pass":
            return max(legal, key=lambda move: (danger(move["card"], kind), move["card"]))
        suit = led_suit(state)
        if suit is not None and all(parse(move["card"])[0] != suit for move in legal):
            return max(legal, key=lambda move: (danger(move["card"], kind), move["card"]))
        return min(legal, key=lambda move: (rank_value(move["card"]), move["card"]))

    def decorate(self, view: View, state: PenaltyState, seat: int | None) -> None:
        super().decorate(view, state, seat)
        if seat is not None:
            passed = state.get("passed")
            view["private"]["passed"] = list(passed[seat]) if passed is not None else []

    def fill_secrets(self, state: PenaltyState, view: PenaltyView, seat: int) -> None:
        """The seat's own passed cards, still unplayed, go back to the hand they were passed to
        (a swap with a card that hand may hold: the voids are kept)."""
        own = list(view["private"].get("passed", []))
        seats = len(state["hands"])
        state["passed"] = [own if other == seat else [] for other in range(seats)] if own else None
        if not own:
            return
        target = (seat + pass_offset(state["deal"])) % seats
        voids = view["public"]["voids"]
        rnd = Rng(new_rng_state(view["game"].encode() + b":passed"))
        for card in own:
            holder = next((o for o, hand in enumerate(state["hands"]) if card in hand), None)
            if holder is None or holder in (target, seat):
                continue
            swaps = [
                other
                for other in state["hands"][target]
                if other not in own and parse(other)[0] not in voids[holder] and parse(card)[0] not in voids[target]
            ]
            if not swaps:
                continue
            other = swaps[rnd.below(len(swaps))]
            state["hands"][holder] = sorted_swap(state["hands"][holder], card, other)
            state["hands"][target] = sorted_swap(state["hands"][target], other, card)


def sorted_swap(hand: list[Card], out: Card, into: Card) -> list[Card]:
    return sort_hand([into if card == out else card for card in hand])


ENGINE = PenaltyTricks()
