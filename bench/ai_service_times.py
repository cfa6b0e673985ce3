"""One svc-ai process measured from outside, for sizing its pods and for bench/ai_pool_sim.py.

Starts svc-ai alone (devstack), then asks it over gRPC, one call at a time, for moves in
positions from seeded random playouts of each game (`--positions` per game), at every level,
with the lobby's budget. Saved per game and level: each call's service time (wall, send to
answer: one call at a time, so no queueing is in it) and the svc-ai process tree's CPU per
move (its engines, Stockfish and gnubg, are child processes and count). Also saved: the start-up
(process start to gRPC health SERVING), the first call of each level (cold), and the resident
memory of the process tree (svc-ai, Stockfish, gnubg) after every level has played: what one
pod holds.

    .venv/bin/python bench/ai_service_times.py [--games chess,reversi,...] [--positions 6]
                                               [--budget-ms 1000] [--out bench/data/ai_service_times.json]

Prints a table per game and level (p50/p95/max service time against the budget, CPU per move)
and the memory table.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from load import positions, tree_cpu_seconds  # noqa: E402

from devstack import Stack  # noqa: E402

# Varied titles: board searches (alpha-beta, MCTS), the two outside engines (Stockfish, gnubg),
# card and dice games with sampling players, and cheap ones.
GAMES = (
    "chess,backgammon,reversi,draughts,four-in-a-row,kalaha,morris,dots-and-boxes,"
    "chinese-checkers,poker,crazy-eights,oh-hell,dice-poker,liars-dice,ludo"
)
OUT = ROOT / "bench" / "data" / "ai_service_times.json"


def descendants(pid: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
    family = [pid]
    for member in family:
        family += [child for child, parent in parents.items() if parent == member]
    return family


def tree_memory_mib(pid: int) -> dict[str, float]:
    """Resident memory (MiB) of each process in the tree, by its command name."""
    found: dict[str, float] = {}
    for member in descendants(pid):
        try:
            status = (Path("/proc") / str(member) / "status").read_text()
            argv = (Path("/proc") / str(member) / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        rss = next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")), 0)
        name = "svc-ai" if member == pid else Path(argv[0].decode() or "?").name
        found[name] = found.get(name, 0.0) + rss / 1024
    return found


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(args: argparse.Namespace) -> dict[str, Any]:
    import grpc
    from gameroom import engine_pb2, engine_pb2_grpc
    from svc_ai.players import levels_of

    folder = Path(tempfile.mkdtemp(prefix="ai-service-times-"))
    stack = Stack.on_free_ports(f"sqlite:///{folder}/unused.sqlite3", log_dir=folder / "logs")
    started = time.perf_counter()
    stack.start(services=("ai",), timeout=120)
    startup_s = time.perf_counter() - started
    pid = stack.processes["ai"].pid
    levels: list[dict[str, Any]] = []
    try:
        with grpc.insecure_channel(f"127.0.0.1:{stack.ports['ai']}") as channel:
            ai = engine_pb2_grpc.AiStub(channel)
            for game in args.games.split(","):
                sample = positions(game, args.positions, 7)
                for level in levels_of(game):
                    service_ms, first_ms = [], None
                    cpu_before = tree_cpu_seconds(pid)
                    for seat, view in sample:
                        request = engine_pb2.ChooseMoveRequest(
                            game=game, seat=seat, view_json=view, level=level, seed=b"sizing", budget_ms=args.budget_ms
                        )
                        asked = time.perf_counter()
                        reply = ai.ChooseMove(request, timeout=60)
                        took = (time.perf_counter() - asked) * 1000
                        if reply.HasField("refusal") and reply.refusal.code:
                            raise RuntimeError(f"{game} {level}: {reply.refusal}")
                        if first_ms is None:
                            first_ms = took
                        service_ms.append(took)
                    cpu_ms = (tree_cpu_seconds(pid) - cpu_before) * 1000 / len(sample)
                    levels.append(
                        {
                            "game": game,
                            "level": level,
                            "service_ms": [round(x, 2) for x in service_ms],
                            "first_ms": round(first_ms or 0.0, 2),
                            "cpu_ms": round(cpu_ms, 2),
                        }
                    )
                    print(f"{game} {level}: p50 {statistics.median(service_ms):.1f} ms", file=sys.stderr, flush=True)
        memory = tree_memory_mib(pid)
    finally:
        stack.stop()
    return {
        "kind": "ai-service-times",
        "budget_ms": args.budget_ms,
        "positions": args.positions,
        "cores": os.cpu_count(),
        "machine": platform.platform(),
        "measured_at": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "startup_s": round(startup_s, 3),
        "memory_mib": {name: round(mib, 1) for name, mib in memory.items()},
        "levels": levels,
    }


def report(data: dict[str, Any]) -> None:
    print(
        f"\n## svc-ai service times, one call at a time (budget {data['budget_ms']} ms, {data['positions']} positions)\n"
    )
    print("| game | level | p50 ms | p95 ms | max ms | first call ms | CPU ms per move |")
    print("|---|---|---|---|---|---|---|")
    for row in data["levels"]:
        times = row["service_ms"]
        print(
            f"| {row['game']} | {row['level']} | {statistics.median(times):.1f} | {pct(times, 0.95):.1f} "
            f"| {max(times):.1f} | {row['first_ms']:.1f} | {row['cpu_ms']:.1f} |"
        )
    memory = data["memory_mib"]
    print(f"\nStart-up to SERVING: {data['startup_s']:.2f} s. Resident memory after every level played (MiB):\n")
    print("| process | MiB |")
    print("|---|---|")
    for name, mib in sorted(memory.items(), key=lambda item: -item[1]):
        print(f"| {name} | {mib:.0f} |")
    print(f"| the pod in all | {sum(memory.values()):.0f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=GAMES, help="comma-separated game ids")
    parser.add_argument("--positions", type=int, default=6, help="positions per game (each asked at every level)")
    parser.add_argument("--budget-ms", type=int, default=1000, help="the lobby's GAMEROOM_AI_BUDGET_MS")
    parser.add_argument("--out", type=Path, default=OUT, help="where the JSON goes")
    args = parser.parse_args()
    data = measure(args)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1) + "\n")
    report(data)
    print(f"\nsaved {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
