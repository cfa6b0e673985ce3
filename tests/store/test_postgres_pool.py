"""The PostgreSQL store's pool hands a connection back without asyncpg's reset query (a round
trip on every store call, for session state the store never makes), and still ends a transaction
left open. Real PostgreSQL, the test session's schema, watched from a connection of the test's own."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator

import asyncpg
import pytest

from lobby.store import make_store
from lobby.store.postgres import PostgresStore
from tests.support.services import POSTGRES_URL, postgres_store_url


@pytest.fixture
async def store(pg_schema: str) -> AsyncIterator[PostgresStore]:
    opened = make_store(postgres_store_url(pg_schema, pool_max=1))  # one connection: every call uses it
    assert isinstance(opened, PostgresStore)
    await opened.open()
    yield opened
    await opened.close()


async def test_a_store_call_leaves_its_own_query_last_no_reset_after_it(store: PostgresStore) -> None:
    code = f"R{uuid.uuid4().hex[:6]}"
    async with store.pool.acquire() as connection:
        backend = await connection.fetchval("SELECT pg_backend_pid()")
    assert await store.load_room(code) is None  # acquire, query, release
    watcher = await asyncpg.connect(POSTGRES_URL)
    try:
        last = await watcher.fetchval("SELECT query FROM pg_stat_activity WHERE pid = $1", backend)
    finally:
        await watcher.close()
    # asyncpg's default release would have sent "SELECT pg_advisory_unlock_all(); CLOSE ALL; ..."
    assert "rooms" in last, last
    assert "RESET ALL" not in last and "advisory_unlock" not in last, last


async def test_a_transaction_left_open_is_still_rolled_back_on_release(store: PostgresStore) -> None:
    async with store.pool.acquire() as connection:
        await connection.execute("BEGIN")
        await connection.execute("CREATE TABLE left_open (n integer)")
    async with store.pool.acquire() as connection:
        assert not connection.is_in_transaction()
        found = await connection.fetchval("SELECT to_regclass('left_open')")
    assert found is None, "the uncommitted table was rolled back when its connection came back"
