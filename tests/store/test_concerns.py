"""The store the lobby gets is its concerns' composition: every method of the `Store` interface
answers under its flat name and is the one of exactly one concern store."""

from __future__ import annotations

import asyncio

import pytest

from lobby.store import Store
from lobby.store.sql import run_sync

CONCERNS = ("rooms", "games", "players", "ledger", "quick_seats", "accounts", "push", "ratings", "seated", "challenges")


def _interface() -> set[str]:
    return {name for name in vars(Store) if not name.startswith("_") and callable(vars(Store)[name])} - {
        "open",
        "close",
    }


async def test_every_store_method_is_one_concerns(store) -> None:
    owners: dict[str, str] = {}
    for concern in CONCERNS:
        for name in getattr(store, concern).FLAT:
            assert name not in owners, f"{name} in {owners.get(name)} and {concern}"
            owners[name] = concern
    assert set(owners) == _interface()
    for name, concern in owners.items():
        assert getattr(store, name) == getattr(getattr(store, concern), name)


async def test_a_concern_answers_through_its_own_attribute(store) -> None:
    assert await store.rooms.insert_room({"code": "CONC1", "status": "waiting", "updated_ms": 1})
    assert (await store.load_room("CONC1"))[1] == 1
    await store.ledger.ledger_daily_top_up("day-1", "anna", 100, 5)
    assert await store.ledger_balance("anna") == 100


def test_work_that_suspends_is_refused_on_a_synchronous_connection() -> None:
    async def suspends() -> None:
        await asyncio.sleep(0)

    with pytest.raises(RuntimeError, match="suspended"):
        run_sync(suspends())
