"""PostgreSQL's own CPU for a move's room write: the store's table and `save_room` as migrated
now, beside the same store with its room writes as they were before migration 14 (pglz, and the
`updated_ms` column written on every move), in the same run.

Each set-up is a schema of its own, migrated by the store (`PostgresStore.open`); the "before"
one then gets migration 4's `save_room` back and pglz for the room column. `--rooms` rooms, each
a copy of a room document (`--room FILE`, JSON; by default a four-in-a-row room as the platform
stored it, bench/data/four-in-a-row-room.json), are written concurrently through the store's `save_room` (its group-committing
writer, so as the lobby writes them) with an event, an answer and a move each, `--writes` at a
time per set-up, in alternating order for `--rounds` rounds. Printed per set-up: writes/s, the
CPU every postgres process on the machine used divided by the writes (the server's work: other
PostgreSQL users on the machine count too, so keep it otherwise quiet), and how many of the
room rows' updates were HOT (in place, no index entries).

    .venv/bin/python bench/pg_room_writes.py [--writes 1000] [--rounds 6] [--rooms 4]
        [--postgres postgresql://postgres@127.0.0.1:5432/test] [--room FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.store_throughput import servers_cpu, servers_used  # noqa: E402
from lobby.store import MoveRecord, StoredEvent  # noqa: E402
from lobby.store.postgres import MIGRATIONS, PostgresStore  # noqa: E402

# A four-in-a-row room as the platform stored it after six moves (tests/stack, SQLite).
ROOM_FILE = ROOT / "bench" / "data" / "four-in-a-row-room.json"


def before_migration_14() -> list[str]:
    """SQL that puts a migrated schema's room writes back as they were before migration 14."""
    original = next(sql for version, _, sql in MIGRATIONS if version == 4 and "FUNCTION save_room(" in sql)
    start = original.index("CREATE FUNCTION save_room(")
    end = original.index("$$;", original.index("AS $$", start) + 5) + 3
    return [
        "ALTER TABLE rooms ALTER COLUMN data SET COMPRESSION pglz",
        "CREATE OR REPLACE" + original[start:end].removeprefix("CREATE"),
    ]


@dataclass
class SetUp:
    name: str
    schema: str
    store: PostgresStore
    rooms: list[dict[str, Any]]
    revisions: list[int]
    rates: list[float] = field(default_factory=list)
    cpu_us: list[float] = field(default_factory=list)


async def set_up(name: str, url: str, room: dict[str, Any], count: int, undo: list[str]) -> SetUp:
    schema = f"bench_{uuid.uuid4().hex[:8]}"
    separator = "&" if "?" in url else "?"
    store = PostgresStore(f"{url}{separator}schema={schema}")
    await store.open()
    connection = await asyncpg.connect(url, server_settings={"search_path": schema})
    try:
        for sql in undo:
            await connection.execute(sql)
    finally:
        await connection.close()
    rooms = [{**room, "code": f"W{n:04d}"} for n in range(count)]
    for each in rooms:
        assert await store.insert_room(each)
    return SetUp(name, schema, store, rooms, [1] * count)


async def write(setup: SetUp, index: int, count: int) -> None:
    """`count` moves of one room, each written after the last was answered (as the lobby does)."""
    for _ in range(count):
        room = setup.rooms[index]
        room["version"] += 1
        room["last_event"] += 1
        room["updated_ms"] += 500  # a move every half second: within the activity column's lag
        event = StoredEvent(
            room["last_event"], {"code": "moved", "seat": 0, "move": {"type": "drop", "column": 3}}, None
        )
        answer = (f"k:{uuid.uuid4().hex}", {"accepted": True, "version": room["version"]})
        move = MoveRecord(0, {"type": "drop", "column": 3}, room["version"], room["updated_ms"])
        assert await setup.store.save_room(room, setup.revisions[index], [event], answer, [move])
        setup.revisions[index] += 1


async def main(args: argparse.Namespace) -> None:
    room = json.loads(Path(args.room).read_text())
    room = {**room, "status": "playing", "version": 1, "last_event": 1, "updated_ms": 1_000_000}
    setups = [
        await set_up(
            "before migration 14 (pglz, column written)", args.postgres, room, args.rooms, before_migration_14()
        ),
        await set_up("now (lz4, HOT updates)", args.postgres, room, args.rooms, []),
    ]
    try:
        for setup in setups:  # warm-up: connections, plans, the first pages
            await asyncio.gather(*(write(setup, n, 50) for n in range(args.rooms)))
        for round_number in range(args.rounds):
            for setup in setups if round_number % 2 == 0 else setups[::-1]:
                before, started = servers_cpu(), time.perf_counter()
                await asyncio.gather(*(write(setup, n, args.writes // args.rooms) for n in range(args.rooms)))
                elapsed = time.perf_counter() - started
                used = servers_used(before, servers_cpu())["postgres"]
                written = args.writes // args.rooms * args.rooms
                setup.rates.append(written / elapsed)
                setup.cpu_us.append(used * 1e6 / written)
        connection = await asyncpg.connect(args.postgres)
        try:
            hot = {}
            for setup in setups:
                hot[setup.name] = await connection.fetchrow(
                    "SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables WHERE schemaname = $1 AND relname = 'rooms'",
                    setup.schema,
                )
        finally:
            await connection.close()
    finally:
        connection = await asyncpg.connect(args.postgres)
        try:
            for setup in setups:
                await setup.store.close()
                await connection.execute(f"DROP SCHEMA {setup.schema} CASCADE")
        finally:
            await connection.close()

    print(f"\nroom writes through PostgresStore.save_room, {args.rooms} rooms at once, {args.writes} a round,")
    print(
        f"{args.rounds} rounds alternating; room document {len(json.dumps(room, separators=(',', ':')))} bytes of JSON\n"
    )
    print("| set-up | writes/s, median | each round | postgres CPU a write µs, median | each round | HOT updates |")
    print("|---|---:|---|---:|---|---|")
    for setup in setups:
        counts = hot[setup.name]
        print(
            f"| {setup.name} | {statistics.median(setup.rates):.0f} | {' / '.join(f'{r:.0f}' for r in setup.rates)} "
            f"| {statistics.median(setup.cpu_us):.0f} | {' / '.join(f'{c:.0f}' for c in setup.cpu_us)} "
            f"| {counts['n_tup_hot_upd']} of {counts['n_tup_upd']} (statistics may lag a second) |"
        )
    before, now = setups
    print(
        f"\nnow ÷ before: writes/s {statistics.median(now.rates) / statistics.median(before.rates):.2f}×, "
        f"postgres CPU a write {statistics.median(now.cpu_us) / statistics.median(before.cpu_us):.2f}×"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--writes", type=int, default=1000, help="room writes per set-up per round")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--rooms", type=int, default=4, help="rooms written at once")
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/test")
    parser.add_argument("--room", default=str(ROOM_FILE), help="a room document (JSON) to write copies of")
    asyncio.run(main(parser.parse_args()))
