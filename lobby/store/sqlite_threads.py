"""The SQLite store's connections: one writer thread that commits waiting writes in groups, and
read connections beside it (WAL)."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, NamedTuple, TypeVar

T = TypeVar("T")

# Writes per transaction at most: bounds one batch's undo work and the wait of its first write.
BATCH_WRITES = 64
# Read connections, one per thread: reads run beside the writer and each other (WAL), while
# their JSON decoding holds the GIL, so a few threads are enough on a small machine.
READ_THREADS = 4
BUSY_TIMEOUT_MS = 5_000  # how long the writer waits for a lock another connection holds


class _Write(NamedTuple):
    work: Callable[[sqlite3.Connection], Any]
    future: asyncio.Future[Any]


# A write's future, and its result or its exception.
_Outcome = tuple[asyncio.Future[Any], Any, BaseException | None]


def _settle(outcomes: list[_Outcome]) -> None:
    """On the caller's loop: hand each write its result or its own exception."""
    for future, result, error in outcomes:
        if future.done():  # cancelled: the caller stopped waiting, the write itself stands
            continue
        if error is None:
            future.set_result(result)
        else:
            future.set_exception(error)


class Writer:
    """The one thread that writes: it owns the write connection and commits writes in groups.

    With every store call on `asyncio.to_thread` and one lock around one connection, profiled
    under load, that lock was busy 82-90 % of the time, held about 0.96 ms per call (two calls a
    move, mostly the fsync of COMMIT), and calls waited about 96 ms for an executor thread: the
    store, not the game, capped moves per second. So the writes queue here, and the writer takes every write waiting (up to `BATCH_WRITES`) into ONE transaction, one fsync for
    all of them. Each write runs in a SAVEPOINT of its own: one that raises is undone alone and
    only its caller gets the exception. No caller hears of its write before COMMIT has returned
    (synchronous=FULL: the write is on disk), and a COMMIT that fails fails every write it carried.
    Writes run in the order they were queued, so a later write sees the earlier ones.
    """

    def __init__(self, connect: Callable[[], sqlite3.Connection]) -> None:
        self._connect = connect
        self._queue: queue.SimpleQueue[_Write | None] = queue.SimpleQueue()  # None: stop
        self._thread = threading.Thread(target=self._main, name="sqlite-writer", daemon=True)
        self.commits = 0  # transactions committed: one per batch
        self.writes = 0  # writes those transactions carried
        self.written_here = 0  # of them, written on the caller's thread (`write_now`)
        # Whoever uses the connection holds this: the writer thread for a batch, or the event
        # loop's thread for a write of its own while no other is under way (`write_now`).
        self._connection_turn = threading.Lock()
        self._db: sqlite3.Connection | None = None
        self._in_flight = 0  # writes submitted and not yet settled (counted on the loop's thread)
        self.claimed = False  # a write looks whether it will be alone (`SqliteStore._write_soon`)

    async def start(self) -> None:
        """Connect and migrate on the writer thread; raises what connecting raised."""
        loop = asyncio.get_running_loop()
        self._ready: asyncio.Future[None] = loop.create_future()
        self._stopped: asyncio.Future[None] = loop.create_future()
        self._thread.start()
        await self._ready

    def submit(self, work: Callable[[sqlite3.Connection], T]) -> asyncio.Future[T]:
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._in_flight += 1
        future.add_done_callback(self._settled)
        self._queue.put(_Write(work, future))
        return future

    def _settled(self, _future: asyncio.Future[Any]) -> None:
        self._in_flight -= 1

    def busy(self) -> bool:
        """A write is queued or being committed."""
        return self._in_flight > 0

    def write_now(self, work: Callable[[sqlite3.Connection], T]) -> tuple[bool, T | None]:
        """`work` committed on the calling thread when no other write is under way: (True, its
        result); it raises what `work` or the COMMIT raised. (False, None), writing nothing, when
        another write is queued or being committed: then it goes through `submit` and its group.

        A lone write gains nothing from the writer's group commit and pays two thread hops for
        it (to the writer and back to the loop). Here it holds the loop for its commit instead
        (the fsync, some 0.2 ms on this machine): only while no other write is under way, so
        under load, when writes gather, they keep the writer thread and its group commit."""
        db = self._db
        if db is None or self._in_flight or not self._connection_turn.acquire(blocking=False):
            return False, None
        try:
            # Never wait here for a lock another connection holds (a backup, a second process):
            # the loop would stand still for the busy timeout. The writer thread waits instead.
            db.execute("PRAGMA busy_timeout=0")
            try:
                db.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError:
                return False, None
            finally:
                db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            # Alone in its transaction: no savepoint to undo it alone by.
            try:
                result = work(db)
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
        finally:
            self._connection_turn.release()
        self.commits += 1
        self.writes += 1
        self.written_here += 1
        return True, result

    async def stop(self) -> None:
        """Finish every write queued before this call, then close the connection."""
        self._queue.put(None)
        await self._stopped

    def _main(self) -> None:
        try:
            db = self._connect()
        except BaseException as error:
            self._deliver([(self._ready, None, error), (self._stopped, None, None)])
            return
        self._db = db
        self._deliver([(self._ready, None, None)])
        stopping = False
        try:
            while not stopping:
                batch = [self._queue.get()]
                while len(batch) < BATCH_WRITES:
                    try:
                        batch.append(self._queue.get_nowait())
                    except queue.Empty:
                        break
                writes = [write for write in batch if write is not None]
                stopping = len(writes) < len(batch)
                if writes:
                    with self._connection_turn:
                        outcomes = self._commit(db, writes)
                    self._deliver(outcomes)
        finally:
            with self._connection_turn:
                self._db = None
            # Nothing is queued after the stop unless the store was misused; never leave it waiting.
            while True:
                try:
                    write = self._queue.get_nowait()
                except queue.Empty:
                    break
                if write is not None:
                    self._deliver([(write.future, None, RuntimeError("store closed"))])
            db.close()
            self._deliver([(self._stopped, None, None)])

    def _commit(self, db: sqlite3.Connection, writes: list[_Write]) -> list[_Outcome]:
        """Run `writes` in one transaction; each one's result or exception, once COMMIT is done."""
        given_up: list[_Outcome] = []
        try:
            while True:
                db.execute("BEGIN IMMEDIATE")
                outcomes: list[_Outcome] = []
                lost: _Write | None = None
                for write in writes:
                    db.execute("SAVEPOINT write")
                    try:
                        result = write.work(db)
                    except BaseException as error:
                        if not db.in_transaction:
                            # SQLite undid the whole transaction itself (I/O error, disk full): this
                            # write gets its error, the others run again in a new transaction.
                            given_up.append((write.future, None, error))
                            lost = write
                            break
                        db.execute("ROLLBACK TO write")
                        db.execute("RELEASE write")
                        outcomes.append((write.future, None, error))
                    else:
                        db.execute("RELEASE write")
                        outcomes.append((write.future, result, None))
                if lost is None:
                    break
                writes = [write for write in writes if write is not lost]
            db.execute("COMMIT")
        except BaseException as error:
            # BEGIN (no write lock within busy_timeout) or COMMIT failed: none of the batch was written.
            if db.in_transaction:
                db.execute("ROLLBACK")
            return given_up + [(write.future, None, error) for write in writes]
        self.commits += 1
        self.writes += len(outcomes)
        return given_up + outcomes

    @staticmethod
    def _deliver(outcomes: list[_Outcome]) -> None:
        """Wake each caller's loop once per batch, not once per write."""
        by_loop: dict[asyncio.AbstractEventLoop, list[_Outcome]] = {}
        for outcome in outcomes:
            by_loop.setdefault(outcome[0].get_loop(), []).append(outcome)
        for loop, theirs in by_loop.items():
            with contextlib.suppress(RuntimeError):  # that loop is closed: nobody waits any more
                loop.call_soon_threadsafe(_settle, theirs)


class Readers:
    """Reads on connections of their own, beside the writer: in WAL mode they never wait for it.

    One connection per thread of a small pool. Each read is one short transaction (BEGIN ...
    COMMIT): it reads one snapshot, and no snapshot is held across calls, so a read started after
    a write was answered sees that write. The connections are `query_only`: a write sent here by
    mistake fails loudly instead of racing the writer.
    """

    def __init__(self, path: str, threads: int) -> None:
        self._path = path
        self._executor = ThreadPoolExecutor(threads, thread_name_prefix="sqlite-read")
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []

    async def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, self._read, work)

    def run_here(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """`work` on the calling thread (the event loop's), on a connection of its own. For the
        move path's one-row reads by primary key: a few tens of microseconds in WAL mode, where a
        reader never waits for the writer, against some 0.1 ms for the hop to a pool thread and
        back (bench/move_floor.py's 'rest of the lobby')."""
        return self._read(work)

    def _read(self, work: Callable[[sqlite3.Connection], T]) -> T:
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self._path, check_same_thread=False, isolation_level=None)
            db.execute("PRAGMA busy_timeout=5000")
            db.execute("PRAGMA query_only=ON")
            self._local.db = db
            self._connections.append(db)  # list.append is atomic; closed by `close` only
        db.execute("BEGIN")
        try:
            return work(db)
        finally:
            db.execute("COMMIT")  # ends the read: nothing to write

    async def close(self) -> None:
        await asyncio.to_thread(self._executor.shutdown, True)
        for db in self._connections:
            db.close()
