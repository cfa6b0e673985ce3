"""Fixtures of the tests over the running stack."""

from __future__ import annotations

import aiohttp
import pytest

from tests.support.client import anna_and_ben_playing


@pytest.fixture
async def game(stack):  # type: ignore[no-untyped-def]
    """Anna and Ben connected to a four-in-a-row game just started: (session, anna, ben)."""
    session = aiohttp.ClientSession()
    anna, ben = await anna_and_ben_playing(session, stack.base_url, "four-in-a-row", [{"kind": "human"}] * 2)
    yield session, anna, ben
    await anna.close()
    await ben.close()
    await session.close()
