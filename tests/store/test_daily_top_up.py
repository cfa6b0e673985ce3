"""The daily top-up as docs/configuration.md says: the first look at a wallet on a new (UTC) day fills it
up to 1,000, and no later look that day does, however empty a stake left it."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from lobby.ledger import Ledger, wallet_account
from lobby.store import InsufficientFunds

DAY = 24 * 3600


class Clock:
    def __init__(self) -> None:
        self.now = 1_780_000_000.0

    def __call__(self) -> float:
        return self.now


def _ids(n: int) -> list[str]:
    tag = uuid.uuid4().hex[:6]
    return [f"d{tag}{i}" for i in range(n)]


async def test_a_full_wallet_cannot_stake_twice_its_coins_in_one_day(store) -> None:
    clock = Clock()
    ledger = Ledger(store, clock)
    anna, ben, carl = _ids(3)
    for player in (anna, ben, carl):
        assert await ledger.wallet(player) == 1000  # each one's first look today
    await ledger.escrow_stakes(f"one-{anna}", [anna, ben], 1000)
    assert await ledger.wallet(anna) == 0  # a later look fills nothing
    with pytest.raises(InsufficientFunds):
        await ledger.escrow_stakes(f"two-{anna}", [anna, carl], 1000)
    assert await ledger.wallet(anna) == 0 and await ledger.wallet(carl) == 1000
    clock.now += DAY
    assert await ledger.wallet(anna) == 1000  # a new day's first look
    history = await store.ledger_history(wallet_account(anna))
    assert [(t.kind, sum(p.amount for p in t.postings if p.account == wallet_account(anna))) for t in history] == [
        ("open", 1000),
        ("escrow", -1000),
        ("top_up", 1000),
    ]


async def test_the_first_look_of_the_day_is_the_escrow_itself(store) -> None:
    clock = Clock()
    ledger = Ledger(store, clock)
    anna, ben, carl = _ids(3)
    await ledger.open_wallet(anna)
    await ledger.open_wallet(ben)
    await ledger.open_wallet(carl)
    await ledger.escrow_stakes(f"one-{anna}", [anna, ben], 1000)  # no look at all: no top-up written
    clock.now += DAY
    assert await ledger.wallet(anna) == 1000  # the escrow's look on a new day fills up once
    await ledger.escrow_stakes(f"two-{anna}", [anna, carl], 1000)
    assert await ledger.wallet(anna) == 0


async def test_looks_at_once_top_up_once(store) -> None:
    clock = Clock()
    ledger = Ledger(store, clock)
    anna, ben = _ids(2)
    await ledger.open_wallet(anna)
    await ledger.open_wallet(ben)
    await ledger.escrow_stakes(f"one-{anna}", [anna, ben], 600)
    clock.now += DAY
    assert set(await asyncio.gather(*(ledger.wallet(anna) for _ in range(8)))) == {1000}
    balances = await store.ledger_balances()
    assert sum(balances.values()) == 0 and balances[wallet_account(anna)] == 1000
