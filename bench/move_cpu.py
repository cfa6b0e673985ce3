"""Benchmark: the CPU a move costs each server process, for a fixed number of moves.

    .venv/bin/python bench/move_cpu.py [--rooms 20] [--moves 150]

The stack (devstack: every service but svc-ai a process, the SQLite store in a temporary
folder) plays `--rooms` four-in-a-row rooms at once, each one client holding both seats
(bench/move_roundtrip.py's PassAndPlay) making `--moves` moves in a row; the gateway's and
svc-boards' CPU time (user + system, from /proc) over those moves, divided by their number.

Latency and moves/s swing with the machine; the CPU a move swings less, and the gateway's
figure over svc-boards' (which a gateway change leaves alone) swings less still: compare that
ratio between two versions run in turn.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.move_roundtrip import PassAndPlay  # noqa: E402
from bench.unlimited import UNLIMITED  # noqa: E402
from devstack import SERVICES, Stack  # noqa: E402


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def main(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="move-cpu-"))
    stack = Stack.on_free_ports(f"sqlite:///{folder}/rooms.sqlite3", log_dir=folder / "logs", extra_env=UNLIMITED)
    stack.start(services=tuple(name for name in SERVICES if name != "ai"))
    try:
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
            players = [PassAndPlay(session, stack.base_url) for _ in range(args.rooms)]
            for player in players:
                await player.open()
                for _ in range(5):  # warm up
                    await player.move()
            pids = {"gateway": stack.processes["gateway"].pid, "svc-boards": stack.processes["boards"].pid}
            before = {name: cpu_seconds(pid) for name, pid in pids.items()}
            started = time.perf_counter()

            async def play(player: PassAndPlay) -> None:
                for _ in range(args.moves):
                    await player.move()

            await asyncio.gather(*(play(player) for player in players))
            elapsed = time.perf_counter() - started
            per_move = {
                name: (cpu_seconds(pid) - before[name]) * 1000 / (args.rooms * args.moves) for name, pid in pids.items()
            }
    finally:
        stack.stop()
    moves = args.rooms * args.moves
    print(
        f"{moves} moves in {args.rooms} rooms, {moves / elapsed:.0f} moves/s: CPU a move gateway"
        f" {per_move['gateway']:.3f} ms, svc-boards {per_move['svc-boards']:.3f} ms,"
        f" gateway ÷ svc-boards {per_move['gateway'] / per_move['svc-boards']:.2f}"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--moves", type=int, default=150, help="moves per room")
    asyncio.run(main(parser.parse_args()))
