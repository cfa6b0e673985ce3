"""One client connection: a bounded send queue and its own writer, so one slow phone never
stalls a room (the fan-out only enqueues).

An idle connection holds no queue and no writer: the queue comes with the first message
waiting and the writer runs while there is something to write. Thousands of players who are
thinking cost a socket each, not a socket, a queue, a task and the last update they got.
The WebSocket's own object is its send queue (a subclass of SendQueue), so an idle socket
keeps one object here rather than two and a pair of bound methods."""

from __future__ import annotations

import asyncio
import logging
from collections import Counter, deque
from collections.abc import Iterable
from typing import Any, Awaitable, Callable

from lobby.room import Ticket

log = logging.getLogger(__name__)

SEND_QUEUE = 256  # messages waiting behind the one being written, at most
ROOM_STATUSES = ("waiting", "playing", "finished")
CLOSE_GRACE_S = 2.0  # how long a closing connection's writer may take to write what was queued


def rooms_by_status(rooms: Iterable[tuple[str, Iterable[object]]]) -> dict[str, int]:
    """The rooms with a connection on this process (the hub's rooms and their subscribers),
    by the status their connections' last message told."""
    status_of: dict[str, str] = {}
    for code, subscribers in rooms:
        status = next((s for s in (getattr(c, "room_status", "") for c in subscribers) if s), "")
        if status:
            status_of[code] = status
    counts = Counter(status_of.values())
    return {status: counts.get(status, 0) for status in (*ROOM_STATUSES, *counts)}


class SendQueue:
    """A Subscriber for the lobby's hub. A subclass says how one message reaches the wire
    (`write`) and what a client too far behind gets (`overflow`, which closes it).

    Messages are written one at a time, in the order they were sent. More than SEND_QUEUE
    waiting (the client reads slower than its room plays) calls `overflow`; a failed write
    closes the connection quietly (the reader notices the socket is gone)."""

    __slots__ = ("ticket", "room_status", "closed", "_pending", "_writer")

    def __init__(self) -> None:
        self.ticket: Ticket | None = None
        self.room_status = ""
        self.closed = False
        self._pending: deque[dict[str, Any]] | None = None  # None: nothing waiting
        self._writer: asyncio.Task[None] | None = None  # None: nothing being written

    def write(self, message: dict[str, Any]) -> Awaitable[None]:
        """Deliver one message to the wire."""
        raise NotImplementedError

    def overflow(self) -> None:
        """Close a connection whose client is SEND_QUEUE messages behind."""
        raise NotImplementedError

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
            self.overflow()
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
                    await self.write(pending.popleft())
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
        writer = self._writer
        if writer is None:
            return
        if overflowed:
            writer.cancel()
        try:
            await asyncio.wait_for(writer, CLOSE_GRACE_S)
        except (TimeoutError, asyncio.CancelledError):
            writer.cancel()


class QueuedConnection(SendQueue):
    """A SendQueue that writes and overflows through the callables it is given (the gRPC stream)."""

    __slots__ = ("_write", "_on_overflow")

    def __init__(self, write: Callable[[dict[str, Any]], Awaitable[None]], on_overflow: Callable[[], None]) -> None:
        super().__init__()
        self._write = write
        self._on_overflow = on_overflow

    def write(self, message: dict[str, Any]) -> Awaitable[None]:
        return self._write(message)

    def overflow(self) -> None:
        self._on_overflow()
