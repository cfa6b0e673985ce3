"""Benchmark: what a move costs for the players' event fan-out over Redis, beside the same move
without it, in the same run.

With Redis (the scaled setup), every step that makes it a player's turn or ends a game tells the
player's event stream (lobby/player_events.py), on whichever replica it is held: a Redis publish
per player, from the outbox one task publishes. Two gateways share the family services, each
with its own store and Redis prefix: one as it ships, one with `GAMEROOM_PLAYER_EVENTS_BUS=off`
(the events reach its own streams only). Each plays a four-in-a-row room created with a
player's token, one device holding both seats (bench/player_rooms.py's PlayerRoom: every move
makes it that player's turn), in turn by blocks of 100 moves (each going first every other
time), so the ratio is what counts; beside the latency, each gateway's CPU over its moves.
`--stream` also holds the player's event stream open (`/ws/events`) on each gateway while it
plays. The benchmark subscribes to each gateway's player channels and counts the publishes its
moves made.

    .venv/bin/python bench/player_events_fanout.py [--moves 1000] [--store postgres|sqlite] [--stream]
        [--postgres postgresql://postgres@127.0.0.1:5432/test] [--redis redis://127.0.0.1:6379/0]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import asyncpg
import redis.asyncio as aioredis

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.move_roundtrip import pct  # noqa: E402
from bench.player_rooms import PlayerRoom  # noqa: E402
from bench.store_throughput import cpu_seconds  # noqa: E402
from bench.unlimited import UNLIMITED  # noqa: E402
from devstack import Stack, free_port  # noqa: E402
from servicekit.config import FAMILIES  # noqa: E402

BLOCK = 100
WARM_UP = 20


@dataclass
class Setup:
    label: str
    env: dict[str, str]
    prefix: str = field(default_factory=lambda: f"bench-{uuid.uuid4().hex[:8]}")
    stack: Stack | None = None
    room: PlayerRoom | None = None
    events: asyncio.Task[None] | None = None
    times: list[float] = field(default_factory=list)
    published: int = 0  # player events published while its timed moves were made
    cpu_s: float = 0.0  # the gateway's CPU (user + system) over its timed moves

    @property
    def player_channels(self) -> str:
        return f"{self.prefix}:player:*"


class Counter:
    """Counts the messages on each setup's player channels (a pattern subscription of its own)."""

    def __init__(self, client: aioredis.Redis, setups: list[Setup]) -> None:
        self.pubsub = client.pubsub(ignore_subscribe_messages=True)
        self.setups = setups
        self.counts = {setup.player_channels: 0 for setup in setups}

    async def start(self) -> None:
        await self.pubsub.psubscribe(*self.counts)

    async def drain(self) -> dict[str, int]:
        """Every message published so far (a PING's answer comes after them all), counted."""
        await self.pubsub.ping()
        async with asyncio.timeout(30):
            while True:
                # None: nothing yet, or a subscription's confirmation (not handed out).
                message = await self.pubsub.get_message(timeout=1.0)
                if message is None:
                    continue
                if message["type"] == "pmessage":
                    self.counts[message["pattern"]] += 1
                elif message["type"] == "pong":
                    return dict(self.counts)


def gateway(families: Stack, store_url: str, env: dict[str, str], folder: Path) -> Stack:
    """A gateway on ports of its own (its metrics' too: both run at once) using `families`."""
    stack = Stack(
        store_url=store_url,
        http_port=free_port(),
        ports={**families.ports, "play": free_port()},
        metrics_ports={**families.metrics_ports, "gateway": free_port()},
        extra_env={**UNLIMITED, **env},
        log_dir=folder,
    )
    return stack.start(services=("gateway",))


async def hold_stream(session: aiohttp.ClientSession, base: str, token: str) -> None:
    """The player's event stream, read (and its pings answered) until cancelled."""
    async with session.ws_connect(base + "/ws/events") as socket:
        await socket.send_str(json.dumps({"player_token": token}))
        async for _ in socket:
            pass


async def main(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-fanout-"))
    schemas: list[str] = []
    setups = [
        Setup("per-player publish (as shipped)", {}),
        Setup("no publish (GAMEROOM_PLAYER_EVENTS_BUS=off)", {"GAMEROOM_PLAYER_EVENTS_BUS": "off"}),
    ]
    families = Stack.on_free_ports("sqlite:///:memory:", log_dir=folder / "families")
    families.start(services=FAMILIES)
    client = aioredis.from_url(args.redis, decode_responses=True)
    counter = Counter(client, setups)
    await counter.start()
    try:
        for number, setup in enumerate(setups):
            if args.store == "postgres":
                schemas.append(f"bench_{uuid.uuid4().hex[:8]}")
                separator = "&" if "?" in args.postgres else "?"
                store_url = f"{args.postgres}{separator}schema={schemas[-1]}&pool_max=10"
            else:
                store_url = f"sqlite:///{folder}/rooms-{number}.sqlite3"
            env = {"GAMEROOM_REDIS": args.redis, "GAMEROOM_REDIS_PREFIX": setup.prefix, **setup.env}
            setup.stack = gateway(families, store_url, env, folder / f"gateway-{number}")
        async with aiohttp.ClientSession() as session:
            for setup in setups:
                assert setup.stack is not None
                setup.room = PlayerRoom(session, setup.stack.base_url)
                await setup.room.open()
                if args.stream:
                    token = setup.room.ticket["token"]
                    setup.events = asyncio.get_running_loop().create_task(
                        hold_stream(session, setup.stack.base_url, token)
                    )
            for _ in range(WARM_UP):
                for setup in setups:
                    await setup.room.move()  # type: ignore[union-attr]
            for block in range(max(1, args.moves // BLOCK)):
                for setup in setups if block % 2 == 0 else setups[::-1]:  # neither always goes first
                    assert setup.stack is not None and setup.room is not None
                    pid = setup.stack.processes["gateway"].pid
                    before = (await counter.drain())[setup.player_channels]
                    cpu_before = cpu_seconds([pid])
                    setup.times += [await setup.room.move() for _ in range(BLOCK)]
                    # A publish trailing the block's last answer counts in the next block.
                    setup.published += (await counter.drain())[setup.player_channels] - before
                    setup.cpu_s += cpu_seconds([pid]) - cpu_before
            for setup in setups:
                if setup.events is not None:
                    setup.events.cancel()
    finally:
        for setup in setups:
            if setup.stack is not None:
                setup.stack.stop()
        families.stop()
        await counter.pubsub.aclose()
        keys = [key for setup in setups async for key in client.scan_iter(match=f"{setup.prefix}:*")]
        if keys:
            await client.delete(*keys)
        await client.aclose()
        if schemas:
            connection = await asyncpg.connect(args.postgres)
            for schema in schemas:
                await connection.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
            await connection.close()
    report(args, setups)


def report(args: argparse.Namespace, setups: list[Setup]) -> None:
    store = "PostgreSQL" if args.store == "postgres" else "SQLite"
    streams = "its event stream open" if args.stream else "no event stream open"
    print(f"\nA move's round trip, four-in-a-row over {store} + Redis, one player holding both seats ({streams}),")
    print(f"{len(setups[0].times)} moves each, in turn by {BLOCK}.\n")
    print("| gateway | p50 ms | p99 ms | gateway CPU a move, ms | player publishes a move |")
    print("|---|---|---|---|---|")
    for setup in setups:
        row: list[Any] = [pct(setup.times, 0.5), pct(setup.times, 0.99), setup.cpu_s * 1000 / len(setup.times)]
        print(
            f"| {setup.label} | {row[0]:.2f} | {row[1]:.2f} | {row[2]:.2f} | {setup.published / len(setup.times):.2f} |"
        )
    shipped, without = setups
    print(
        f"| ratio | {pct(shipped.times, 0.5) / pct(without.times, 0.5):.2f}× "
        f"| {pct(shipped.times, 0.99) / pct(without.times, 0.99):.2f}× "
        f"| {shipped.cpu_s / max(without.cpu_s, 1e-9):.2f}× | |"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--store", choices=("postgres", "sqlite"), default="postgres")
    parser.add_argument("--stream", action="store_true", help="hold the player's event stream open")
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/test")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    asyncio.run(main(parser.parse_args()))
