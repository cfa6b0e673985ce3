"""The coin ledger for staked tables (Hau Hau, poker, blackjack duel, Mensch).

Double-entry: every change of a balance is a transfer whose postings sum to zero, so the sum
over all accounts never changes. Coins enter through the `mint` account (a wallet's starting
balance, the daily top-up); the mint is the only account that may be negative, and its balance
is minus every coin in circulation. Every transfer has an idempotency key: a call repeated
after a timeout, a crash or on another replica finds the first one and writes nothing.

A table's life: `escrow_stakes` moves each player's stake into `escrow:<table>` (all players or
none); when it ends, `settle` pays the pot out, or when it is abandoned `refund` gives the
stakes back. Settle and refund share one key per table, so whichever comes first closes the
escrow and every later call, of either kind, gets that first transfer back. What either would
pay a deleted player goes back to the mint (lobby/store/ledger.py), as their wallet did.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Callable, Mapping, Sequence, TypeVar

from .store import HOUSE, MINT, WALLET, Escrow, EscrowChange, LedgerError, Posting, Store, Transfer

K = TypeVar("K", str, int)  # a player id, or a seat number

STARTING_BALANCE = 1000
DAILY_TOP_UP_TO = 1000  # the first look at a wallet on a new (UTC) day, and only that, fills it up to this


def wallet_account(player: str) -> str:
    return WALLET + player


def escrow_account(table: str) -> str:
    return f"escrow:{table}"


def split_by_placings(pot: int, placings: Mapping[K, int]) -> dict[K, int]:
    """Whoever placed first shares the pot (a tie splits it); the odd coins go to the house."""
    if not placings:
        return {}
    best = min(placings.values())
    winners = sorted(p for p, place in placings.items() if place == best)
    share = pot // len(winners)
    return {p: share for p in winners}


class Ledger:
    def __init__(
        self,
        store: Store,
        clock: Callable[[], float] = time.time,
        starting_balance: int = STARTING_BALANCE,
        top_up_to: int = DAILY_TOP_UP_TO,
    ) -> None:
        self.store = store
        self.clock = clock
        self.starting_balance = starting_balance
        self.top_up_to = top_up_to

    def _now(self) -> int:
        return int(self.clock() * 1000)

    # -- wallets -------------------------------------------------------------------------------------
    async def open_wallet(self, player: str) -> int:
        """Create the wallet with its starting balance (once); its balance."""
        account = wallet_account(player)
        grant = Transfer(
            f"open:{player}",
            "open",
            (Posting(MINT, -self.starting_balance), Posting(account, self.starting_balance)),
            self._now(),
        )
        await self.store.ledger_transfer(grant)
        return await self.store.ledger_balance(account)

    async def wallet(self, player: str) -> int:
        """The balance, after opening the wallet and, on the first look of a (UTC) day,
        filling it up to `top_up_to`. That first look is recorded even when the wallet is
        full, so a wallet emptied later that day (a stake) waits for tomorrow."""
        await self.open_wallet(player)
        day = datetime.fromtimestamp(self.clock(), UTC).date().isoformat()
        await self.store.ledger_daily_top_up(
            f"topup:{player}:{day}", wallet_account(player), self.top_up_to, self._now()
        )
        return await self.store.ledger_balance(wallet_account(player))

    async def balance(self, player: str) -> int:
        return await self.store.ledger_balance(wallet_account(player))

    # -- tables --------------------------------------------------------------------------------------
    async def escrow_stakes(self, table: str, players: Sequence[str], amount: int) -> Escrow:
        """Each player's stake into the table's escrow, all or none (InsufficientFunds names
        the first short wallet). Repeated calls find the escrow already open."""
        if amount <= 0 or not players or len(set(players)) != len(players):
            raise LedgerError("a stake is positive and every player stakes once")
        pot = escrow_account(table)
        postings = (*(Posting(wallet_account(p), -amount) for p in players), Posting(pot, amount * len(players)))
        transfer = Transfer(f"escrow:{table}", "escrow", postings, self._now(), {"table": table})
        await self.store.ledger_transfer(transfer, EscrowChange(table, "open", amount, tuple(players)))
        escrow = await self.store.ledger_escrow(table)
        assert escrow is not None
        return escrow

    async def settle(
        self, table: str, payouts: Mapping[str, int] | None = None, placings: Mapping[str, int] | None = None
    ) -> Transfer:
        """Pay the pot out once: explicit `payouts` (coins per player), or by `placings` (first
        place takes the pot). What the payouts leave of the pot goes to the house. Returns the
        transfer that closed the escrow, which may be an earlier settle or refund."""
        escrow = await self._escrow(table)
        pot = escrow.amount * len(escrow.players)
        if payouts is None:
            payouts = split_by_placings(pot, placings or {})
        if (
            any(p not in escrow.players for p in payouts)
            or any(v < 0 for v in payouts.values())
            or sum(payouts.values()) > pot
        ):
            raise LedgerError(f"payouts {dict(payouts)} do not fit the pot of {table}")
        postings = [Posting(wallet_account(p), v) for p, v in sorted(payouts.items()) if v > 0]
        rest = pot - sum(payouts.values())
        if rest:
            postings.append(Posting(HOUSE, rest))
        return await self._close(table, "settled", [Posting(escrow_account(table), -pot), *postings])

    async def refund(self, table: str) -> Transfer:
        """Every stake back, once (an abandoned table). Returns the transfer that closed it."""
        escrow = await self._escrow(table)
        pot = escrow.amount * len(escrow.players)
        postings = [Posting(wallet_account(p), escrow.amount) for p in escrow.players]
        return await self._close(table, "refunded", [Posting(escrow_account(table), -pot), *postings])

    async def _escrow(self, table: str) -> Escrow:
        escrow = await self.store.ledger_escrow(table)
        if escrow is None:
            raise LedgerError(f"no escrow for table {table}")
        return escrow

    async def _close(self, table: str, status: str, postings: list[Posting]) -> Transfer:
        kind = "settle" if status == "settled" else "refund"
        transfer = Transfer(f"close:{table}", kind, tuple(postings), self._now(), {"table": table})
        stored, _ = await self.store.ledger_transfer(transfer, EscrowChange(table, status))
        return stored
