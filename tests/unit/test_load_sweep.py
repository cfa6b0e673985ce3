"""bench/load.py --sweep's arithmetic: percentiles with unanswered moves, the offered load's
think time, and the peak taken only among steps under the p99 bound. No timing is asserted."""

from __future__ import annotations

import math

import pytest

from bench.load import Measured, Sweep, pct, think_for


def step(moves_per_s: float, wait_p99_ms: float) -> Measured:
    return Measured(
        label="platform",
        connections=1000,
        moves_per_s=moves_per_s,
        p50_ms=1.0,
        p99_ms=wait_p99_ms,
        kib_per_connection=0.0,
        server_cpu={},
        stage_ms={},
        client_cpu=0.0,
        machine_busy=0.0,
        moves=0,
        refused={},
        wait_p99_ms=wait_p99_ms,
    )


def test_an_unanswered_move_counts_as_endless() -> None:
    answered = [0.001 * n for n in range(1, 100)]  # 1..99 ms
    assert pct(answered, 0.99) == pytest.approx(99.0)
    assert math.isinf(pct(answered, 0.99, missing=1))
    assert pct(answered, 0.5, missing=1) == pytest.approx(51.0)
    assert math.isnan(pct([], 0.99))


def test_think_time_offers_the_rate() -> None:
    assert think_for(100, 500) == 5000
    assert think_for(1000, 500) == 500
    assert think_for(10**9, 500) == 0


def test_the_peak_is_the_busiest_step_under_the_bound() -> None:
    steps = [step(100, 20), step(220, 49.9), step(300, 50.0), step(250, 40), step(400, 300)]
    sweep = Sweep("platform", steps, None, 50)
    assert sweep.peak() is steps[3]
    assert sweep.top() == 400
    assert Sweep("floor", [step(100, 80)], None, 50).peak() is None
