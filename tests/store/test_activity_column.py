"""A room row's `updated_ms` column on a move, in both stores: left as it was while the room's
status is unchanged and the column lags the room's own time by less than ACTIVITY_LAG_MS (so the
indexes over status and that column are not rewritten: in SQLite one WAL page less a commit, in
PostgreSQL an update in place, a HOT update), written otherwise; and the retention sweep, which
finds rooms by the column, decides by the room's own time. Real SQLite files in tmp_path and the
test session's PostgreSQL schema; the column read back on a connection of its own."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from lobby.store import ACTIVITY_LAG_MS, StoredEvent, make_store
from lobby.store.postgres import PostgresStore
from lobby.store.sqlite import SqliteStore
from tests.support.services import postgres_store_url

START = 1_000_000
GONE = {"kind": "human", "level": "", "name": "Anna", "holder": "h1", "left": False, "gone_ms": START}


async def column(store: Any, code: str) -> tuple[str, int]:
    if isinstance(store, SqliteStore):
        with sqlite3.connect(store.path) as db:
            return db.execute("SELECT status, updated_ms FROM rooms WHERE code = ?", (code,)).fetchone()
    row = await store.pool.fetchrow("SELECT status, updated_ms FROM rooms WHERE code = $1", code)
    return row["status"], row["updated_ms"]


def wal_pages(path: Path) -> int:
    """Frames in the WAL so far (its header is 32 bytes, each frame 24 bytes and a 4 KiB page)."""
    return (Path(f"{path}-wal").stat().st_size - 32) // (24 + 4096)


async def test_a_move_within_the_lag_leaves_the_column_and_a_later_one_writes_it(store) -> None:
    room = {"code": "ACT01", "status": "playing", "version": 0, "updated_ms": START, "seats": [GONE]}
    assert await store.insert_room(room)
    revision = 1
    for step in range(1, 6):
        room = {**room, "version": step, "updated_ms": START + step * 1_000}
        assert await store.save_room(room, revision, [StoredEvent(step, {"code": "moved"}, None)])
        revision += 1
        assert await column(store, "ACT01") == ("playing", START)
        assert (await store.load_room("ACT01")) == (room, revision)
    # Past the lag: the column catches up with the room's own time.
    room = {**room, "version": 6, "updated_ms": START + ACTIVITY_LAG_MS + 1}
    assert await store.save_room(room, revision)
    revision += 1
    assert await column(store, "ACT01") == ("playing", START + ACTIVITY_LAG_MS + 1)
    # A status change writes both, however soon.
    room = {**room, "status": "finished", "updated_ms": START + ACTIVITY_LAG_MS + 2}
    assert await store.save_room(room, revision)
    assert await column(store, "ACT01") == ("finished", START + ACTIVITY_LAG_MS + 2)
    # A stale revision is refused by either statement and changes nothing.
    assert not await store.save_room({**room, "version": 99}, revision)
    assert (await store.load_room("ACT01"))[0]["version"] == 6


async def test_a_move_within_the_lag_writes_fewer_pages(sqlite_store: SqliteStore, sqlite_path: Path) -> None:
    # The same move written twice: once within the lag, once past it (the column and its index too).
    rooms = [{"code": f"PG{n:03d}", "status": "playing", "version": 0, "updated_ms": START} for n in range(200)]
    for room in rooms:
        assert await sqlite_store.insert_room(room)
    code = rooms[100]["code"]
    before = wal_pages(sqlite_path)
    assert await sqlite_store.save_room({**rooms[100], "version": 1, "updated_ms": START + 1}, 1)
    within = wal_pages(sqlite_path) - before
    before = wal_pages(sqlite_path)
    assert await sqlite_store.save_room({**rooms[100], "version": 2, "updated_ms": START + ACTIVITY_LAG_MS + 1}, 2)
    past = wal_pages(sqlite_path) - before
    assert (await column(sqlite_store, code))[1] == START + ACTIVITY_LAG_MS + 1
    assert within < past, (within, past)


async def test_the_sweep_decides_by_the_rooms_own_time(store) -> None:
    # Both rooms' columns still say START; one was played on since, the other was not.
    idle = {"code": "IDLE1", "status": "playing", "version": 0, "updated_ms": START, "seats": [GONE]}
    played = {**idle, "code": "PLAY1"}
    for room in (idle, played):
        assert await store.insert_room(room)
    assert await store.save_room({**played, "version": 1, "updated_ms": START + 30_000}, 1)
    assert (await column(store, "PLAY1"))[1] == START
    # (The session's store may hold other tests' rooms from a clock this early: only these two
    # rooms are this test's to judge.)
    expired = set(await store.expire_rooms(START + 10_000)) & {"IDLE1", "PLAY1"}
    assert expired == {"IDLE1"}
    assert await store.load_room("PLAY1") is not None
    # Once its own time is past the cut-off too, it goes.
    assert "PLAY1" in await store.expire_rooms(START + 30_001)


async def test_a_postgres_move_within_the_lag_is_updated_in_place(pg_schema) -> None:
    store = make_store(postgres_store_url(pg_schema, pool_max=2))
    assert isinstance(store, PostgresStore)
    await store.open()
    try:
        await updated_in_place(store)
    finally:
        await store.close()


async def updated_in_place(store: PostgresStore) -> None:
    room = {"code": "HOT01", "status": "playing", "version": 0, "updated_ms": START, "seats": [GONE]}
    assert await store.insert_room(room)
    async with store.pool.acquire() as db, db.transaction():
        # The migration's own function, in a transaction of this test's, whose counts it reads.
        for version, updated_ms in ((1, START + 1_000), (2, START + 2_000), (3, START + ACTIVITY_LAG_MS + 1)):
            data = {**room, "version": version, "updated_ms": updated_ms}
            assert await db.fetchval(
                "SELECT save_room($1, $2, $3, 'playing', $4, NULL, NULL, '[]', 0, '[]')",
                "HOT01",
                version,
                data,
                updated_ms,
            )
        counts = await db.fetchrow(
            "SELECT pg_stat_get_xact_tuples_updated(oid) AS updated, pg_stat_get_xact_tuples_hot_updated(oid) AS hot"
            " FROM pg_class WHERE oid = 'rooms'::regclass"
        )
        compression = await db.fetchval(
            "SELECT attcompression::text FROM pg_attribute WHERE attrelid = 'rooms'::regclass AND attname = 'data'"
        )
    # Two moves within the lag changed no indexed column: in place. The third wrote the column.
    assert (counts["updated"], counts["hot"]) == (3, 2)
    # lz4 where the server has it (this one does: Debian's PostgreSQL 15).
    assert compression == "l"
