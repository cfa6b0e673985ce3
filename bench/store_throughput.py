"""Benchmark: moves per second and latency through the PostgreSQL + Redis store beside the
SQLite store, with the same load in the same run.

The family services and svc-ai start once. Then, in turn:
  - one gateway on SQLite (the single-machine default),
  - one gateway on PostgreSQL + Redis,
  - two gateway replicas on PostgreSQL + Redis, the two players of every room on different
    replicas, so every move crosses Redis to reach the opponent,
each driven by the same number of concurrent four-in-a-row rooms (two players, two WebSockets
per room, playing as fast as the answers come back; a finished game is followed by a rematch)
for the same time. A move's latency is from sending it to its acknowledgement (the durable write
done); "to the opponent" is from sending it until the other player's socket has the new state.
Each row also shows CPU time (user + system) in its window divided by the moves acknowledged in
it: the gateways' (all replicas), PostgreSQL's and Redis's (every postgres and redis-server
process on the machine), and the whole machine's (/proc/stat, the benchmark's own clients included). On
one two-core machine the last one bounds the rate: 2 s of CPU a second, divided by it. The last
column is the share of the cores' time the hypervisor gave to other guests in the window (steal):
a noisy neighbour, which makes every figure of that row slower.
A move the gateway sheds as `overloaded` is sent again after 10 ms, its wait counted.

`--rooms 10,20,40` plays each room count in turn on the same gateways: a row each, and per store
the most moves/s among the counts whose ack p99 stayed under `--p99-ms` (50), the goal's figure.

    .venv/bin/python bench/store_throughput.py [--rooms 40] [--seconds 15] [--p99-ms 50]
        [--postgres postgresql://postgres@127.0.0.1:5432/test] [--redis redis://127.0.0.1:6379/0]
        [--only sqlite|postgres]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import asyncpg
import redis.asyncio as aioredis

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.unlimited import UNLIMITED  # noqa: E402
from devstack import Stack, free_port  # noqa: E402
from servicekit.config import FAMILIES  # noqa: E402

_ids = itertools.count()


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")


class Device:
    """One player's WebSocket; keeps the latest room, views and seats it was sent."""

    def __init__(self, session: aiohttp.ClientSession, base: str, ticket: dict[str, Any]) -> None:
        self.session, self.base, self.ticket = session, base, ticket
        self.seats: list[int] = list(ticket["seats"])
        self.room: dict[str, Any] = ticket["room"]
        self.views: dict[int, dict[str, Any]] = {}
        self.acks: dict[str, asyncio.Future[None]] = {}
        self.sent: dict[str, dict[str, Any]] = {}  # move id -> the move's message, until acknowledged
        self.resent = 0
        self.changed = asyncio.Event()

    async def open(self) -> None:
        self.ws = await self.session.ws_connect(self.base + "/ws")
        await self.ws.send_str(json.dumps({"hello": {"code": self.ticket["code"], "token": self.ticket["token"]}}))
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        async for frame in self.ws:
            message = json.loads(frame.data)
            if "welcome" in message:
                self.seats = message["welcome"]["seats"]
            elif "update" in message:
                update = message["update"]
                self.room = update["room"]
                self.views.update({v["seat"]: v["view"] for v in update["views"]})
                self.sent.pop(update["client_move_id"], None)
                waiter = self.acks.pop(update["client_move_id"], None)
                if waiter and not waiter.done():
                    waiter.set_result(None)
            elif "refused" in message:
                refused = message["refused"]
                if refused["code"] != "overloaded" or refused.get("client_move_id") not in self.sent:
                    raise RuntimeError(message)
                # Shed past the gateway's moves in flight: sent again shortly, as the web client does.
                self.resent += 1
                again = self.sent[refused["client_move_id"]]
                asyncio.get_running_loop().call_later(0.01, lambda m=again: asyncio.ensure_future(self.send(m)))
            self.changed.set()

    async def until(self, predicate) -> None:  # type: ignore[no-untyped-def]
        while not predicate(self):
            self.changed.clear()
            await self.changed.wait()

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send_str(json.dumps(message))

    async def close(self) -> None:
        await self.ws.close()
        self.reader.cancel()


@dataclass
class Samples:
    ack: list[float] = field(default_factory=list)
    seen: list[float] = field(default_factory=list)
    games: int = 0
    resent: int = 0  # moves shed as overloaded and sent again (each counted as one move)
    gateway_cpu_s: float = 0.0  # every gateway process's CPU in the measured window
    servers_cpu_s: dict[str, float] = field(default_factory=dict)  # postgres's, redis-server's (every process)
    machine_cpu_s: float = 0.0  # every process's (all cores)
    stolen_s: float = 0.0  # CPU the hypervisor gave to other guests meanwhile (all cores)
    window_s: float = 1.0  # the measured window's length


class Room:
    def __init__(self, devices: list[Device]) -> None:
        self.devices = devices

    @classmethod
    async def open(cls, session: aiohttp.ClientSession, urls: list[str]) -> Room:
        body = {"game": "four-in-a-row", "seats": [{"kind": "human"}, {"kind": "human"}], "nickname": "A"}
        async with session.post(urls[0] + "/api/rooms", json=body) as answer:
            first = await answer.json()
        async with session.post(f"{urls[-1]}/api/rooms/{first['code']}/join", json={"nickname": "B"}) as answer:
            second = await answer.json()
        devices = [Device(session, urls[0], first), Device(session, urls[-1], second)]
        for device in devices:
            await device.open()
        await devices[0].until(lambda d: d.room.get("seats") and all(s["connected"] for s in d.room["seats"]))
        await devices[0].send({"start": {}})
        for device in devices:
            await device.until(lambda d: d.room["status"] == "playing" and d.seats and d.seats[0] in d.views)
        return cls(devices)

    async def play(self, stop_at: float, samples: Samples | None) -> None:
        while time.perf_counter() < stop_at:
            version = max(d.room["version"] for d in self.devices)
            for device in self.devices:
                await device.until(lambda d, v=version: d.room["version"] >= v)
            if self.devices[0].room["status"] == "finished":
                await self._rematch(samples)
                continue
            mover = next(d for d in self.devices if d.seats[0] in d.views[d.seats[0]]["to_move"])
            other = self.devices[1 - self.devices.index(mover)]
            seat = mover.seats[0]
            legal = mover.views[seat]["legal_moves"]
            move = min(legal, key=lambda m: abs(m["column"] - 3) + (next(_ids) % 3))  # long games
            move_id = f"b{next(_ids)}"
            acked = asyncio.get_running_loop().create_future()
            mover.acks[move_id] = acked
            started = time.perf_counter()
            message = {"move": {"seat": seat, "move": move, "client_move_id": move_id, "version": version}}
            mover.sent[move_id] = message
            await mover.send(message)
            await acked
            ack = time.perf_counter() - started
            await other.until(lambda d, v=version: d.room["version"] > v)
            seen = time.perf_counter() - started
            if samples is not None:
                samples.ack.append(ack)
                samples.seen.append(seen)

    async def _rematch(self, samples: Samples | None) -> None:
        if samples is not None:
            samples.games += 1
        for device in self.devices:
            await device.send({"rematch": {}})
        for device in self.devices:
            await device.until(lambda d: d.room["status"] == "playing" and d.seats and d.seats[0] in d.views)

    async def close(self) -> None:
        for device in self.devices:
            await device.close()


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds the processes have used (Linux /proc)."""
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


DATABASE_SERVERS = ("postgres", "redis-server")


def servers_cpu() -> dict[int, tuple[str, float]]:
    """Each database server process on the machine, by pid: (its name, its CPU seconds)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                name = (entry / "comm").read_text().strip()
                if name in DATABASE_SERVERS:
                    found[int(entry.name)] = (name, cpu_seconds([int(entry.name)]))
            except OSError:
                continue  # gone meanwhile
    return found


def servers_used(before: dict[int, tuple[str, float]], after: dict[int, tuple[str, float]]) -> dict[str, float]:
    """CPU seconds each database server used between two readings; a process started between
    them counts from nothing."""
    used = dict.fromkeys(DATABASE_SERVERS, 0.0)
    for pid, (name, cpu) in after.items():
        used[name] += cpu - before.get(pid, (name, 0.0))[1]
    return used


def machine_cpu_seconds() -> tuple[float, float]:
    """CPU seconds of the whole machine, all cores (/proc/stat): (busy: user, nice, system, irq
    and softirq; stolen: what the hypervisor gave another guest while this one wanted to run)."""
    user, nice, system, _idle, _iowait, irq, softirq, steal = (
        int(n) for n in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]
    )
    tick = os.sysconf("SC_CLK_TCK")
    return (user + nice + system + irq + softirq) / tick, steal / tick


async def drive(
    urls: list[str], rooms: int, warmup: float, seconds: float, gateway_pids: list[int]
) -> tuple[float, Samples]:
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        opened = await asyncio.gather(*(Room.open(session, urls) for _ in range(rooms)))
        await asyncio.gather(*(room.play(time.perf_counter() + warmup, None) for room in opened))
        samples = Samples()
        servers_before, machine_before = servers_cpu(), machine_cpu_seconds()
        started, cpu_before = time.perf_counter(), cpu_seconds(gateway_pids)
        await asyncio.gather(*(room.play(started + seconds, samples) for room in opened))
        elapsed = time.perf_counter() - started
        samples.gateway_cpu_s = cpu_seconds(gateway_pids) - cpu_before
        samples.window_s = elapsed
        busy, stolen = machine_cpu_seconds()
        samples.machine_cpu_s, samples.stolen_s = busy - machine_before[0], stolen - machine_before[1]
        samples.servers_cpu_s = servers_used(servers_before, servers_cpu())
        samples.resent = sum(device.resent for room in opened for device in room.devices)
        await asyncio.gather(*(room.close() for room in opened))
    return len(samples.ack) / elapsed, samples


def gateways(families: Stack, store_url: str, count: int, env: dict[str, str], folder: Path) -> Stack:
    stack = Stack(
        store_url=store_url,
        http_port=free_port(),
        ports={**families.ports, "play": free_port()},
        metrics_ports=dict(families.metrics_ports),
        extra_env={**UNLIMITED, **env},
        log_dir=folder,
    )
    names = ["gateway", *(f"gateway-{n}" for n in range(2, count + 1))]
    for name in names[1:]:
        stack.gateways[name] = (free_port(), free_port())
    stack.start(services=tuple(names))
    return stack


async def main(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-store-"))
    schema, prefix = f"bench_{uuid.uuid4().hex[:8]}", f"bench-{uuid.uuid4().hex[:8]}"
    separator = "&" if "?" in args.postgres else "?"
    postgres_url = f"{args.postgres}{separator}schema={schema}&pool_max=10"
    scaled_env = {"GAMEROOM_REDIS": args.redis, "GAMEROOM_REDIS_PREFIX": prefix}
    families = Stack.on_free_ports("sqlite:///:memory:", log_dir=folder / "families")
    families.start(services=(*FAMILIES, "ai"))
    setups = [
        ("SQLite, 1 gateway", f"sqlite:///{folder}/rooms.sqlite3", 1, {}),
        ("PostgreSQL + Redis, 1 gateway", postgres_url, 1, scaled_env),
        ("PostgreSQL + Redis, 2 gateways (players split)", postgres_url, 2, scaled_env),
    ]
    if args.only:
        setups = [setup for setup in setups if setup[1].startswith(args.only)]
    rows = []
    try:
        for label, store_url, count, env in setups:
            stack = gateways(families, store_url, count, env, folder / f"gw-{len(rows)}-{count}")
            try:
                names = ["gateway", *stack.gateways]
                urls = [stack.url_of(name) for name in names]
                pids = [stack.processes[name].pid for name in names]
                for rooms in args.rooms:
                    rate, samples = await drive(urls, rooms, args.warmup, args.seconds, pids)
                    rows.append((label, rooms, rate, samples))
            finally:
                stack.stop()
    finally:
        families.stop()
        connection = await asyncpg.connect(args.postgres)
        await connection.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        await connection.close()
        client = aioredis.from_url(args.redis)
        keys = [key async for key in client.scan_iter(match=f"{prefix}:*")]
        if keys:
            await client.delete(*keys)
        await client.aclose()

    print(f"\nfour-in-a-row, concurrent rooms (two players each), {args.seconds:.0f} s per row after")
    print(f"{args.warmup:.0f} s of warm-up; one machine, one run, the same family services for every row.\n")
    print(
        "| store | rooms | moves/s | ack p50 ms | ack p99 ms | to the opponent p50 ms | to the opponent p99 ms"
        " | games | resent | CPU a move, ms: gateways | PostgreSQL | Redis | machine | CPU stolen, % of the window |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for label, rooms, rate, s in rows:
        print(
            f"| {label} | {rooms} | {rate:.0f} | {pct(s.ack, 0.5):.1f} | {pct(s.ack, 0.99):.1f} "
            f"| {pct(s.seen, 0.5):.1f} | {pct(s.seen, 0.99):.1f} | {s.games} | {s.resent} "
            + "".join(
                f"| {cpu * 1000 / max(1, len(s.ack)):.2f} "
                for cpu in (s.gateway_cpu_s, *(s.servers_cpu_s.get(n, 0.0) for n in DATABASE_SERVERS), s.machine_cpu_s)
            )
            + f"| {s.stolen_s * 100 / (s.window_s * os.cpu_count()):.0f} |"
        )
    print(f"\nmoves/s at ack p99 < {args.p99_ms:g} ms (the most among the room counts that kept it):\n")
    for label in dict.fromkeys(row[0] for row in rows):
        kept = [(rate, rooms) for name, rooms, rate, s in rows if name == label and pct(s.ack, 0.99) < args.p99_ms]
        best = f"{max(kept)[0]:.0f} ({max(kept)[1]} rooms)" if kept else "none of the counts"
        print(f"- {label}: {best}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--rooms",
        type=lambda text: [int(n) for n in text.split(",")],
        default=[40],
        help="a count, or counts: 10,20,40",
    )
    parser.add_argument("--p99-ms", type=float, default=50, help="the ack p99 the best rate must keep")
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--warmup", type=float, default=3)
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/test")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--only", choices=["sqlite", "postgres"], help="run only this store's rows")
    asyncio.run(main(parser.parse_args()))
