"""Mau-Mau: a French deck of 32 or 52 cards, 2-8 players, every special card switchable.

House rules (house-rules-de-en-es.txt, "Mau-Mau") and docs/catalogue.md. Decisions where the text is
silent, also written on the rules page:
- Five cards each; a random seat starts, play goes to higher seat numbers first. With the
  32-card deck and six or more players two 32-card decks are shuffled together (one deck
  would leave almost nothing to draw).
- The open card is whatever comes up; its special meaning does not apply to the first player.
- Drawing is what you do when nothing fits; only the card just drawn may then be played.
- 7 (draw two): the next player plays a 7 too (any suit) or draws the whole sum, and the turn
  passes on. 8 (skip): the next player misses a turn; with two players left you go again.
  9 (reverse): direction turns; with two players it changes nothing. J (wish): a jack fits on
  anything (not on a jack unless "Jack on Jack" is on) and names the suit to follow.
  A (again): you play once more. Switched off, a card is a plain card.
- When nothing is left to draw (every other card is in the hands) drawing gives what there
  is, possibly nothing, and the turn goes on as after any draw.
"""

from __future__ import annotations

from typing import Any

from rulekit import Event, GameMeta, Move, MoveClock, Option, Rng, clock_moves, event

from ..core import (
    SUITS,
    Card,
    deal,
    draw,
    finish,
    new_table,
    next_seat,
    parse,
    reverse,
    turn_up,
)
from ..core.clock import shedding_default
from ..core.shedding import SheddingEngine
from .state import MauMauState, MauMauView

MAX_SEATS = 8
HAND_SIZE = 5

META = GameMeta(
    id="mau-mau",
    family="cards",
    min_seats=2,
    max_seats=MAX_SEATS,
    chance=True,
    hidden_information=True,
    simultaneous=False,
    # No rule bounds a game; random 8-seat playouts end within about 450 moves, so this is
    # the playout tests' limit, far beyond bad luck.
    longest_game=20_000,
    options=(
        Option("deck", "choice", 32, "option.deck", choices=(32, 52)),
        Option("seven_draw_two", "bool", True, "option.seven_draw_two"),
        Option("eight_skip", "bool", True, "option.eight_skip"),
        Option("nine_reverse", "bool", True, "option.nine_reverse"),
        Option("jack_wish", "bool", True, "option.jack_wish"),
        Option("jack_on_jack", "bool", False, "option.jack_on_jack"),
        Option("ace_again", "bool", True, "option.ace_again"),
    ),
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(relaxed_s=60, normal_s=30, fast_s=15),
    turn_based=True,
)


def decks_for(deck: int, seats: int) -> int:
    return 2 if deck == 32 and seats >= 6 else 1


def playable(card: Card, state: MauMauState) -> bool:
    """Fits the open card in suit (the wished suit after a jack) or rank; a wishing jack fits
    anything but a jack, unless Jack on Jack is allowed."""
    suit, rank = parse(card)
    top_rank = parse(state["discard_pile"][-1])[1]
    options = state["options"]
    if rank == "J" and options["jack_wish"]:
        return top_rank != "J" or options["jack_on_jack"]
    return suit == state["suit"] or rank == top_rank


def play_moves(card: Card, state: MauMauState) -> list[Move]:
    if parse(card)[1] == "J" and state["options"]["jack_wish"]:
        return [{"type": "play", "card": card, "suit": suit} for suit in SUITS]
    return [{"type": "play", "card": card}]


# Rank: (the option that makes it special, how much a player would miss it).
SPECIAL = {
    "J": ("jack_wish", 3),
    "7": ("seven_draw_two", 2),
    "A": ("ace_again", 2),
    "8": ("eight_skip", 1),
    "9": ("nine_reverse", 1),
}


class MauMau(SheddingEngine[MauMauState, MauMauView]):
    meta = META
    follow = "suit"
    one_left = "mau"

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> MauMauState:
        kind = "french32" if options["deck"] == 32 else "french52"
        table = new_table(seats, kind, decks_for(options["deck"], seats), rng)
        table["turn"] = first = rng.below(seats)
        deal(table, first, HAND_SIZE)
        suit = parse(turn_up(table, rng))[0]
        assert suit is not None  # a French deck has no card without a suit
        return {
            **table,
            "suit": suit,  # the suit to follow: the top's, or wished
            "wished": False,  # whether `suit` was named by a jack
            "pending": 0,  # cards owed to a run of sevens
            "drew": False,  # the player to move has drawn and may play that card or pass
        }

    def set_follow(self, state: MauMauState, value: str) -> None:
        state["suit"] = value

    def legal_moves(self, state: MauMauState, seat: int) -> list[Move]:
        if seat != state["turn"]:
            return []
        hand = state["hands"][seat]
        moves: list[Move] = []
        if state["pending"]:
            moves = [{"type": "play", "card": card} for card in hand if parse(card)[1] == "7"]
            return moves + [{"type": "draw"}]
        if state["drew"]:
            if hand and playable(hand[-1], state):
                moves = play_moves(hand[-1], state)
            return moves + [{"type": "pass"}]
        options = state["options"]
        jacks_wish = options["jack_wish"]
        jack_fits = parse(state["discard_pile"][-1])[1] != "J" or options["jack_on_jack"]
        current, top_rank = state["suit"], parse(state["discard_pile"][-1])[1]
        for card in hand:
            suit, rank = parse(card)
            if rank == "J" and jacks_wish:
                if jack_fits:
                    moves += [{"type": "play", "card": card, "suit": wish} for wish in SUITS]
            elif suit == current or rank == top_rank:
                moves.append({"type": "play", "card": card})
        return moves or [{"type": "draw"}]

    def play(self, state: MauMauState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        if kind == "play":
            return self._play_card(state, seat, move["card"], move.get("suit"))
        if kind == "pass":
            return self.pass_turn(state, seat)
        if state["pending"]:
            _, events = draw(state, seat, state["pending"], rng)
            state["pending"] = 0
            state["turn"] = next_seat(state, seat)
            return events
        cards, events = draw(state, seat, 1, rng)
        if cards and playable(cards[-1], state):
            state["drew"] = True
        else:
            state["turn"] = next_seat(state, seat)
        return events

    def _play_card(self, state: MauMauState, seat: int, card: Card, wish: str | None) -> list[Event]:
        options = state["options"]
        hand = state["hands"][seat]
        events = self.lay(state, seat, card, wish)
        state["wished"] = wish is not None
        rank = parse(card)[1]
        if not hand:
            events.append(event("mau_mau", seat=seat))
            events += finish(state, seat)
            if state["turn"] is None:
                return events
        if rank == "7" and options["seven_draw_two"]:
            state["pending"] += 2
            state["turn"] = next_seat(state, seat)
        elif rank == "8" and options["eight_skip"]:
            events.append(event("skipped", seat=next_seat(state, seat)))
            state["turn"] = next_seat(state, seat, 2)
        elif rank == "9" and options["nine_reverse"]:
            reverse(state)
            events.append(event("reversed", direction=state["direction"]))
            state["turn"] = next_seat(state, seat)
        elif rank == "A" and options["ace_again"] and hand:
            events.append(event("again", seat=seat))
            state["turn"] = seat
        else:
            state["turn"] = next_seat(state, seat)
        return events

    def timeout_move(self, state: MauMauState, seat: int | None) -> Move:
        """Out of time: draw a card or take the sevens, pass after a draw; when a card must
        be laid (drawing is only for a hand where nothing fits), the plainest: a switched-on
        special card (jack most of all) is kept, a jack wishes the suit held most."""
        options = state["options"]

        def keep(card: Card) -> int:
            special = SPECIAL.get(parse(card)[1])
            return special[1] if special is not None and options[special[0]] else 0

        seat, legal = clock_moves(self, state, seat)
        return shedding_default(legal, state["hands"][seat], keep, "suit", SUITS)


ENGINE = MauMau()
