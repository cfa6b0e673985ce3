"""The fast meld generator (`possible_melds`: each card parsed once, a table of faces by value,
the answer kept per hand) lists exactly the melds, in the same order, as the plain generator
it replaced, kept here as the reference, over seeded random hands of both rummy games' decks
and every rule set they use."""

from __future__ import annotations

import random
from itertools import combinations

from svc_cards.contract_rummy.rules import AFTER_DOWN, CONTRACTS
from svc_cards.core import build_decks
from svc_cards.core.cards import SUITS
from svc_cards.core.melds import (
    FIFTEEN,
    HIGH,
    LOW,
    RANKS,
    RUMMY,
    Meld,
    Rules,
    is_joker,
    jokers_ok,
    parse,
    possible_melds,
)


def reference_melds(hand: list[str], rules: Rules = RUMMY, max_run: int = 14) -> list[Meld]:
    """The generator as it was before the fast one, with one change: a run of all fourteen
    places (A low to A high) takes a second ace for its high end; it listed one ace card in
    both places."""
    faces: dict[str, str] = {}
    for card in hand:
        if not is_joker(card):
            faces.setdefault(card.split(".", 1)[0], card)
    jokers = [card for card in hand if is_joker(card)]
    melds: list[Meld] = []
    by_rank: dict[str, list[str]] = {}
    if not rules.distinct_suits:
        for card in hand:
            if not is_joker(card):
                by_rank.setdefault(parse(card)[1], []).append(card)
    for rank in RANKS:
        if rules.distinct_suits:
            held = [faces[suit + rank] for suit in SUITS if suit + rank in faces]
        else:
            held = by_rank.get(rank, [])
        top = len(held) if rules.set_max is None else min(len(held), rules.set_max)
        for size in range(1, top + 1):
            for chosen in combinations(held, size):
                most = size if rules.set_max is None else min(size, rules.set_max - size)
                for extra in range(0, min(most, len(jokers)) + 1):
                    cards = list(chosen) + jokers[:extra]
                    if len(cards) >= rules.set_min:
                        melds.append({"kind": "set", "cards": cards})
    for suit in SUITS:
        held_values = {value for value in range(LOW, HIGH + 1) if _face(suit, value) in faces}
        if not held_values:
            continue
        below = [0] * (HIGH + 2)
        for value in range(LOW, HIGH + 1):
            below[value + 1] = below[value] + (value in held_values)
        for start in range(LOW, HIGH - rules.run_min + 2):
            for length in range(rules.run_min, min(max_run, HIGH - start + 1) + 1):
                places = range(start, start + length)
                aces = [card for card in hand if card.split(".", 1)[0] == suit + "A"]
                card_at = {value: faces[_face(suit, value)] for value in places if value in held_values}
                if start == LOW and length == HIGH and HIGH in card_at:
                    if len(aces) > 1:
                        card_at[HIGH] = aces[1]
                    else:
                        del card_at[HIGH]
                count = len(card_at)
                missing = length - count
                if missing > len(jokers):
                    break
                if missing > count:
                    continue
                natural = [value for value in places if value in card_at]
                spare = min(len(jokers), length // 2) - missing
                for more in range(0, spare + 1):
                    for replaced in combinations(natural, more):
                        cards, used = [], 0
                        for value in places:
                            if value in card_at and value not in replaced:
                                cards.append(card_at[value])
                            else:
                                cards.append(jokers[used])
                                used += 1
                        if natural and len(natural) - more > 0 and jokers_ok(cards):
                            melds.append({"kind": "run", "cards": cards})
    return melds


def _face(suit: str, value: int) -> str:
    return suit + (RANKS[0] if value == HIGH else RANKS[value - 1])


CONTRACT_RULES = [
    Rules(set_max=None, distinct_suits=False, run_min=run_length, set_min=set_size)
    for _, set_size, _, run_length in CONTRACTS
]
RULE_SETS = [RUMMY, FIFTEEN, AFTER_DOWN, *CONTRACT_RULES]


def _hands(deck: list[str], rnd: random.Random, count: int) -> list[list[str]]:
    """Random hands of 0 to 24 cards, some stacked with one suit or rank and extra jokers so
    that long runs, big sets and joker-heavy melds come up."""
    jokers = [card for card in deck if is_joker(card)]
    hands = []
    for _ in range(count):
        size = rnd.randrange(25)
        if rnd.random() < 0.4:
            suit = rnd.choice(SUITS)
            rank = rnd.choice(RANKS)
            leaning = [c for c in deck if c.startswith(suit) or parse(c)[1] == rank] + jokers
            hand = rnd.sample(leaning, min(size, len(leaning)))
        else:
            hand = rnd.sample(deck, size)
        hands.append(hand)
    return hands


def test_fast_generator_lists_the_reference_melds_in_order() -> None:
    rnd = random.Random("meld-reference")
    checked = melds_seen = 0
    for deck in (build_decks("rummy55", 2), build_decks("contract6", 3)):
        for hand in _hands(deck, rnd, 150):
            rules = rnd.choice(RULE_SETS)
            max_run = rnd.choice((14, 14, 7))
            expected = reference_melds(hand, rules, max_run)
            assert possible_melds(hand, rules, max_run) == expected, (hand, rules, max_run)
            checked += 1
            melds_seen += len(expected)
    assert checked == 300 and melds_seen > 1000  # the hands do make melds


def test_a_kept_answer_is_a_fresh_copy_for_every_caller() -> None:
    hand = ["H4.0", "H5.0", "H6.0", "S6.0", "D6.0", "X.0a"]
    first = possible_melds(hand, RUMMY)
    first[0]["cards"].append("C9.0")
    first[0]["kind"] = "spoilt"
    hand.append("H7.0")  # the caller's hand changes after the call
    again = possible_melds(hand[:-1], RUMMY)
    assert again == reference_melds(hand[:-1], RUMMY)
    assert again[0] is not first[0] and again[0]["cards"] is not first[0]["cards"]
    assert possible_melds(hand, RUMMY) == reference_melds(hand, RUMMY)
