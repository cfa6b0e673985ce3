"""Benchmark: a move's round trip through the whole stack beside a bare WebSocket echo.

The platform path: WebSocket frame in, gateway, lobby, gRPC to svc-boards, SQLite commit,
views out. The baseline: an aiohttp echo server answering with a frame of the same size as
the real update, measured in the same run on the same machine, so the ratio is what counts.

    .venv/bin/python bench/move_roundtrip.py [--moves 400] [--rooms 100] [--seconds 10]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.unlimited import UNLIMITED  # noqa: E402
from devstack import Stack, free_port  # noqa: E402

_ids = itertools.count()


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


class PassAndPlay:
    """One device holding both seats of a four-in-a-row room: it can always move."""

    def __init__(self, session: aiohttp.ClientSession, base: str) -> None:
        self.session, self.base = session, base
        self.reply_sizes: list[int] = []

    async def open(self) -> None:
        body = {
            "game": "four-in-a-row",
            "seats": [{"kind": "human"}, {"kind": "human", "local": True}],
            "nickname": "bench",
        }
        async with self.session.post(self.base + "/api/rooms", json=body) as answer:
            self.ticket = await answer.json()
        self.ws = await self.session.ws_connect(self.base + "/ws")
        await self.ws.send_str(json.dumps({"hello": {"code": self.ticket["code"], "token": self.ticket["token"]}}))
        await self._until(lambda m: "update" in m)
        await self.ws.send_str(json.dumps({"start": {}}))
        self.update = (await self._until(lambda m: "update" in m and m["update"]["views"]))["update"]

    async def _until(self, want):  # type: ignore[no-untyped-def]
        while True:
            frame = await self.ws.receive()
            message = json.loads(frame.data)
            if want(message):
                self.reply_sizes.append(len(frame.data))
                return message

    async def move(self) -> float:
        """One move; seconds from send to the answering update."""
        room = self.update["room"]
        if room["status"] == "finished":
            await self.ws.send_str(json.dumps({"rematch": {}}))
            self.update = (await self._until(lambda m: "update" in m and m["update"]["room"]["status"] == "playing"))[
                "update"
            ]
            room = self.update["room"]
        views = {v["seat"]: v["view"] for v in self.update["views"]}
        seat = views[0]["to_move"][0]
        legal = views[seat]["legal_moves"]
        move_id = f"b{next(_ids)}"
        # Play the middle columns first so games last a while.
        move = min(legal, key=lambda m: abs(m["column"] - 3) + (next(_ids) % 3))
        frame = json.dumps(
            {"move": {"seat": seat, "move": move, "client_move_id": move_id, "version": room["version"]}}
        )
        started = time.perf_counter()
        while True:
            await self.ws.send_str(frame)
            message = await self._until(
                lambda m: ("update" in m and m["update"]["client_move_id"] == move_id) or "refused" in m
            )
            if "refused" not in message or message["refused"]["code"] != "overloaded":
                break
            # Shed past the gateway's moves in flight: sent again shortly, its wait counted.
            await asyncio.sleep(0.01)
        elapsed = time.perf_counter() - started
        if "refused" in message:
            raise RuntimeError(message)
        self.update = message["update"]
        return elapsed


async def echo_roundtrips(url: str, count: int, size: int) -> list[float]:
    async with aiohttp.ClientSession() as session, session.ws_connect(f"{url}?reply={size}") as ws:
        payload = json.dumps(
            {"move": {"seat": 0, "move": {"type": "drop", "column": 3}, "client_move_id": "b1", "version": 1}}
        )
        samples = []
        for _ in range(count):
            started = time.perf_counter()
            await ws.send_str(payload)
            await ws.receive()
            samples.append(time.perf_counter() - started)
        return samples


async def concurrent(run_one, rooms: int, seconds: float) -> tuple[int, list[float]]:  # type: ignore[no-untyped-def]
    samples: list[float] = []
    stop_at = time.perf_counter() + seconds

    async def worker(index: int) -> None:
        async for elapsed in run_one(index, stop_at):
            samples.append(elapsed)

    started = time.perf_counter()
    await asyncio.gather(*(worker(i) for i in range(rooms)))
    return int(len(samples) / (time.perf_counter() - started)), samples


async def main(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-"))
    stack = Stack.on_free_ports(
        f"sqlite:///{folder}/rooms.sqlite3",
        log_dir=folder / "logs",
        extra_env=UNLIMITED,
    )
    echo_port = free_port()
    echo = subprocess.Popen(
        [sys.executable, str(ROOT / "bench" / "echo_server.py"), str(echo_port)], stdout=subprocess.PIPE
    )
    stack.start()
    echo.stdout.readline()  # type: ignore[union-attr]
    echo_url = f"http://127.0.0.1:{echo_port}/echo"
    try:
        # No connection cap: every room is its own WebSocket.
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
            player = PassAndPlay(session, stack.base_url)
            await player.open()
            for _ in range(20):  # warm up
                await player.move()
            platform = [await player.move() for _ in range(args.moves)]
            size = int(statistics.median(player.reply_sizes))
            baseline = await echo_roundtrips(echo_url, args.moves, size)

            players = [PassAndPlay(session, stack.base_url) for _ in range(args.rooms)]
            for p in players:
                await p.open()

            async def platform_room(index: int, stop_at: float):  # type: ignore[no-untyped-def]
                while time.perf_counter() < stop_at:
                    yield await players[index].move()

            async def echo_connection(index: int, stop_at: float):  # type: ignore[no-untyped-def]
                async with session.ws_connect(f"{echo_url}?reply={size}") as ws:
                    while time.perf_counter() < stop_at:
                        started = time.perf_counter()
                        await ws.send_str('{"move": {"seat": 0, "move": {"type": "drop", "column": 3}}}')
                        await ws.receive()
                        yield time.perf_counter() - started

            rate, loaded = await concurrent(platform_room, args.rooms, args.seconds)
            echo_rate, echo_loaded = await concurrent(echo_connection, args.rooms, args.seconds)
    finally:
        stack.stop()
        echo.terminate()

    print(f"\nMove round trip, four-in-a-row, update frame ≈ {size} bytes, {args.moves} sequential moves;")
    print(f"then {args.rooms} concurrent rooms for {args.seconds:.0f} s. Same machine, same run.\n")
    print("| path | p50 ms | p99 ms | moves/s with concurrent rooms | p99 ms under load |")
    print("|---|---|---|---|---|")
    print(
        f"| gateway → lobby → gRPC → SQLite → views | {pct(platform, 0.5):.2f} | {pct(platform, 0.99):.2f} | {rate} | {pct(loaded, 0.99):.1f} |"
    )
    print(
        f"| bare aiohttp WebSocket echo | {pct(baseline, 0.5):.2f} | {pct(baseline, 0.99):.2f} | {echo_rate} | {pct(echo_loaded, 0.99):.1f} |"
    )
    print(
        f"| ratio (platform / echo) | {pct(platform, 0.5) / pct(baseline, 0.5):.1f}× | {pct(platform, 0.99) / pct(baseline, 0.99):.1f}× "
        f"| {rate / max(echo_rate, 1):.2f}× | {pct(loaded, 0.99) / pct(echo_loaded, 0.99):.1f}× |"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=10)
    asyncio.run(main(parser.parse_args()))
