"""One client connection: a bounded send queue and its own writer, so one slow phone never
stalls a room (the fan-out only enqueues)."""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections import Counter
from typing import Any, Awaitable, Callable

from lobby.room import Ticket

log = logging.getLogger(__name__)

SEND_QUEUE = 256
ROOM_STATUSES = ("waiting", "playing", "finished")
_OPEN: weakref.WeakSet[QueuedConnection] = weakref.WeakSet()


def rooms_by_status() -> dict[str, int]:
    """The rooms with a connection on this process, by the status their last message told."""
    status_of = {c.ticket.code: c.room_status for c in list(_OPEN) if c.ticket is not None and c.room_status}
    counts = Counter(status_of.values())
    return {status: counts.get(status, 0) for status in (*ROOM_STATUSES, *counts)}


class QueuedConnection:
    """A Subscriber for the lobby's hub. `write` delivers one message to the wire."""

    def __init__(self, write: Callable[[dict[str, Any]], Awaitable[None]], on_overflow: Callable[[], None]) -> None:
        self.ticket: Ticket | None = None
        self.room_status = ""
        self._queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(SEND_QUEUE)
        self._write = write
        self._on_overflow = on_overflow
        self._writer = asyncio.get_running_loop().create_task(self._drain())
        self.closed = False
        _OPEN.add(self)

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        body = message.get("update") or message.get("welcome")
        if body is not None:
            self.room_status = body.get("room", {}).get("status", self.room_status)
        try:
            self._queue.put_nowait(message)
        except asyncio.QueueFull:
            # A client this far behind resyncs after reconnecting; dropping it is kinder to the room.
            log.info("send queue full; closing a slow connection")
            self.closed = True
            self._on_overflow()

    async def _drain(self) -> None:
        while True:
            message = await self._queue.get()
            if message is None:
                return
            try:
                await self._write(message)
            except Exception:  # the socket went away; the reader notices and cleans up
                self.closed = True
                return

    async def close(self) -> None:
        self.closed = True
        _OPEN.discard(self)
        try:
            self._queue.put_nowait(None)
        except asyncio.QueueFull:
            self._writer.cancel()
        try:
            await asyncio.wait_for(self._writer, 2)
        except (TimeoutError, asyncio.CancelledError):
            self._writer.cancel()
