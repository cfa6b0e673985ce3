"""What one svc-ai pod can carry: think times against the budget, throughput, waits, waste.

    .venv/bin/python bench/ai_capacity.py [--quick] [--budget-ms MS] [--json FILE] [--rates R,R,R]
        [--env K=V ...]

Starts one svc-ai process as the tests start it (devstack, free ports) and calls it over real
gRPC with seat views from seeded games (svc_ai.views), as the lobby would. It measures:

- start: seconds until the pod reports ready, and the first call of each heavy level after
  that (engines started, caches filled or not);
- think: per game and level (every level but "random"), the think time the service reports
  and the wall time the caller sees, p50 / p95 / max, against the budget asked;
- saturation: moves per second with eight callers always waiting, for a mix of twelve
  varied titles at their strongest levels;
- load: the p50 / p95 / max wait of a move arriving at random (Poisson) at 50, 80 and 100 %
  of that rate (or at the rates --rates gives);
- head of line: a cheap move (four-in-a-row easy) sent 100 ms after an expensive one,
  against the same cheap move alone;
- cancel: a strong search whose caller gives up after 150 ms; the pod's CPU (its processes
  and their engines) in the 1.4 s after, and how soon the next call is answered.

--quick runs the mix's games only, with fewer calls and shorter load phases (about 3 min);
the full run covers every game (under 10 min). --json writes every figure to FILE as well.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "svc-ai", ROOT / "svc-boards", ROOT / "svc-cards", ROOT / "svc-dice", ROOT / "svc-words"):
    sys.path.insert(0, str(folder))

import grpc  # noqa: E402
from gameroom import engine_pb2, engine_pb2_grpc  # noqa: E402
from svc_ai.players import PLAYERS, levels_of  # noqa: E402
from svc_ai.views import sample_view  # noqa: E402

from devstack import Stack  # noqa: E402

# Twelve titles of every kind of search: alpha-beta, Monte Carlo, outside engines, rules.
MIX = (
    "chess",
    "draughts",
    "reversi",
    "four-in-a-row",
    "morris",
    "kalaha",
    "backgammon",
    "poker",
    "dice-poker",
    "rummy",
    "oh-hell",
    "chinese-checkers",
)
HEAVY_FIRST_CALLS = (("chess", "strong"), ("backgammon", "strong"), ("poker", "easy"), ("poker", "strong"))
CHEAP = ("four-in-a-row", "easy")
EXPENSIVE = (("chess", "strong", None), ("draughts", "strong", None), ("chess", "strong", 10_000))
CANCELLED = (("reversi", "strong"), ("chess", "strong"), ("draughts", "strong"))


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]


def summary(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "p50": round(percentile(values, 0.5), 1),
        "p95": round(percentile(values, 0.95), 1),
        "max": round(max(values), 1) if values else float("nan"),
    }


# -- the pod's CPU, from /proc -------------------------------------------------------------------
TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def tree(root: int) -> list[int]:
    """`root` and every process below it."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None:
                parents[int(entry.name)] = int(fields[1])
    found, frontier = [root], [root]
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, ppid in parents.items() if ppid == parent]
        found.extend(children)
        frontier.extend(children)
    return found


def cpu_seconds(root: int) -> float:
    """User + system CPU of the process tree under `root` (living processes)."""
    total = 0
    for pid in tree(root):
        fields = _stat(pid)
        if fields is not None:
            total += int(fields[11]) + int(fields[12])
    return total / TICK


def rss_mib(root: int) -> dict[str, float]:
    sizes: dict[str, float] = {}
    for pid in tree(root):
        try:
            status = Path(f"/proc/{pid}/status").read_text()
            name = Path(f"/proc/{pid}/comm").read_text().strip()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                key = f"{name}:{pid}"
                sizes[key] = round(int(line.split()[1]) / 1024, 1)
    return sizes


# -- calls -------------------------------------------------------------------------------------
def view_of(game: str, seed: int) -> tuple[int, dict[str, Any]]:
    return sample_view(game, seed, 4 + 3 * (seed % 5))


def busy_seed(game: str, moves: int = 6) -> int:
    """The first seed whose view offers at least `moves` legal moves: a position to search."""
    return next(seed for seed in range(50) if len(view_of(game, seed)[1].get("legal_moves") or []) >= moves)


class Pod:
    def __init__(self, stub: engine_pb2_grpc.AiStub, budget_ms: int) -> None:
        self.stub = stub
        self.budget_ms = budget_ms

    async def call(
        self, game: str, level: str, seed: int = 0, budget_ms: int | None = None, timeout: float = 60
    ) -> dict[str, Any]:
        """One ChooseMove: wall ms, the think ms the service reports, and its outcome."""
        seat, view = view_of(game, seed)
        request = engine_pb2.ChooseMoveRequest(
            game=game,
            seat=seat,
            view_json=json.dumps(view),
            level=level,
            seed=f"bench:{seed}".encode(),
            budget_ms=budget_ms or self.budget_ms,
        )
        started = time.perf_counter()
        try:
            reply = await self.stub.ChooseMove(request, timeout=timeout)
        except grpc.aio.AioRpcError as error:
            return {"wall_ms": (time.perf_counter() - started) * 1000, "outcome": error.code().name}
        wall = (time.perf_counter() - started) * 1000
        outcome = reply.refusal.code if reply.HasField("refusal") and reply.refusal.code else "ok"
        return {"wall_ms": wall, "think_ms": reply.think_ms, "outcome": outcome}


async def think_times(pod: Pod, games: list[str], reps: int) -> list[dict[str, Any]]:
    rows = []
    for game in games:
        for level in levels_of(game)[1:]:
            calls = [await pod.call(game, level, seed) for seed in range(reps)]
            think = [c["think_ms"] for c in calls if c["outcome"] == "ok"]
            wall = [c["wall_ms"] for c in calls if c["outcome"] == "ok"]
            row = {
                "game": game,
                "level": level,
                "budget_ms": pod.budget_ms,
                "think": summary(think),
                "wall": summary(wall),
                "failed": [c["outcome"] for c in calls if c["outcome"] != "ok"],
            }
            rows.append(row)
            print(
                f"| {game} | {level} | {pod.budget_ms} | {row['think']['p50']} | {row['think']['p95']}"
                f" | {row['think']['max']} | {row['wall']['max']} |",
                flush=True,
            )
    return rows


def mix_calls() -> list[tuple[str, str]]:
    return [(game, levels_of(game)[-1]) for game in MIX]


async def saturation(pod: Pod, seconds: float, callers: int) -> dict[str, Any]:
    """Moves per second with `callers` callers each sending its next move when answered."""
    mix = mix_calls()
    done: list[dict[str, Any]] = []
    give_up = time.perf_counter() + seconds

    async def caller(index: int) -> None:
        rnd = random.Random(index)
        while time.perf_counter() < give_up:
            game, level = rnd.choice(mix)
            result = await pod.call(game, level, rnd.randrange(5))
            if time.perf_counter() <= give_up:
                done.append(result)

    started = time.perf_counter()
    await asyncio.gather(*(caller(i) for i in range(callers)))
    elapsed = min(time.perf_counter(), give_up) - started
    ok = [c for c in done if c["outcome"] == "ok"]
    return {
        "callers": callers,
        "seconds": round(elapsed, 1),
        "moves": len(ok),
        "moves_per_s": round(len(ok) / elapsed, 2),
        "wall": summary([c["wall_ms"] for c in ok]),
    }


async def open_load(pod: Pod, rate: float, seconds: float, seed: int) -> dict[str, Any]:
    """Moves arriving at random at `rate` per second for `seconds`; every one is waited for."""
    mix = mix_calls()
    rnd = random.Random(seed)
    tasks = []
    clock = time.perf_counter()
    end = clock + seconds
    while True:
        clock += rnd.expovariate(rate)
        if clock >= end:
            break
        await asyncio.sleep(max(0.0, clock - time.perf_counter()))
        game, level = rnd.choice(mix)
        tasks.append(asyncio.create_task(pod.call(game, level, rnd.randrange(5), timeout=120)))
    results = await asyncio.gather(*tasks)
    ok = [c["wall_ms"] for c in results if c["outcome"] == "ok"]
    return {"rate": round(rate, 2), "moves": len(ok), "failed": len(results) - len(ok), "wall": summary(ok)}


async def head_of_line(pod: Pod) -> list[dict[str, Any]]:
    alone = [(await pod.call(*CHEAP, seed))["wall_ms"] for seed in range(3)]
    rows = [{"behind": "nothing", "cheap_wall_ms": round(min(alone), 1)}]
    for game, level, budget in EXPENSIVE:
        expensive = asyncio.create_task(pod.call(game, level, busy_seed(game), budget_ms=budget))
        await asyncio.sleep(0.1)
        cheap = await pod.call(*CHEAP, 2)
        slow = await expensive
        rows.append(
            {
                "behind": f"{game} {level} at {budget or pod.budget_ms} ms",
                "cheap_wall_ms": round(cheap["wall_ms"], 1),
                "expensive_wall_ms": round(slow["wall_ms"], 1),
            }
        )
    return rows


async def cancelled(pod: Pod, pid: int) -> list[dict[str, Any]]:
    rows = []
    for game, level in CANCELLED:
        await pod.call(*CHEAP, 0)  # the pod idle and warm
        seed = busy_seed(game)
        first = await pod.call(game, level, seed, timeout=0.15)
        before = cpu_seconds(pid)
        started = time.perf_counter()
        await asyncio.sleep(1.4)
        burnt = cpu_seconds(pid) - before
        window = time.perf_counter() - started
        # The same again, now timing the next call (a cheap one) right after the give-up.
        await pod.call(game, level, seed, timeout=0.15)
        following = await pod.call(*CHEAP, 0)
        await asyncio.sleep(1.0)  # whatever still searches ends before the next row
        rows.append(
            {
                "call": f"{game} {level}",
                "caller_saw": first["outcome"],
                "cpu_ms_after": round(burnt * 1000),
                "window_ms": round(window * 1000),
                "next_call_wall_ms": round(following["wall_ms"], 1),
            }
        )
    return rows


async def measure(args: argparse.Namespace, pod: Pod, pid: int, ready_s: float) -> dict[str, Any]:
    out: dict[str, Any] = {
        "mode": "quick" if args.quick else "full",
        "budget_ms": args.budget_ms,
        "cores": os.cpu_count(),
        "env": dict(args.env),
        "ready_s": round(ready_s, 2),
    }
    first = []
    for game, level in HEAVY_FIRST_CALLS:
        result = await pod.call(game, level, 7)
        first.append(
            {"call": f"{game} {level}", "wall_ms": round(result["wall_ms"], 1), "think_ms": result.get("think_ms")}
        )
    out["first_calls"] = first
    print(f"\nready after {ready_s:.2f} s; first calls: " + ", ".join(f"{f['call']} {f['wall_ms']} ms" for f in first))

    games = list(MIX) if args.quick else sorted(PLAYERS)
    print(f"\n## think time (ms), budget {args.budget_ms} ms\n")
    print("| game | level | budget | think p50 | think p95 | think max | wall max |")
    print("|---|---|---:|---:|---:|---:|---:|")
    out["think"] = await think_times(pod, games, 3 if args.quick else 5)
    over = [row for row in out["think"] if row["think"]["max"] > row["budget_ms"]]
    out["over_budget"] = [f"{row['game']} {row['level']}: {row['think']['max']} ms" for row in over]
    print(f"\nover budget: {', '.join(out['over_budget']) or 'none'}")

    seconds = 15 if args.quick else 40
    out["saturation"] = await saturation(pod, seconds, 8)
    rate = out["saturation"]["moves_per_s"]
    print(f"\n## saturation: {rate} moves/s (mix of {len(MIX)} at their strongest, 8 callers, {seconds} s)")
    out["load"] = []
    print("\n| load | rate /s | moves | p50 ms | p95 ms | max ms |\n|---:|---:|---:|---:|---:|---:|")
    rates = args.rates or [rate * share for share in (0.5, 0.8, 1.0)]
    for index, each in enumerate(rates):
        row = await open_load(pod, each, seconds, 50 + index)
        share = each / rate
        row["share"] = round(share, 2)
        out["load"].append(row)
        print(
            f"| {share:.0%} | {row['rate']} | {row['moves']} | {row['wall']['p50']} | {row['wall']['p95']}"
            f" | {row['wall']['max']} |",
            flush=True,
        )

    out["head_of_line"] = await head_of_line(pod)
    print("\n## a cheap move (four-in-a-row easy) sent 100 ms after an expensive one\n")
    print("| behind | cheap move's wall ms | expensive's wall ms |\n|---|---:|---:|")
    for row in out["head_of_line"]:
        print(f"| {row['behind']} | {row['cheap_wall_ms']} | {row.get('expensive_wall_ms', '')} |")

    out["cancel"] = await cancelled(pod, pid)
    print("\n## a call given up after 150 ms\n")
    print("| call | caller saw | pod CPU ms in the next 1.4 s | next call's wall ms |\n|---|---|---:|---:|")
    for row in out["cancel"]:
        print(f"| {row['call']} | {row['caller_saw']} | {row['cpu_ms_after']} | {row['next_call_wall_ms']} |")
    out["rss_mib"] = rss_mib(pid)
    print(f"\nmemory (RSS MiB): {out['rss_mib']}")
    return out


async def run(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        stack = Stack.on_free_ports(f"sqlite:///{folder}/unused.sqlite3", extra_env=dict(args.env))
        started = time.perf_counter()
        stack.start(services=("ai",), timeout=120)
        ready_s = time.perf_counter() - started
        try:
            async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['ai']}") as channel:
                pod = Pod(engine_pb2_grpc.AiStub(channel), args.budget_ms)
                return await measure(args, pod, stack.processes["ai"].pid, ready_s)
        finally:
            stack.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="the mix's games only, shorter phases (~3 min)")
    parser.add_argument("--budget-ms", type=int, default=1000, help="the budget each call asks for")
    parser.add_argument("--json", type=Path, help="write every figure to this file too")
    parser.add_argument(
        "--rates",
        type=lambda text: [float(each) for each in text.split(",")],
        help="moves/s of the load phases (default: 50, 80 and 100 %% of the measured saturation), "
        "e.g. another run's, to compare two pods at the same load",
    )
    parser.add_argument("--env", action="append", default=[], type=lambda text: tuple(text.split("=", 1)))
    args = parser.parse_args()
    started = time.perf_counter()
    out = asyncio.run(run(args))
    out["bench_s"] = round(time.perf_counter() - started, 1)
    print(f"\nbench took {out['bench_s']} s")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
