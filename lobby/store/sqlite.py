"""The embedded store: one SQLite file, WAL mode, every write committed before it is answered."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import sqlite3
import threading
from collections.abc import Collection
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, NamedTuple, TypeVar

from ..jsontext import dumps, loads
from .base import (
    ACTIVITY_LAG_MS,
    MINT,
    ROOM_CHANNEL,
    ChatLine,
    Escrow,
    EscrowChange,
    EscrowConflict,
    FinishedGame,
    GameStats,
    GroupCommitted,
    InsufficientFunds,
    MoveRecord,
    Player,
    Posting,
    StoredEvent,
    Transfer,
    check_balanced,
)

T = TypeVar("T")

# Ordered; PRAGMA user_version says how many have run. Never edit one that has shipped.
MIGRATIONS: list[str] = [
    """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    revision INTEGER NOT NULL,
    data TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'waiting',
    updated_ms INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    visible_to TEXT,
    event TEXT NOT NULL,
    PRIMARY KEY (code, number)
);
CREATE TABLE IF NOT EXISTS move_answers (
    code TEXT NOT NULL,
    key TEXT NOT NULL,
    answer TEXT NOT NULL,
    PRIMARY KEY (code, key)
);
CREATE TABLE IF NOT EXISTS chat (
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY (code, number)
);
""",
    """
CREATE TABLE moves (
    code TEXT NOT NULL,
    game_number INTEGER NOT NULL,
    version INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY (code, game_number, version)
);
CREATE TABLE finished_games (
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    names TEXT NOT NULL,
    players TEXT NOT NULL,
    result TEXT NOT NULL,
    started_ms INTEGER NOT NULL,
    finished_ms INTEGER NOT NULL,
    PRIMARY KEY (code, number)
);
CREATE TABLE players (
    id TEXT PRIMARY KEY,
    nickname TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_ms INTEGER NOT NULL
);
CREATE TABLE player_placings (
    player_id TEXT NOT NULL,
    game TEXT NOT NULL,
    place INTEGER NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (player_id, game, place)
);
CREATE TABLE house_rules (
    player_id TEXT NOT NULL,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    options TEXT NOT NULL,
    updated_ms INTEGER NOT NULL,
    PRIMARY KEY (player_id, game, name)
);
CREATE TABLE ledger_accounts (
    account TEXT PRIMARY KEY,
    balance INTEGER NOT NULL,
    CHECK (balance >= 0 OR account = 'mint')
);
CREATE TABLE ledger_transfers (
    key TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    memo TEXT NOT NULL
);
CREATE TABLE ledger_entries (
    transfer_key TEXT NOT NULL REFERENCES ledger_transfers (key),
    account TEXT NOT NULL,
    amount INTEGER NOT NULL,
    PRIMARY KEY (transfer_key, account)
);
CREATE INDEX ledger_entries_by_account ON ledger_entries (account);
CREATE TABLE ledger_escrows (
    table_id TEXT PRIMARY KEY,
    amount INTEGER NOT NULL,
    players TEXT NOT NULL,
    status TEXT NOT NULL,
    opened_ms INTEGER NOT NULL,
    closed_ms INTEGER NOT NULL DEFAULT 0
);
""",
    # The stake sweep looks for open escrows only.
    """
CREATE INDEX ledger_escrows_open ON ledger_escrows (opened_ms) WHERE status = 'open';
""",
    # The retention sweep looks for rooms not in play, oldest first.
    """
CREATE INDEX rooms_at_rest ON rooms (updated_ms) WHERE status <> 'playing';
""",
    # Chat channels: a game's view names who may read a line ("room", "pack", "team:0").
    """
ALTER TABLE chat ADD COLUMN channel TEXT NOT NULL DEFAULT 'room';
""",
    # Quick seating: the queue of players waiting for a table (lobby/quick_seating.py).
    """
CREATE TABLE quick_seats (
    id TEXT PRIMARY KEY,
    pool TEXT NOT NULL,
    player_id TEXT NOT NULL,
    name TEXT NOT NULL,
    secret_hash TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    status TEXT NOT NULL,
    claim TEXT NOT NULL DEFAULT '',
    answer TEXT
);
CREATE UNIQUE INDEX quick_seats_one_wait ON quick_seats (pool, player_id) WHERE status = 'waiting';
CREATE INDEX quick_seats_queue ON quick_seats (pool, at_ms) WHERE status = 'waiting';
""",
    # A guest identity on more devices: transfer codes and the further tokens they gave.
    """
CREATE TABLE player_links (
    code_hash TEXT PRIMARY KEY,
    player_id TEXT NOT NULL,
    expires_ms INTEGER NOT NULL
);
CREATE TABLE player_tokens (
    token_hash TEXT PRIMARY KEY,
    player_id TEXT NOT NULL
);
""",
    # The seed's chain of a finished game: server seed, commitment, every seat's value.
    """
ALTER TABLE finished_games ADD COLUMN fairness TEXT NOT NULL DEFAULT '{}';
""",
    # A private room's games stay its own; a player's games found by an index, not by reading
    # every game's seat list (json_each cannot be indexed, so the seats get a table of their own).
    """
ALTER TABLE finished_games ADD COLUMN private_room INTEGER NOT NULL DEFAULT 0;
ALTER TABLE finished_games ADD COLUMN invite_hash TEXT NOT NULL DEFAULT '';
CREATE TABLE finished_game_players (
    player_id TEXT NOT NULL,
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    finished_ms INTEGER NOT NULL,
    PRIMARY KEY (player_id, code, number)
);
CREATE INDEX finished_game_players_newest ON finished_game_players (player_id, finished_ms DESC, code, number DESC);
INSERT OR IGNORE INTO finished_game_players (player_id, code, number, finished_ms)
    SELECT seat.value, f.code, f.number, f.finished_ms FROM finished_games f, json_each(f.players) seat
    WHERE seat.value <> '';
""",
    # A table waits for its players while none is there (lobby/clocks.py): the retention sweep
    # also finds rooms in play untouched that long, left for good.
    """
CREATE INDEX rooms_in_play_by_age ON rooms (updated_ms) WHERE status = 'playing';
""",
]


# A room no player is at (lobby.room.Seat.here for none of its seats): a table in play waits for
# its players, so the retention sweep is what ends one left for good.
_NOBODY_HERE = (
    "NOT EXISTS (SELECT 1 FROM json_each(rooms.data, '$.seats') seat"
    " WHERE json_extract(seat.value, '$.kind') = 'human' AND coalesce(json_extract(seat.value, '$.holder'), '') <> ''"
    " AND json_extract(seat.value, '$.gone_ms') IS NULL AND NOT coalesce(json_extract(seat.value, '$.left'), 0))"
)

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


class _Writer:
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


class _Conflict(Exception):
    """`save_room`'s write found a newer revision or a taken answer: undone, the caller hears False.
    One class for the module: a class made per call was a new type per move, each a reference
    cycle left to the garbage collector (98 % of the gateway's cyclic garbage under load)."""


class _Readers:
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


class SqliteStore(GroupCommitted):
    def __init__(self, path: str) -> None:
        self.path = path
        self._writer: _Writer | None = None  # every write: a transaction a group
        self._readers: _Readers | None = None

    async def open(self) -> None:
        def connect() -> sqlite3.Connection:
            # Used by the writer thread, and by the loop's thread while the writer waits
            # (`_Writer.write_now`, under the connection's turn lock).
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")  # a move is acknowledged only once it is on disk
            db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            migrate(db)
            return db

        writer = _Writer(connect)
        await writer.start()
        self._writer = writer
        # A private in-memory database exists on one connection only: there, reads queue with writes.
        if self.path not in (":memory:", ""):
            self._readers = _Readers(self.path, READ_THREADS)

    async def close(self) -> None:
        writer, readers = self._writer, self._readers
        self._writer = self._readers = None
        if readers is not None:
            await readers.close()
        if writer is not None:
            await writer.stop()

    async def _read(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """`work` only reads: on a read connection, not behind the queued writes."""
        if self._readers is not None:
            return await self._readers.run(work)
        return await self._write(work)

    async def _read_now(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """A one-row read by key on the caller's thread (`_Readers.run_here`)."""
        if self._readers is not None:
            return self._readers.run_here(work)
        return await self._write(work)

    async def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """`work` writes (or reads, then writes): in the writer's next transaction, answered once
        it is committed; if `work` raises, its changes are undone and the exception is raised here."""
        assert self._writer is not None, "store not open"
        return await self._writer.submit(work)

    async def _write_soon(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """`_write` for the move path's room writes: committed on the caller's thread when it is
        the only write (`_Writer.write_now`), else with the writer's next group.

        Whether it is alone is seen after one turn of the loop: every other coroutine ready now
        (moves that arrived together) runs first, and a write of theirs goes to the writer, so
        this one joins their group instead. Under load writes are seldom alone and keep their
        group commit; a long commit here lets moves gather, and the next ones go as a group."""
        writer = self._writer
        assert writer is not None, "store not open"
        if not writer.busy() and not writer.claimed:
            writer.claimed = True
            try:
                await asyncio.sleep(0)
            finally:
                writer.claimed = False
            done, result = writer.write_now(work)
            if done:
                return result  # type: ignore[return-value]
        return await writer.submit(work)

    # -- rooms --------------------------------------------------------------------------------------
    async def insert_room(self, room: dict[str, Any]) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            try:
                # An expired room's code stays its finished games' name: never given out again.
                cursor = db.execute(
                    "INSERT INTO rooms (code, revision, data, status, updated_ms) SELECT ?, 1, ?, ?, ?"
                    " WHERE NOT EXISTS (SELECT 1 FROM finished_games WHERE code = ?)",
                    (room["code"], dumps(room), room["status"], room.get("updated_ms", 0), room["code"]),
                )
            except sqlite3.IntegrityError:
                return False
            return cursor.rowcount == 1

        return await self._write(work)

    async def load_room(self, code: str) -> tuple[dict[str, Any], int] | None:
        def work(db: sqlite3.Connection) -> tuple[dict[str, Any], int] | None:
            row = db.execute("SELECT data, revision FROM rooms WHERE code = ?", (code,)).fetchone()
            return (loads(row[0]), row[1]) if row else None

        return await self._read_now(work)

    async def save_room(
        self,
        room: dict[str, Any],
        revision: int,
        events: list[StoredEvent] = (),  # type: ignore[assignment]
        answer: tuple[str, dict[str, Any]] | None = None,
        moves: list[MoveRecord] = (),  # type: ignore[assignment]
        finished: FinishedGame | None = None,
    ) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            text, status, updated_ms = dumps(room), room["status"], room.get("updated_ms", 0)
            # A move leaves the status as it was and the activity column recent enough: then
            # neither is written, so the partial indexes on them are not (one WAL page less a
            # commit). Otherwise, or on a revision conflict, the full write.
            cursor = db.execute(
                "UPDATE rooms SET data = ?, revision = revision + 1"
                " WHERE code = ? AND revision = ? AND status = ? AND updated_ms BETWEEN ? AND ?",
                (text, room["code"], revision, status, updated_ms - ACTIVITY_LAG_MS, updated_ms),
            )
            if cursor.rowcount != 1:
                cursor = db.execute(
                    "UPDATE rooms SET data = ?, revision = revision + 1, status = ?, updated_ms = ?"
                    " WHERE code = ? AND revision = ?",
                    (text, status, updated_ms, room["code"], revision),
                )
                if cursor.rowcount != 1:
                    raise _Conflict
            if answer is not None:
                cursor = db.execute(
                    "INSERT OR IGNORE INTO move_answers (code, key, answer) VALUES (?, ?, ?)",
                    (room["code"], answer[0], dumps(answer[1])),
                )
                if cursor.rowcount != 1:
                    raise _Conflict  # the move was answered meanwhile (another replica): one answer only
            db.executemany(
                "INSERT INTO events (code, number, visible_to, event) VALUES (?, ?, ?, ?)",
                [
                    (
                        room["code"],
                        e.number,
                        None if e.visible_to is None else dumps(e.visible_to),
                        dumps(e.event),
                    )
                    for e in events
                ],
            )
            db.executemany(
                "INSERT INTO moves (code, game_number, version, seat, move, at_ms) VALUES (?, ?, ?, ?, ?, ?)",
                [(room["code"], room.get("game_number", 0), m.version, m.seat, dumps(m.move), m.at_ms) for m in moves],
            )
            if finished is not None:
                _insert_finished(db, finished)
            return True

        try:
            return await self._write_soon(work)
        except _Conflict:
            return False

    async def rooms_in_play(self) -> list[str]:
        def work(db: sqlite3.Connection) -> list[str]:
            return [row[0] for row in db.execute("SELECT code FROM rooms WHERE status = 'playing'")]

        return await self._read(work)

    async def expire_rooms(self, before_ms: int, limit: int = 200) -> list[str]:
        def work(db: sqlite3.Connection) -> list[str]:
            # At rest first, then in play with nobody at the table (two partial indexes).
            codes: list[str] = []
            for which in ("status <> 'playing'", f"status = 'playing' AND {_NOBODY_HERE}"):
                codes += [
                    row[0]
                    for row in db.execute(
                        # The column finds the candidates (it may lag the room's own time by
                        # ACTIVITY_LAG_MS, never lead it); the room's own time decides.
                        f"SELECT code FROM rooms WHERE {which} AND updated_ms < ?"  # noqa: S608 (fixed text)
                        " AND coalesce(json_extract(data, '$.updated_ms'), updated_ms) < ?"
                        " ORDER BY updated_ms LIMIT ?",
                        (before_ms, before_ms, limit - len(codes)),
                    )
                ]
            for code in codes:
                db.execute("DELETE FROM rooms WHERE code = ?", (code,))
                for table in ("events", "move_answers", "chat"):
                    db.execute(f"DELETE FROM {table} WHERE code = ?", (code,))  # noqa: S608 (fixed names)
                # Moves of a game that never finished replay nothing; a finished game's stay.
                db.execute(
                    "DELETE FROM moves WHERE code = ? AND game_number NOT IN"
                    " (SELECT number FROM finished_games WHERE code = ?)",
                    (code, code),
                )
            return codes

        return await self._write(work)

    async def events_since(self, code: str, after: int) -> list[StoredEvent]:
        def work(db: sqlite3.Connection) -> list[StoredEvent]:
            rows = db.execute(
                "SELECT number, event, visible_to FROM events WHERE code = ? AND number > ? ORDER BY number",
                (code, after),
            ).fetchall()
            return [StoredEvent(n, loads(e), None if v is None else loads(v)) for n, e, v in rows]

        return await self._read(work)

    async def load_room_for_move(self, code: str, key: str) -> tuple[dict[str, Any], int, dict[str, Any] | None] | None:
        def work(db: sqlite3.Connection) -> tuple[dict[str, Any], int, dict[str, Any] | None] | None:
            row = db.execute(
                "SELECT data, revision, (SELECT answer FROM move_answers WHERE code = ? AND key = ?)"
                " FROM rooms WHERE code = ?",
                (code, key, code),
            ).fetchone()
            if row is None:
                return None
            return loads(row[0]), row[1], loads(row[2]) if row[2] is not None else None

        return await self._read_now(work)

    async def move_answer(self, code: str, key: str) -> dict[str, Any] | None:
        def work(db: sqlite3.Connection) -> dict[str, Any] | None:
            row = db.execute("SELECT answer FROM move_answers WHERE code = ? AND key = ?", (code, key)).fetchone()
            return loads(row[0]) if row else None

        return await self._read(work)

    async def put_move_answer(self, code: str, key: str, answer: dict[str, Any]) -> dict[str, Any]:
        def work(db: sqlite3.Connection) -> dict[str, Any]:
            db.execute(
                "INSERT OR IGNORE INTO move_answers (code, key, answer) VALUES (?, ?, ?)",
                (code, key, dumps(answer)),
            )
            row = db.execute("SELECT answer FROM move_answers WHERE code = ? AND key = ?", (code, key)).fetchone()
            return loads(row[0])

        return await self._write(work)

    async def add_chat(
        self, code: str, seat: int, name: str, text: str, at_ms: int, channel: str = ROOM_CHANNEL
    ) -> ChatLine:
        def work(db: sqlite3.Connection) -> ChatLine:
            (last,) = db.execute("SELECT COALESCE(MAX(number), 0) FROM chat WHERE code = ?", (code,)).fetchone()
            db.execute(
                "INSERT INTO chat (code, number, seat, name, text, at_ms, channel) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (code, last + 1, seat, name, text, at_ms, channel),
            )
            return ChatLine(last + 1, seat, name, text, at_ms, channel)

        return await self._write(work)

    async def chat_since(
        self, code: str, after: int, limit: int = 100, channels: Collection[str] | None = None
    ) -> list[ChatLine]:
        def work(db: sqlite3.Connection) -> list[ChatLine]:
            only = sorted(set(channels)) if channels is not None else None
            if only == []:
                return []
            among = f" AND channel IN ({', '.join('?' * len(only))})" if only else ""
            rows = db.execute(
                "SELECT number, seat, name, text, at_ms, channel FROM chat WHERE code = ? AND number > ?"
                f"{among} ORDER BY number DESC LIMIT ?",
                (code, after, *(only or ()), limit),
            ).fetchall()
            return [ChatLine(*row) for row in reversed(rows)]

        return await self._read(work)

    # -- games for replay ---------------------------------------------------------------------------
    async def game_moves(self, code: str, number: int) -> list[MoveRecord]:
        def work(db: sqlite3.Connection) -> list[MoveRecord]:
            return _moves(db, code, number)

        return await self._read(work)

    async def finished_game(self, code: str, number: int) -> FinishedGame | None:
        def work(db: sqlite3.Connection) -> FinishedGame | None:
            row = db.execute(
                "SELECT game, options, seed, names, players, result, started_ms, finished_ms, fairness,"
                " private_room, invite_hash FROM finished_games WHERE code = ? AND number = ?",
                (code, number),
            ).fetchone()
            if row is None:
                return None
            game, options, seed, names, players, result, started, finished, chain, private, invite = row
            return FinishedGame(
                code,
                number,
                game,
                loads(options),
                seed,
                loads(names),
                loads(players),
                loads(result),
                started,
                finished,
                _moves(db, code, number),
                loads(chain),
                bool(private),
                invite,
            )

        return await self._read(work)

    async def player_games(self, player_id: str, limit: int = 50) -> list[FinishedGame]:
        def work(db: sqlite3.Connection) -> list[FinishedGame]:
            rows = db.execute(
                "SELECT f.code, f.number, f.game, f.options, f.seed, f.names, f.players, f.result,"
                " f.started_ms, f.finished_ms, f.private_room, f.invite_hash"
                " FROM finished_game_players p JOIN finished_games f ON f.code = p.code AND f.number = p.number"
                " WHERE p.player_id = ? ORDER BY p.finished_ms DESC, p.code, p.number DESC LIMIT ?",
                (player_id, limit),
            ).fetchall()
            return [
                FinishedGame(
                    code,
                    number,
                    game,
                    loads(options),
                    seed,
                    loads(names),
                    loads(players),
                    loads(result),
                    started,
                    finished,
                    private=bool(private),
                    invite_hash=invite,
                )
                for code, number, game, options, seed, names, players, result, started, finished, private, invite in rows
            ]

        return await self._read(work)

    # -- players, statistics, house rules -----------------------------------------------------------
    async def create_player(self, player: Player, token_hash: str) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO players (id, nickname, token_hash, created_ms) VALUES (?, ?, ?, ?)",
                (player.id, player.nickname, token_hash, player.created_ms),
            )

        await self._write(work)

    async def player_by_token(self, token_hash: str) -> Player | None:
        def work(db: sqlite3.Connection) -> Player | None:
            row = db.execute(
                "SELECT id, nickname, created_ms FROM players WHERE token_hash = ?"
                " UNION ALL SELECT p.id, p.nickname, p.created_ms FROM player_tokens t JOIN players p ON p.id = t.player_id"
                " WHERE t.token_hash = ? LIMIT 1",
                (token_hash, token_hash),
            ).fetchone()
            return Player(*row) if row else None

        return await self._read(work)

    async def link_player(self, code_hash: str, player_id: str, expires_ms: int) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO player_links (code_hash, player_id, expires_ms) VALUES (?, ?, ?)",
                (code_hash, player_id, expires_ms),
            )

        await self._write(work)

    async def claim_player_link(self, code_hash: str, token_hash: str, now_ms: int) -> Player | None:
        def work(db: sqlite3.Connection) -> Player | None:
            row = db.execute(
                "DELETE FROM player_links WHERE code_hash = ? RETURNING player_id, expires_ms", (code_hash,)
            ).fetchone()
            if row is None or row[1] < now_ms:
                return None
            db.execute("INSERT INTO player_tokens (token_hash, player_id) VALUES (?, ?)", (token_hash, row[0]))
            found = db.execute("SELECT id, nickname, created_ms FROM players WHERE id = ?", (row[0],)).fetchone()
            return Player(*found) if found else None

        return await self._write(work)

    async def player_stats(self, player_id: str) -> list[GameStats]:
        def work(db: sqlite3.Connection) -> list[GameStats]:
            rows = db.execute(
                "SELECT game, place, count FROM player_placings WHERE player_id = ? ORDER BY game, place", (player_id,)
            ).fetchall()
            return _stats(rows)

        return await self._read(work)

    async def save_house_rules(self, player_id: str, game: str, name: str, options: dict[str, Any], at_ms: int) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO house_rules (player_id, game, name, options, updated_ms) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (player_id, game, name) DO UPDATE SET options = excluded.options, updated_ms = excluded.updated_ms",
                (player_id, game, name, dumps(options), at_ms),
            )

        await self._write(work)

    async def house_rules(self, player_id: str, game: str | None = None) -> list[dict[str, Any]]:
        def work(db: sqlite3.Connection) -> list[dict[str, Any]]:
            rows = db.execute(
                "SELECT game, name, options, updated_ms FROM house_rules WHERE player_id = ? AND (? IS NULL OR game = ?)"
                " ORDER BY game, name",
                (player_id, game, game),
            ).fetchall()
            return [{"game": g, "name": n, "options": loads(o), "updated_ms": u} for g, n, o, u in rows]

        return await self._read(work)

    async def delete_house_rules(self, player_id: str, game: str, name: str) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            cursor = db.execute(
                "DELETE FROM house_rules WHERE player_id = ? AND game = ? AND name = ?", (player_id, game, name)
            )
            return cursor.rowcount == 1

        return await self._write(work)

    # -- quick seating ------------------------------------------------------------------------------
    async def quick_seat_join(
        self, entry_id: str, pool: str, player: str, name: str, secret_hash: str, at_ms: int
    ) -> dict[str, Any]:
        def work(db: sqlite3.Connection) -> dict[str, Any]:
            row = db.execute(
                "SELECT id FROM quick_seats WHERE pool = ? AND player_id = ? AND status = 'waiting'", (pool, player)
            ).fetchone()
            if row is not None:
                db.execute("UPDATE quick_seats SET secret_hash = ?, name = ? WHERE id = ?", (secret_hash, name, row[0]))
                return _quick_seat(db, row[0])
            db.execute(
                "INSERT INTO quick_seats (id, pool, player_id, name, secret_hash, at_ms, status) VALUES (?, ?, ?, ?, ?, ?, 'waiting')",
                (entry_id, pool, player, name, secret_hash, at_ms),
            )
            return _quick_seat(db, entry_id)

        return await self._write(work)

    async def quick_seat_claim(
        self, pool: str, count: int, claim: str, include: str | None = None
    ) -> list[dict[str, Any]]:
        def work(db: sqlite3.Connection) -> list[dict[str, Any]]:
            rows = [
                row[0]
                for row in db.execute(
                    "SELECT id FROM quick_seats WHERE pool = ? AND status = 'waiting' ORDER BY at_ms, id", (pool,)
                )
            ]
            if include is not None:
                if include not in rows:
                    return []
                chosen = [include, *[r for r in rows if r != include][: count - 1]]
            elif len(rows) < count:
                return []
            else:
                chosen = rows[:count]
            db.executemany(
                "UPDATE quick_seats SET status = 'claimed', claim = ? WHERE id = ?", [(claim, i) for i in chosen]
            )
            return [_quick_seat(db, i) for i in chosen]

        return await self._write(work)

    async def quick_seat_seat(self, answers: dict[str, dict[str, Any]]) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.executemany(
                "UPDATE quick_seats SET status = 'seated', answer = ? WHERE id = ?",
                [(dumps(answer), entry) for entry, answer in answers.items()],
            )

        await self._write(work)

    async def quick_seat_release(self, entry_ids: list[str]) -> None:
        def work(db: sqlite3.Connection) -> None:
            db.executemany(
                "UPDATE quick_seats SET status = 'waiting', claim = '' WHERE id = ? AND status = 'claimed'",
                [(entry,) for entry in entry_ids],
            )

        await self._write(work)

    async def quick_seat_entry(self, entry_id: str) -> tuple[dict[str, Any], str] | None:
        def work(db: sqlite3.Connection) -> tuple[dict[str, Any], str] | None:
            row = db.execute("SELECT secret_hash FROM quick_seats WHERE id = ?", (entry_id,)).fetchone()
            return None if row is None else (_quick_seat(db, entry_id), row[0])

        return await self._read(work)

    async def quick_seat_cancel(self, entry_id: str) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            cursor = db.execute(
                "UPDATE quick_seats SET status = 'cancelled' WHERE id = ? AND status = 'waiting'", (entry_id,)
            )
            return cursor.rowcount == 1

        return await self._write(work)

    async def quick_seat_waiting(self, pool: str) -> int:
        def work(db: sqlite3.Connection) -> int:
            (count,) = db.execute(
                "SELECT count(*) FROM quick_seats WHERE pool = ? AND status = 'waiting'", (pool,)
            ).fetchone()
            return int(count)

        return await self._read(work)

    # -- the ledger ---------------------------------------------------------------------------------
    async def ledger_transfer(self, transfer: Transfer, escrow: EscrowChange | None = None) -> tuple[Transfer, bool]:
        check_balanced(transfer)

        def work(db: sqlite3.Connection) -> tuple[Transfer, bool]:
            prior = _transfer(db, transfer.key)
            if prior is not None:
                return prior, False
            db.execute(
                "INSERT INTO ledger_transfers (key, kind, at_ms, memo) VALUES (?, ?, ?, ?)",
                (transfer.key, transfer.kind, transfer.at_ms, dumps(transfer.memo)),
            )
            if escrow is not None:  # before the postings: a closed escrow is a conflict, not a shortfall
                _change_escrow(db, escrow, transfer.at_ms)
            for posting in transfer.postings:
                db.execute("INSERT OR IGNORE INTO ledger_accounts (account, balance) VALUES (?, 0)", (posting.account,))
                try:
                    db.execute(
                        "UPDATE ledger_accounts SET balance = balance + ? WHERE account = ?",
                        (posting.amount, posting.account),
                    )
                except sqlite3.IntegrityError:  # the CHECK: this account would go below zero
                    raise InsufficientFunds(posting.account) from None
                db.execute(
                    "INSERT INTO ledger_entries (transfer_key, account, amount) VALUES (?, ?, ?)",
                    (transfer.key, posting.account, posting.amount),
                )
            return transfer, True

        return await self._write(work)

    async def ledger_daily_top_up(self, key: str, account: str, up_to: int, at_ms: int) -> tuple[Transfer, bool]:
        def work(db: sqlite3.Connection) -> tuple[Transfer, bool]:
            prior = _transfer(db, key)
            if prior is not None:
                return prior, False
            memo = {"up_to": up_to}
            db.execute(
                "INSERT INTO ledger_transfers (key, kind, at_ms, memo) VALUES (?, 'top_up', ?, ?)",
                (key, at_ms, dumps(memo)),
            )
            row = db.execute("SELECT balance FROM ledger_accounts WHERE account = ?", (account,)).fetchone()
            missing = up_to - (row[0] if row else 0)
            postings = (Posting(MINT, -missing), Posting(account, missing)) if missing > 0 else ()
            for posting in postings:
                db.execute("INSERT OR IGNORE INTO ledger_accounts (account, balance) VALUES (?, 0)", (posting.account,))
                db.execute(
                    "UPDATE ledger_accounts SET balance = balance + ? WHERE account = ?",
                    (posting.amount, posting.account),
                )
                db.execute(
                    "INSERT INTO ledger_entries (transfer_key, account, amount) VALUES (?, ?, ?)",
                    (key, posting.account, posting.amount),
                )
            return Transfer(key, "top_up", tuple(sorted(postings, key=lambda p: p.account)), at_ms, memo), True

        return await self._write(work)

    async def ledger_balance(self, account: str) -> int:
        def work(db: sqlite3.Connection) -> int:
            row = db.execute("SELECT balance FROM ledger_accounts WHERE account = ?", (account,)).fetchone()
            return row[0] if row else 0

        return await self._read(work)

    async def ledger_balances(self) -> dict[str, int]:
        def work(db: sqlite3.Connection) -> dict[str, int]:
            return dict(db.execute("SELECT account, balance FROM ledger_accounts").fetchall())

        return await self._read(work)

    async def ledger_transfer_by_key(self, key: str) -> Transfer | None:
        def work(db: sqlite3.Connection) -> Transfer | None:
            return _transfer(db, key)

        return await self._read(work)

    async def ledger_history(self, account: str) -> list[Transfer]:
        def work(db: sqlite3.Connection) -> list[Transfer]:
            keys = db.execute(
                "SELECT t.key FROM ledger_entries e JOIN ledger_transfers t ON t.key = e.transfer_key"
                " WHERE e.account = ? ORDER BY t.at_ms, t.rowid",
                (account,),
            ).fetchall()
            return [_transfer(db, key) for (key,) in keys]  # type: ignore[misc]

        return await self._read(work)

    async def ledger_escrow(self, table: str) -> Escrow | None:
        def work(db: sqlite3.Connection) -> Escrow | None:
            row = db.execute(
                "SELECT table_id, amount, players, status, opened_ms, closed_ms FROM ledger_escrows WHERE table_id = ?",
                (table,),
            ).fetchone()
            return _escrow(row) if row else None

        return await self._read(work)

    async def ledger_escrows(self, status: str | None = None) -> list[Escrow]:
        def work(db: sqlite3.Connection) -> list[Escrow]:
            rows = db.execute(
                "SELECT table_id, amount, players, status, opened_ms, closed_ms FROM ledger_escrows"
                " WHERE ? IS NULL OR status = ? ORDER BY table_id",
                (status, status),
            ).fetchall()
            return [_escrow(row) for row in rows]

        return await self._read(work)


def migrate(db: sqlite3.Connection) -> None:
    """Run the migrations this file has not seen yet, each in its own transaction."""
    (done,) = db.execute("PRAGMA user_version").fetchone()
    for number, script in enumerate(MIGRATIONS[done:], start=done + 1):
        db.execute("BEGIN IMMEDIATE")
        try:
            # Another process may have migrated while this one waited for the lock.
            (current,) = db.execute("PRAGMA user_version").fetchone()
            if current < number:
                for statement in script.split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA user_version = {number}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise


def _insert_finished(db: sqlite3.Connection, game: FinishedGame) -> None:
    db.execute(
        "INSERT INTO finished_games"
        " (code, number, game, options, seed, names, players, result, started_ms, finished_ms, fairness,"
        " private_room, invite_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            game.code,
            game.number,
            game.game,
            dumps(game.options),
            game.seed,
            dumps(game.names),
            dumps(game.players),
            dumps(game.result),
            game.started_ms,
            game.finished_ms,
            dumps(game.fairness),
            int(game.private),
            game.invite_hash,
        ),
    )
    db.executemany(
        "INSERT OR IGNORE INTO finished_game_players (player_id, code, number, finished_ms) VALUES (?, ?, ?, ?)",
        [(player, game.code, game.number, game.finished_ms) for player in sorted(set(game.players) - {""})],
    )
    for player, placing in best_placings(game).items():
        db.execute(
            "INSERT INTO player_placings (player_id, game, place, count) VALUES (?, ?, ?, 1)"
            " ON CONFLICT (player_id, game, place) DO UPDATE SET count = count + 1",
            (player, game.game, placing),
        )


def best_placings(game: FinishedGame) -> dict[str, int]:
    """Each player once, with the best placing of the seats they held (pass-and-play holds several)."""
    placings = game.result.get("placings") or []
    best: dict[str, int] = {}
    for seat, player in enumerate(game.players):
        if player and seat < len(placings):
            best[player] = min(best.get(player, placings[seat]), placings[seat])
    return best


def _moves(db: sqlite3.Connection, code: str, number: int) -> list[MoveRecord]:
    rows = db.execute(
        "SELECT seat, move, version, at_ms FROM moves WHERE code = ? AND game_number = ? ORDER BY version",
        (code, number),
    ).fetchall()
    return [MoveRecord(seat, loads(move), version, at) for seat, move, version, at in rows]


def _stats(rows: list[tuple[str, int, int]]) -> list[GameStats]:
    by_game: dict[str, dict[int, int]] = {}
    for game, placing, count in rows:
        by_game.setdefault(game, {})[placing] = count
    return [GameStats(g, sum(p.values()), p.get(1, 0), p) for g, p in sorted(by_game.items())]


def _transfer(db: sqlite3.Connection, key: str) -> Transfer | None:
    row = db.execute("SELECT kind, at_ms, memo FROM ledger_transfers WHERE key = ?", (key,)).fetchone()
    if row is None:
        return None
    postings = db.execute(
        "SELECT account, amount FROM ledger_entries WHERE transfer_key = ? ORDER BY account", (key,)
    ).fetchall()
    return Transfer(key, row[0], tuple(Posting(a, n) for a, n in postings), row[1], loads(row[2]))


def _change_escrow(db: sqlite3.Connection, change: EscrowChange, at_ms: int) -> None:
    if change.status == "open":
        try:
            db.execute(
                "INSERT INTO ledger_escrows (table_id, amount, players, status, opened_ms) VALUES (?, ?, ?, 'open', ?)",
                (change.table, change.amount, dumps(list(change.players)), at_ms),
            )
        except sqlite3.IntegrityError:
            raise EscrowConflict(f"escrow {change.table} exists") from None
        return
    cursor = db.execute(
        "UPDATE ledger_escrows SET status = ?, closed_ms = ? WHERE table_id = ? AND status = 'open'",
        (change.status, at_ms, change.table),
    )
    if cursor.rowcount != 1:
        raise EscrowConflict(f"escrow {change.table} is not open")


def _escrow(row: tuple[Any, ...]) -> Escrow:
    table, amount, players, status, opened, closed = row
    return Escrow(table, amount, loads(players), status, opened, closed)


__all__ = ["MIGRATIONS", "SqliteStore", "best_placings"]


def _quick_seat(db: sqlite3.Connection, entry_id: str) -> dict[str, Any]:
    pool, player, name, at_ms, status, answer = db.execute(
        "SELECT pool, player_id, name, at_ms, status, answer FROM quick_seats WHERE id = ?", (entry_id,)
    ).fetchone()
    return {
        "id": entry_id,
        "pool": pool,
        "player": player,
        "name": name,
        "at_ms": at_ms,
        "status": status,
        "answer": loads(answer) if answer else None,
    }
