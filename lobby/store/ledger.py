"""The coin ledger, double-entry: a transfer is a set of postings that sum to zero, written at most
once per idempotency key in one transaction, refused whole if any account but the mint would go
below zero (a CHECK on the balance), with the escrow it opens or closes. A coin it would pay a
deleted player goes back to the mint. Written once over the backend seam (lobby/store/sql.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .base import (
    MINT,
    WALLET,
    Escrow,
    EscrowChange,
    EscrowConflict,
    InsufficientFunds,
    Posting,
    Transfer,
    check_balanced,
)
from .sql import Backend, CheckViolation, Tx
from .tombstones import deleted_among

_ESCROW_COLUMNS = "table_id, amount, players, status, opened_ms, closed_ms"


async def _stored(tx: Tx, key: str) -> Transfer | None:
    row = await tx.fetchone("SELECT kind, at_ms, memo FROM ledger_transfers WHERE key = ?", key)
    if row is None:
        return None
    postings = await tx.fetchall(
        "SELECT account, amount FROM ledger_entries WHERE transfer_key = ? ORDER BY account", key
    )
    return Transfer(key, row[0], tuple(Posting(a, n) for a, n in postings), row[1], tx.unjson(row[2]))


async def _begin(tx: Tx, key: str, kind: str, at_ms: int, memo: dict[str, Any]) -> Transfer | None:
    """Claim the key: None when this transaction claimed it, else the transfer stored under it.
    A concurrent writer of the same key holds the row until it commits or rolls back."""
    written = await tx.execute(
        "INSERT INTO ledger_transfers (key, kind, at_ms, memo) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO NOTHING",
        key,
        kind,
        at_ms,
        tx.json(memo),
    )
    if written:
        return None
    prior = await _stored(tx, key)
    assert prior is not None
    return prior


async def _post(tx: Tx, key: str, postings: Sequence[Posting]) -> None:
    # Accounts in one order everywhere, so two transfers never wait on each other in a ring.
    for posting in sorted(postings, key=lambda p: p.account):
        await tx.execute(
            "INSERT INTO ledger_accounts (account, balance) VALUES (?, 0) ON CONFLICT DO NOTHING", posting.account
        )
        try:
            await tx.execute(
                "UPDATE ledger_accounts SET balance = balance + ? WHERE account = ?", posting.amount, posting.account
            )
        except CheckViolation:  # this account would go below zero
            raise InsufficientFunds(posting.account) from None
    await tx.executemany(
        "INSERT INTO ledger_entries (transfer_key, account, amount) VALUES (?, ?, ?)",
        [(key, p.account, p.amount) for p in postings],
    )


async def _paid_to_the_living(tx: Tx, postings: Sequence[Posting]) -> tuple[Posting, ...]:
    """The postings, with what they pay into a deleted player's wallet paid to the mint instead
    (a pot or a refund after the deletion: nobody could ever see those coins). The wallets'
    players are locked first, so a deletion, which empties the wallet in its own transaction,
    comes wholly before this transfer or after it."""
    paid = {p.account.removeprefix(WALLET): p for p in postings if p.account.startswith(WALLET) and p.amount > 0}
    gone = await deleted_among(tx, list(paid), lock=True) if paid else set()
    if not gone:
        return tuple(postings)
    kept = [p for p in postings if p.account not in {WALLET + player for player in gone}]
    returned = sum(paid[player].amount for player in gone)
    minted = sum(p.amount for p in kept if p.account == MINT) + returned
    return (*(p for p in kept if p.account != MINT), *((Posting(MINT, minted),) if minted else ()))


async def empty_wallet(tx: Tx, key: str, account: str, at_ms: int) -> None:
    """Every coin of `account` back to the mint, under `key` (once), its balance read in the
    same transaction; nothing is written for an empty wallet."""
    rows = await tx.fetchall(
        f"SELECT account, balance FROM ledger_accounts WHERE account IN (?, ?) ORDER BY account{tx.dialect.for_update}",
        MINT,
        account,
    )
    balance = {a: b for a, b in rows}.get(account, 0)
    if balance <= 0 or await _begin(tx, key, "delete", at_ms, {}) is not None:
        return
    await _post(tx, key, (Posting(account, -balance), Posting(MINT, balance)))


async def _change_escrow(tx: Tx, change: EscrowChange, at_ms: int) -> None:
    if change.status == "open":
        opened = await tx.execute(
            "INSERT INTO ledger_escrows (table_id, amount, players, status, opened_ms) VALUES (?, ?, ?, 'open', ?)"
            " ON CONFLICT DO NOTHING",
            change.table,
            change.amount,
            tx.json(list(change.players)),
            at_ms,
        )
        if opened != 1:
            raise EscrowConflict(f"escrow {change.table} exists")
        return
    closed = await tx.execute(
        "UPDATE ledger_escrows SET status = ?, closed_ms = ? WHERE table_id = ? AND status = 'open'",
        change.status,
        at_ms,
        change.table,
    )
    if closed != 1:
        raise EscrowConflict(f"escrow {change.table} is not open")


def _escrow(tx: Tx, row: Sequence[Any]) -> Escrow:
    table, amount, players, status, opened, closed = row
    return Escrow(table, amount, tx.unjson(players), status, opened, closed)


class Ledger:
    FLAT = (
        "ledger_transfer",
        "ledger_daily_top_up",
        "ledger_balance",
        "ledger_balances",
        "ledger_transfer_by_key",
        "ledger_history",
        "ledger_escrow",
        "ledger_escrows",
    )

    def __init__(self, backend: Backend) -> None:
        self._backend = backend

    async def ledger_transfer(self, transfer: Transfer, escrow: EscrowChange | None = None) -> tuple[Transfer, bool]:
        """Write the transfer once: (the stored transfer, True if this call wrote it).
        Raises InsufficientFunds or EscrowConflict (nothing written)."""
        check_balanced(transfer)

        async def work(tx: Tx) -> tuple[Transfer, bool]:
            prior = await _begin(tx, transfer.key, transfer.kind, transfer.at_ms, transfer.memo)
            if prior is not None:
                return prior, False
            if escrow is not None:  # before the postings: a closed escrow is a conflict, not a shortfall
                await _change_escrow(tx, escrow, transfer.at_ms)
            written = replace(transfer, postings=await _paid_to_the_living(tx, transfer.postings))
            await _post(tx, written.key, written.postings)
            return written, True

        return await self._backend.write(work)

    async def ledger_daily_top_up(self, key: str, account: str, up_to: int, at_ms: int) -> tuple[Transfer, bool]:
        """Once per `key`: fill `account` up to `up_to` from the mint, reading its balance in
        the same transaction. Written even when nothing is missing (a transfer without
        postings), so only the first look of a day can fill a wallet."""

        async def work(tx: Tx) -> tuple[Transfer, bool]:
            memo = {"up_to": up_to}
            prior = await _begin(tx, key, "top_up", at_ms, memo)
            if prior is not None:
                return prior, False
            accounts = sorted({MINT, account})
            await tx.executemany(
                "INSERT INTO ledger_accounts (account, balance) VALUES (?, 0) ON CONFLICT DO NOTHING",
                [(a,) for a in accounts],
            )
            # Both rows locked in the one order every transfer uses, so the balance read stays true.
            rows = await tx.fetchall(
                "SELECT account, balance FROM ledger_accounts WHERE account IN (?, ?)"
                f" ORDER BY account{tx.dialect.for_update}",
                MINT,
                account,
            )
            missing = up_to - {a: b for a, b in rows}[account]
            postings = (Posting(MINT, -missing), Posting(account, missing)) if missing > 0 else ()
            await _post(tx, key, postings)
            return Transfer(key, "top_up", tuple(sorted(postings, key=lambda p: p.account)), at_ms, memo), True

        return await self._backend.write(work)

    async def ledger_balance(self, account: str) -> int:
        async def work(tx: Tx) -> int:
            row = await tx.fetchone("SELECT balance FROM ledger_accounts WHERE account = ?", account)
            return row[0] if row else 0

        return await self._backend.read(work)

    async def ledger_balances(self) -> dict[str, int]:
        """Every account's balance, read at one instant."""

        async def work(tx: Tx) -> dict[str, int]:
            return {a: b for a, b in await tx.fetchall("SELECT account, balance FROM ledger_accounts")}

        return await self._backend.read(work)

    async def ledger_transfer_by_key(self, key: str) -> Transfer | None:
        async def work(tx: Tx) -> Transfer | None:
            return await _stored(tx, key)

        return await self._backend.read(work)

    async def ledger_history(self, account: str) -> list[Transfer]:
        """Every transfer that touched the account, oldest first."""

        async def work(tx: Tx) -> list[Transfer]:
            keys = await tx.fetchall(
                "SELECT t.key FROM ledger_entries e JOIN ledger_transfers t ON t.key = e.transfer_key"
                f" WHERE e.account = ? ORDER BY t.at_ms, {tx.dialect.transfer_order}",
                account,
            )
            return [await _stored(tx, key) for (key,) in keys]  # type: ignore[misc]

        return await self._backend.read(work)

    async def ledger_escrow(self, table: str) -> Escrow | None:
        async def work(tx: Tx) -> Escrow | None:
            row = await tx.fetchone(f"SELECT {_ESCROW_COLUMNS} FROM ledger_escrows WHERE table_id = ?", table)
            return _escrow(tx, row) if row else None

        return await self._backend.read(work)

    async def ledger_escrows(self, status: str | None = None) -> list[Escrow]:
        """Every escrow (or those with this status), by table."""

        async def work(tx: Tx) -> list[Escrow]:
            rows = await tx.fetchall(
                f"SELECT {_ESCROW_COLUMNS} FROM ledger_escrows WHERE CAST(? AS TEXT) IS NULL OR status = ?"
                " ORDER BY table_id",
                status,
                status,
            )
            return [_escrow(tx, row) for row in rows]

        return await self._backend.read(work)
