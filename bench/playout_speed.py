"""Benchmark: the random-playout harness's cost per move for each card game, in its three modes.

    .venv/bin/python bench/playout_speed.py [--games 10]

For each game at its smallest and largest table, the same seeded games are played with every
check (every seat's view encoded each move, the state serialised to prove `apply` left it
alone, a made-up move probed), with the contract checks but no view scans, and in the light
mode the bulk of the 2,000-game playout tests use. Prints µs per move and each mode's speed-up
over the full mode measured in the same run.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "svc-cards"):
    sys.path.insert(0, str(folder))

from svc_cards.registry import REGISTRY  # noqa: E402

from rulekit.playout import random_playout  # noqa: E402

MODES = {
    "full": {"scan_views": True, "contract_checks": True},
    "contract": {"scan_views": False, "contract_checks": True},
    "light": {"scan_views": False, "contract_checks": False},
}


def per_move_us(engine, seats: int, games: int, mode: dict[str, bool]) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    steps = 0
    started = time.perf_counter()
    for index in range(games):
        steps += random_playout(engine, seats, {}, f"bench:{seats}:{index}".encode(), **mode).steps
    return 1e6 * (time.perf_counter() - started) / steps, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10, help="games per game, table size and mode")
    args = parser.parse_args()
    print("| game | seats | moves | full µs/move | contract µs/move | light µs/move | light speed-up |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for engine in REGISTRY:
        counts = engine.meta.allowed_seat_counts()
        for seats in sorted({counts[0], counts[-1]}):
            costs = {}
            for name, mode in MODES.items():
                costs[name], steps = per_move_us(engine, seats, args.games, mode)
            print(
                f"| {engine.meta.id} | {seats} | {steps} | {costs['full']:.0f} | {costs['contract']:.0f}"
                f" | {costs['light']:.0f} | {costs['full'] / costs['light']:.1f}× |",
                flush=True,
            )


if __name__ == "__main__":
    main()
