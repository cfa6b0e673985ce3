"""Femton's tactics (`svc_cards.contract_rummy.tactics`), which the CPU players and the
playouts' leaning player judge hands by, against plain reference versions written for the test."""

from __future__ import annotations

import random

import pytest
from svc_cards.contract_rummy.tactics import _fullest_run, contract_plan, distance
from svc_cards.core.melds import FIFTEEN, HIGH, LOW, RANKS, VALUE, valid

SUITS = "SHDC"


def reference_fullest_run(cards: list[tuple[str, str]], length: int) -> int:
    """The most distinct cards of one suit whose values fit in `length` places, an ace low (1)
    or high (14) but one card however it is counted, found by trying every window."""
    most = 0
    for suit in SUITS:
        for first in range(LOW, HIGH - length + 2):
            places = range(first, first + length)
            ranks = {
                rank for s, rank in cards if s == suit and (VALUE[rank] in places or (rank == "A" and HIGH in places))
            }
            most = max(most, len(ranks))
    return most


def random_cards(rnd: random.Random, count: int) -> list[tuple[str, str]]:
    return [(rnd.choice(SUITS), rnd.choice(RANKS)) for _ in range(count)]


@pytest.mark.parametrize("length", [3, 4, 5, 7, 13, 14])
def test_the_fullest_run_holds_the_most_cards_of_one_suit_a_window_can(length: int) -> None:
    rnd = random.Random(f"fullest-run:{length}")
    for _ in range(2000):
        cards = random_cards(rnd, rnd.randint(0, 16))
        run = _fullest_run(cards, length)
        assert len(run) == reference_fullest_run(cards, length), (cards, run)
        assert len(set(run)) == len(run) and all(card in cards for card in run)
        assert len({suit for suit, _ in run}) <= 1


def test_a_run_window_counts_an_ace_once_when_it_spans_both_ends() -> None:
    every_spade = [("S", rank) for rank in RANKS]
    assert len(_fullest_run(every_spade, 14)) == 13
    assert sorted(_fullest_run([("H", "A"), ("H", "K"), ("H", "Q")], 3)) == [("H", "A"), ("H", "K"), ("H", "Q")]
    assert len(_fullest_run([("H", "A"), ("H", "2"), ("H", "K")], 3)) == 2  # never K–A–2


def test_a_hand_that_holds_its_contract_lacks_nothing_and_plans_valid_melds() -> None:
    need = {"sets": 1, "runs": 1, "set_size": 3, "run_length": 4}
    hand = ["S7.0", "H7.1", "D7.0", "C5.0", "C6.1", "C7.2", "C8.0", "HK.0"]
    assert distance(hand, need) == 0
    plan = contract_plan(hand, need, random.Random(1))
    assert plan is not None and len(plan) == 2 and all(valid(meld, FIFTEEN) for meld in plan)
    assert distance(["S7.0", "H7.1", "C5.0", "C6.1", "HK.0"], need) == 3  # a seven, C7 and C8 short
