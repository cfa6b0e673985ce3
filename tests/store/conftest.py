"""Every store test runs against every backend: the same contract, unchanged.

PostgreSQL runs in a schema of this test session's own (tests.support.services). The SQLite
store's own tests (its writer, its file) take `sqlite_store` on `sqlite_path` instead."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from lobby.store import make_store
from lobby.store.sqlite import SqliteStore
from tests.support.services import pg_schema, postgres_store_url  # noqa: F401 - a fixture

BACKENDS = ["sqlite", "postgres"]


@pytest.fixture(params=BACKENDS)
async def store(request, tmp_path):  # type: ignore[no-untyped-def]
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path}/store.sqlite3"
    else:
        url = postgres_store_url(request.getfixturevalue("pg_schema"), pool_max=5)
    opened = make_store(url)
    await opened.open()
    yield opened
    await opened.close()


@pytest.fixture
def sqlite_path(tmp_path: Path) -> Path:
    return tmp_path / "rooms.sqlite3"


@pytest.fixture
async def sqlite_store(sqlite_path: Path) -> AsyncIterator[SqliteStore]:
    opened = make_store(f"sqlite:///{sqlite_path}")
    assert isinstance(opened, SqliteStore)
    await opened.open()
    yield opened
    await opened.close()
