"""Blackjack duel tables for the rule tests: deal with chosen stacks and button, rig the cards,
act.

Cards are written as "As Td 2c" (rank, suit) and become the ids of the round in play
("SA.2", "D10.2", "C2.2"). A seat's two letters are its open card and its hidden card; the
shoe lists the cards drawn from then on, in order.
"""

from __future__ import annotations

from svc_cards.blackjack_duel import ENGINE
from svc_cards.core import build_decks

from rulekit import Event, Rng, State

SUITS = {"s": "S", "h": "H", "d": "D", "c": "C"}


def ids(text: str, round_number: int) -> list[str]:
    out = []
    for word in text.split():
        rank = "10" if word[0] == "T" else word[0]
        out.append(f"{SUITS[word[1]]}{rank}.{round_number}")
    return out


def dealt(stacks: list[int], button: int = 0, seed: bytes = b"duel-rules", stake: int = 0) -> State:
    """A new round dealt with these stacks (before the ante) and the button at `button`: the
    first player is the next seat with coins.

    Editing the state and dealing through the engine's own dealer is the only practical way to
    choose stacks; the engine code that deals every round does the rest."""
    state = ENGINE.setup(len(stacks), {"stake": stake}, seed)
    state["stacks"] = list(stacks)
    state["ante_started_ms"] = None
    state["round"] = 0
    rng = Rng(state["rng"])
    state["button"] = (button - 1) % len(stacks)
    while stacks[state["button"]] == 0 and stacks[button] == 0:
        state["button"] = (state["button"] - 1) % len(stacks)
    ENGINE._deal_round(state, rng, 0)
    state["rng"] = rng.to_state()
    return state


def rig(state: State, hands: dict[int, str], shoe: str = "") -> State:
    """Give seats these open and hidden cards, and the shoe these cards to draw (in order);
    every other card is dealt as before, from what is left."""
    number = state["round"]
    chosen = {seat: ids(text, number) for seat, text in hands.items()}
    drawn = ids(shoe, number)
    used = set(drawn).union(*chosen.values()) if chosen else set(drawn)
    rest = [card for card in build_decks("french52", 1, first=number) if card not in used]
    for seat in range(state["seats"]):
        if state["dealt"][seat]:
            state["cards"][seat] = [chosen.get(seat) or [rest.pop(), rest.pop()]]
    state["deck"] = rest + drawn[::-1]
    return state


def act(state: State, *moves: str, now_ms: int = 0) -> tuple[State, list[Event]]:
    """The seat to move makes each move in turn: "call", "double", "fold", "hit", "stand",
    "split" (the listed move of that type). Returns the state and every event."""
    events: list[Event] = []
    for word in moves:
        (seat,) = ENGINE.to_move(state)
        legal = ENGINE.legal_moves(state, seat)
        move = next((m for m in legal if m["type"] == word), None)
        assert move is not None, (word, seat, legal)
        state, new = ENGINE.apply(state, seat, move, now_ms)
        events += new
    return state, events


def codes(events: list[Event]) -> list[str]:
    return [e["code"] for e in events]


def won(events: list[Event]) -> list[tuple[int, list[int]]]:
    return [(e["amount"], e["seats"]) for e in events if e["code"] == "pot_won"]


def types(state: State, seat: int | None = None) -> set[str]:
    seat = state["turn"] if seat is None else seat
    return {m["type"] for m in ENGINE.legal_moves(state, seat)}
