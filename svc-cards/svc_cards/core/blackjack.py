"""Blackjack hand values, shared by `blackjack` (against the dealer) and `blackjack-duel`.

Cards are French-deck ids ("SA.0", "H10.1"): number cards count their number, J/Q/K ten, an ace
one or eleven, whichever is best without going over 21.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import Card, rank_of

TWENTY_ONE = 21
_FACE_VALUES = {"J": 10, "Q": 10, "K": 10, "A": 1}


def card_points(card: Card) -> int:
    """The card's count with an ace as one."""
    rank = rank_of(card)
    return _FACE_VALUES.get(rank) or int(rank)


def hand_total(cards: Iterable[Card]) -> tuple[int, bool]:
    """(best total, soft): soft when an ace is counted as eleven."""
    total, aces = 0, 0
    for card in cards:
        total += card_points(card)
        aces += rank_of(card) == "A"
    if aces and total + 10 <= TWENTY_ONE:
        return total + 10, True
    return total, False


def is_bust(cards: Iterable[Card]) -> bool:
    return hand_total(cards)[0] > TWENTY_ONE


def is_natural(cards: list[Card], after_split: bool = False) -> bool:
    """A blackjack: 21 with the first two cards; a two-card 21 after a split is not one."""
    return not after_split and len(cards) == 2 and hand_total(cards)[0] == TWENTY_ONE


def splittable(cards: list[Card]) -> bool:
    """Two cards of the same value (a king and a ten split like a pair)."""
    return len(cards) == 2 and card_points(cards[0]) == card_points(cards[1])
