"""Blackjack positions for the tests: a real setup, then the cards of one deal laid by hand.

The shoe is shuffled inside the deal, so a test that needs particular cards edits the state
after the bets, the only practical way: the hands, the dealer's two cards and the next cards
of the shoe (`draws`, first drawn first)."""

from __future__ import annotations

from svc_cards.blackjack import ENGINE
from svc_cards.core import build_decks
from svc_cards.core.blackjack import is_natural

from rulekit import Event, State


def cards(text: str) -> list[str]:
    """ "SA H10" -> ["SA.0", "H10.0"] (deck 0)."""
    return [f"{name}.0" for name in text.split()]


def new_game(seats: int = 1, chips: int = 500, rounds: int = 3, seed: bytes = b"bj-rules") -> State:
    return ENGINE.setup(seats, {"chips": chips, "rounds": rounds}, seed)


def bet_all(state: State, amounts: list[int]) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for seat, amount in enumerate(amounts):
        state, more = ENGINE.apply(state, seat, {"type": "bet", "amount": amount}, 0)
        events += more
    return state, events


def dealt(
    hands: list[str], dealer: str, draws: str = "", bets: list[int] | None = None, chips: int = 500, rounds: int = 3
) -> State:
    """A round in play: seat s holds `hands[s]`, the dealer `dealer` (open card first), the
    shoe gives `draws` next and then the rest of deck 0."""
    seats = len(hands)
    state = new_game(seats, chips, rounds)
    bets = bets or [10] * seats
    for seat, amount in enumerate(bets):
        state["bets"][seat] = amount
        state["chips"][seat] -= amount
    held = [cards(hand) for hand in hands]
    dealer_cards = cards(dealer)
    top = cards(draws)
    used = set(top) | set(dealer_cards) | {c for hand in held for c in hand}
    rest = [card for card in build_decks("french52", 1) if card not in used]
    done = [is_natural(hand) for hand in held]
    state.update(
        phase="play",
        hands=held,
        dealer=dealer_cards,
        shoe=rest + top[::-1],
        round_decks=[0, 1],
        next_deck=1,
        done=done,
        turn=next((s for s in range(seats) if not done[s]), None),
    )
    return state


def act(state: State, *moves: str) -> tuple[State, list[Event]]:
    """The seat to move plays each move in turn ("hit", "stand", "double")."""
    events: list[Event] = []
    for kind in moves:
        state, more = ENGINE.apply(state, state["turn"], {"type": kind}, 0)
        events += more
    return state, events


def codes(events: list[Event]) -> list[str]:
    return [e["code"] for e in events]


def settled(events: list[Event]) -> dict[int, dict]:
    return {e["seat"]: e for e in events if e["code"] == "settled"}
