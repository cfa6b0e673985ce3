"""Number Rows (Zahlenreihe): 80 cards, four colours with the numbers 1 to 20, 2-8 players.

Rules: house-rules-de-en-es.txt ("Zahlenreihe" / "Number Rows" / "Filas de números", all
three read; the German page alone adds "Ist der Stapel leer, wird nur noch weitergegeben")
and docs/catalogue.md. Decisions where the text is silent, also written on the rules page:
- Start cards 5-15 (default 10). Where the deck cannot give everyone that many, everyone gets
  the same smaller number (80 // players; eight players at 10 take the whole deck).
- Whoever holds the red 11 starts (with any card they may lay, the must-lay rule applies as
  on every turn). When the red 11 is still in the draw pile a random seat starts.
- One card per turn. A card fits a colour that is not open yet only if it is that colour's
  11; an open row takes the number just below its lowest or just above its highest card.
- A drawn card that fits must be laid (the must-lay rule), so after drawing it is the only
  legal move; one that does not fit ends the turn. With nothing to lay and an empty draw pile
  the player passes.
- Laid cards sit in the rows; the rows are the state's `rows` (lowest and highest number per
  colour) and the cards themselves lie on the discard pile, the last laid on top.
- Finished players leave; the rest play on for places until one is left.
"""

from __future__ import annotations

from typing import Any

from rulekit import Event, GameMeta, Move, MoveClock, Option, Result, Rng, clock_moves, event

from ..core import (
    COLOURS,
    Card,
    CardEngine,
    deal,
    draw,
    finish,
    new_table,
    next_seat,
    parse,
    placings,
)
from .state import NumberRowsState, NumberRowsView

DECK_SIZE = 80
OPENER = 11
HIGHEST = 20
RED_ELEVEN = "r11.0"

# to_move answers from these: it is asked several times per move.
NOBODY: frozenset[int] = frozenset()
ONLY = tuple(frozenset((seat,)) for seat in range(16))

META = GameMeta(
    id="number-rows",
    family="cards",
    min_seats=2,
    max_seats=8,
    chance=True,
    hidden_information=True,
    simultaneous=False,
    # At most 80 lays, 80 draws and (seats - 1) passes between two lays: under 1,000.
    longest_game=1_000,
    options=(Option("start_cards", "int", 10, "option.start_cards", minimum=5, maximum=15),),
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(relaxed_s=60, normal_s=30, fast_s=15),
    turn_based=True,
)


def cards_each(start_cards: int, seats: int) -> int:
    """The start cards, or as many as the deck gives everyone alike."""
    return min(start_cards, DECK_SIZE // seats)


def number_of(card: Card) -> int:
    return int(parse(card)[1])


def fits(card: Card, rows: dict[str, list[int] | None]) -> bool:
    """An 11 opens its colour; an open row takes the number next to either end."""
    number = int(parse(card)[1])
    row = rows[card[0]]  # the colour letter leads the id
    if row is None:
        return number == OPENER
    return number == row[0] - 1 or number == row[1] + 1


def wanted(rows: dict[str, list[int] | None]) -> set[Card]:
    """The ids of every card that fits now (one deck, so each number is one id per colour)."""
    out = set()
    for colour, row in rows.items():
        if row is None:
            out.add(f"{colour}{OPENER}.0")
        else:
            out.update(f"{colour}{n}.0" for n in (row[0] - 1, row[1] + 1) if 1 <= n <= HIGHEST)
    return out


class NumberRows(CardEngine[NumberRowsState, NumberRowsView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> NumberRowsState:
        table = new_table(seats, "numbered80", 1, rng)
        deal(table, 0, cards_each(options["start_cards"], seats))
        holder = next((seat for seat, hand in enumerate(table["hands"]) if RED_ELEVEN in hand), None)
        table["turn"] = holder if holder is not None else rng.below(seats)
        return {
            **table,
            "rows": {colour: None for colour in COLOURS},  # [lowest, highest] once opened
            "drew": False,  # the player to move drew a card that fits: it must be laid
        }

    def to_move(self, state: NumberRowsState) -> frozenset[int]:
        turn = state["turn"]
        return NOBODY if turn is None else ONLY[turn]

    def legal_moves(self, state: NumberRowsState, seat: int) -> list[Move]:
        if seat != state["turn"]:
            return []
        hand, rows = state["hands"][seat], state["rows"]
        if state["drew"]:
            return [{"type": "lay", "card": hand[-1]}]
        fitting = wanted(rows)
        moves: list[Move] = [{"type": "lay", "card": card} for card in hand if card in fitting]
        if moves:
            return moves
        return [{"type": "draw"}] if state["draw_pile"] else [{"type": "pass"}]

    def play(self, state: NumberRowsState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        if kind == "lay":
            return self._lay(state, seat, move["card"])
        if kind == "pass":
            state["turn"] = next_seat(state, seat)
            return [event("passed", seat=seat)]
        cards, events = draw(state, seat, 1, rng)
        if fits(cards[-1], state["rows"]):
            state["drew"] = True
        else:
            state["turn"] = next_seat(state, seat)
        return events

    def _lay(self, state: NumberRowsState, seat: int, card: Card) -> list[Event]:
        state["hands"][seat].remove(card)
        state["discard_pile"].append(card)
        state["drew"] = False
        colour, number = parse(card)[0], number_of(card)
        assert colour is not None  # every card of the deck has its colour
        row = state["rows"][colour]
        if row is None:
            state["rows"][colour] = [number, number]
        elif number < row[0]:
            row[0] = number
        else:
            row[1] = number
        events = [event("laid", seat=seat, card=card)]
        if not state["hands"][seat]:
            events += finish(state, seat)
            if state["turn"] is None:
                return events
        state["turn"] = next_seat(state, seat)
        return events

    def determinize(self, view: NumberRowsView, seat: int, seed: bytes) -> NumberRowsState:
        """The table sample, with the cards the rows show back on the discard pile: every
        laid card is known from the rows, only the order below the top is not."""
        state = super().determinize(view, seat, seed)
        laid: set[str] = set()
        for colour, row in state["rows"].items():
            if row is not None:
                laid.update(f"{colour}{n}.0" for n in range(row[0], row[1] + 1))
        discard = state["discard_pile"]
        strays = [card for card in discard if card not in laid]
        for card in laid.difference(discard):
            stray = strays.pop()
            zone = next(z for z in [*state["hands"], state["draw_pile"]] if card in z)
            zone[zone.index(card)] = stray
            discard[discard.index(stray)] = card
        return state

    def timeout_move(self, state: NumberRowsState, seat: int | None) -> Move:
        """Out of time: draw a card (pass with nothing to draw); a drawn card that fits is
        laid, as the rules demand. When a card must be laid, the one that opens the fewest
        places for the others: counting each number it makes layable, +1 when the player
        holds that card, -1 when someone else may; an 11 opens two."""
        seat, legal = clock_moves(self, state, seat)
        if len(legal) == 1:
            return legal[0]
        hand = set(state["hands"][seat])

        def opened(card: Card) -> int:
            colour, number = card[0], number_of(card)
            row = state["rows"][colour]
            numbers = (number - 1, number + 1) if row is None else (number - 1,) if number < row[0] else (number + 1,)
            return sum(1 if f"{colour}{n}.0" in hand else -1 for n in numbers if 1 <= n <= HIGHEST)

        return max(legal, key=lambda move: opened(move["card"]))

    def result(self, state: NumberRowsState) -> Result | None:
        if state["turn"] is not None:
            return None
        places = placings(state)
        return {"placings": places, "scores": [state["seats"] - place for place in places]}


ENGINE = NumberRows()
