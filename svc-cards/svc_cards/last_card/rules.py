"""Last Card (Letzte Karte): the 108-card colour deck, 2-16 players, finished players leave and
the rest play on for places.

House rules (house-rules-de-en-es.txt, "Last Card"). Decisions where the text is silent or cut
off, also written on the rules page:
- Drawing is what you do when you cannot play ("If you cannot play, you draw one card"), so
  "draw" is offered only without a playable card (or to take a stacked penalty).
- A random seat starts; play goes to higher seat numbers first.
- The open card is never a wild (a wild turned up goes back into the pile); an open action
  card counts for its colour and symbol only, its action does not happen.
- Wild +4 is playable at any time (the text sets no condition), and like +2 the player who
  draws misses the turn.
- Host variants (docs/catalogue.md): stacking +2/+4 (off): a pending draw may be passed on with any
  +2 or +4 the normal rules allow on the top card (+2 on +2, +4 on anything, +2 on +4 only
  in the named colour); the player who does not stack draws the whole sum and misses the
  turn. Draw until playable (off). Play the drawn card at once (on): when off, drawing ends
  the turn.
"""

from __future__ import annotations

from typing import Any

from rulekit import Event, GameMeta, Move, MoveClock, Option, Rng, clock_moves, event

from ..core import (
    COLOURS,
    DRAW_TWO,
    REVERSE,
    SKIP,
    WILD,
    WILD_DRAW_FOUR,
    Card,
    active_seats,
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
from .state import LastCardState, LastCardView

MAX_SEATS = 16
WILDS = (WILD, WILD_DRAW_FOUR)
PENALTY = {DRAW_TWO: 2, WILD_DRAW_FOUR: 4}

META = GameMeta(
    id="last-card",
    family="cards",
    min_seats=2,
    max_seats=MAX_SEATS,
    chance=True,
    hidden_information=True,
    simultaneous=False,
    # No rule bounds a game (the pile never runs out); random 16-seat playouts end within
    # about 1,000 moves, so this is the playout tests' limit, far beyond bad luck.
    longest_game=40_000,
    options=(
        Option("start_cards", "int", 7, "option.start_cards", minimum=5, maximum=10),
        Option("stacking", "bool", False, "option.stacking"),
        Option("draw_until_playable", "bool", False, "option.draw_until_playable"),
        Option("play_drawn", "bool", True, "option.play_drawn"),
    ),
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(relaxed_s=60, normal_s=30, fast_s=15),
    turn_based=True,
)


def decks_for(seats: int) -> int:
    """ "From 8 players two decks are shuffled together, from 13 players three." """
    return 1 if seats < 8 else 2 if seats < 13 else 3


def playable(card: Card, top: Card, colour: str) -> bool:
    """Matches the open card in colour or value/symbol; wilds always."""
    suit, rank = parse(card)
    return suit is None or suit == colour or rank == parse(top)[1]


def play_moves(card: Card) -> list[Move]:
    if parse(card)[0] is None:
        return [{"type": "play", "card": card, "colour": colour} for colour in COLOURS]
    return [{"type": "play", "card": card}]


# How much a player would miss a card when the clock lays one: numbers least, wilds most.
KEEP = {SKIP: 1, REVERSE: 1, DRAW_TWO: 2, WILDS[0]: 3, WILDS[1]: 4}


class LastCard(SheddingEngine[LastCardState, LastCardView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> LastCardState:
        table = new_table(seats, "colour", decks_for(seats), rng)
        table["turn"] = first = rng.below(seats)
        deal(table, first, options["start_cards"])
        colour = parse(turn_up(table, rng, refused=WILDS))[0]
        assert colour is not None  # a wild is never the open card
        return {
            **table,
            "colour": colour,
            "pending": 0,  # cards the player to move must draw unless they stack
            "drew": False,  # the player to move has drawn and may play that card or pass
        }

    def set_follow(self, state: LastCardState, value: str) -> None:
        state["colour"] = value

    def legal_moves(self, state: LastCardState, seat: int) -> list[Move]:
        if seat != state["turn"]:
            return []
        hand = state["hands"][seat]
        top = state["discard_pile"][-1]
        colour = state["colour"]
        moves: list[Move] = []
        if state["pending"]:
            for card in hand:
                if parse(card)[1] in PENALTY and playable(card, top, colour):
                    moves += play_moves(card)
            return moves + [{"type": "draw"}]
        if state["drew"]:
            drawn = hand[-1]
            if playable(drawn, top, colour):
                moves += play_moves(drawn)
            return moves + [{"type": "pass"}]
        for card in hand:
            if playable(card, top, colour):
                moves += play_moves(card)
        return moves or [{"type": "draw"}]

    def play(self, state: LastCardState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        if kind == "play":
            return self._play_card(state, seat, move["card"], move.get("colour"), rng)
        if kind == "pass":
            return self.pass_turn(state, seat)
        return self._draw(state, seat, rng)

    def _draw(self, state: LastCardState, seat: int, rng: Rng) -> list[Event]:
        options = state["options"]
        if state["pending"]:
            _, events = draw(state, seat, state["pending"], rng, fresh_decks=True)
            state["pending"] = 0
            state["turn"] = next_seat(state, seat)
            return events + [event("skipped", seat=seat)]
        top, colour = state["discard_pile"][-1], state["colour"]
        until = (lambda card: playable(card, top, colour)) if options["draw_until_playable"] else None
        cards, events = draw(state, seat, 1, rng, fresh_decks=True, until=until)
        if options["play_drawn"] and playable(cards[-1], top, colour):
            state["drew"] = True
        else:
            state["turn"] = next_seat(state, seat)
        return events

    def _play_card(self, state: LastCardState, seat: int, card: Card, colour: str | None, rng: Rng) -> list[Event]:
        hand = state["hands"][seat]
        events = self.lay(state, seat, card, colour)
        rank = parse(card)[1]
        # Two left means two players still playing: the mover counts only while it has cards.
        two_left = bool(hand) and len(active_seats(state)) == 2
        if not hand:
            events += finish(state, seat)
            if state["turn"] is None:
                return events
        if rank == SKIP:
            skipped = next_seat(state, seat)
            state["turn"] = next_seat(state, seat, 2)
            events.append(event("skipped", seat=skipped))
        elif rank == REVERSE:
            reverse(state)
            events.append(event("reversed", direction=state["direction"]))
            state["turn"] = seat if two_left else next_seat(state, seat)
        elif rank in PENALTY:
            if state["options"]["stacking"]:
                state["pending"] += PENALTY[rank]
                state["turn"] = next_seat(state, seat)
            else:
                victim = next_seat(state, seat)
                _, drawn = draw(state, victim, PENALTY[rank], rng, fresh_decks=True)
                events += drawn
                events.append(event("skipped", seat=victim))
                state["turn"] = next_seat(state, victim)
        else:
            state["turn"] = next_seat(state, seat)
        return events

    def timeout_move(self, state: LastCardState, seat: int | None) -> Move:
        """Out of time: draw a card or take the penalty, pass after a draw; when a card must
        be laid (drawing is only for a hand without one), the plainest, wishing the colour
        held most."""
        seat, legal = clock_moves(self, state, seat)
        hand = state["hands"][seat]
        return shedding_default(legal, hand, lambda card: KEEP.get(parse(card)[1], 0), "colour", COLOURS)


ENGINE = LastCard()
