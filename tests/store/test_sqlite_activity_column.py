"""The SQLite store's `updated_ms` column on a move: left as it was while the room's status is
unchanged and the column lags the room's own time by less than ACTIVITY_LAG_MS (so the partial
indexes over status and that column are not rewritten: one WAL page less a commit), written
otherwise; and the retention sweep, which finds rooms by the column, decides by the room's own
time. A real file in tmp_path, the column read back on a connection of its own."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from lobby.store import StoredEvent
from lobby.store.sqlite import ACTIVITY_LAG_MS, SqliteStore

START = 1_000_000
GONE = {"kind": "human", "level": "", "name": "Anna", "holder": "h1", "left": False, "gone_ms": START}


def column(path: Path, code: str) -> tuple[str, int]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT status, updated_ms FROM rooms WHERE code = ?", (code,)).fetchone()


def wal_pages(path: Path) -> int:
    """Frames in the WAL so far (its header is 32 bytes, each frame 24 bytes and a 4 KiB page)."""
    return (Path(f"{path}-wal").stat().st_size - 32) // (24 + 4096)


async def test_a_move_within_the_lag_leaves_the_column_and_a_later_one_writes_it(
    sqlite_store: SqliteStore, sqlite_path: Path
) -> None:
    room = {"code": "ACT01", "status": "playing", "version": 0, "updated_ms": START, "seats": [GONE]}
    assert await sqlite_store.insert_room(room)
    revision = 1
    for step in range(1, 6):
        room = {**room, "version": step, "updated_ms": START + step * 1_000}
        assert await sqlite_store.save_room(room, revision, [StoredEvent(step, {"code": "moved"}, None)])
        revision += 1
        assert column(sqlite_path, "ACT01") == ("playing", START)
        assert (await sqlite_store.load_room("ACT01")) == (room, revision)
    # Past the lag: the column catches up with the room's own time.
    room = {**room, "version": 6, "updated_ms": START + ACTIVITY_LAG_MS + 1}
    assert await sqlite_store.save_room(room, revision)
    revision += 1
    assert column(sqlite_path, "ACT01") == ("playing", START + ACTIVITY_LAG_MS + 1)
    # A status change writes both, however soon.
    room = {**room, "status": "finished", "updated_ms": START + ACTIVITY_LAG_MS + 2}
    assert await sqlite_store.save_room(room, revision)
    assert column(sqlite_path, "ACT01") == ("finished", START + ACTIVITY_LAG_MS + 2)
    # A stale revision is refused by either statement and changes nothing.
    assert not await sqlite_store.save_room({**room, "version": 99}, revision)
    assert (await sqlite_store.load_room("ACT01"))[0]["version"] == 6


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
    assert column(sqlite_path, code)[1] == START + ACTIVITY_LAG_MS + 1
    assert within < past, (within, past)


async def test_the_sweep_decides_by_the_rooms_own_time(sqlite_store: SqliteStore, sqlite_path: Path) -> None:
    # Both rooms' columns still say START; one was played on since, the other was not.
    idle = {"code": "IDLE1", "status": "playing", "version": 0, "updated_ms": START, "seats": [GONE]}
    played = {**idle, "code": "PLAY1"}
    for room in (idle, played):
        assert await sqlite_store.insert_room(room)
    assert await sqlite_store.save_room({**played, "version": 1, "updated_ms": START + 30_000}, 1)
    assert column(sqlite_path, "PLAY1")[1] == START
    expired = await sqlite_store.expire_rooms(START + 10_000)
    assert expired == ["IDLE1"]
    assert await sqlite_store.load_room("PLAY1") is not None
    # Once its own time is past the cut-off too, it goes.
    assert await sqlite_store.expire_rooms(START + 30_001) == ["PLAY1"]
