"""The SQLite store's writer: concurrent writes share one commit, each keeps its own outcome, and
none is answered before its COMMIT. A real file in tmp_path, read back by connections of its own.

To hold the writer still, a test takes SQLite's write lock on a connection of its own: the
writer's BEGIN IMMEDIATE waits for it, so the writes sent meanwhile queue up and go in one batch."""

from __future__ import annotations

import asyncio
import sqlite3
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from lobby.store import (
    MINT,
    InsufficientFunds,
    Player,
    Posting,
    StoredEvent,
    Transfer,
    make_store,
)
from lobby.store.sqlite import SqliteStore


def _room(code: str) -> dict:
    return {"code": code, "status": "waiting", "version": 0, "updated_ms": 1}


def _codes(count: int) -> list[str]:
    return [f"R{n:04d}{uuid.uuid4().hex[:4]}" for n in range(count)]


@pytest.fixture
def path(sqlite_path: Path) -> Path:
    return sqlite_path


@pytest.fixture
def store(sqlite_store: SqliteStore) -> SqliteStore:
    return sqlite_store


@contextmanager
def write_lock_held(path: Path) -> Iterator[None]:
    """SQLite's write lock taken by another connection, as another process would hold it."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


def revisions_on_disk(path: Path) -> dict[str, int]:
    """What a fresh connection reads: only what was committed."""
    with sqlite3.connect(path) as db:
        return dict(db.execute("SELECT code, revision FROM rooms").fetchall())


async def test_two_hundred_concurrent_saves_are_grouped_and_all_durable(store: SqliteStore, path: Path) -> None:
    codes = _codes(200)
    assert all(await asyncio.gather(*(store.insert_room(_room(code)) for code in codes)))
    commits, writes = store.commits, store.writes
    saved = await asyncio.gather(
        *(
            store.save_room({**_room(code), "version": 1}, 1, [StoredEvent(1, {"code": "moved", "room": code}, None)])
            for code in codes
        )
    )
    assert saved == [True] * 200
    assert store.writes - writes == 200
    assert store.commits - commits < 200, "concurrent writes went in one commit each"
    await store.close()

    reopened = make_store(f"sqlite:///{path}")
    await reopened.open()
    try:
        for code in codes:
            room, revision = await reopened.load_room(code)
            assert (room["version"], revision) == (1, 2)
            assert await reopened.events_since(code, 0) == [StoredEvent(1, {"code": "moved", "room": code}, None)]
    finally:
        await reopened.close()
    await store.open()  # the fixture closes it


async def test_a_lone_room_write_is_committed_on_the_loops_thread(store: SqliteStore, path: Path) -> None:
    (code,) = _codes(1)
    assert await store.insert_room(_room(code))
    assert store._writer is not None
    before, commits = store._writer.written_here, store.commits
    assert await store.save_room({**_room(code), "version": 1}, 1, [StoredEvent(1, {"code": "moved"}, None)])
    # No hop to the writer thread, one commit of its own, on disk when answered.
    assert store._writer.written_here == before + 1 and store.commits == commits + 1
    assert revisions_on_disk(path)[code] == 2
    # A stale revision is refused there too, and changes nothing.
    assert not await store.save_room({**_room(code), "version": 9}, 1)
    assert revisions_on_disk(path)[code] == 2 and (await store.load_room(code))[0]["version"] == 1


async def test_a_lock_held_elsewhere_never_stalls_the_loop(store: SqliteStore, path: Path) -> None:
    (code,) = _codes(1)
    assert await store.insert_room(_room(code))
    assert store._writer is not None
    before = store._writer.written_here
    with write_lock_held(path):
        save = asyncio.ensure_future(store.save_room({**_room(code), "version": 1}, 1))
        # The loop goes on while the write waits (the writer thread waits for the lock, not
        # the loop): other tasks run, many times over, with the write still pending...
        ticks = 0
        while ticks < 20:
            await asyncio.sleep(0.01)
            ticks += 1
            assert not save.done()
    # ...and the write is done by the writer once the lock is free.
    assert await save
    assert store._writer.written_here == before
    assert revisions_on_disk(path)[code] == 2


async def test_a_batch_keeps_each_writes_own_outcome(store: SqliteStore, path: Path) -> None:
    contested, *others = _codes(6)
    for code in (contested, *others):
        assert await store.insert_room(_room(code))
    await store.create_player(Player("p1", "Ada", 1), "token-1")
    await store.ledger_transfer(Transfer("fund", "grant", (Posting(MINT, -10), Posting("wallet:p1", 10)), 1))
    commits = store.commits

    with write_lock_held(path):
        first = asyncio.ensure_future(store.save_room({**_room(contested), "version": 1}, 1))
        await asyncio.sleep(0.05)  # the writer takes it and waits for the lock; the rest queue behind
        batch = [
            store.save_room({**_room(contested), "version": 2}, 1),  # revision 1 is gone by then
            *(store.save_room({**_room(code), "version": 1}, 1) for code in others),
            store.create_player(Player("p2", "Bo", 2), "token-1"),  # the token is taken
            store.ledger_transfer(Transfer("overdraw", "bet", (Posting("wallet:p1", -11), Posting("pot", 11)), 2)),
            store.add_chat(others[0], 0, "Ada", "hello", 3),
        ]
        queued = asyncio.gather(*batch, return_exceptions=True)
        await asyncio.sleep(0.2)
        assert not first.done() and not queued.done(), "a write was answered before its transaction could begin"
        assert await asyncio.wait_for(store.load_room(contested), 60) == (_room(contested), 1), "reads wait for writes"
    assert await first
    lost, *saved, taken, overdrawn, chat = await queued

    assert store.commits - commits <= 2, "the queued writes were not grouped"
    assert lost is False and saved == [True] * len(others)
    assert isinstance(taken, sqlite3.IntegrityError) and isinstance(overdrawn, InsufficientFunds)
    assert chat.number == 1
    # Each failure was undone alone, the rest is on disk as soon as the calls returned.
    assert revisions_on_disk(path) == {contested: 2, **dict.fromkeys(others, 2)}
    assert (await store.load_room(contested))[0]["version"] == 1
    assert await store.player_by_token("token-1") == Player("p1", "Ada", 1)
    assert await store.ledger_transfer_by_key("overdraw") is None
    assert await store.ledger_balance("wallet:p1") == 10
    assert [line.text for line in await store.chat_since(others[0], 0)] == ["hello"]


async def test_a_write_is_answered_only_once_committed(store: SqliteStore, path: Path) -> None:
    code, *_ = _codes(1)
    assert await store.insert_room(_room(code))
    for version in range(1, 21):
        assert await store.save_room({**_room(code), "version": version}, version)
        assert revisions_on_disk(path)[code] == version + 1
        assert (await store.load_room(code))[1] == version + 1  # a read after the answer sees the write


async def test_close_finishes_the_writes_already_sent(store: SqliteStore, path: Path) -> None:
    codes = _codes(30)
    sent = [asyncio.ensure_future(store.insert_room(_room(code))) for code in codes]
    await asyncio.sleep(0)  # every call has reached the writer's queue
    await store.close()
    assert [task.result() for task in sent] == [True] * 30
    assert revisions_on_disk(path) == dict.fromkeys(codes, 1)
    with pytest.raises(AssertionError, match="store not open"):
        await store.insert_room(_room("LATE1"))
    await store.open()


async def test_in_memory_store_reads_its_own_writes() -> None:
    store = make_store("sqlite:///:memory:")
    await store.open()
    try:
        code, *_ = _codes(1)
        assert await store.insert_room(_room(code))
        results = await asyncio.gather(*(store.save_room({**_room(code), "version": 7}, 1) for _ in range(5)))
        assert sorted(results) == [False] * 4 + [True]
        assert await store.load_room(code) == ({**_room(code), "version": 7}, 2)
    finally:
        await store.close()
