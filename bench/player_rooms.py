"""Benchmark: what a room whose seats belong to players costs a move, beside a guest room.

A room created with a player's token (what the web client always does) has the players' "your
turn" rows (lobby/turns.py, the store's `seated` table) written with each step that changes
whose turn it is, in the room's own commit; a guest room (no player ids) writes none. Both
rooms are four-in-a-row, one device holding both seats, on one stack over SQLite (or, with
`--postgres`, over a fresh schema of that PostgreSQL, dropped at the end), their moves taken in
turn in blocks of 100, so the ratio is what counts.

    .venv/bin/python bench/player_rooms.py [--moves 500] [--postgres postgresql://postgres@127.0.0.1:5432/test]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import uuid
from pathlib import Path

import aiohttp
import asyncpg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.move_roundtrip import PassAndPlay, pct  # noqa: E402
from bench.unlimited import UNLIMITED  # noqa: E402
from devstack import Stack  # noqa: E402

BLOCK = 100


class PlayerRoom(PassAndPlay):
    """The same pass-and-play room, created with a player's token."""

    async def open(self) -> None:
        async with self.session.post(self.base + "/api/players", json={"nickname": "bench"}) as answer:
            token = (await answer.json())["token"]
        body = {
            "game": "four-in-a-row",
            "seats": [{"kind": "human"}, {"kind": "human", "local": True}],
            "nickname": "bench",
            "player_token": token,
        }
        async with self.session.post(self.base + "/api/rooms", json=body) as answer:
            self.ticket = await answer.json()
        self.ws = await self.session.ws_connect(self.base + "/ws")
        await self.ws.send_str(json.dumps({"hello": {"code": self.ticket["code"], "token": self.ticket["token"]}}))
        await self._until(lambda m: "update" in m)
        await self.ws.send_str(json.dumps({"start": {}}))
        self.update = (await self._until(lambda m: "update" in m and m["update"]["views"]))["update"]


async def main(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-"))
    schema = f"bench_{uuid.uuid4().hex[:8]}"
    if args.postgres:
        store, url = "PostgreSQL", f"{args.postgres}{'&' if '?' in args.postgres else '?'}schema={schema}"
    else:
        store, url = "SQLite", f"sqlite:///{folder}/rooms.sqlite3"
    stack = Stack.on_free_ports(url, log_dir=folder / "logs", extra_env=UNLIMITED)
    stack.start()
    try:
        async with aiohttp.ClientSession() as session:
            guest, player = PassAndPlay(session, stack.base_url), PlayerRoom(session, stack.base_url)
            await guest.open()
            await player.open()
            for _ in range(20):  # warm up
                await guest.move()
                await player.move()
            guests: list[float] = []
            players: list[float] = []
            for _ in range(max(1, args.moves // BLOCK)):
                guests += [await guest.move() for _ in range(BLOCK)]
                players += [await player.move() for _ in range(BLOCK)]
    finally:
        stack.stop()
        if args.postgres:
            connection = await asyncpg.connect(args.postgres)
            try:
                await connection.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
            finally:
                await connection.close()
    print(f"\nA move's round trip, four-in-a-row over {store}, {len(guests)} moves each, in turn by {BLOCK}.\n")
    print("| room | p50 ms | p99 ms |")
    print("|---|---|---|")
    print(f"| guest (no your-turn rows) | {pct(guests, 0.5):.2f} | {pct(guests, 0.99):.2f} |")
    print(f"| players' (your-turn rows written) | {pct(players, 0.5):.2f} | {pct(players, 0.99):.2f} |")
    print(f"| ratio | {pct(players, 0.5) / pct(guests, 0.5):.2f}× | {pct(players, 0.99) / pct(guests, 0.99):.2f}× |")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=500)
    parser.add_argument("--postgres", default="", help="a PostgreSQL URL: the stack's store in a schema of its own")
    asyncio.run(main(parser.parse_args()))
