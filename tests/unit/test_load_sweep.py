"""bench/load.py --sweep's arithmetic: percentiles with unanswered moves, the offered load's
think time, and the peak taken only among steps under the p99 bound. No timing is asserted."""

from __future__ import annotations

import argparse
import math

import pytest

from bench.load import Ladder, Measured, Sweep, pct, sweep_in_turn, think_for


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


def ladder_args(**overrides: float) -> argparse.Namespace:
    values = {"sweep_from": 100, "sweep_factor": 1.5, "misses": 2, "refine": 2, "p99_ms": 50}
    return argparse.Namespace(**{**values, **overrides})


class FakeFleet:
    """A server that answers every offered load up to `capacity` moves/s under the bound and
    misses it above; it records the steps asked of it."""

    def __init__(self, name: str, capacity: float, rooms: int, log: list[tuple[str, int, bool]]) -> None:
        self.name, self.capacity, self.rooms, self.log = name, capacity, rooms, log

    def step(self, think_ms: int, seconds: float, settle: float, hold_after: bool = False) -> Measured:
        self.log.append((self.name, think_ms, hold_after))
        offered = self.rooms * 1000 / think_ms if think_ms else 10 * self.capacity
        answered = min(offered, self.capacity)
        measured = step(answered, 10 if offered <= self.capacity else 200)
        measured.think_ms = think_ms
        return measured


def test_a_ladder_climbs_until_two_misses_then_refines_between() -> None:
    rooms, log = 500, []
    fleet = FakeFleet("platform", 400, rooms, log)
    ladder = Ladder("platform", rooms, ladder_args())
    while (rate := ladder.next_rate()) is not None:
        ladder.record(rate, fleet.step(think_for(rate, rooms), 10, 2))
    offered = [rooms * 1000 / think for _, think, _ in log]
    # 100, 150, 225, 337.5 pass; 506 and 759 miss; then twice the geometric middle of the best
    # step under the bound and the least over it.
    assert offered[:6] == pytest.approx([100, 150, 225, 337.5, 506.25, 759.4], rel=0.01)
    assert len(offered) == 8
    assert offered[6] == pytest.approx(math.sqrt(337.5 * 506.25), rel=0.01)  # 413: over 400, missed
    assert offered[7] == pytest.approx(math.sqrt(337.5 * offered[6]), rel=0.01)  # 373: under it
    assert ladder.result.peak().moves_per_s == pytest.approx(offered[7], rel=0.01)


def test_servers_step_in_turn_each_still_while_the_other_plays() -> None:
    rooms, log = 500, []
    fleets = {"platform": FakeFleet("platform", 300, rooms, log), "floor": FakeFleet("floor", 700, rooms, log)}
    ladders = {name: Ladder(name, rooms, ladder_args(saturation_seconds=20)) for name in fleets}
    args = argparse.Namespace(seconds=10, settle=2, saturation_seconds=20)
    sweep_in_turn(fleets, ladders, args)
    names = [name for name, _, _ in log]
    assert all(hold for _, _, hold in log), "a server's clients kept playing during the other's step"
    # While both ladders run, no server takes two steps in a row except where the first mover
    # changes (platform, floor | floor, platform | ...).
    both = names[: 2 * min(names.count("platform"), names.count("floor")) - 2]
    pairs = [both[i : i + 2] for i in range(0, len(both), 2)]
    assert all(sorted(pair) == ["floor", "platform"] for pair in pairs)
    assert [pair[0] for pair in pairs[:3]] == ["platform", "floor", "platform"]
    # The floor server's ladder climbs further, alone once the platform's is done.
    assert names.count("floor") > names.count("platform")
    assert ladders["platform"].result.peak().moves_per_s <= 300 < ladders["floor"].result.peak().moves_per_s
    # Each ends with a step at no think time.
    assert sorted((name, think) for name, think, _ in log[-2:]) == [("floor", 0), ("platform", 0)]
    assert ladders["floor"].result.saturation is not None
