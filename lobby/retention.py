"""Retention: rooms untouched for the retention period are deleted (their finished games stay
for replays and statistics); accounts' sessions that can sign nobody in any more are forgotten."""

from __future__ import annotations

import asyncio
import logging

from .context import LobbyContext
from .players import SESSION_IDLE_MS

log = logging.getLogger(__name__)

RETENTION_SWEEP_MS = 3_600_000  # at most this long between retention sweeps (lobby time)


class Retention:
    def __init__(self, ctx: LobbyContext) -> None:
        self.ctx = ctx

    async def expire_rooms(self) -> list[str]:
        """Delete the rooms untouched for the retention period: at rest (finished, or waiting:
        abandoned), or in play but left for good (a table waits for its players while none of
        them is there, lobby/clocks.py, so only this ends it)."""
        retention = self.ctx.settings.retention_ms
        if retention <= 0:
            return []
        expired: list[str] = []
        while batch := await self.ctx.store.expire_rooms(self.ctx.now_ms() - retention):
            expired += batch
        for code in expired:
            # Nothing of the room is left to write: forget this process's part of it.
            self.ctx.latest.forget(code)
            if not self.ctx.hub.subscribers(code) and self.ctx.idle(code):
                self.ctx.rooms.pop(code, None)
        if expired:
            log.info("expired %d rooms", len(expired))
        return expired

    async def sweep_sessions(self) -> int:
        """Forget devices' sessions idle past their expiry and sessions revoked longer ago than
        the retention period (until then their tokens are refused as revoked), and expired
        ceremony challenges."""
        now = self.ctx.now_ms()
        swept = await self.ctx.store.sweep_sessions(now - SESSION_IDLE_MS, now - self.ctx.settings.retention_ms, now)
        if swept:
            log.info("forgot %d sessions", swept)
        return swept

    async def expire_forever(self) -> None:
        """Each replica sweeps a quarter of the retention period apart (an hour at most);
        sweeps on several replicas at once are harmless (a room is deleted once)."""
        settings = self.ctx.settings
        if settings.retention_ms <= 0:
            return
        every_ms = min(RETENTION_SWEEP_MS, settings.retention_ms // 4)
        while True:
            try:
                await self.expire_rooms()
                await self.sweep_sessions()
            except Exception:
                log.warning("the retention sweep failed; trying again later", exc_info=True)
            await asyncio.sleep(max(1.0, every_ms / 1000 / settings.clock_rate))
