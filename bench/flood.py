"""Benchmark: one flooding client against everyone else's moves.

A four-in-a-row room plays moves at a steady 15 a second (under the rate limit, as a person
or a bot would) and measures each move's round trip: first with no flood, then while one
other client, in a process of its own, floods the gateway as fast as it can with pings, then
with 16 KiB frames. The flooder is hostile: it holds a seat ticket of its own room, and when
the server closes it, it reconnects at once (no back-off). Default limits, same run.

    .venv/bin/python bench/flood.py [--moves 150] [--rate 15]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from move_roundtrip import PassAndPlay, pct  # noqa: E402

from devstack import Stack  # noqa: E402

FRAMES = {
    "pings": json.dumps({"ping": {"nonce": 1}}),
    # A ping padded with white space to just under the 16 KiB frame cap: valid JSON to parse.
    "16KiB": json.dumps({"ping": {"nonce": 1}}) + " " * (16 * 1024 - 40),
}


async def flood(base: str, kind: str) -> None:
    """Flood until killed; print what happened when asked to stop (SIGTERM ends the loop)."""
    frame = FRAMES[kind]
    sent = closes = refused_upgrades = 0
    async with aiohttp.ClientSession() as session:
        async with session.post(
            base + "/api/rooms", json={"game": "four-in-a-row", "seats": [{"kind": "human"}] * 2}
        ) as answer:
            ticket = await answer.json()
        print("ready", flush=True)
        while True:
            try:
                ws = await session.ws_connect(base + "/ws")
            except (OSError, aiohttp.ClientError):
                refused_upgrades += 1
                continue  # hostile: no back-off
            try:
                await ws.send_str(json.dumps({"hello": {"code": ticket["code"], "token": ticket["token"]}}))
                while not ws.closed:
                    await ws.send_str(frame)
                    sent += 1
                    if sent % 64 == 0:
                        await asyncio.sleep(0)  # let the reader see a close
            except (OSError, aiohttp.ClientError):
                pass
            closes += 1
            if closes % 100 == 0:
                print(f"sent {sent} closes {closes} refused upgrades {refused_upgrades}", file=sys.stderr, flush=True)


async def moves(base: str, count: int, rate: float) -> list[float]:
    async with aiohttp.ClientSession() as session:
        player = PassAndPlay(session, base)
        await player.open()
        for _ in range(10):
            await player.move()
            await asyncio.sleep(1 / rate)
        samples = []
        for _ in range(count):
            samples.append(await player.move())
            await asyncio.sleep(1 / rate)
        await player.ws.close()
        return samples


async def main(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-flood-"))
    stack = Stack.on_free_ports(f"sqlite:///{folder}/rooms.sqlite3", log_dir=folder / "logs")
    stack.start()
    results: dict[str, list[float]] = {}
    try:
        results["no flood"] = await moves(stack.base_url, args.moves, args.rate)
        for kind in FRAMES:
            flooder = subprocess.Popen(
                [sys.executable, __file__, "--flood", stack.base_url, kind], stdout=subprocess.PIPE
            )
            flooder.stdout.readline()  # type: ignore[union-attr]
            await asyncio.sleep(1)
            try:
                results[f"{kind} flood"] = await moves(stack.base_url, args.moves, args.rate)
            finally:
                flooder.terminate()
                flooder.wait()
            await asyncio.sleep(2)
    finally:
        stack.stop()
    quiet = results["no flood"]
    print(f"\nAnother room's four-in-a-row moves, {args.moves} at {args.rate:.0f}/s per phase, same run.\n")
    print("| phase | p50 ms | p99 ms | p50 / no flood | p99 / no flood |")
    print("|---|---|---|---|---|")
    for phase, samples in results.items():
        print(
            f"| {phase} | {pct(samples, 0.5):.2f} | {pct(samples, 0.99):.2f} "
            f"| {pct(samples, 0.5) / pct(quiet, 0.5):.2f}× | {pct(samples, 0.99) / pct(quiet, 0.99):.2f}× |"
        )


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--flood":
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(flood(sys.argv[2], sys.argv[3]))
        sys.exit(0)
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--rate", type=float, default=15)
    asyncio.run(main(parser.parse_args()))
