"""Crazy Eights (Vändåtta): a 52-card French deck, 2-6 players, only eights are special.

Rules: card-room-sv.txt ("Vändåtta") and docs/catalogue.md. Decisions where the text is silent, also
written on the rules page:
- Seven cards each with two players, five with three to six. A random seat starts; play goes
  to higher seat numbers (there are no reversals).
- The open card is never an eight: an eight turned up goes back into the pile at random.
- A move lays one or more cards of one rank, listed in the order they go onto the pile: the
  first must fit the open card (suit to follow or rank; an eight always fits), the last one
  is the new top and sets the suit. Several eights end with a suit choice (`suit`). Only the
  first card (legality) and the last card (the suit) matter, so `legal_moves` lists each
  choice of cards, first card and last card once, with the cards between in hand order; with
  one deck that is at most 15 moves per ordinary rank (3 in hand on a card of that rank),
  13 per rank matched by suit, and 15 subsets x 4 suits for the eights.
- Drawing is allowed only without a playable card and takes one card. A drawn card that fits
  must be played ("Spela det om det passar"), first in its move; one that does not ends the
  turn. With nothing playable and nothing left to draw the player passes.
- Blocked ("Om ingen kan dra eller spela"): as soon as no seat can play and nothing can be
  drawn (the draw pile is empty and the discard pile holds only its top), the round ends and
  the lowest hand value wins: eight 50, J/Q/K 10, ace 1, other cards their number. Equal
  values share the win. The other places follow the hand values too, low first.
- One game is one round. The text says the room keeps the wins and earlier rounds; it does
  not say that a round end starts the next round, so the lobby's rematch starts the next one
  and its stored games and statistics are the record across rounds. The state keeps this
  round's record (`match`: rounds played, wins per seat) for the result screen.
- Hand values are shown at the end, the cards of other hands never (events show who played
  and drew; the client's log should not keep old card values, per the text).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations
from typing import Any

from rulekit import Event, GameMeta, Move, MoveClock, Result, Rng, clock_moves, event, placings_from_scores

from ..core import (
    SUITS,
    Card,
    CardEngine,
    active_seats,
    deal,
    draw,
    drawable,
    new_table,
    next_seat,
    parse,
    turn_up,
)
from .state import CrazyEightsState, CrazyEightsView

EIGHT = "8"
COURT = ("J", "Q", "K")

# to_move answers from these: it is asked several times per move.
NOBODY: frozenset[int] = frozenset()
ONLY = tuple(frozenset((seat,)) for seat in range(16))

META = GameMeta(
    id="crazy-eights",
    family="cards",
    min_seats=2,
    max_seats=6,
    chance=True,
    hidden_information=True,
    simultaneous=False,
    # Random playouts end within about 200 moves; drawing can in principle go on, so the
    # bound is generous.
    longest_game=20_000,
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(relaxed_s=60, normal_s=30, fast_s=15),
    turn_based=True,
)


def hand_size(seats: int) -> int:
    return 7 if seats == 2 else 5


def card_value(card: Card) -> int:
    """Blocked-game value: eight 50, court cards 10, ace 1, other cards their number."""
    rank = parse(card)[1]
    if rank == EIGHT:
        return 50
    if rank in COURT:
        return 10
    if rank == "A":
        return 1
    return int(rank)


def hand_value(hand: list[Card]) -> int:
    return sum(card_value(card) for card in hand)


def fits(card: Card, suit: str, top_rank: str) -> bool:
    """An eight always fits; any other card fits in the suit to follow or the open rank."""
    card_suit, rank = parse(card)
    return rank in (EIGHT, top_rank) or card_suit == suit


def can_play(state: CrazyEightsState, seat: int) -> bool:
    suit, top_rank = state["suit"], parse(state["discard_pile"][-1])[1]
    return any(fits(card, suit, top_rank) for card in state["hands"][seat])


@lru_cache(maxsize=4096)
def _orderings(group: tuple[Card, ...], fitting: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """Every (cards, first, last) choice from one rank's cards: the first fits, the cards in
    between keep hand order, the last is the new top. Cached: legal moves are asked often."""
    out: list[tuple[Card, ...]] = []
    for size in range(1, len(group) + 1):
        for chosen in combinations(group, size):
            for first in chosen:
                if first not in fitting:
                    continue
                if size == 1:
                    out.append((first,))
                    continue
                for last in chosen:
                    if last != first:
                        out.append((first, *(c for c in chosen if c != first and c != last), last))
    return tuple(out)


@lru_cache(maxsize=1024)
def _eight_sets(eights: tuple[Card, ...], drawn: Card | None) -> tuple[tuple[Card, ...], ...]:
    """Every non-empty set of eights in hand order (the drawn eight first and always in):
    their order changes nothing, as the suit is named."""
    out: list[tuple[Card, ...]] = []
    others = [card for card in eights if card != drawn]
    for size in range(0, len(others) + 1):
        for chosen in combinations(others, size):
            cards = ((drawn,) if drawn else ()) + chosen
            if cards:
                out.append(cards)
    return tuple(out)


def play_moves(state: CrazyEightsState, seat: int) -> list[Move]:
    """Every legal play of `seat` (see the module docstring for what is listed)."""
    hand = state["hands"][seat]
    suit, top_rank = state["suit"], parse(state["discard_pile"][-1])[1]
    drawn = hand[-1] if state["drew"] else None
    groups: dict[str, list[Card]] = {}
    for card in hand:
        groups.setdefault(parse(card)[1], []).append(card)
    if drawn is not None:
        rank = parse(drawn)[1]
        groups = {rank: groups[rank]}
    moves: list[Move] = []
    for rank, group in groups.items():
        if rank == EIGHT:
            for cards in _eight_sets(tuple(group), drawn):
                moves += [{"type": "play", "cards": list(cards), "suit": wish} for wish in SUITS]
            continue
        fitting: tuple[Card, ...]
        if drawn is not None:
            fitting = (drawn,) if fits(drawn, suit, top_rank) else ()
        elif rank == top_rank:
            fitting = tuple(group)
        else:
            fitting = tuple(card for card in group if parse(card)[0] == suit)
        if fitting:
            moves += [{"type": "play", "cards": list(cards)} for cards in _orderings(tuple(group), fitting)]
    return moves


class CrazyEights(CardEngine[CrazyEightsState, CrazyEightsView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> CrazyEightsState:
        table = new_table(seats, "french52", 1, rng)
        table["turn"] = first = rng.below(seats)
        deal(table, first, hand_size(seats))
        suit = parse(turn_up(table, rng, refused=(EIGHT,)))[0]
        assert suit is not None  # a French deck has no card without a suit
        return {
            **table,
            "suit": suit,  # the suit to follow
            "drew": False,  # the player to move has drawn a card that fits and must play it
            "blocked": False,
            "hand_values": None,  # shown at the end
            "winners": [],
            "match": {"rounds_played": 0, "wins": [0] * seats},
        }

    def to_move(self, state: CrazyEightsState) -> frozenset[int]:
        turn = state["turn"]
        return NOBODY if turn is None else ONLY[turn]

    def legal_moves(self, state: CrazyEightsState, seat: int) -> list[Move]:
        if seat != state["turn"]:
            return []
        moves = play_moves(state, seat)
        if moves:
            return moves
        return [{"type": "draw"}] if drawable(state) else [{"type": "pass"}]

    def play(self, state: CrazyEightsState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        if kind == "play":
            return self._play_cards(state, seat, move["cards"], move.get("suit"))
        if kind == "pass":
            state["turn"] = next_seat(state, seat)
            return [event("passed", seat=seat)] + self._check_blocked(state)
        cards, events = draw(state, seat, 1, rng)
        if cards and fits(cards[-1], state["suit"], parse(state["discard_pile"][-1])[1]):
            state["drew"] = True
            return events
        state["turn"] = next_seat(state, seat)
        return events + self._check_blocked(state)

    def _play_cards(self, state: CrazyEightsState, seat: int, cards: list[Card], wish: str | None) -> list[Event]:
        hand = state["hands"][seat]
        for card in cards:
            hand.remove(card)
        state["discard_pile"] += cards
        suit = wish or parse(cards[-1])[0]
        assert suit is not None  # eights name a suit; every other card has one
        state["suit"] = suit
        state["drew"] = False
        events = [event("played", seat=seat, cards=list(cards), suit=state["suit"])]
        if not hand:
            return events + self._end_round(state, blocked=False)
        state["turn"] = next_seat(state, seat)
        return events + self._check_blocked(state)

    def _check_blocked(self, state: CrazyEightsState) -> list[Event]:
        if drawable(state) or any(can_play(state, seat) for seat in active_seats(state)):
            return []
        return self._end_round(state, blocked=True)

    def _end_round(self, state: CrazyEightsState, blocked: bool) -> list[Event]:
        values = [hand_value(hand) for hand in state["hands"]]
        low = min(values)
        winners = [seat for seat, value in enumerate(values) if value == low]
        state.update({"turn": None, "drew": False, "blocked": blocked, "hand_values": values, "winners": winners})
        match = state["match"]
        match["rounds_played"] += 1
        for seat in winners:
            match["wins"][seat] += 1
        events = [event("blocked")] if blocked else [event("went_out", seat=winners[0])]
        events.append(event("round_won", seats=winners, hand_values=values))
        return events + [event("game_over")]

    def timeout_move(self, state: CrazyEightsState, seat: int | None) -> Move:
        """Out of time: draw (or pass with nothing to draw); drawing is only for a hand with
        nothing playable, so when a card must be laid: one card, an eight only if nothing
        else fits, the highest-valued (a round's end counts what is left), an eight wishing
        the suit held most."""
        seat, legal = clock_moves(self, state, seat)
        plays = [move for move in legal if move["type"] == "play"]
        if not plays:
            return legal[0]

        def cost(move: Move) -> tuple[int, int, int]:
            cards = move["cards"]
            return sum(parse(card)[1] == EIGHT for card in cards), len(cards), -card_value(cards[0])

        best = min(plays, key=cost)
        if "suit" not in best:
            return best
        left = Counter(parse(card)[0] for card in state["hands"][seat] if card not in best["cards"])
        wish = max(SUITS, key=lambda suit: (left[suit], -SUITS.index(suit)))
        return {**best, "suit": wish}

    def result(self, state: CrazyEightsState) -> Result | None:
        values = state["hand_values"]
        # The hand values are shown when the round ends (turn None), never before.
        if state["turn"] is not None or values is None:
            return None
        return {"placings": placings_from_scores(values, higher_wins=False), "scores": list(values)}


ENGINE = CrazyEights()
