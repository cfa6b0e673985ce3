"""The coin ledger on every store backend: wallets, escrow, settle and refund exactly once, and
the books balancing through concurrency and a settling process killed halfway."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from lobby.ledger import Ledger, escrow_account, split_by_placings, wallet_account
from lobby.store import HOUSE, MINT, InsufficientFunds, LedgerError, Player

ROOT = Path(__file__).resolve().parents[2]
DAY = 24 * 3600


class Clock:
    def __init__(self) -> None:
        self.now = 1_780_000_000.0

    def __call__(self) -> float:
        return self.now


def _ids(n: int) -> list[str]:
    tag = uuid.uuid4().hex[:6]
    return [f"p{tag}{i}" for i in range(n)]


async def test_wallet_starts_full_and_is_topped_up_once_a_day(store) -> None:
    clock = Clock()
    ledger = Ledger(store, clock)
    (anna, ben) = _ids(2)
    assert await ledger.wallet(anna) == 1000
    assert await ledger.open_wallet(anna) == 1000  # opened once only
    await ledger.open_wallet(ben)
    await ledger.escrow_stakes(f"t-{anna}", [anna, ben], 300)
    assert await ledger.wallet(anna) == 700  # today's first look was before the stake
    await ledger.escrow_stakes(f"t2-{anna}", [anna, ben], 500)
    assert await ledger.wallet(anna) == 200
    clock.now += DAY
    assert await ledger.wallet(anna) == 1000  # the new day's first look fills her up
    assert await ledger.wallet(anna) == 1000
    history = await store.ledger_history(wallet_account(anna))
    assert [t.kind for t in history] == ["open", "escrow", "escrow", "top_up"]


async def test_stakes_are_escrowed_from_everyone_or_from_nobody(store) -> None:
    ledger = Ledger(store, Clock(), starting_balance=100)
    anna, ben, carl = _ids(3)
    for player in (anna, ben, carl):
        await ledger.open_wallet(player)
    table = f"t-{anna}"
    await ledger.escrow_stakes(f"warmup-{anna}", [carl], 70)  # Carl has 30 left
    with pytest.raises(InsufficientFunds) as short:
        await ledger.escrow_stakes(table, [anna, ben, carl], 40)
    assert short.value.account == wallet_account(carl)
    assert await store.ledger_escrow(table) is None
    assert [await ledger.balance(p) for p in (anna, ben, carl)] == [100, 100, 30]
    escrow = await ledger.escrow_stakes(table, [anna, ben, carl], 30)
    again = await ledger.escrow_stakes(table, [anna, ben, carl], 30)  # a retried call
    assert escrow == again and escrow.status == "open" and escrow.amount == 30
    assert [await ledger.balance(p) for p in (anna, ben, carl)] == [70, 70, 0]
    assert await store.ledger_balance(escrow_account(table)) == 90
    with pytest.raises(LedgerError):
        await ledger.escrow_stakes(f"t3-{anna}", [ben, ben], 5)


async def test_settle_by_placings_splits_a_tie_and_gives_the_odd_coin_to_the_house(store) -> None:
    ledger = Ledger(store, Clock())
    anna, ben, carl = _ids(3)
    for player in (anna, ben, carl):
        await ledger.open_wallet(player)
    table = f"t-{anna}"
    await ledger.escrow_stakes(table, [anna, ben, carl], 11)
    house_before = await store.ledger_balance(HOUSE)
    closed = await ledger.settle(table, placings={anna: 1, ben: 1, carl: 3})
    assert closed.kind == "settle"
    assert [await ledger.balance(p) for p in (anna, ben, carl)] == [1005, 1005, 989]
    assert await store.ledger_balance(HOUSE) == house_before + 1
    assert await store.ledger_balance(escrow_account(table)) == 0
    assert split_by_placings(10, {anna: 2, ben: 1}) == {ben: 10}


async def test_settle_and_refund_close_an_escrow_exactly_once(store) -> None:
    ledger = Ledger(store, Clock())
    anna, ben = _ids(2)
    for player in (anna, ben):
        await ledger.open_wallet(player)
    played, abandoned = f"t-{anna}", f"t2-{anna}"
    for table in (played, abandoned):
        await ledger.escrow_stakes(table, [anna, ben], 100)
    first = await ledger.settle(played, payouts={ben: 150, anna: 50})
    assert await ledger.settle(played, payouts={anna: 200}) == first  # a repeat writes nothing
    assert await ledger.refund(played) == first  # nor does a late refund
    refund = await ledger.refund(abandoned)
    assert await ledger.settle(abandoned, placings={anna: 1, ben: 2}) == refund
    assert (await store.ledger_escrow(played)).status == "settled"
    assert (await store.ledger_escrow(abandoned)).status == "refunded"
    assert [await ledger.balance(p) for p in (anna, ben)] == [950, 1050]
    still_open = f"t3-{anna}"
    await ledger.escrow_stakes(still_open, [anna, ben], 10)
    mine = {played, abandoned, still_open}
    assert [e.table for e in await store.ledger_escrows(status="open") if e.table in mine] == [still_open]
    assert {e.table: e.status for e in await store.ledger_escrows() if e.table in mine} == {
        played: "settled",
        abandoned: "refunded",
        still_open: "open",
    }


async def test_payouts_must_fit_the_table(store) -> None:
    ledger = Ledger(store, Clock())
    anna, ben, stranger = _ids(3)
    for player in (anna, ben):
        await ledger.open_wallet(player)
    table = f"t-{anna}"
    await ledger.escrow_stakes(table, [anna, ben], 10)
    for payouts in ({stranger: 20}, {anna: 21}, {anna: 25, ben: -5}):
        with pytest.raises(LedgerError):
            await ledger.settle(table, payouts=payouts)
    with pytest.raises(LedgerError):
        await ledger.settle(f"no-such-{anna}", placings={anna: 1})
    assert (await store.ledger_escrow(table)).status == "open"


async def test_a_deleted_players_pot_and_refund_go_back_to_the_mint(store) -> None:
    """Coins a closing escrow owes a player who deleted the account meanwhile return to the
    mint, as their wallet's did; the others are paid as ever and every coin stays counted."""
    ledger = Ledger(store, Clock())
    anna, ben, cleo = _ids(3)
    for player in (anna, ben, cleo):
        await store.create_player(Player(player, player, 1), f"hash-{player}")
        await ledger.open_wallet(player)
    won, abandoned = f"won-{anna}", f"abandoned-{anna}"
    await ledger.escrow_stakes(won, [anna, ben, cleo], 100)
    await ledger.escrow_stakes(abandoned, [anna, ben], 50)
    assert await store.delete_player(anna, 5)
    # The deletion took what was left in Anna's wallet back to the mint, in its own transaction.
    emptied = await store.ledger_transfer_by_key(f"delete:{anna}")
    assert emptied is not None
    assert sorted((p.account, p.amount) for p in emptied.postings) == [(MINT, 850), (wallet_account(anna), -850)]
    mint_before = (await store.ledger_balances())[MINT]
    # Anna and Ben tie for first: each share is 150; Anna's goes to the mint.
    settled = await ledger.settle(won, placings={anna: 1, ben: 1, cleo: 3})
    assert sorted((p.account, p.amount) for p in settled.postings if p.amount > 0) == sorted(
        [(MINT, 150), (wallet_account(ben), 150)]
    )
    refunded = await ledger.refund(abandoned)
    assert sorted((p.account, p.amount) for p in refunded.postings if p.amount > 0) == sorted(
        [(MINT, 50), (wallet_account(ben), 50)]
    )
    balances = await store.ledger_balances()
    assert sum(balances.values()) == 0
    assert balances[MINT] == mint_before + 200
    assert [await ledger.balance(p) for p in (anna, ben, cleo)] == [0, 1050, 900]
    assert balances[escrow_account(won)] == balances[escrow_account(abandoned)] == 0


async def test_a_pot_paid_while_its_winner_deletes_the_account_never_stays_in_their_wallet(store) -> None:
    """The deletion and the pot race (on PostgreSQL, on two connections): whichever comes first,
    the winner's wallet ends empty and every coin is still counted."""
    ledger = Ledger(store, Clock())
    for _ in range(20):
        anna, ben = _ids(2)
        for player in (anna, ben):
            await store.create_player(Player(player, player, 1), f"hash-{player}")
            await ledger.open_wallet(player)
        table = f"race-{anna}"
        await ledger.escrow_stakes(table, [anna, ben], 400)
        await asyncio.gather(store.delete_player(anna, 5), ledger.settle(table, placings={anna: 1, ben: 2}))
        balances = await store.ledger_balances()
        assert sum(balances.values()) == 0
        assert (balances[wallet_account(anna)], balances[wallet_account(ben)]) == (0, 600)


# -- many tables, duplicates, and a settling process killed halfway ----------------------------------
async def _books(store, players: list[str], tables: list[str], minted: int) -> dict[str, str]:
    """Check the books at one instant; the status of every table's escrow."""
    balances = await store.ledger_balances()
    assert sum(balances.values()) == 0, "double entry: every transfer sums to zero"
    ours = {account: balance for account, balance in balances.items() if account != MINT}
    assert all(balance >= 0 for balance in ours.values()), {a: b for a, b in ours.items() if b < 0}
    circulating = sum(balances.get(wallet_account(p), 0) for p in players)
    circulating += sum(balances.get(escrow_account(t), 0) for t in tables) + balances.get(HOUSE, 0)
    assert circulating == minted, "wallets, escrow and house hold exactly what was minted"
    status = {}
    for table in tables:
        escrow = await store.ledger_escrow(table)
        if escrow is None:
            continue
        keys = [t.key for t in await store.ledger_history(escrow_account(table))]
        pot = balances.get(escrow_account(table), 0)
        if escrow.status == "open":
            assert keys == [f"escrow:{table}"] and pot == escrow.amount * len(escrow.players)
        else:
            closing = await store.ledger_transfer_by_key(f"close:{table}")
            assert keys == [f"escrow:{table}", f"close:{table}"] and pot == 0, "settled once"
            assert closing.kind == {"settled": "settle", "refunded": "refund"}[escrow.status]
        status[table] = escrow.status
    for player in players:
        moved = sum(
            p.amount
            for t in await store.ledger_history(wallet_account(player))
            for p in t.postings
            if p.account == wallet_account(player)
        )
        assert moved == balances.get(wallet_account(player), 0), "each balance is the sum of its entries"
    return status


def _plan(players: list[str], tables: list[str], rnd: random.Random) -> list[dict]:
    plan = []
    for table in tables:
        seated = rnd.sample(players, rnd.randint(2, 4))
        kind = rnd.choice(["placings", "payouts", "refund", "race"])
        entry: dict = {"table": table, "players": seated, "stake": rnd.randint(5, 120), "kind": kind}
        if kind == "placings":
            entry["placings"] = {p: rnd.randint(1, len(seated)) for p in seated}
            entry["calls"] = ["settle"] * rnd.randint(2, 3)
        elif kind == "payouts":
            pot = entry["stake"] * len(seated)
            cut = sorted(rnd.randint(0, pot) for _ in range(len(seated) - 1))
            entry["payouts"] = {p: b - a for p, a, b in zip(seated, [0, *cut], [*cut, pot], strict=True)}
            entry["calls"] = ["settle"] * rnd.randint(2, 3)
        elif kind == "refund":
            entry["calls"] = ["refund"] * rnd.randint(2, 3)
        else:
            entry["placings"] = {p: rnd.randint(1, len(seated)) for p in seated}
            entry["calls"] = ["settle", "refund", "settle"]
        plan.append(entry)
    return plan


async def _run_worker(url: str, plan_path: Path, kill_after: int | None, watch, hold: int = 0) -> tuple[int, list[str]]:  # type: ignore[no-untyped-def]
    worker = await asyncio.create_subprocess_exec(
        sys.executable,
        str(ROOT / "tests" / "store" / "ledger_worker.py"),
        url,
        str(plan_path),
        str(hold),
        stdout=subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    lines: list[str] = []
    watcher = asyncio.get_running_loop().create_task(watch())
    try:
        assert worker.stdout is not None
        async with asyncio.timeout(120):
            while line := (await worker.stdout.readline()).decode().strip():
                lines.append(line)
                if kill_after is not None and len(lines) >= kill_after:
                    worker.send_signal(signal.SIGKILL)  # mid-flight: others are half way through
                    break
            code = await worker.wait()
    finally:
        watcher.cancel()
        if worker.returncode is None:
            worker.kill()
            await worker.wait()
    return code, lines


async def test_many_tables_settled_concurrently_twice_over_with_a_kill_in_the_middle(store, tmp_path) -> None:
    url = _store_url(store)
    rnd = random.Random(20260)
    ledger = Ledger(store, Clock(), starting_balance=800)
    players = _ids(24)
    tables = [f"k{uuid.uuid4().hex[:8]}" for _ in range(90)]
    for player in players:
        await ledger.open_wallet(player)
    # Other tests of this session may have left coins with the house (PostgreSQL's schema is shared).
    minted = 800 * len(players) + await store.ledger_balance(HOUSE)
    plan = _plan(players, tables, rnd)
    for entry in plan:
        try:
            await ledger.escrow_stakes(entry["table"], entry["players"], entry["stake"])
            entry["escrowed"] = True
        except InsufficientFunds:
            entry["escrowed"] = False
    plan = [entry for entry in plan if entry["escrowed"]]
    assert len(plan) > 60
    plan_path = tmp_path / "plan.json"
    plan_path.write_text(json.dumps({"tables": plan}))
    await _books(store, players, tables, minted)

    snapshots = 0

    async def watch() -> None:
        # While the worker settles, the books balance at every instant we look.
        nonlocal snapshots
        while True:
            balances = await store.ledger_balances()
            assert sum(balances.values()) == 0
            assert all(b >= 0 for a, b in balances.items() if a != MINT)
            snapshots += 1
            await asyncio.sleep(0.005)

    third = len(plan) // 3
    code, lines = await _run_worker(url, plan_path, kill_after=third, watch=watch, hold=third)
    assert code == -signal.SIGKILL and "done" not in lines
    halfway = await _books(store, players, tables, minted)
    closed = [t for t, s in halfway.items() if s != "open"]
    assert third <= len(closed) <= len(plan) - third, "killed in the middle"

    code, lines = await _run_worker(url, plan_path, kill_after=None, watch=watch)
    assert code == 0 and lines[-1] == "done", lines[-3:]
    final = await _books(store, players, tables, minted)
    assert all(final[e["table"]] != "open" for e in plan)
    assert snapshots > 5
    for entry in plan:
        table, pot = entry["table"], entry["stake"] * len(entry["players"])
        closing = await store.ledger_transfer_by_key(f"close:{table}")
        paid = {p.account: p.amount for p in closing.postings if p.account != escrow_account(table)}
        if entry["kind"] == "refund" or (entry["kind"] == "race" and closing.kind == "refund"):
            expected = {wallet_account(p): entry["stake"] for p in entry["players"]}
        else:
            payouts = entry.get("payouts") or split_by_placings(pot, entry["placings"])
            expected = {wallet_account(p): v for p, v in payouts.items() if v}
            if pot - sum(payouts.values()):
                expected[HOUSE] = pot - sum(payouts.values())
        assert paid == expected, table
        if entry["kind"] != "race":
            assert closing.kind == ("refund" if entry["kind"] == "refund" else "settle")


def _store_url(store) -> str:  # type: ignore[no-untyped-def]
    """The URL of the store the test holds open, for the worker process to open too."""
    if hasattr(store, "dsn"):
        return f"{store.dsn}{'&' if '?' in store.dsn else '?'}schema={store.schema}&pool_max=4"
    return f"sqlite:///{store.path}"
