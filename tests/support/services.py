"""PostgreSQL and Redis for the tests: each test session (each xdist worker) gets its own
PostgreSQL schema and its own Redis key prefix, removed again when the session ends."""

from __future__ import annotations

import asyncio
import os
import uuid
from concurrent.futures import ThreadPoolExecutor

import asyncpg
import pytest
import redis.asyncio as aioredis

POSTGRES_URL = os.environ.get("GAMEROOM_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("GAMEROOM_TEST_REDIS", "redis://127.0.0.1:6379/0")


def unique_name(prefix: str) -> str:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    return f"{prefix}_{worker}_{uuid.uuid4().hex[:10]}"


def postgres_store_url(schema: str, pool_max: int = 10) -> str:
    separator = "&" if "?" in POSTGRES_URL else "?"
    return f"{POSTGRES_URL}{separator}schema={schema}&pool_max={pool_max}"


async def check_postgres() -> None:
    connection = await asyncpg.connect(POSTGRES_URL, timeout=5)
    await connection.close()


async def drop_schema(schema: str) -> None:
    connection = await asyncpg.connect(POSTGRES_URL)
    try:
        await connection.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
    finally:
        await connection.close()


async def check_redis() -> None:
    client = aioredis.from_url(REDIS_URL)
    try:
        await client.ping()
    finally:
        await client.aclose()


async def drop_prefix(prefix: str) -> None:
    client = aioredis.from_url(REDIS_URL)
    try:
        keys = [key async for key in client.scan_iter(match=f"{prefix}:*", count=500)]
        if keys:
            await client.delete(*keys)
    finally:
        await client.aclose()


def run_aside(work, *args):  # type: ignore[no-untyped-def]
    """Run a coroutine function to its end on a loop of its own (fixtures may sit inside a loop)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, work(*args)).result()


def need(check, what: str) -> None:  # type: ignore[no-untyped-def]
    try:
        run_aside(check)
    except (OSError, asyncpg.PostgresError, aioredis.RedisError, TimeoutError) as error:
        pytest.fail(f"{what} is not reachable ({error}); scripts/ensure-services.sh starts it", pytrace=False)


@pytest.fixture(scope="session")
def pg_schema():  # type: ignore[no-untyped-def]
    """A fresh PostgreSQL schema for this test session; dropped at the end."""
    need(check_postgres, f"PostgreSQL at {POSTGRES_URL}")
    schema = unique_name("t")
    yield schema
    run_aside(drop_schema, schema)


@pytest.fixture(scope="session")
def redis_prefix():  # type: ignore[no-untyped-def]
    """A Redis key and channel prefix of this test session's own; its keys are deleted at the end."""
    need(check_redis, f"Redis at {REDIS_URL}")
    prefix = unique_name("t")
    yield prefix
    run_aside(drop_prefix, prefix)
