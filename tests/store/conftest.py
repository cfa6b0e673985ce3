"""Every store test runs against every backend: the same contract, unchanged.

PostgreSQL runs in a schema of this test session's own (tests.support.services)."""

from __future__ import annotations

import pytest

from lobby.store import make_store
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
