"""The card core's pots (`core/pots.py`), shared by poker and the blackjack duel."""

from __future__ import annotations

import random

from svc_cards.core.pots import shares, side_pots


def test_one_all_in_makes_a_main_and_a_side_pot() -> None:
    assert side_pots([100, 400, 400], [0, 1, 2]) == [
        {"amount": 300, "eligible": [0, 1, 2]},
        {"amount": 600, "eligible": [1, 2]},
    ]


def test_a_folded_entrants_chips_stay_in_the_pots() -> None:
    assert side_pots([50, 20, 20], [1, 2]) == [{"amount": 90, "eligible": [1, 2]}]


def test_shares_give_the_odd_chips_to_the_first() -> None:
    assert shares(10, ["a", "b", "c"]) == [4, 3, 3]
    assert shares(9, [1, 2, 3]) == [3, 3, 3]


def test_pots_hold_every_chip() -> None:
    rnd = random.Random(3)
    for _ in range(1000):
        committed = [rnd.choice([0, 10, 20, 40, 80, 15]) for _ in range(rnd.choice([3, 5, 7]))]
        contending = [i for i, c in enumerate(committed) if c and rnd.random() < 0.7] or [
            committed.index(max(committed))
        ]
        assert sum(p["amount"] for p in side_pots(committed, contending)) == sum(committed)
