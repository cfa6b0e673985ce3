"""Hand strength from PokerKit: the best five of a seat's cards, ranked and named.

PokerKit's `StandardHighHand.lookup` ranks every five-card hand (a higher index is a
stronger hand; equal indexes are equal hands, kickers included). Asking it for each of the
21 five-card choices of seven cards costs about 150 us a hand, too slow for the Monte Carlo
CPU, so `RANKS` copies its answers once, at import, through its public `get_entry`: one
question per kind of hand (which ranks, flush or not: 7,462 of them), keyed as PokerKit keys
them (the product of one prime per rank, and whether all five share a suit). The hand-ranking
test checks this table against PokerKit's `StandardHighHand` over all 2,598,960 five-card
hands. The table is built on first use (about 2 s with PokerKit's import), so loading the
card registry stays quick. PokerKit's own state machine is not used: it keeps Python objects, not the pure JSON
state the engine contract asks for.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from math import prod
from typing import TYPE_CHECKING

from ..core import Card, parse

RANK_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
_PRIME = dict(zip(RANK_ORDER, _PRIMES, strict=True))
_KIT_RANK = {rank: ("T" if rank == "10" else rank) for rank in RANK_ORDER}
_KIT_SUIT = {"S": "s", "H": "h", "D": "d", "C": "c"}
# Hand names as codes (the client translates): PokerKit's labels, plus the royal flush the
# rule text names.
NAMES = {
    "High card": "high_card",
    "One pair": "one_pair",
    "Two pair": "two_pair",
    "Three of a kind": "three_of_a_kind",
    "Straight": "straight",
    "Flush": "flush",
    "Full house": "full_house",
    "Four of a kind": "four_of_a_kind",
    "Straight flush": "straight_flush",
}
HAND_CODES = (*NAMES.values(), "royal_flush")


if TYPE_CHECKING:
    from pokerkit import Card as KitCard


def kit_cards(cards: list[Card]) -> tuple[KitCard, ...]:
    """Our card ids ("HA.3", "S10.0") as PokerKit's cards ("Ah", "Ts")."""
    from pokerkit import Card as KitCard

    text = ""
    for card in cards:
        suit, rank = parse(card)
        text += _KIT_RANK[rank] + _KIT_SUIT[suit or "S"]
    return tuple(KitCard.parse(text))


def _build() -> tuple[dict[tuple[int, bool], int], dict[int, str]]:
    from pokerkit import Card as KitCard
    from pokerkit import StandardHighHand

    lookup = StandardHighHand.lookup
    ranks: dict[tuple[int, bool], int] = {}
    names: dict[int, str] = {}
    suits = "shdc"
    for chosen in combinations_with_replacement(range(13), 5):
        if max(chosen.count(r) for r in chosen) > 4:
            continue
        distinct = len(set(chosen)) == 5
        for suited in (False, True) if distinct else (False,):
            seen: dict[int, int] = {}
            text = ""
            for place, rank in enumerate(chosen):
                copy = seen[rank] = seen.get(rank, -1) + 1
                # Repeated ranks take different suits; five different ranks are made
                # off-suit by the second card.
                suit = "s" if suited else suits[copy if not distinct else int(place == 1)]
                text += _KIT_RANK[RANK_ORDER[rank]] + suit
            entry = lookup.get_entry(tuple(KitCard.parse(text)))
            ranks[prod(_PRIMES[r] for r in chosen), suited] = entry.index
            names[entry.index] = NAMES[entry.label.value]
    return ranks, names


RANKS: dict[tuple[int, bool], int] = {}
_NAMES: dict[int, str] = {}


def tables() -> tuple[dict[tuple[int, bool], int], dict[int, str]]:
    """PokerKit's ranking of every kind of five-card hand, and the name of each value."""
    if not RANKS:
        ranks, names = _build()
        names[max(names)] = "royal_flush"
        _NAMES.update(names)
        RANKS.update(ranks)
    return RANKS, _NAMES


_CODES: dict[Card, tuple[int, str]] = {}


def _code(card: Card) -> tuple[int, str]:
    code = _CODES.get(card)
    if code is None:
        suit, rank = parse(card)
        code = _CODES[card] = (_PRIME[rank], suit or "")
    return code


def five_value(cards: list[Card]) -> int:
    """The value of exactly five cards: higher is stronger, equal is a tie (PokerKit's index)."""
    codes = [_code(card) for card in cards]
    ranks = RANKS or tables()[0]
    return ranks[codes[0][0] * codes[1][0] * codes[2][0] * codes[3][0] * codes[4][0], len({c[1] for c in codes}) == 1]


def best_value(cards: list[Card]) -> int:
    """The value of the best five of five to seven cards."""
    codes = [_code(card) for card in cards]
    ranks = RANKS or tables()[0]
    best = 0
    for a, b, c, d, e in combinations(codes, 5):
        suited = a[1] == b[1] == c[1] == d[1] == e[1]
        value = ranks[a[0] * b[0] * c[0] * d[0] * e[0], suited]
        if value > best:
            best = value
    return best


def best_hand(cards: list[Card]) -> tuple[int, str]:
    """(value, name code) of the best five of five to seven cards."""
    value = best_value(cards)
    return value, tables()[1][value]
