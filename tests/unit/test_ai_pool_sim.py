"""bench/ai_pool_sim.py's pieces: Kubernetes' HPA rule (ratio and tolerance, stabilisation
windows, the behavior policies' limits, min and max), a pod's queue and the metrics it keeps,
the load curve and its wave, reading the HPA from the rendered manifests, and a short run
that must scale a pool up under a load its floor cannot carry."""

from __future__ import annotations

import random

import pytest

from bench.ai_pool_sim import (
    DEFAULT_DOWN,
    Ask,
    Autoscaler,
    Hpa,
    Load,
    Mix,
    Pod,
    Policy,
    Pool,
    Rules,
    configured,
    metric_proposal,
    p95,
    scale_limit,
    simulate,
    with_overrides,
)

UP = Rules(0, (Policy("Percent", 100, 30), Policy("Pods", 4, 30)), "Max")
DOWN = Rules(300, (Policy("Percent", 25, 60),))


def test_desired_is_the_ceiling_of_current_times_metric_over_target_outside_the_tolerance() -> None:
    assert metric_proposal(4, 90, 60) == 6  # 4 × 1.5
    assert metric_proposal(4, 65, 60) == 4  # 8 % over: within the 10 % tolerance, left alone
    assert metric_proposal(4, 65, 60, tolerance=0.05) == 5  # ceil(4.33)
    assert metric_proposal(4, 30, 60) == 2
    assert metric_proposal(3, 2.5, 1) == 8  # a queue of 2.5 per pod against 1: ceil(7.5)


def test_scale_up_limit_takes_the_policy_allowing_most() -> None:
    assert scale_limit(2, True, UP, [], [], now=100) == 6  # +4 pods beats +100 %
    assert scale_limit(10, True, UP, [], [], now=100) == 20  # +100 % beats +4 pods
    # 6 of the 10 were added 20 s ago: the period started at 4, so at most 8 or 10 now.
    assert scale_limit(10, True, UP, [(80.0, 6)], [], now=100) == 8
    # Added 40 s ago: outside the 30 s periods, the start is the current count again.
    assert scale_limit(10, True, UP, [(60.0, 6)], [], now=100) == 20


def test_scale_down_limit_truncates_the_percent_from_the_period_start() -> None:
    assert scale_limit(8, False, DOWN, [], [], now=500) == 6
    assert scale_limit(6, False, DOWN, [], [(480.0, 2)], now=500) == 6  # 25 % of 8 already taken
    assert scale_limit(5, False, DEFAULT_DOWN, [], [], now=500) == 0  # Kubernetes' default: 100 %


def test_autoscaler_scales_up_at_once_within_the_policy_and_down_only_after_the_window() -> None:
    scaler = Autoscaler(Hpa(2, 30, cpu_utilisation=60, up=UP, down=DOWN))
    # Busy: 2 pods at 300 % of 60 % wants 10; the policies allow 6 in the first 30 s.
    assert scaler.desired(15, 2, 2, cpu_per_pod=3.0, queue_per_pod=0) == 6
    assert scaler.desired(30, 6, 2, cpu_per_pod=3.0, queue_per_pod=0) == 6  # pods still starting: the limit holds
    assert scaler.desired(60, 6, 6, cpu_per_pod=1.0, queue_per_pod=0) == 10
    # Quiet from then on: held at 10 until the down-window's highest recommendation is gone.
    now, current = 75, 10
    while now <= 60 + 300:  # a recommendation counts for 300 s, its last sync included
        assert scaler.desired(now, current, current, cpu_per_pod=0.06, queue_per_pod=0) == 10
        now += 15
    current = scaler.desired(now, current, current, cpu_per_pod=0.06, queue_per_pod=0)
    assert current == 7  # 25 % a minute (10 × 0.75, truncated), not at once to the floor
    for _ in range(40):
        now += 15
        current = scaler.desired(now, current, current, cpu_per_pod=0.06, queue_per_pod=0)
    assert current == 2  # the floor


def test_the_largest_metric_wins_and_max_replicas_caps() -> None:
    scaler = Autoscaler(Hpa(1, 5, cpu_utilisation=60, queue_per_pod=1, up=UP, down=DOWN))
    assert scaler.desired(15, 2, 2, cpu_per_pod=0.3, queue_per_pod=2) == 4  # the queue's 4 over CPU's 1
    assert scaler.desired(30, 4, 4, cpu_per_pod=0.6, queue_per_pod=20) == 5  # wants 80, capped at max


def ask(service_s: float, at: float = 0.0, cpu: float = 1.0) -> Ask:
    return Ask(arrived=at, service_s=service_s, cpu_share=cpu)


def test_a_pod_serves_its_slots_first_come_first_served_and_queues_the_rest() -> None:
    pod = Pod(1, slots=1, created=0, ready_at=0, routable_at=0)
    first, second, third = ask(1.0, 0.0), ask(0.1, 0.2), ask(0.1, 0.3)
    assert pod.take(first, 0.0) is first
    assert pod.take(second, 0.2) is None and pod.take(third, 0.3) is None
    assert pod.finish(first, 1.0) is second and second.started == 1.0
    assert pod.finish(second, 1.1) is third and third.started == 1.1
    assert pod.finish(third, 1.2) is None and pod.idle()
    # Queue depth integral: second waited 0.8 s, third 0.8 s; CPU: 1.2 s of one core.
    assert pod.queued_s == pytest.approx(1.6)
    assert pod.cpu_s == pytest.approx(1.2)


def test_a_pod_with_two_slots_runs_two_at_once() -> None:
    pod = Pod(1, slots=2, created=0, ready_at=0, routable_at=0)
    a, b, c = ask(1.0), ask(1.0), ask(1.0)
    assert pod.take(a, 0) is a and pod.take(b, 0) is b and pod.take(c, 0) is None
    assert pod.finish(b, 1.0) is c


def test_a_pods_metrics_are_averages_over_the_window() -> None:
    pod = Pod(1, slots=1, created=0, ready_at=0, routable_at=0)
    for t in (0, 15, 30, 45):
        pod.sample(t)
    pod.take(ask(100.0, 45, cpu=0.5), 45)
    pod.take(ask(1.0, 45), 45)
    pod.take(ask(1.0, 45), 45)  # from 45 s on: one running at half a core, two queued
    pod.sample(60)
    pod.sample(75)
    cores, _ = pod.average(75, 30)
    assert cores == pytest.approx(0.5)
    _, queue = pod.average(75, 60)  # 30 s of two queued in a 60 s window
    assert queue == pytest.approx(1.0)


def test_the_load_follows_the_curve_and_the_wave() -> None:
    load = Load(peak_tables=100, move_every_s=10, wave_at_s=3600, wave_factor=1.0, wave_ramp_s=60, wave_s=600)
    flat = Load(peak_tables=100, move_every_s=10, wave_factor=0.0, curve=(0.5,))
    assert flat.rate(0) == flat.rate(5 * 3600) == pytest.approx(5.0)
    base = load.tables(3600)
    assert load.tables(3630) == pytest.approx(base + 50, rel=0.05)  # half way up the ramp
    assert load.tables(3600 + 300) == pytest.approx(load.curve[1] * 100 + 100, rel=0.01)
    assert load.in_wave(3700) and not load.in_wave(3500) and not load.in_wave(3600 + 700)


def fixed_mix(service_s: float) -> Mix:
    return Mix([("g", "l")], [1.0], {("g", "l"): [service_s]}, {("g", "l"): 1.0})


def test_a_day_scales_a_pool_up_when_its_floor_cannot_carry_the_load() -> None:
    """40 asks a second of 0.1 s each is 4 cores of work on a floor of 2 one-slot pods: the
    queue would grow without end. The autoscaler must take the pool to about 4 ÷ 0.6 pods."""
    hpa = Hpa(2, 20, cpu_utilisation=60, up=UP, down=DOWN)
    load = Load(peak_tables=400, move_every_s=10, wave_factor=0.0, curve=(1.0,))
    day = simulate(hpa, Pool(start_s=5), load, fixed_mix(0.1), hours=0.5, seed=3)
    settled = [n for t, n, _ in day.pods if t > 900]
    assert min(settled) >= 6 and max(settled) <= 9
    late = [waited for asked, waited, _ in day.answered if asked > 900]
    assert p95(late) < 0.5
    assert len(day.answered) == pytest.approx(40 * 1800, rel=0.05)


def test_a_pool_at_its_ceiling_queues_and_the_wait_shows_it() -> None:
    hpa = Hpa(2, 2, cpu_utilisation=60, up=UP, down=DOWN)
    load = Load(peak_tables=260, move_every_s=10, wave_factor=0.0, curve=(1.0,))  # 26/s on 20/s of capacity
    day = simulate(hpa, Pool(), load, fixed_mix(0.1), hours=0.25, seed=3)
    waits = [waited for asked, waited, _ in day.answered]
    assert max(waits) > 30  # the queue grew for the whole quarter hour
    assert {n for _, n, _ in day.pods} == {2}


def test_the_hpa_is_read_from_the_rendered_manifests() -> None:
    hpa, request = configured("large")
    assert hpa.queue_per_pod is not None and hpa.cpu_utilisation is not None
    assert hpa.min_replicas >= 1 and hpa.max_replicas >= hpa.min_replicas and request > 0
    base, _ = configured("base")
    assert base.queue_per_pod is None
    changed = with_overrides(hpa, "queue=off,cpu=50,min=3,down-window=600")
    assert (changed.queue_per_pod, changed.cpu_utilisation, changed.min_replicas) == (None, 50, 3)
    assert changed.down.window_s == 600 and changed.up == hpa.up


def test_draws_follow_the_mix_weights() -> None:
    mix = Mix(
        [("a", "x"), ("b", "y")],
        [0.75, 1.0],
        {("a", "x"): [0.01], ("b", "y"): [1.0]},
        {("a", "x"): 1.0, ("b", "y"): 1.0},
    )
    rnd = random.Random(5)
    heavy = sum(mix.draw(rnd, 0).service_s == 1.0 for _ in range(4000))
    assert 800 < heavy < 1200
    assert mix.mean_service_s() == pytest.approx(0.75 * 0.01 + 0.25 * 1.0)
