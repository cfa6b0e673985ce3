"""The counter-based generator: replayable, unbiased, and the seed stays out of its output."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

import pytest

from rulekit import Rng, new_rng_state, seed_commitment


def test_same_seed_same_draws_and_counter_advances() -> None:
    a, b = Rng(new_rng_state(b"seed")), Rng(new_rng_state(b"seed"))
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]
    assert a.to_state()["counter"] >= 50
    resumed = Rng(a.to_state())
    assert resumed.below(10**9) == a.below(10**9)


def test_block_is_hmac_sha256_of_seed_and_counter() -> None:
    rng = Rng({"seed": b"k".hex(), "counter": 7})
    expected = int.from_bytes(hmac.new(b"k", (7).to_bytes(8, "big"), hashlib.sha256).digest(), "big")
    # 2**255 divides 2**256, so no draw is rejected and the block shows through.
    assert rng.below(2**255) == expected % 2**255


def test_other_seed_other_draws() -> None:
    a, b = Rng(new_rng_state(b"one")), Rng(new_rng_state(b"two"))
    assert [a.below(10**6) for _ in range(5)] != [b.below(10**6) for _ in range(5)]


def test_die_is_uniform_within_tolerance() -> None:
    rng = Rng(new_rng_state(b"dice"))
    counts = Counter(rng.die(6) for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    # Chi-square with 5 degrees of freedom; 20.5 is the 0.1% critical value.
    chi2 = sum((c - 10_000) ** 2 / 10_000 for c in counts.values())
    assert chi2 < 20.5


def test_shuffle_is_a_permutation_and_every_position_is_reachable() -> None:
    rng = Rng(new_rng_state(b"shuffle"))
    firsts = Counter()
    for _ in range(4000):
        cards = list(range(5))
        rng.shuffle(cards)
        assert sorted(cards) == list(range(5))
        firsts[cards[0]] += 1
    assert set(firsts) == set(range(5))
    assert min(firsts.values()) > 650  # 800 expected each


def test_below_rejects_nonsense() -> None:
    with pytest.raises(ValueError):
        Rng(new_rng_state(b"x")).below(0)
    with pytest.raises(ValueError):
        new_rng_state(b"")


def test_commitment_is_sha256_of_seed() -> None:
    assert seed_commitment(b"abc") == hashlib.sha256(b"abc").hexdigest()
