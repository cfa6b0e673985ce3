"""One client connection: a bounded send queue and its own writer, so one slow phone never
stalls a room (the fan-out only enqueues).

An idle connection holds no queue and no writer: a message is written on the call that sends
it when nothing else is being written; the queue and the writer exist only while a write waits
for a slow client. Thousands of players who are
thinking cost a socket each, not a socket, a queue, a task and the last update they got.
The WebSocket's own object is its send queue (a subclass of SendQueue), so an idle socket
keeps one object here rather than two and a pair of bound methods."""

from __future__ import annotations

import asyncio
import logging
import types
from collections import Counter, deque
from collections.abc import Generator, Iterable
from typing import Any, Awaitable, Callable

from lobby.face import Ticket

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
        if self._writer is None:
            # Nothing being written: write it now, on this call. A WebSocket write that fits the
            # socket's buffer never waits, and a task to write it would go out only once the
            # lobby's whole move path has returned to the loop. Only a write that must wait (a
            # slow client) gets a writer, which finishes it and whatever queues behind it.
            unfinished = self._write_at_once(message)
            if unfinished is not None:
                self._pending = deque()
                self._writer = asyncio.get_running_loop().create_task(self._drain(unfinished))
            return
        if self._pending is None:
            self._pending = deque()
        elif len(self._pending) >= SEND_QUEUE:
            # A client this far behind resyncs after reconnecting; dropping it is kinder to the room.
            log.info("send queue full; closing a slow connection")
            self.closed = True
            self.overflow()
            return
        self._pending.append(message)

    def _write_at_once(self, message: dict[str, Any]) -> Awaitable[None] | None:
        """Run `write(message)` up to its first wait: None if it finished (or failed, which
        closes the connection as a failed write in the writer does); else the rest of it."""
        steps = self.write(message).__await__()
        try:
            waiting_for = steps.send(None)
        except StopIteration:
            return None
        except Exception:  # the socket went away; the reader notices and cleans up
            self.closed = True
            return None
        return _rest_of(steps, waiting_for)

    async def _drain(self, unfinished: Awaitable[None]) -> None:
        """Finish the write that had to wait, then write what queued behind it, oldest first;
        end (and let go of the queue) once it is empty."""
        pending = self._pending
        try:
            await unfinished
            while pending:
                await self.write(pending.popleft())
        except Exception:  # the socket went away; the reader notices and cleans up
            self.closed = True
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


@types.coroutine
def _rest_of(steps: Generator[Any, Any, None], waiting_for: Any) -> Generator[Any, Any, None]:
    """The rest of a write started by `SendQueue._write_at_once`: what it waits for is handed on
    to the task that awaits this, and what that task is sent or thrown goes back into the write."""
    while True:
        try:
            sent = yield waiting_for
        except BaseException as error:  # handed to the write, which decides
            try:
                waiting_for = steps.throw(error)
            except StopIteration:
                return
        else:
            try:
                waiting_for = steps.send(sent)
            except StopIteration:
                return


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
