"""The PostgreSQL store's room writer: a replica's waiting room writes in one call of the
`write_rooms` function (migration 12), one round trip and one commit for all of them."""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable, NamedTuple

import asyncpg

from ..jsontext import dumps

# Writes per call at most. Each is a subtransaction, and a backend remembers up to 64 of its
# own (PGPROC_MAX_CACHED_SUBXIDS): past that every other backend's snapshot looks them up on disk.
BATCH_WRITES = 64
# How long a grouped write waits for a row another transaction holds (another replica's group,
# the retention sweep) before it is tried again in the next group: two groups that each hold
# what the other wants never wait for the deadlock detector's second.
LOCK_TIMEOUT_MS = 200
RETRIES = 10  # groups a write is tried in before its lock timeout is its caller's error
WRITER_CONNECTIONS = 2  # groups in flight at once (Writer)
_LOCKED = frozenset({"55P03", "40P01"})  # lock_not_available, deadlock_detected


class _Write(NamedTuple):
    op: str  # one element of write_rooms' argument, as JSON text
    future: asyncio.Future[Any]
    tries: int = 0  # groups it met a lock in


class Writer:
    """Room writes in groups, as the SQLite store's writer does, on connections of their own.

    A write at a time was one call and one transaction each: one WAL flush a move, and under load
    as many connections as the pool has, each waiting for its own flush. Here every room write
    waiting when a writer connection is free (up to `BATCH_WRITES`) goes to the server in ONE
    call of the `write_rooms` function (migration 12): one round trip, one transaction, one WAL
    flush for all of them. Each write runs in a subtransaction of its own, so one that fails is
    undone alone and only its caller gets the error. The call is a transaction of its own
    (autocommit), so it returns only once COMMIT is done: no caller hears of its write before it
    is durable, and a call that fails fails every write it carried.

    `WRITER_CONNECTIONS` groups may be in flight at once: with one, the writes arriving during a
    group's WAL flush waited for it to end before they could even be sent (measured: slower
    than a write per transaction at ten rooms); with two, the next group runs while the last one
    flushes, and PostgreSQL flushes both at once when they meet. A write sent after another was
    answered sees it; writes in flight together are independent (the lobby writes a room only
    after its previous write was answered).
    """

    def __init__(self, connect: Callable[[], Awaitable[asyncpg.Connection]]) -> None:
        self._connect = connect
        self._queue: asyncio.Queue[_Write | None] = asyncio.Queue()  # None: stop
        self._idle: asyncio.Queue[asyncpg.Connection | None] = asyncio.Queue()  # None: connect again
        self._task: asyncio.Task[None] | None = None
        self.commits = 0  # calls that committed writes: one per group
        self.writes = 0  # writes those calls carried

    async def start(self) -> None:
        connections = [await self._connect() for _ in range(WRITER_CONNECTIONS)]
        for connection in connections:
            self._idle.put_nowait(connection)
        self._task = asyncio.get_running_loop().create_task(self._main(), name="postgres-writer")

    def submit(self, op: dict[str, Any]) -> asyncio.Future[Any]:
        """Queue a write; what its JSON refuses is raised here, to its own caller."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(_Write(dumps(op), future))
        return future

    async def stop(self) -> None:
        """Finish every write sent before this call, then close the connections."""
        self._queue.put_nowait(None)
        if self._task is not None:
            await self._task
        while not self._idle.empty():
            connection = self._idle.get_nowait()
            if connection is not None:
                await connection.close()

    async def _main(self) -> None:
        loop = asyncio.get_running_loop()
        running: set[asyncio.Task[None]] = set()
        stopping = False
        while True:
            connection = await self._idle.get()  # writes gather in the queue while none is free
            batch: list[_Write] = []
            while len(batch) < BATCH_WRITES:
                if batch or stopping:
                    try:
                        write = self._queue.get_nowait()
                    except asyncio.QueueEmpty:
                        break
                else:
                    write = await self._queue.get()
                if write is None:
                    stopping = True
                else:
                    batch.append(write)
            if batch:
                task = loop.create_task(self._commit(connection, batch))
                running.add(task)
                task.add_done_callback(running.discard)
                continue
            self._idle.put_nowait(connection)
            if not running:  # stopping, nothing queued, nothing in flight
                break
            await asyncio.wait(set(running))  # they may send writes that met a lock back
        # Nothing is sent after the stop unless the store was misused; never leave it waiting.
        while not self._queue.empty():
            write = self._queue.get_nowait()
            if write is not None:
                _settle(write.future, None, RuntimeError("store closed"))

    async def _commit(self, connection: asyncpg.Connection | None, batch: list[_Write]) -> None:
        try:
            if connection is None or connection.is_closed():
                connection = None
                connection = await self._connect()
            await self._call(connection, batch)
        except Exception as error:  # the call failed whole (connection lost...): none of it is known written
            for write in batch:
                _settle(write.future, None, error)
        finally:
            self._idle.put_nowait(connection)

    async def _call(self, connection: asyncpg.Connection, batch: list[_Write]) -> None:
        try:
            outcomes = await connection.fetchval(
                "SELECT write_rooms($1::text::jsonb)", "[" + ",".join(w.op for w in batch) + "]"
            )
        except asyncpg.DataError as error:
            if len(batch) == 1:
                _settle(batch[0].future, None, error)
                return
            # Text jsonb refuses in one write (a NUL character...) fails the whole argument: each
            # write alone, so only its own caller hears of it.
            for write in batch:
                await self._call(connection, [write])
            return
        written = 0
        for write, outcome in zip(batch, outcomes, strict=True):
            if "ok" in outcome:
                written += 1
                _settle(write.future, outcome["ok"], None)
            elif outcome["sqlstate"] in _LOCKED and write.tries + 1 < RETRIES:
                self._queue.put_nowait(write._replace(tries=write.tries + 1))  # in a later group
            else:
                error = asyncpg.PostgresError.new({"C": outcome["sqlstate"], "M": outcome["message"]})
                _settle(write.future, None, error)
        if written:  # a call whose every write met a lock committed nothing
            self.commits += 1
            self.writes += written


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.done():  # cancelled: the caller stopped waiting, the write itself stands
        return
    if error is None:
        future.set_result(result)
    else:
        future.set_exception(error)
