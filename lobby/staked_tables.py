"""The coins of staked tables: each game's escrow, its refund when the game never started, the
pot when it ends, and the sweep that closes what a dead process left open.

The rules of who pays and who is paid are in stakes.py; this is the part that talks to the
ledger. Every call may be repeated (on a retry, on another replica, after a crash): the ledger
opens each escrow once and closes it once.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections import OrderedDict
from typing import Any, Awaitable, Callable

from rulekit import Refusal

from .ledger import Ledger
from .stakes import placings_by_player, stake_of, stakers, table_of
from .store import WALLET, InsufficientFunds, LedgerError

log = logging.getLogger(__name__)

REMEMBERED_PAYOUTS = 10_000  # pots this process knows it paid (a cache: the ledger is the truth)

LoadRoom = Callable[[str], Awaitable[dict[str, Any] | None]]


class StakedTables:
    def __init__(self, ledger: Ledger, load_room: LoadRoom, now_ms: Callable[[], int], sweep_after_ms: int) -> None:
        self.ledger = ledger
        self.load_room = load_room
        self.now_ms = now_ms
        self.sweep_after_ms = sweep_after_ms
        self._paid: OrderedDict[str, None] = OrderedDict()

    async def escrow(self, room: dict[str, Any], number: int, escrows: list[str]) -> dict[str, Any]:
        """Each seat's stake into a new escrow for game `number` (its name carries a random
        part of its own, so a redone attempt never finds an earlier one's: the game's seed is
        committed in advance and stays the same on a retry). The escrow's name is added to
        `escrows` first, so the caller can refund it if this attempt does not become the game.
        Returns what the room keeps: {"table", "amount", "players"}."""
        amount = stake_of(room)
        players = stakers(room, room["seats"])
        table = f"{table_of(room['code'], number)}:{secrets.token_hex(8)}"
        gone = await self.ledger.store.deleted_players(players)
        if gone:
            # A waiting seat whose player deleted the account: their wallet is closed for good.
            seat = min(players.index(p) for p in gone)
            raise Refusal("stake_needs_players", f"the player of seat {seat} deleted the account")
        for player in players:
            await self.ledger.wallet(player)  # opens it, and today's top-up if due
        escrows.append(table)
        try:
            await self.ledger.escrow_stakes(table, players, amount)
        except InsufficientFunds as short:
            escrows.remove(table)  # nothing was written
            short_of = short.account.removeprefix(WALLET)
            seat = players.index(short_of) if short_of in players else -1
            raise Refusal("insufficient_coins", f"seat {seat} cannot pay {amount}") from None
        return {"table": table, "amount": amount, "players": players}

    async def refund_unplayed(self, escrows: list[str], kept: str) -> None:
        """Refund every escrow of `escrows` but the one the room's game holds (`kept`)."""
        for table in escrows:
            if table == kept:
                continue
            try:
                await self.ledger.refund(table)
            except LedgerError:
                log.warning("could not refund escrow %s", table, exc_info=True)

    async def settle(self, room: dict[str, Any]) -> bool:
        """Pay a finished staked game's pot; True when it is paid (now or before)."""
        stake = room.get("stake")
        if room["status"] != "finished" or not stake or room.get("result") is None:
            return False
        if stake["table"] in self._paid:
            return True
        try:
            await self.ledger.settle(stake["table"], placings=placings_by_player(room))
        except LedgerError:
            log.warning("could not settle %s", stake["table"], exc_info=True)
            return False
        self._paid[stake["table"]] = None
        if len(self._paid) > REMEMBERED_PAYOUTS:
            self._paid.popitem(last=False)
        return True

    async def sweep(self) -> int:
        """Close the escrows a dead process left behind; the number closed. An open escrow
        older than `sweep_after_ms` is refunded unless its room plays that game with it; a
        finished game's pot that was never paid is paid."""
        closed = 0
        now = self.now_ms()
        for escrow in await self.ledger.store.ledger_escrows(status="open"):
            if now - escrow.opened_ms < self.sweep_after_ms:
                continue
            room = await self.load_room(escrow.table.split(":", 1)[0])
            if room is not None and (room.get("stake") or {}).get("table") == escrow.table:
                closed += await self.settle(room)
                continue
            try:
                await self.ledger.refund(escrow.table)
                closed += 1
            except LedgerError:
                log.warning("could not refund escrow %s", escrow.table, exc_info=True)
        return closed

    async def sweep_forever(self) -> None:
        """Each replica sweeps every half of `sweep_after_ms`; sweeps on several replicas at
        once are harmless (each escrow closes once)."""
        while True:
            try:
                await self.sweep()
            except Exception:
                log.warning("the stake sweep failed; trying again later", exc_info=True)
            await asyncio.sleep(max(1.0, self.sweep_after_ms / 2000))
