"""One client connection: a bounded send queue and its own writer, so one slow phone never
stalls a room (the fan-out only enqueues).

An idle connection holds no queue and no writer: the queue comes with the first message
waiting and the writer runs while there is something to write. Thousands of players who are
thinking cost a socket each, not a socket, a queue, a task and the last update they got."""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections import Counter, deque
from typing import Any, Awaitable, Callable

from lobby.room import Ticket

log = logging.getLogger(__name__)

SEND_QUEUE = 256  # messages waiting behind the one being written, at most
ROOM_STATUSES = ("waiting", "playing", "finished")
CLOSE_GRACE_S = 2.0  # how long a closing connection's writer may take to write what was queued
_OPEN: weakref.WeakSet[QueuedConnection] = weakref.WeakSet()


def rooms_by_status() -> dict[str, int]:
    """The rooms with a connection on this process, by the status their last message told."""
    status_of = {c.ticket.code: c.room_status for c in list(_OPEN) if c.ticket is not None and c.room_status}
    counts = Counter(status_of.values())
    return {status: counts.get(status, 0) for status in (*ROOM_STATUSES, *counts)}


class QueuedConnection:
    """A Subscriber for the lobby's hub. `write` delivers one message to the wire.

    Messages are written one at a time, in the order they were sent. More than SEND_QUEUE
    waiting (the client reads slower than its room plays) closes the connection through
    `on_overflow`; a failed write closes it quietly (the reader notices the socket is gone)."""

    __slots__ = ("ticket", "room_status", "closed", "_write", "_on_overflow", "_pending", "_writer", "__weakref__")

    def __init__(self, write: Callable[[dict[str, Any]], Awaitable[None]], on_overflow: Callable[[], None]) -> None:
        self.ticket: Ticket | None = None
        self.room_status = ""
        self.closed = False
        self._write = write
        self._on_overflow = on_overflow
        self._pending: deque[dict[str, Any]] | None = None  # None: nothing waiting
        self._writer: asyncio.Task[None] | None = None  # None: nothing being written
        _OPEN.add(self)

    @property
    def idle(self) -> bool:
        """Nothing waiting and no writer alive."""
        return self._pending is None and self._writer is None

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        body = message.get("update") or message.get("welcome")
        if body is not None:
            self.room_status = body.get("room", {}).get("status", self.room_status)
        if self._pending is None:
            self._pending = deque()
        elif len(self._pending) >= SEND_QUEUE:
            # A client this far behind resyncs after reconnecting; dropping it is kinder to the room.
            log.info("send queue full; closing a slow connection")
            self.closed = True
            self._on_overflow()
            return
        self._pending.append(message)
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        """Write what is waiting, oldest first; end (and let go of the queue) once it is empty."""
        pending = self._pending
        try:
            while pending:
                try:
                    await self._write(pending.popleft())
                except Exception:  # the socket went away; the reader notices and cleans up
                    self.closed = True
                    return
        finally:
            # Nothing of a written message stays referenced by an idle connection.
            self._pending = None
            self._writer = None

    async def close(self) -> None:
        """No more messages; what is queued gets CLOSE_GRACE_S to be written (none when the
        queue overflowed: that client is not reading)."""
        overflowed = self._pending is not None and len(self._pending) >= SEND_QUEUE
        self.closed = True
        _OPEN.discard(self)
        writer = self._writer
        if writer is None:
            return
        if overflowed:
            writer.cancel()
        try:
            await asyncio.wait_for(writer, CLOSE_GRACE_S)
        except (TimeoutError, asyncio.CancelledError):
            writer.cancel()
