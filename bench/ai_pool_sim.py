"""A day of CPU moves on the svc-ai pool, simulated: what players wait for a CPU move, and how
many pods the autoscaler keeps, under the autoscaler's rules as the manifests configure them.

A discrete-event simulation (standard library only):

- **Load.** Tables with a CPU seat follow a daily curve (`DAY`: share of the peak per hour, low
  at night, highest in the evening) times `--peak-tables`, plus a sudden wave at `--wave-at`
  (`--wave-factor` × the peak more tables within `--wave-ramp-s`, for `--wave-minutes`, then
  back over ten minutes). Each table's CPU seat asks for a move every `--move-every-s` on
  average; asks arrive as a Poisson stream at that rate (open loop: players do not slow down
  because the CPU does).
- **Service times.** Each ask is a game and level drawn from the mix, and its service time a
  sample measured from the real svc-ai at that game and level (bench/ai_service_times.py's
  JSON: one call at a time, so pure service, no queueing), with its CPU share.
- **Pods.** Each pod serves `--slots` asks at once (searches in parallel; 1 = one search at a
  time) first come, first served, the rest wait in its queue. The lobby spreads asks round
  robin over the pods its channels know: a new pod is known once ready and re-resolved (a
  uniform 0 to `--reresolve-s` later: the servers close connections after 30 s). A pod is ready
  `--schedule-s` + the measured start-up + half a readiness period after the autoscaler asks
  for it. A pod taken away gets no new asks and finishes its queue.
- **Autoscaler.** Kubernetes' HPA algorithm every 15 s (its sync period): per metric,
  desired = ceil(current × metric ÷ target) (left alone within a 10 % tolerance), the largest
  across metrics (pods not yet ready count as none on a scale-up and hold off a scale-down,
  as Kubernetes treats them); scale-up and scale-down stabilisation windows (the lowest
  recommendation of the up-window, the highest of the down-window); the behavior policies'
  rate limits (Pods and Percent per period, selectPolicy); clamped to min and max. Metrics:
  CPU utilisation of the pod's request over the last 30 s (metrics-server), and the queue
  depth per pod averaged over the last minute (`gameroom_ai_queue_depth` through the
  Prometheus Adapter rule in deploy/prometheus-adapter/). The HPA, requests and metrics are
  read from the rendered manifests (`kubectl kustomize`, `--overlay`).

Printed per variant (the shipped settings; their CPU target alone, as the pool scales without
the adapter; and every `--variant`): per hour the offered CPU moves per second, pods (mean and most),
the CPU-move p95 (ask to answer); then the day's p95, the wave's, the share over `--goal-ms`,
and pod-hours.

    .venv/bin/python bench/ai_pool_sim.py [--overlay large] [--times bench/data/ai_service_times.json]
        [--peak-tables 600] [--move-every-s 20] [--mix levels|strong] [--slots 1]
        [--variant NAME:queue=1,cpu=60,min=4,max=64,up-window=0,down-window=300] [--seed 1]
"""

from __future__ import annotations

import argparse
import bisect
import heapq
import json
import math
import random
import shutil
import subprocess
import sys
from collections import deque
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TIMES = ROOT / "bench" / "data" / "ai_service_times.json"
QUEUE_METRIC = "gameroom_ai_queue_depth"
# Share of the peak tables per hour of the day (0:00 to 23:00), linear in between.
DAY = (
    0.15, 0.10, 0.07, 0.05, 0.05, 0.07, 0.12, 0.20, 0.28, 0.33, 0.38, 0.42,
    0.48, 0.50, 0.50, 0.52, 0.58, 0.68, 0.82, 0.95, 1.00, 0.92, 0.65, 0.35,
)  # fmt: skip
# How often each level is picked at a table, before normalising over a game's levels.
LEVEL_SHARE = {"random": 0.05, "beginner": 0.15, "easy": 0.3, "medium": 0.3, "strong": 0.25}


# -- the autoscaler ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Policy:
    kind: str  # "Pods" | "Percent"
    value: int
    period_s: float


@dataclass(frozen=True)
class Rules:
    """One direction's behavior: stabilisation window, policies, selectPolicy."""

    window_s: float
    policies: tuple[Policy, ...]
    select: str = "Max"  # "Max" | "Min" | "Disabled"


# Kubernetes' defaults when an HPA leaves behavior out.
DEFAULT_UP = Rules(0, (Policy("Percent", 100, 15), Policy("Pods", 4, 15)))
DEFAULT_DOWN = Rules(300, (Policy("Percent", 100, 15),))


@dataclass(frozen=True)
class Hpa:
    min_replicas: int
    max_replicas: int
    cpu_utilisation: float | None = None  # target, percent of the request; None: not a metric
    queue_per_pod: float | None = None  # target average queue depth per pod; None: not a metric
    up: Rules = DEFAULT_UP
    down: Rules = DEFAULT_DOWN
    tolerance: float = 0.1


def metric_proposal(current: int, per_pod: float, target: float, tolerance: float = 0.1) -> int:
    """desired = ceil(current × metric ÷ target), unless the ratio is within the tolerance."""
    ratio = per_pod / target
    if abs(ratio - 1.0) <= tolerance:
        return current
    return math.ceil(current * ratio)


def change_in(events: list[tuple[float, int]], now: float, period_s: float) -> int:
    return sum(change for at, change in events if at > now - period_s)


def scale_limit(current: int, up: bool, rules: Rules, added: list[tuple[float, int]], removed: list[tuple[float, int]], now: float) -> int:  # fmt: skip
    """The most (scaling up) or fewest (down) replicas the policies allow now, as Kubernetes'
    calculateScale{Up,Down}LimitWithScalingRules compute it from the period's start."""
    if rules.select == "Disabled":
        return current
    limits = []
    for policy in rules.policies:
        start = current - change_in(added, now, policy.period_s) + change_in(removed, now, policy.period_s)
        if up:
            proposed = start + policy.value if policy.kind == "Pods" else math.ceil(start * (1 + policy.value / 100))
        else:
            proposed = start - policy.value if policy.kind == "Pods" else int(start * (1 - policy.value / 100))
        limits.append(proposed)
    # The Max policy allows the largest change: the highest limit up, the lowest down.
    if rules.select == "Max":
        return max(limits) if up else min(limits)
    return min(limits) if up else max(limits)


@dataclass
class Autoscaler:
    hpa: Hpa
    recommendations: list[tuple[float, int]] = field(default_factory=list)
    added: list[tuple[float, int]] = field(default_factory=list)
    removed: list[tuple[float, int]] = field(default_factory=list)

    def desired(self, now: float, current: int, ready: int, cpu_per_pod: float, queue_per_pod: float) -> int:
        """One sync: `current` is the Deployment's replicas, `ready` the pods reporting metrics,
        the metrics their averages over those pods."""
        hpa = self.hpa
        proposals = []
        if ready:
            if hpa.cpu_utilisation is not None:
                proposals.append(metric_proposal(ready, cpu_per_pod * 100, hpa.cpu_utilisation, hpa.tolerance))
            if hpa.queue_per_pod is not None:
                proposals.append(metric_proposal(ready, queue_per_pod, hpa.queue_per_pod, hpa.tolerance))
        proposal = max(proposals) if proposals else current
        if ready and ready < current and proposal < current:
            proposal = current  # pods still starting: no scale-down on a partial view
        self.recommendations.append((now, proposal))
        horizon = max(hpa.up.window_s, hpa.down.window_s)
        self.recommendations = [(at, r) for at, r in self.recommendations if at > now - horizon - 1e-9]
        up_rec = min(r for at, r in self.recommendations if at > now - hpa.up.window_s - 1e-9)
        down_rec = max(r for at, r in self.recommendations if at > now - hpa.down.window_s - 1e-9)
        desired = current
        if current < up_rec:
            desired = min(up_rec, scale_limit(current, True, hpa.up, self.added, self.removed, now))
        elif current > down_rec:
            desired = max(down_rec, scale_limit(current, False, hpa.down, self.added, self.removed, now))
        desired = max(hpa.min_replicas, min(hpa.max_replicas, desired))
        if desired > current:
            self.added.append((now, desired - current))
        elif desired < current:
            self.removed.append((now, current - desired))
        longest = max([p.period_s for p in (*hpa.up.policies, *hpa.down.policies)] or [0])
        self.added = [(at, n) for at, n in self.added if at > now - longest]
        self.removed = [(at, n) for at, n in self.removed if at > now - longest]
        return desired


# -- the pods ------------------------------------------------------------------------------------
@dataclass
class Ask:
    arrived: float
    service_s: float
    cpu_share: float  # CPU seconds per wall second while it runs
    started: float = -1.0


class Pod:
    """One pod: `slots` asks served at once in arrival order, the rest queued. Keeps running
    integrals of CPU used and of queue depth, for the metrics."""

    def __init__(self, name: int, slots: int, created: float, ready_at: float, routable_at: float) -> None:
        self.name, self.slots = name, slots
        self.created, self.ready_at, self.routable_at = created, ready_at, routable_at
        self.queue: deque[Ask] = deque()
        self.running: list[Ask] = []
        self.leaving = False
        self.gone_at: float | None = None
        self._at = created
        self.cpu_s = 0.0  # CPU seconds used since created
        self.queued_s = 0.0  # integral of the queue depth
        self.samples: deque[tuple[float, float, float]] = deque()  # (time, cpu_s, queued_s)

    def advance(self, now: float) -> None:
        span = now - self._at
        if span > 0:
            self.cpu_s += span * sum(a.cpu_share for a in self.running)
            self.queued_s += span * len(self.queue)
            self._at = now

    def take(self, ask: Ask, now: float) -> Ask | None:
        """Queue `ask`; the ask that starts now, if a slot is free."""
        self.advance(now)
        if len(self.running) < self.slots:
            self.running.append(ask)
            ask.started = now
            return ask
        self.queue.append(ask)
        return None

    def finish(self, ask: Ask, now: float) -> Ask | None:
        """`ask` is answered; the next one that starts, if any waits."""
        self.advance(now)
        self.running.remove(ask)
        if self.queue:
            nxt = self.queue.popleft()
            self.running.append(nxt)
            nxt.started = now
            return nxt
        return None

    def idle(self) -> bool:
        return not self.running and not self.queue

    def sample(self, now: float) -> None:
        self.advance(now)
        self.samples.append((now, self.cpu_s, self.queued_s))
        while len(self.samples) > 2 and self.samples[1][0] <= now - 300:
            self.samples.popleft()

    def average(self, now: float, window_s: float) -> tuple[float, float]:
        """(CPU cores used, queue depth) averaged over the last `window_s` (or since ready)."""
        since = max(now - window_s, self.ready_at)
        older = [s for s in self.samples if s[0] <= since + 1e-9]
        start = older[-1] if older else self.samples[0]
        end = self.samples[-1]
        span = end[0] - start[0]
        if span <= 0:
            return 0.0, float(len(self.queue))
        return (end[1] - start[1]) / span, (end[2] - start[2]) / span


# -- the load ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Load:
    peak_tables: float = 600
    move_every_s: float = 20
    wave_at_s: float = 20.5 * 3600
    wave_factor: float = 1.0
    wave_ramp_s: float = 60
    wave_s: float = 30 * 60
    wave_fade_s: float = 10 * 60
    curve: tuple[float, ...] = DAY  # share of the peak at each hour

    def tables(self, t: float) -> float:
        hour = (t / 3600) % len(self.curve)
        low = int(hour)
        nxt = self.curve[(low + 1) % len(self.curve)]
        base = self.curve[low] + (nxt - self.curve[low]) * (hour - low)
        wave = 0.0
        into = t - self.wave_at_s
        if 0 <= into < self.wave_ramp_s:
            wave = into / self.wave_ramp_s
        elif self.wave_ramp_s <= into < self.wave_ramp_s + self.wave_s:
            wave = 1.0
        elif 0 <= into - self.wave_ramp_s - self.wave_s < self.wave_fade_s:
            wave = 1.0 - (into - self.wave_ramp_s - self.wave_s) / self.wave_fade_s
        return self.peak_tables * (base + self.wave_factor * wave)

    def rate(self, t: float) -> float:
        """CPU moves asked per second at time t."""
        return self.tables(t) / self.move_every_s

    def in_wave(self, t: float) -> bool:
        return self.wave_at_s <= t < self.wave_at_s + self.wave_ramp_s + self.wave_s


@dataclass
class Mix:
    """Which game and level an ask is for, and its measured service times."""

    keys: list[tuple[str, str]]
    cumulative: list[float]
    samples: dict[tuple[str, str], list[float]]  # seconds
    cpu_share: dict[tuple[str, str], float]

    @classmethod
    def from_measured(cls, data: dict[str, Any], choice: str = "levels", cpu_per_wall: float | None = None) -> Mix:
        rows = data["levels"]
        by_game: dict[str, list[dict[str, Any]]] = {}
        for row in rows:
            by_game.setdefault(row["game"], []).append(row)
        weights: dict[tuple[str, str], float] = {}
        for game, levels in by_game.items():
            if choice == "strong":
                chosen = {levels[-1]["level"]: 1.0}  # the strongest: levels are listed weakest first
            else:
                chosen = {row["level"]: LEVEL_SHARE.get(row["level"], 0.25) for row in levels}
            total = sum(chosen.values())
            for level, share in chosen.items():
                weights[(game, level)] = share / total / len(by_game)
        samples, cpu = {}, {}
        for row in rows:
            key = (row["game"], row["level"])
            if key in weights:
                samples[key] = [ms / 1000 for ms in row["service_ms"]]
                wall = sum(row["service_ms"]) / len(row["service_ms"])
                measured = min(1.0, row.get("cpu_ms", wall) / wall) if wall > 0 else 1.0
                cpu[key] = measured if cpu_per_wall is None else cpu_per_wall
        keys = sorted(weights)
        running, cumulative = 0.0, []
        for key in keys:
            running += weights[key]
            cumulative.append(running)
        return cls(keys, cumulative, samples, cpu)

    def mean_service_s(self) -> float:
        weights = [b - a for a, b in zip([0.0, *self.cumulative], self.cumulative, strict=False)]
        return sum(w * sum(self.samples[k]) / len(self.samples[k]) for w, k in zip(weights, self.keys, strict=True))

    def draw(self, rnd: random.Random, arrived: float) -> Ask:
        key = self.keys[min(len(self.keys) - 1, bisect.bisect(self.cumulative, rnd.random() * self.cumulative[-1]))]
        return Ask(arrived, rnd.choice(self.samples[key]), self.cpu_share[key])


# -- the simulation ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Pool:
    slots: int = 1  # searches a pod runs at once
    cpu_request: float = 1.0  # cores the pod requests (utilisation is against this)
    start_s: float = 7.0  # from the autoscaler's decision to ready
    reresolve_s: float = 30.0  # the lobby's channels learn a new pod within this
    sync_s: float = 15.0
    cpu_window_s: float = 30.0
    queue_window_s: float = 60.0


@dataclass
class Day:
    hours: float
    answered: list[tuple[float, float, float]] = field(default_factory=list)  # (asked at, to answer s, queued s)
    pods: list[tuple[float, int, int]] = field(default_factory=list)  # (time, pods in all, ready)
    pod_seconds: float = 0.0


def simulate(hpa: Hpa, pool: Pool, load: Load, mix: Mix, hours: float = 24, seed: int = 1) -> Day:
    rnd = random.Random(seed)
    end = hours * 3600
    events: list[tuple[float, int, str, Any]] = []
    counter = 0

    def at(time: float, kind: str, payload: Any = None) -> None:
        nonlocal counter
        counter += 1
        heapq.heappush(events, (time, counter, kind, payload))

    live: list[Pod] = []  # not yet gone
    everyone: list[Pod] = []
    routable: list[Pod] = []  # what the lobby's channels spread asks over

    def add_pod(now: float, start_s: float) -> None:
        ready = now + start_s
        pod = Pod(len(everyone) + 1, pool.slots, now, ready, ready + rnd.uniform(0, pool.reresolve_s))
        live.append(pod)
        everyone.append(pod)
        at(pod.routable_at, "known", pod)

    def gone(pod: Pod, now: float) -> None:
        pod.gone_at = now
        live.remove(pod)

    for _ in range(hpa.min_replicas):
        add_pod(-600.0, 0.0)  # warm since before the day
    scaler = Autoscaler(hpa)
    day = Day(hours)
    turn = 0
    at(rnd.expovariate(max(load.rate(0.0), 1e-6)), "ask")
    at(pool.sync_s, "sync")
    while events:
        now, _, kind, payload = heapq.heappop(events)
        if now > end and kind != "done":
            continue
        if kind == "ask":
            turn += 1
            pod = routable[turn % len(routable)]
            ask = mix.draw(rnd, now)
            started = pod.take(ask, now)
            if started is not None:
                at(now + started.service_s, "done", (pod, started))
            at(now + rnd.expovariate(max(load.rate(now), 1e-6)), "ask")
        elif kind == "done":
            pod, ask = payload
            day.answered.append((ask.arrived, now - ask.arrived, ask.started - ask.arrived))
            started = pod.finish(ask, now)
            if started is not None:
                at(now + started.service_s, "done", (pod, started))
            if pod.leaving and pod.idle():
                gone(pod, now)
        elif kind == "known":
            if not payload.leaving:
                routable.append(payload)
        elif kind == "sync":
            for pod in live:
                pod.sample(now)
            staying = [p for p in live if not p.leaving]
            ready = [p for p in staying if p.ready_at <= now]
            current = len(staying)
            cpu = sum(p.average(now, pool.cpu_window_s)[0] for p in ready) / pool.cpu_request
            queue = sum(p.average(now, pool.queue_window_s)[1] for p in ready)
            n = len(ready)
            desired = scaler.desired(now, current, n, cpu / n if n else 0.0, queue / n if n else 0.0)
            for _ in range(desired - current):
                add_pod(now, pool.start_s)
            if desired < current:
                # A ReplicaSet removes pods not yet ready first, then the newest.
                staying.sort(key=lambda p: (p.ready_at <= now, -p.created))
                for pod in staying[: current - desired]:
                    pod.leaving = True
                    if pod in routable:
                        routable.remove(pod)
                    if pod.idle():
                        gone(pod, now)
            day.pods.append((now, max(current, desired), n))
            at(now + pool.sync_s, "sync")
    day.pod_seconds = sum(
        max(0.0, min(end, p.gone_at if p.gone_at is not None else end) - max(0.0, p.created)) for p in everyone
    )
    return day


# -- reading the manifests ------------------------------------------------------------------------
def rules_of(spec: dict[str, Any] | None, default: Rules) -> Rules:
    if not spec:
        return default
    policies = tuple(Policy(p["type"], int(p["value"]), float(p["periodSeconds"])) for p in spec.get("policies", []))
    return Rules(
        float(spec.get("stabilizationWindowSeconds", default.window_s)),
        policies or default.policies,
        spec.get("selectPolicy", default.select),
    )


def hpa_of(doc: dict[str, Any]) -> Hpa:
    """An autoscaling/v2 HorizontalPodAutoscaler's settings that this simulation models."""
    spec = doc["spec"]
    cpu = queue = None
    for metric in spec.get("metrics", []):
        if metric["type"] == "Resource" and metric["resource"]["name"] == "cpu":
            cpu = float(metric["resource"]["target"]["averageUtilization"])
        elif metric["type"] == "Pods" and metric["pods"]["metric"]["name"] == QUEUE_METRIC:
            queue = parse_quantity(str(metric["pods"]["target"]["averageValue"]))
        else:
            raise SystemExit(f"the simulation does not model the metric {metric}")
    behavior = spec.get("behavior") or {}
    return Hpa(
        int(spec.get("minReplicas", 1)),
        int(spec["maxReplicas"]),
        cpu,
        queue,
        rules_of(behavior.get("scaleUp"), DEFAULT_UP),
        rules_of(behavior.get("scaleDown"), DEFAULT_DOWN),
    )


def parse_quantity(text: str) -> float:
    """A Kubernetes quantity as a number: "1", "500m", "1.5"."""
    return float(text[:-1]) / 1000 if text.endswith("m") else float(text)


def rendered(overlay: str) -> list[dict[str, Any]]:
    import yaml

    folder = ROOT / "deploy" / "k8s" / ("base" if overlay == "base" else f"overlays/{overlay}")
    kubectl = shutil.which("kubectl") or "/usr/bin/kubectl"
    done = subprocess.run([kubectl, "kustomize", str(folder)], capture_output=True, text=True, check=True)
    return [d for d in yaml.safe_load_all(done.stdout) if d]


def configured(overlay: str) -> tuple[Hpa, float]:
    """The AI pool's HPA and the svc-ai container's CPU request (cores), as rendered."""
    docs = rendered(overlay)
    hpa = next(d for d in docs if d["kind"] == "HorizontalPodAutoscaler" and d["metadata"]["name"] == "ai")
    deployment = next(d for d in docs if d["kind"] == "Deployment" and d["metadata"]["name"] == "ai")
    request = deployment["spec"]["template"]["spec"]["containers"][0]["resources"]["requests"]["cpu"]
    return hpa_of(hpa), parse_quantity(str(request))


def with_overrides(hpa: Hpa, text: str) -> Hpa:
    """NAME:queue=1,cpu=60,min=4,max=64,up-window=0,down-window=300 (queue=off or cpu=off drops a metric)."""
    changes: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        if key in ("queue", "cpu"):
            changes["queue_per_pod" if key == "queue" else "cpu_utilisation"] = None if value == "off" else float(value)
        elif key in ("min", "max"):
            changes[f"{key}_replicas"] = int(value)
        elif key == "up-window":
            changes["up"] = replace(hpa.up, window_s=float(value))
        elif key == "down-window":
            changes["down"] = replace(hpa.down, window_s=float(value))
        else:
            raise SystemExit(f"unknown setting {key!r} in --variant")
    return replace(hpa, **changes)


# -- output --------------------------------------------------------------------------------------
def p95(waits: list[float]) -> float:
    if not waits:
        return float("nan")
    ordered = sorted(waits)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


@dataclass
class Summary:
    name: str
    hpa: Hpa
    day_p95_s: float
    queued_p95_s: float
    wave_p95_s: float
    worst_hour_p95_s: float
    over_goal: float
    pod_hours: float
    most_pods: int
    hourly: list[tuple[int, float, float, int, float]]  # hour, moves/s, mean pods, most pods, p95 s


def summarise(name: str, hpa: Hpa, day: Day, load: Load, goal_s: float) -> Summary:
    hours = int(day.hours)
    by_hour: list[list[float]] = [[] for _ in range(hours)]
    wave: list[float] = []
    over = 0
    for asked, waited, _ in day.answered:
        hour = min(hours - 1, int(asked // 3600))
        by_hour[hour].append(waited)
        if load.in_wave(asked):
            wave.append(waited)
        over += waited > goal_s
    hourly = []
    for hour in range(hours):
        counts = [n for t, n, _ in day.pods if hour * 3600 <= t < (hour + 1) * 3600] or [0]
        hourly.append((hour, len(by_hour[hour]) / 3600, sum(counts) / len(counts), max(counts), p95(by_hour[hour])))
    every = [w for _, w, _ in day.answered]
    return Summary(
        name,
        hpa,
        p95(every),
        p95([q for _, _, q in day.answered]),
        p95(wave),
        max(h[4] for h in hourly if not math.isnan(h[4])),
        over / max(1, len(every)),
        day.pod_seconds / 3600,
        max((n for _, n, _ in day.pods), default=0),
        hourly,
    )


def describe(hpa: Hpa) -> str:
    metrics = []
    if hpa.queue_per_pod is not None:
        metrics.append(f"queue {hpa.queue_per_pod:g}/pod")
    if hpa.cpu_utilisation is not None:
        metrics.append(f"CPU {hpa.cpu_utilisation:g} %")
    return (
        f"{' + '.join(metrics)}, {hpa.min_replicas}–{hpa.max_replicas} pods, "
        f"windows up {hpa.up.window_s:g} s / down {hpa.down.window_s:g} s"
    )


def ms(seconds: float) -> str:
    return "–" if math.isnan(seconds) else f"{seconds * 1000:,.0f}"


def report(summaries: list[Summary], load: Load, goal_s: float) -> None:
    print("\n| hour | CPU moves/s | " + " | ".join(f"{s.name}: pods mean (most), p95 ms" for s in summaries) + " |")
    print("|---|---|" + "---|" * len(summaries))
    for hour in range(len(summaries[0].hourly)):
        rate = summaries[0].hourly[hour][1]
        cells = [f"{h[2]:.1f} ({h[3]}), {ms(h[4])}" for h in (s.hourly[hour] for s in summaries)]
        print(f"| {hour:02d}:00 | {rate:.1f} | " + " | ".join(cells) + " |")
    print(
        f"\n| settings | autoscaler | p95 day ms | p95 of the queueing alone, day ms | p95 wave ms | worst hour p95 ms "
        f"| moves over {goal_s * 1000:,.0f} ms | pod-hours | most pods |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for s in summaries:
        print(
            f"| {s.name} | {describe(s.hpa)} | {ms(s.day_p95_s)} | {ms(s.queued_p95_s)} | {ms(s.wave_p95_s)} | {ms(s.worst_hour_p95_s)} "
            f"| {s.over_goal:.2%} | {s.pod_hours:.0f} | {s.most_pods} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--times", type=Path, default=TIMES, help="bench/ai_service_times.py's JSON")
    parser.add_argument("--overlay", default="large", choices=("base", "small", "large"))
    parser.add_argument("--peak-tables", type=float, default=600, help="tables with a CPU seat at the evening peak")
    parser.add_argument("--move-every-s", type=float, default=20, help="mean seconds between a table's CPU moves")
    parser.add_argument("--mix", default="levels", choices=("levels", "strong"), help="every level, or the strongest")
    parser.add_argument("--wave-at", type=float, default=20.5, help="hour the wave starts")
    parser.add_argument("--wave-factor", type=float, default=1.0, help="extra tables in the wave, × the peak")
    parser.add_argument("--wave-minutes", type=float, default=30)
    parser.add_argument("--wave-ramp-s", type=float, default=60)
    parser.add_argument(
        "--cpu-per-wall",
        default="0.91",
        help="CPU a running search uses per second of its service time ('measured': the JSON's own ratio, which a "
        "shared machine lowers; searches are CPU-bound, and on an otherwise idle core they used 0.91)",
    )
    parser.add_argument("--slots", type=int, default=1, help="searches a pod runs at once")
    parser.add_argument("--cpu-request", type=float, help="cores a pod requests (default: the manifest's)")
    parser.add_argument("--schedule-s", type=float, default=5, help="scheduling and container start, before svc-ai")
    parser.add_argument("--start-s", type=float, help="svc-ai's own start to ready (default: the JSON's startup_s)")
    parser.add_argument("--reresolve-s", type=float, default=30, help="the servers' max connection age")
    parser.add_argument("--hours", type=float, default=24)
    parser.add_argument("--goal-ms", type=float, default=2000, help="what a CPU move should stay under")
    parser.add_argument("--variant", action="append", default=[], help="NAME:key=value,... (see above)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    data = json.loads(args.times.read_text())
    mix = Mix.from_measured(data, args.mix, None if args.cpu_per_wall == "measured" else float(args.cpu_per_wall))
    shipped, request = configured(args.overlay)
    request = args.cpu_request or request
    start = args.schedule_s + (args.start_s if args.start_s is not None else data.get("startup_s", 1.0)) + 2.5
    pool = Pool(slots=args.slots, cpu_request=request, start_s=start, reresolve_s=args.reresolve_s)
    load = Load(
        peak_tables=args.peak_tables,
        move_every_s=args.move_every_s,
        wave_at_s=args.wave_at * 3600,
        wave_factor=args.wave_factor,
        wave_ramp_s=args.wave_ramp_s,
        wave_s=args.wave_minutes * 60,
    )
    variants = [("shipped", shipped)]
    if shipped.queue_per_pod is not None and shipped.cpu_utilisation is not None:
        variants.append(("CPU alone", replace(shipped, queue_per_pod=None)))
    for text in args.variant:
        name, _, settings = text.partition(":")
        variants.append((name, with_overrides(shipped, settings)))
    print(
        f"# A day on the AI pool ({args.overlay} overlay): {args.peak_tables:g} tables with a CPU seat at the peak, "
        f"a CPU move every {args.move_every_s:g} s each (peak {load.rate(20 * 3600):.1f} moves/s), a wave of "
        f"+{args.wave_factor:g}× the peak at {args.wave_at:g} h for {args.wave_minutes:g} min; mix '{args.mix}' of "
        f"{len(mix.keys)} game levels from {args.times.name} (mean service {mix.mean_service_s() * 1000:.0f} ms, "
        f"measured {data.get('measured_at', '?')}); {args.slots} search(es) per pod, {request:g} CPU requested; "
        f"a new pod ready {start:.1f} s after the decision, known to the lobby within {args.reresolve_s:g} s more."
    )
    summaries = []
    for name, hpa in variants:
        print(f"simulating {name}: {describe(hpa)} ...", file=sys.stderr, flush=True)
        day = simulate(hpa, pool, load, mix, args.hours, args.seed)
        summaries.append(summarise(name, hpa, day, load, args.goal_ms / 1000))
    report(summaries, load, args.goal_ms / 1000)


if __name__ == "__main__":
    main()
