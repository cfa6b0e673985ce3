"""Poker tables for the rule tests: deal with chosen stacks and button, rig the cards, act.

Cards are written as "As Td 2c" (rank, suit) and become the ids of the hand in play
("SA.2", "D10.2", "C2.2").
"""

from __future__ import annotations

from svc_cards.core import build_decks
from svc_cards.poker import ENGINE

from rulekit import Event, Rng, State

SUITS = {"s": "S", "h": "H", "d": "D", "c": "C"}


def ids(text: str, hand: int) -> list[str]:
    out = []
    for word in text.split():
        rank = "10" if word[0] == "T" else word[0]
        out.append(f"{SUITS[word[1]]}{rank}.{hand}")
    return out


def dealt(
    stacks: list[int], button: int = 0, seed: bytes = b"poker-rules", stake: int = 0
) -> tuple[State, list[Event]]:
    """A new hand dealt with these stacks (before the blinds) and the button at `button`.

    Editing the state and dealing through the engine's own dealer is the only practical way to
    choose stacks; the engine code that deals every hand does the rest."""
    state = ENGINE.setup(len(stacks), {"stake": stake}, seed)
    state["stacks"] = list(stacks)
    state["button"] = button
    state["blinds_started_ms"] = None
    rng = Rng(state["rng"])
    state["button"] = (button - 1) % len(stacks)
    while state["stacks"][state["button"]] == 0 and stacks[button] == 0:
        state["button"] = (state["button"] - 1) % len(stacks)
    state["hand"] = 1
    events = ENGINE._deal_hand(state, rng, 0)
    state["rng"] = rng.to_state()
    return state, events


def rig(state: State, holes: dict[int, str], board: str = "") -> State:
    """Give seats these hole cards and the board these cards (in order: flop, turn, river);
    every other card is dealt as before, from what is left."""
    hand = state["hand"]
    chosen = {seat: ids(text, hand) for seat, text in holes.items()}
    board_cards = ids(board, hand)
    used = set(board_cards).union(*chosen.values()) if chosen else set(board_cards)
    rest = [card for card in build_decks("french52", 1, first=hand) if card not in used]
    for seat in range(state["seats"]):
        if state["dealt"][seat]:
            state["hole"][seat] = chosen.get(seat) or [rest.pop(), rest.pop()]
    state["deck"] = rest + board_cards[::-1]
    return state


def act(state: State, *moves: str, now_ms: int = 0) -> tuple[State, list[Event]]:
    """The seats to move make these moves in turn: "fold", "check", "call", "allin",
    "raise 80". Returns the state and every event."""
    events: list[Event] = []
    for text in moves:
        (seat,) = ENGINE.to_move(state)
        word, *amount = text.split()
        move: dict = {"type": word}
        if word == "raise":
            move["amount"] = int(amount[0])
        elif word in ("call", "allin"):
            move = next(m for m in ENGINE.legal_moves(state, seat) if m["type"] == word)
        state, new = ENGINE.apply(state, seat, move, now_ms)
        events += new
    return state, events


def codes(events: list[Event]) -> list[str]:
    return [e["code"] for e in events]


def won(events: list[Event]) -> list[tuple[int, list[int]]]:
    return [(e["amount"], e["seats"]) for e in events if e["code"] == "pot_won"]
