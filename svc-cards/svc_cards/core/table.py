"""The card table: piles, dealing, drawing, and seat order with direction and finished seats.

Everything here works on a game's state through the keys of `CardTable` (`views.py`), which
the state of every game on the table extends, so mypy checks the keys here as in the games
(each game adds its own keys):

    hands         list per seat of card ids, in the order received (the last is the newest)
    draw_pile     card ids, the top is the END of the list (secret: nobody sees its order)
    discard_pile  card ids, the top is the END of the list (only the top is public)
    deck_kind     a key of cards.DECK_KINDS
    decks         how many decks are in play (grows when a fresh deck is added)
    turn          the seat to act, or None
    direction     1 (seat numbers upwards) or -1
    finished      seats that have gone out, in finishing order

Randomness only through the `rng` the engine passes in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Callable

from rulekit import Event, Rng, event

from .cards import Card, build_decks, rank_of
from .views import CardTable


def new_table(seats: int, deck_kind: str, decks: int, rng: Rng) -> CardTable:
    """Empty hands, an empty discard pile and `decks` decks shuffled into the draw pile."""
    draw_pile = build_decks(deck_kind, decks)
    rng.shuffle(draw_pile)
    return {
        "hands": [[] for _ in range(seats)],
        "draw_pile": draw_pile,
        "discard_pile": [],
        "deck_kind": deck_kind,
        "decks": decks,
        "turn": None,
        "direction": 1,
        "finished": [],
    }


# -- dealing and drawing --------------------------------------------------------------------


def deal(state: CardTable, first: int, per_seat: int, batch: int = 1) -> list[Event]:
    """Deal `per_seat` cards to every active seat, `batch` at a time, from `first` onwards in
    the direction of play. Returns one private "dealt" event per seat (its own cards)."""
    order = [first]
    while len(order) < len(active_seats(state)):
        order.append(next_seat(state, order[-1]))
    hands, pile = state["hands"], state["draw_pile"]
    for _ in range(0, per_seat, batch):
        for seat in order:
            for _ in range(batch):
                hands[seat].append(pile.pop())
    return [event("dealt", visible_to=[seat], seat=seat, cards=list(hands[seat])) for seat in order]


def turn_up(state: CardTable, rng: Rng, refused: tuple[str, ...] = ()) -> Card:
    """Turn the top of the draw pile onto the discard pile. A card whose rank is in `refused`
    goes back into the pile at a random place below the top, and the next one is turned."""
    pile = state["draw_pile"]
    card = pile.pop()
    while rank_of(card) in refused:
        pile.insert(rng.below(len(pile)), card)
        card = pile.pop()
    state["discard_pile"].append(card)
    return card


def top_card(state: CardTable) -> Card:
    return state["discard_pile"][-1]


def refill(state: CardTable, rng: Rng, fresh_decks: bool) -> list[Event]:
    """Make the draw pile non-empty if the rules can: the discards less the top card are
    shuffled in; where that leaves nothing and `fresh_decks` is set, a new deck is added."""
    if state["draw_pile"]:
        return []
    events: list[Event] = []
    discard = state["discard_pile"]
    if len(discard) > 1:
        pile = discard[:-1]
        del discard[:-1]
        rng.shuffle(pile)
        state["draw_pile"] = pile
        events.append(event("reshuffled", count=len(pile)))
    elif fresh_decks:
        pile = build_decks(state["deck_kind"], 1, first=first_deck(state) + state["decks"])
        state["decks"] += 1
        rng.shuffle(pile)
        state["draw_pile"] = pile
        events.append(event("deck_added", count=len(pile)))
    return events


def first_deck(state: Mapping[str, Any]) -> int:
    """The number of the first deck in play (`views.py`: a state key only some games have)."""
    first: int = state.get("first_deck", 0)
    return first


def draw(
    state: CardTable,
    seat: int,
    count: int,
    rng: Rng,
    fresh_decks: bool = False,
    until: Callable[[Card], bool] | None = None,
) -> tuple[list[Card], list[Event]]:
    """Move `count` cards from the draw pile to `seat`'s hand (with `until`: one at a time
    until a card satisfies it), refilling the pile as needed. Fewer cards only when nothing
    is left anywhere and `fresh_decks` is off.

    Events: "reshuffled"/"deck_added" as they happen, then a private "drawn" with the cards
    (visible to `seat` only) and a public "drew" with the count."""
    events: list[Event] = []
    cards: list[Card] = []
    while len(cards) < count or (until is not None and not (cards and until(cards[-1]))):
        events += refill(state, rng, fresh_decks)
        if not state["draw_pile"]:
            break
        cards.append(state["draw_pile"].pop())
    state["hands"][seat].extend(cards)
    events.append(event("drawn", visible_to=[seat], seat=seat, cards=cards))
    events.append(event("drew", seat=seat, count=len(cards)))
    return cards, events


def drawable(state: CardTable) -> int:
    """How many cards could be drawn without a fresh deck (draw pile + discards less the top)."""
    return len(state["draw_pile"]) + max(0, len(state["discard_pile"]) - 1)


# -- seat order -----------------------------------------------------------------------------


def active_seats(state: Mapping[str, Any]) -> list[int]:
    """Seats still playing (not finished), in seat order. (Read only, so the CPU players' rollout
    policies ask it of the plain states they sample.)"""
    finished = state["finished"]
    return [seat for seat in range(len(state["hands"])) if seat not in finished]


def next_seat(state: CardTable, seat: int, steps: int = 1) -> int:
    """The seat `steps` places after `seat` in the direction of play, counting only seats
    still playing. `seat` itself may have just finished; the count starts from its place."""
    seats = len(state["hands"])
    finished = state["finished"]
    direction = state["direction"]
    if len(finished) >= seats:
        return seat
    for _ in range(steps):
        seat = (seat + direction) % seats
        while seat in finished:
            seat = (seat + direction) % seats
    return seat


def reverse(state: CardTable) -> None:
    state["direction"] = -state["direction"]


def finish(state: CardTable, seat: int) -> list[Event]:
    """`seat` has gone out: it takes the next place. When one seat is left it takes the last
    place and the game is over (turn None). Returns "finished" events (and "game_over")."""
    state["finished"].append(seat)
    events = [event("finished", seat=seat, place=len(state["finished"]))]
    remaining = active_seats(state)
    if len(remaining) == 1:
        state["finished"].append(remaining[0])
        events.append(event("finished", seat=remaining[0], place=len(state["finished"])))
    if len(remaining) <= 1:
        state["turn"] = None
        events.append(event("game_over"))
    return events


def placings(state: CardTable) -> list[int]:
    """Place per seat (1 = first) from the finishing order; seats not finished share the
    place after the last finished one."""
    order = state["finished"]
    return [order.index(seat) + 1 if seat in order else len(order) + 1 for seat in range(len(state["hands"]))]
