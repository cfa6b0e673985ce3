"""Every store test runs against every backend: the same contract, unchanged."""

from __future__ import annotations

import pytest

from lobby.store import make_store


def backend_urls(tmp_path) -> dict[str, str]:  # type: ignore[no-untyped-def]
    return {"sqlite": f"sqlite:///{tmp_path}/store.sqlite3"}


BACKENDS = ["sqlite"]


@pytest.fixture(params=BACKENDS)
async def store(request, tmp_path):  # type: ignore[no-untyped-def]
    opened = make_store(backend_urls(tmp_path)[request.param])
    await opened.open()
    yield opened
    await opened.close()
