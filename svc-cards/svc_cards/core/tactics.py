"""Helpers the CPU players of the shedding games share. They read a seat's view only."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rulekit import Move, Refusal, View

from .cards import Card, parse


def legal_or_refuse(view: View) -> list[Move]:
    """The view's legal moves; a CPU asked while not to move is refused like any player."""
    legal = view.get("legal_moves") or []
    if not legal:
        raise Refusal("not_your_turn", "the view lists no legal move for this seat")
    return legal


def next_in_view(view: View, seat: int, steps: int = 1) -> int:
    """The seat `steps` places on in the direction of play, skipping finished seats."""
    public = view["public"]
    seats, direction, finished = view["seats"], public["direction"], public.get("finished", [])
    if len(finished) >= seats - 1:
        return seat
    for _ in range(steps):
        seat = (seat + direction) % seats
        while seat in finished:
            seat = (seat + direction) % seats
    return seat


def fewest_cards(view: View, seat: int) -> int:
    """The smallest hand among the other seats still playing."""
    public = view["public"]
    finished = public.get("finished", [])
    counts = [n for s, n in enumerate(public["hand_counts"]) if s != seat and s not in finished]
    return min(counts) if counts else 0


def majority_suit(hand: list[Card], choices: tuple[str, ...], leaving: Card | None = None) -> str:
    """The colour or suit the hand holds most of (after playing `leaving`); ties go to the
    first in `choices`. Wilds do not count."""
    counts = Counter(parse(card)[0] for card in hand if card != leaving)
    return max(choices, key=lambda suit: (counts[suit], -choices.index(suit)))


def by_card(legal: list[Move]) -> dict[Card, list[Move]]:
    """Play moves grouped by card (a wild or wish card has one move per colour or suit)."""
    grouped: dict[Card, list[Move]] = {}
    for move in legal:
        if move["type"] == "play":
            grouped.setdefault(move["card"], []).append(move)
    return grouped


def with_choice(moves: list[Move], key: str, value: str) -> Move:
    """The move among one card's moves that names `value` (or the only move)."""
    for move in moves:
        if move.get(key) == value:
            return move
    return moves[0]


def of_type(legal: list[Move], kind: str) -> Move | None:
    return next((move for move in legal if move["type"] == kind), None)


def suit_counts(hand: list[Card]) -> Counter[Any]:
    return Counter(parse(card)[0] for card in hand)
