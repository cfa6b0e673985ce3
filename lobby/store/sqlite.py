"""The embedded store: one SQLite file, WAL mode, every write committed before it is answered.

The backend of the concern stores (lobby/store/stores.py): its connections (sqlite_threads.py),
its schema (sqlite_schema.py), the SQL that differs from PostgreSQL's (`DIALECT`) and the move
path's room rows, written for the writer thread and the loop's own thread.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any, Callable, TypeVar

from ..jsontext import dumps, loads
from .base import ACTIVITY_LAG_MS, FinishedGame, MoveRecord, RatingsMoved, SeatedRow, StoredEvent
from .games import best_placings, insert_finished
from .seated import write_seated
from .sql import CheckViolation, Dialect, Work, run_sync
from .sqlite_schema import MIGRATIONS, migrate
from .sqlite_threads import BUSY_TIMEOUT_MS, READ_THREADS, Readers, Writer
from .stores import ConcernStores

T = TypeVar("T")
R = TypeVar("R")

DIALECT = Dialect(
    # json_each cannot be indexed: a room's seats are read from its JSON, only for the rooms the
    # activity column already chose.
    nobody_here=(
        "NOT EXISTS (SELECT 1 FROM json_each(rooms.data, '$.seats') seat"
        " WHERE json_extract(seat.value, '$.kind') = 'human' AND coalesce(json_extract(seat.value, '$.holder'), '') <> ''"
        " AND json_extract(seat.value, '$.gone_ms') IS NULL AND NOT coalesce(json_extract(seat.value, '$.left'), 0))"
    ),
    room_time="json_extract(data, '$.updated_ms')",
    skip_locked="",  # one writer: no other holds a row
    for_update="",
    for_share="",  # one writer at a time
    transfer_order="t.rowid",
    # A player's games by an index over the seats' table (json_each over every game's seats
    # cannot be indexed).
    player_games=(
        "SELECT f.code, f.number, f.game, f.options, f.seed, f.names, f.players, f.result,"
        " f.started_ms, f.finished_ms, f.private_room, f.invite_hash"
        " FROM finished_game_players p JOIN finished_games f ON f.code = p.code AND f.number = p.number"
        " WHERE p.player_id = ? ORDER BY p.finished_ms DESC, p.code, p.number DESC LIMIT ?"
    ),
    game_players_table=True,
)


class SqliteTx:
    """`Tx` over a connection in a thread's hands: no method suspends (`run_sync`)."""

    __slots__ = ("_db",)
    dialect = DIALECT

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, *args: Any) -> int:
        try:
            return self._db.execute(sql, args).rowcount
        except sqlite3.IntegrityError as error:
            if str(error).startswith("CHECK constraint failed"):
                raise CheckViolation(str(error)) from None
            raise

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._db.executemany(sql, rows)

    async def fetchone(self, sql: str, *args: Any) -> Sequence[Any] | None:
        return self._db.execute(sql, args).fetchone()  # type: ignore[no-any-return]

    async def fetchall(self, sql: str, *args: Any) -> list[Sequence[Any]]:
        return self._db.execute(sql, args).fetchall()

    async def lock(self, key: str) -> None:
        """Nothing to take: one writer thread, every write in turn."""

    def json(self, value: Any) -> Any:
        return dumps(value)

    def unjson(self, column: Any) -> Any:
        return None if column is None else loads(column)


def _sync(work: Work[T]) -> Callable[[sqlite3.Connection], T]:
    return lambda db: run_sync(work(SqliteTx(db)))


def _insert_finished(db: sqlite3.Connection, game: FinishedGame) -> None:
    """A finished game written on a connection of the caller's (bench/player_games.py)."""
    run_sync(insert_finished(SqliteTx(db), game))


class _Conflict(Exception):
    """`save_room`'s write found a newer revision or a taken answer: undone, the caller hears False.
    One class for the module: a class made per call was a new type per move, each a reference
    cycle left to the garbage collector (98 % of the gateway's cyclic garbage under load)."""


class SqliteStore(ConcernStores):
    def __init__(self, path: str) -> None:
        self.path = path
        self._writer: Writer | None = None  # every write: a transaction a group
        self._readers: Readers | None = None
        self._compose(self, _RoomRows(self))

    async def open(self) -> None:
        def connect() -> sqlite3.Connection:
            # Used by the writer thread, and by the loop's thread while the writer waits
            # (`Writer.write_now`, under the connection's turn lock).
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")  # a move is acknowledged only once it is on disk
            db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            migrate(db)
            return db

        writer = Writer(connect)
        await writer.start()
        self._writer = writer
        # A private in-memory database exists on one connection only: there, reads queue with writes.
        if self.path not in (":memory:", ""):
            self._readers = Readers(self.path, READ_THREADS)

    # -- the backend seam (lobby/store/sql.py) -----------------------------------------------------
    async def read(self, work: Work[T]) -> T:
        return await self._read(_sync(work))

    async def write(self, work: Work[T], *, alone: bool = False) -> T:
        return await self._write(_sync(work))

    async def close(self) -> None:
        writer, readers = self._writer, self._readers
        self._writer = self._readers = None
        if readers is not None:
            await readers.close()
        if writer is not None:
            await writer.stop()

    async def _read(self, work: Callable[[sqlite3.Connection], R]) -> R:
        """`work` only reads: on a read connection, not behind the queued writes."""
        if self._readers is not None:
            return await self._readers.run(work)
        return await self._write(work)

    async def _read_now(self, work: Callable[[sqlite3.Connection], R]) -> R:
        """A one-row read by key on the caller's thread (`Readers.run_here`)."""
        if self._readers is not None:
            return self._readers.run_here(work)
        return await self._write(work)

    async def _write(self, work: Callable[[sqlite3.Connection], R]) -> R:
        """`work` writes (or reads, then writes): in the writer's next transaction, answered once
        it is committed; if `work` raises, its changes are undone and the exception is raised here."""
        assert self._writer is not None, "store not open"
        return await self._writer.submit(work)

    async def _write_soon(self, work: Callable[[sqlite3.Connection], R]) -> R:
        """`_write` for the move path's room writes: committed on the caller's thread when it is
        the only write (`Writer.write_now`), else with the writer's next group.

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


class _RoomRows:
    """The move path's room rows (lobby/store/rooms.py `RoomRows`): one-row reads on the loop's
    thread, the room write committed there too when it is alone (`SqliteStore._write_soon`)."""

    def __init__(self, store: SqliteStore) -> None:
        self._store = store

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

        return await self._store._write(work)

    async def load_room(self, code: str) -> tuple[dict[str, Any], int] | None:
        def work(db: sqlite3.Connection) -> tuple[dict[str, Any], int] | None:
            row = db.execute("SELECT data, revision FROM rooms WHERE code = ?", (code,)).fetchone()
            return (loads(row[0]), row[1]) if row else None

        return await self._store._read_now(work)

    async def save_room(
        self,
        room: dict[str, Any],
        revision: int,
        events: list[StoredEvent],
        answer: tuple[str, dict[str, Any]] | None,
        moves: list[MoveRecord],
        finished: FinishedGame | None,
        seated: list[SeatedRow] | None,
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
            if seated is not None:
                run_sync(write_seated(SqliteTx(db), room["code"], seated))
            if finished is not None:
                _insert_finished(db, finished)
            return True

        try:
            return await self._store._write_soon(work)
        except (_Conflict, RatingsMoved):
            return False

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

        return await self._store._read_now(work)

    async def put_move_answer(self, code: str, key: str, answer: dict[str, Any]) -> dict[str, Any]:
        def work(db: sqlite3.Connection) -> dict[str, Any]:
            db.execute(
                "INSERT OR IGNORE INTO move_answers (code, key, answer) VALUES (?, ?, ?)",
                (code, key, dumps(answer)),
            )
            row = db.execute("SELECT answer FROM move_answers WHERE code = ? AND key = ?", (code, key)).fetchone()
            return loads(row[0])

        return await self._store._write(work)


__all__ = ["DIALECT", "MIGRATIONS", "SqliteStore", "best_placings", "migrate"]
