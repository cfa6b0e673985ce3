"""The embedded store: one SQLite file, WAL mode, every write committed before it is answered."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from typing import Any, Callable, TypeVar

from .base import ChatLine, StoredEvent

T = TypeVar("T")

SCHEMA = """
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
"""


class SqliteStore:
    def __init__(self, path: str) -> None:
        self.path = path
        self._db: sqlite3.Connection | None = None
        self._lock = threading.Lock()

    async def open(self) -> None:
        def connect() -> sqlite3.Connection:
            db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")  # a move is acknowledged only once it is on disk
            db.execute("PRAGMA busy_timeout=5000")
            db.executescript(SCHEMA)
            return db

        self._db = await asyncio.to_thread(connect)

    async def close(self) -> None:
        if self._db is not None:
            db, self._db = self._db, None
            await asyncio.to_thread(db.close)

    async def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        def locked() -> T:
            assert self._db is not None, "store not open"
            with self._lock:
                return work(self._db)

        return await asyncio.to_thread(locked)

    async def insert_room(self, room: dict[str, Any]) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            try:
                db.execute(
                    "INSERT INTO rooms (code, revision, data, status, updated_ms) VALUES (?, 1, ?, ?, ?)",
                    (room["code"], json.dumps(room), room["status"], room.get("updated_ms", 0)),
                )
            except sqlite3.IntegrityError:
                return False
            return True

        return await self._run(work)

    async def load_room(self, code: str) -> tuple[dict[str, Any], int] | None:
        def work(db: sqlite3.Connection) -> tuple[dict[str, Any], int] | None:
            row = db.execute("SELECT data, revision FROM rooms WHERE code = ?", (code,)).fetchone()
            return (json.loads(row[0]), row[1]) if row else None

        return await self._run(work)

    async def save_room(
        self,
        room: dict[str, Any],
        revision: int,
        events: list[StoredEvent] = (),  # type: ignore[assignment]
        answer: tuple[str, dict[str, Any]] | None = None,
    ) -> bool:
        def work(db: sqlite3.Connection) -> bool:
            db.execute("BEGIN IMMEDIATE")
            try:
                cursor = db.execute(
                    "UPDATE rooms SET data = ?, revision = revision + 1, status = ?, updated_ms = ?"
                    " WHERE code = ? AND revision = ?",
                    (json.dumps(room), room["status"], room.get("updated_ms", 0), room["code"], revision),
                )
                if cursor.rowcount != 1:
                    db.execute("ROLLBACK")
                    return False
                db.executemany(
                    "INSERT INTO events (code, number, visible_to, event) VALUES (?, ?, ?, ?)",
                    [
                        (room["code"], e.number, None if e.visible_to is None else json.dumps(e.visible_to), json.dumps(e.event))
                        for e in events
                    ],
                )
                if answer is not None:
                    db.execute(
                        "INSERT OR IGNORE INTO move_answers (code, key, answer) VALUES (?, ?, ?)",
                        (room["code"], answer[0], json.dumps(answer[1])),
                    )
                db.execute("COMMIT")
                return True
            except BaseException:
                db.execute("ROLLBACK")
                raise

        return await self._run(work)

    async def rooms_in_play(self) -> list[str]:
        def work(db: sqlite3.Connection) -> list[str]:
            return [row[0] for row in db.execute("SELECT code FROM rooms WHERE status = 'playing'")]

        return await self._run(work)

    async def events_since(self, code: str, after: int) -> list[StoredEvent]:
        def work(db: sqlite3.Connection) -> list[StoredEvent]:
            rows = db.execute(
                "SELECT number, event, visible_to FROM events WHERE code = ? AND number > ? ORDER BY number",
                (code, after),
            ).fetchall()
            return [StoredEvent(n, json.loads(e), None if v is None else json.loads(v)) for n, e, v in rows]

        return await self._run(work)

    async def move_answer(self, code: str, key: str) -> dict[str, Any] | None:
        def work(db: sqlite3.Connection) -> dict[str, Any] | None:
            row = db.execute("SELECT answer FROM move_answers WHERE code = ? AND key = ?", (code, key)).fetchone()
            return json.loads(row[0]) if row else None

        return await self._run(work)

    async def put_move_answer(self, code: str, key: str, answer: dict[str, Any]) -> dict[str, Any]:
        def work(db: sqlite3.Connection) -> dict[str, Any]:
            db.execute(
                "INSERT OR IGNORE INTO move_answers (code, key, answer) VALUES (?, ?, ?)", (code, key, json.dumps(answer))
            )
            row = db.execute("SELECT answer FROM move_answers WHERE code = ? AND key = ?", (code, key)).fetchone()
            return json.loads(row[0])

        return await self._run(work)

    async def add_chat(self, code: str, seat: int, name: str, text: str, at_ms: int) -> ChatLine:
        def work(db: sqlite3.Connection) -> ChatLine:
            db.execute("BEGIN IMMEDIATE")
            try:
                (last,) = db.execute("SELECT COALESCE(MAX(number), 0) FROM chat WHERE code = ?", (code,)).fetchone()
                db.execute(
                    "INSERT INTO chat (code, number, seat, name, text, at_ms) VALUES (?, ?, ?, ?, ?, ?)",
                    (code, last + 1, seat, name, text, at_ms),
                )
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            return ChatLine(last + 1, seat, name, text, at_ms)

        return await self._run(work)

    async def chat_since(self, code: str, after: int, limit: int = 100) -> list[ChatLine]:
        def work(db: sqlite3.Connection) -> list[ChatLine]:
            rows = db.execute(
                "SELECT number, seat, name, text, at_ms FROM chat WHERE code = ? AND number > ? ORDER BY number DESC LIMIT ?",
                (code, after, limit),
            ).fetchall()
            return [ChatLine(*row) for row in reversed(rows)]

        return await self._run(work)
