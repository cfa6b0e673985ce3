"""Poker's hand ranking against PokerKit's. The seeded random tables with their chip and card
invariants and the hidden-information scan are in the conformance suite (the game's
declaration, svc_cards/poker/declaration.py)."""

from __future__ import annotations

import random
from itertools import combinations

from svc_cards.core import build_decks
from svc_cards.poker.hands import NAMES, best_hand, five_value, kit_cards, tables

from tests import budget


def _kit_value(cards: list[str]) -> int:
    from pokerkit import StandardHighHand

    return StandardHighHand(kit_cards(cards)).entry.index


def test_hand_ranking_against_pokerkit_over_five_card_hands() -> None:
    """Our fast table gives PokerKit's value for every five-card hand: all 2,598,960 of them
    in `make soak`, a seeded sample of 20,000 in `make test`."""
    deck = build_decks("french52", 1)
    if budget.SOAK:
        hands = combinations(deck, 5)
    else:
        rnd = random.Random("five-card hands")
        hands = (rnd.sample(deck, 5) for _ in range(20_000))
    checked = 0
    for hand in hands:
        cards = list(hand)
        assert five_value(cards) == _kit_value(cards), cards
        checked += 1
    assert checked == (2_598_960 if budget.SOAK else 20_000)


def test_hand_ranking_against_pokerkit_over_seven_card_hands() -> None:
    """The best five of seven, against PokerKit's own choice (`from_game`), on a seeded sample
    (2,000 in `make test`, a million in `make soak`); the names too."""
    from pokerkit import StandardHighHand

    deck = build_decks("french52", 1)
    rnd = random.Random("seven-card hands")
    for _ in range(1_000_000 if budget.SOAK else budget.extra(2_000)):
        cards = rnd.sample(deck, 7)
        kit = StandardHighHand.from_game(kit_cards(cards[:2]), kit_cards(cards[2:]))
        value, name = best_hand(cards)
        assert value == kit.entry.index, cards
        assert name == NAMES[kit.entry.label.value] or (name == "royal_flush" and value == max(tables()[1]))
