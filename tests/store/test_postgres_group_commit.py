"""The PostgreSQL store's room writer: concurrent room writes share one call and one commit, each
keeps its own outcome, and none is answered before its COMMIT. Real PostgreSQL, a fresh schema
per test, read back by connections of the test's own.

To hold the writer still, a test locks the rooms table from another connection (SHARE mode: reads
go on, writes wait) with the writer's lock timeout made longer than the hold and one writer connection: the writer's
call waits for it, so the writes sent meanwhile queue up and go in one group."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg
import pytest

from lobby.store import MoveRecord, StoredEvent, make_store
from lobby.store import postgres_writer as postgres
from lobby.store.postgres import PostgresStore
from tests.support.services import (
    POSTGRES_URL,
    check_postgres,
    drop_schema,
    need,
    postgres_store_url,
    run_aside,
    unique_name,
)


def _room(code: str, version: int = 0) -> dict:
    return {"code": code, "status": "waiting", "version": version, "updated_ms": 1}


def _codes(count: int) -> list[str]:
    return [f"R{n:04d}{uuid.uuid4().hex[:4]}" for n in range(count)]


@pytest.fixture
def schema() -> AsyncIterator[str]:
    need(check_postgres, f"PostgreSQL at {POSTGRES_URL}")
    name = unique_name("g")
    yield name
    run_aside(drop_schema, name)


async def _open(schema: str) -> PostgresStore:
    opened = make_store(postgres_store_url(schema, pool_max=3))
    assert isinstance(opened, PostgresStore)
    await opened.open()
    return opened


@pytest.fixture
async def store(schema: str) -> AsyncIterator[PostgresStore]:
    opened = await _open(schema)
    yield opened
    await opened.close()


@asynccontextmanager
async def rooms_locked(schema: str) -> AsyncIterator[None]:
    """Writes to rooms held back by another connection, as another process would hold them."""
    other = await asyncpg.connect(POSTGRES_URL, server_settings={"search_path": schema})
    try:
        async with other.transaction():
            await other.execute("LOCK TABLE rooms IN SHARE MODE")
            yield
    finally:
        await other.close()


async def a_write_waits_for_a_lock() -> None:
    """Until a connection of the server waits for a lock (the writer's call, held by the test's)."""
    other = await asyncpg.connect(POSTGRES_URL)
    try:
        async with asyncio.timeout(60):
            query = (
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()"
            )
            while not await other.fetchval(query):
                await asyncio.sleep(0.02)
    finally:
        await other.close()


async def revisions_on_disk(schema: str) -> dict[str, int]:
    """What a fresh connection reads: only what was committed."""
    other = await asyncpg.connect(POSTGRES_URL, server_settings={"search_path": schema})
    try:
        return {row["code"]: row["revision"] for row in await other.fetch("SELECT code, revision FROM rooms")}
    finally:
        await other.close()


async def test_two_hundred_concurrent_saves_are_grouped_and_all_durable(store: PostgresStore, schema: str) -> None:
    codes = _codes(200)
    assert all(await asyncio.gather(*(store.insert_room(_room(code)) for code in codes)))
    commits, writes = store.commits, store.writes
    saved = await asyncio.gather(
        *(
            store.save_room(
                _room(code, 1),
                1,
                [StoredEvent(1, {"code": "moved", "room": code}, None)],
                (f"{code}:m1", {"accepted": True, "version": 1}),
                [MoveRecord(0, {"column": 3}, 1, 5)],
            )
            for code in codes
        )
    )
    assert saved == [True] * 200
    assert store.writes - writes == 200
    assert store.commits - commits < 200, "concurrent writes went in one commit each"
    assert await revisions_on_disk(schema) == dict.fromkeys(codes, 2)
    await store.close()

    reopened = await _open(schema)
    try:
        for code in codes:
            assert await reopened.load_room(code) == (_room(code, 1), 2)
            assert await reopened.events_since(code, 0) == [StoredEvent(1, {"code": "moved", "room": code}, None)]
            assert await reopened.move_answer(code, f"{code}:m1") == {"accepted": True, "version": 1}
            assert await reopened.game_moves(code, 0) == [MoveRecord(0, {"column": 3}, 1, 5)]
    finally:
        await reopened.close()
    await store.open()  # the fixture closes it


async def test_a_group_keeps_each_writes_own_outcome(schema: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(postgres, "LOCK_TIMEOUT_MS", 10_000)
    monkeypatch.setattr(postgres, "WRITER_CONNECTIONS", 1)  # one group at a time: the first, then the rest
    store = await _open(schema)
    try:
        await _group_outcomes(store, schema)
    finally:
        await store.close()


async def _group_outcomes(store: PostgresStore, schema: str) -> None:
    contested, answered, broken, *others = _codes(7)
    for code in (contested, answered, broken, *others):
        assert await store.insert_room(_room(code))
    assert await store.put_move_answer(answered, "k1", {"refused": {"code": "not_your_turn"}}) == {
        "refused": {"code": "not_your_turn"}
    }
    commits = store.commits

    async with rooms_locked(schema):
        first = asyncio.ensure_future(store.save_room(_room(contested, 1), 1))
        await a_write_waits_for_a_lock()  # the writer sent it and waits; the rest queue behind
        group = [
            store.save_room(_room(contested, 2), 1),  # revision 1 is gone by then
            store.save_room(_room(answered, 1), 1, answer=("k1", {"accepted": True, "version": 1})),  # key taken
            store.save_room(  # two events numbered 1: the events' key refuses the second
                _room(broken, 1), 1, [StoredEvent(1, {"code": "a"}, None), StoredEvent(1, {"code": "b"}, None)]
            ),
            *(store.save_room(_room(code, 1), 1) for code in others),
            store.insert_room(_room(others[0])),  # the code is taken
            store.put_move_answer(others[0], "k9", {"accepted": True, "version": 1}),
        ]
        queued = asyncio.gather(*group, return_exceptions=True)
        await asyncio.sleep(0.3)
        assert not first.done() and not queued.done(), "a write was answered before its transaction could commit"
        assert await asyncio.wait_for(store.load_room(contested), 60) == (_room(contested), 1), "reads wait for writes"
    assert await asyncio.wait_for(first, 60)
    lost, taken, refused, *saved, inserted, stored = await asyncio.wait_for(queued, 60)

    assert store.commits - commits <= 2, "the queued writes were not grouped"
    assert lost is False and taken is False and saved == [True] * len(others) and inserted is False
    assert isinstance(refused, asyncpg.UniqueViolationError)
    assert stored == {"accepted": True, "version": 1}
    # Each failure was undone alone, the rest is on disk as soon as the calls returned.
    assert await revisions_on_disk(schema) == {contested: 2, answered: 1, broken: 1, **dict.fromkeys(others, 2)}
    assert await store.events_since(broken, 0) == []
    assert await store.move_answer(answered, "k1") == {"refused": {"code": "not_your_turn"}}
    assert await store.move_answer(others[0], "k9") == {"accepted": True, "version": 1}


async def test_text_jsonb_refuses_fails_only_its_own_write(store: PostgresStore, schema: str) -> None:
    """A NUL character fails the whole call's argument: the group is written again one by one."""
    codes = _codes(6)
    for code in codes:
        assert await store.insert_room(_room(code))
    results = await asyncio.gather(
        *(store.save_room(_room(code, 1), 1) for code in codes[:3]),
        store.save_room({**_room(codes[3], 1), "name": "nul\u0000"}, 1),
        *(store.save_room(_room(code, 1), 1) for code in codes[4:]),
        return_exceptions=True,
    )
    assert results[:3] == [True] * 3 and results[4:] == [True] * 2
    assert isinstance(results[3], asyncpg.DataError)
    assert await revisions_on_disk(schema) == {**dict.fromkeys(codes, 2), codes[3]: 1}


async def test_a_write_is_answered_only_once_committed(store: PostgresStore, schema: str) -> None:
    code, *_ = _codes(1)
    assert await store.insert_room(_room(code))
    for version in range(1, 21):
        assert await store.save_room(_room(code, version), version)
        assert (await revisions_on_disk(schema))[code] == version + 1
        assert (await store.load_room(code))[1] == version + 1  # a read after the answer sees the write


async def test_close_finishes_the_writes_already_sent(store: PostgresStore, schema: str) -> None:
    codes = _codes(30)
    sent = [asyncio.ensure_future(store.insert_room(_room(code))) for code in codes]
    await asyncio.sleep(0)  # every call has reached the writer's queue
    await store.close()
    assert [task.result() for task in sent] == [True] * 30
    assert await revisions_on_disk(schema) == dict.fromkeys(codes, 1)
    with pytest.raises(AssertionError, match="store not open"):
        await store.insert_room(_room("LATE1"))
    await store.open()


async def test_a_row_held_elsewhere_is_waited_for_in_later_groups(
    store: PostgresStore, schema: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    held, free = _codes(2)
    for code in (held, free):
        assert await store.insert_room(_room(code))
    # Tried again as often as the hold takes on a loaded machine (the tries, not the hold, end it).
    monkeypatch.setattr(postgres, "RETRIES", 1_000)
    other = await asyncpg.connect(POSTGRES_URL, server_settings={"search_path": schema})
    try:
        async with other.transaction():
            await other.execute("SELECT 1 FROM rooms WHERE code = $1 FOR UPDATE", held)
            waiting = asyncio.ensure_future(store.save_room(_room(held, 1), 1))
            await asyncio.sleep(postgres.LOCK_TIMEOUT_MS / 1000 * 2.5)  # two lock timeouts: tried again
            assert not waiting.done()
            assert await asyncio.wait_for(store.save_room(_room(free, 1), 1), 60), "the free room is written"
        assert await asyncio.wait_for(waiting, 60)
        assert await revisions_on_disk(schema) == {held: 2, free: 2}

        monkeypatch.setattr(postgres, "RETRIES", 2)
        async with other.transaction():
            await other.execute("SELECT 1 FROM rooms WHERE code = $1 FOR UPDATE", held)
            with pytest.raises(asyncpg.LockNotAvailableError):
                await asyncio.wait_for(store.save_room(_room(held, 2), 2), 60)
        assert (await revisions_on_disk(schema))[held] == 2
    finally:
        await other.close()


async def test_two_replicas_writing_the_same_rooms_in_opposite_orders(store: PostgresStore, schema: str) -> None:
    """Two groups each holding a room the other wants: neither waits for the deadlock detector's
    second, and across both replicas every revision is won once."""
    codes = _codes(8)
    for code in codes:
        assert await store.insert_room(_room(code))
    replica = await _open(schema)
    try:
        for revision in range(1, 11):
            results = await asyncio.wait_for(
                asyncio.gather(
                    *(store.save_room(_room(code, revision), revision) for code in codes),
                    *(replica.save_room(_room(code, revision), revision) for code in reversed(codes)),
                ),
                10,
            )
            mine, theirs = results[: len(codes)], results[len(codes) :][::-1]
            assert [a + b for a, b in zip(mine, theirs, strict=True)] == [1] * len(codes), (revision, results)
        assert await revisions_on_disk(schema) == dict.fromkeys(codes, 11)
    finally:
        await replica.close()
