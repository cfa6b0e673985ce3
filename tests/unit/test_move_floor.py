"""bench/move_floor.py's arithmetic on made-up samples: its percentiles, the floor as the sum of
the parts' percentiles, the sampled sums and the ratio. No timing is asserted."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load_bench():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("bench_move_floor", ROOT / "bench" / "move_floor.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


bench = _load_bench()

# 1..100 in a scrambled order: the percentiles must not depend on the order.
HUNDRED = random.Random(7).sample([float(n) for n in range(1, 101)], 100)


def test_percentile_is_nearest_rank_of_sorted_samples() -> None:
    assert bench.percentile(HUNDRED, 0.5) == 51.0  # index int(0.5 * 100) of 1..100
    assert bench.percentile(HUNDRED, 0.9) == 91.0
    assert bench.percentile(HUNDRED, 0.99) == 100.0
    assert bench.percentile(HUNDRED, 0.0) == 1.0
    assert bench.percentile(HUNDRED, 1.0) == 100.0  # clamped to the last sample
    assert bench.percentile([3.0, 1.0, 2.0], 0.5) == 2.0
    assert bench.percentile([0.25], 0.99) == 0.25


def test_percentile_refuses_what_has_no_answer() -> None:
    with pytest.raises(ValueError):
        bench.percentile([], 0.5)
    with pytest.raises(ValueError):
        bench.percentile([1.0], 1.5)


def test_floor_is_the_sum_of_the_parts_percentiles() -> None:
    parts = {
        "ws": [0.2] * 99 + [5.0],  # one slow echo: at p99 (index 99 of 100)
        "grpc": [float(n) for n in range(100)],  # 0..99
        "sqlite": [1.0] * 50 + [3.0] * 50,
    }
    assert bench.floor_by_sum(parts, 0.5) == pytest.approx(0.2 + 50 + 3.0)
    assert bench.floor_by_sum(parts, 0.99) == pytest.approx(5.0 + 99 + 3.0)
    assert bench.floor_by_sum({"only": [4.0, 2.0]}, 0.5) == 4.0


def test_sampled_sums_add_one_sample_of_every_part() -> None:
    parts = {"a": [1.0, 2.0], "b": [10.0, 20.0], "c": [100.0]}
    draws = bench.floor_by_draws(parts, 2_000, random.Random(0))
    assert len(draws) == 2_000
    assert set(draws) == {111.0, 112.0, 121.0, 122.0}  # every combination, nothing else
    # Constant parts: every draw is their sum, and so is every percentile of the draws.
    constant = bench.floor_by_draws({"a": [1.5] * 3, "b": [2.5]}, 50, random.Random(1))
    assert constant == [4.0] * 50
    assert bench.floor_by_draws(parts, 100, random.Random(3)) == bench.floor_by_draws(parts, 100, random.Random(3))


def test_ratio_of_platform_to_floor() -> None:
    assert bench.ratio(3.0, 2.0) == 1.5
    assert bench.ratio(2.6, 2.0) == pytest.approx(1.3)
    assert bench.ratio(1.0, 0.0) == float("inf")


def test_stage_means_between_two_scrapes() -> None:
    before = {"family": (2.0, 100.0), "store": (1.0, 100.0), "idle": (5.0, 10.0)}
    after = {"family": (2.5, 300.0), "store": (1.6, 300.0), "total": (0.8, 200.0), "idle": (5.0, 10.0)}
    means = bench.stage_means(before, after)
    assert means == pytest.approx({"family": 0.0025, "store": 0.003, "total": 0.004})  # "idle" saw no move
