"""Rooms with their events, move answers and chat.

A room is one JSON document with a revision number; every write names the revision it read, so
two writers never both win. The move path's row work (load, insert, save with its events, answer,
move record and finished game) is each backend's own (`RoomRows`): there they differ in
mechanics, not just SQL. The rest is written once over the backend seam (lobby/store/sql.py).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Protocol

from .base import ROOM_CHANNEL, ChatLine, FinishedGame, MoveRecord, SeatedRow, StoredEvent
from .sql import Backend, Tx, placeholders


class RoomRows(Protocol):
    """The move path's room writes and reads, as a backend does them fastest: SQLite commits a
    lone write on the loop's thread and groups the rest in its writer thread; PostgreSQL sends a
    replica's waiting room writes in one call of a stored function."""

    async def insert_room(self, room: dict[str, Any]) -> bool: ...

    async def load_room(self, code: str) -> tuple[dict[str, Any], int] | None: ...

    async def load_room_for_move(
        self, code: str, key: str
    ) -> tuple[dict[str, Any], int, dict[str, Any] | None] | None: ...

    async def save_room(
        self,
        room: dict[str, Any],
        revision: int,
        events: list[StoredEvent],
        answer: tuple[str, dict[str, Any]] | None,
        moves: list[MoveRecord],
        finished: FinishedGame | None,
        seated: list[SeatedRow] | None,
    ) -> bool: ...

    async def put_move_answer(self, code: str, key: str, answer: dict[str, Any]) -> dict[str, Any]: ...


class Rooms:
    FLAT = (
        "insert_room",
        "load_room",
        "save_room",
        "rooms_in_play",
        "expire_rooms",
        "events_since",
        "move_answer",
        "load_room_for_move",
        "put_move_answer",
        "add_chat",
        "chat_since",
    )

    def __init__(self, backend: Backend, rows: RoomRows) -> None:
        self._backend = backend
        self._rows = rows

    # -- the move path: the backend's own ------------------------------------------------------
    async def insert_room(self, room: dict[str, Any]) -> bool:
        """False when the code is taken (or is an expired room's whose finished games are kept)."""
        return await self._rows.insert_room(room)

    async def load_room(self, code: str) -> tuple[dict[str, Any], int] | None:
        """The room and its revision, or None."""
        return await self._rows.load_room(code)

    async def load_room_for_move(self, code: str, key: str) -> tuple[dict[str, Any], int, dict[str, Any] | None] | None:
        """The room, its revision and the answer already stored for move `key` (None when
        the move is new), in one round trip: the start of every move. None without a room."""
        return await self._rows.load_room_for_move(code, key)

    async def save_room(
        self,
        room: dict[str, Any],
        revision: int,
        events: list[StoredEvent] = (),  # type: ignore[assignment]
        answer: tuple[str, dict[str, Any]] | None = None,
        moves: list[MoveRecord] = (),  # type: ignore[assignment]
        finished: FinishedGame | None = None,
        seated: list[SeatedRow] | None = None,
    ) -> bool:
        """Write if the stored revision is still `revision` and the answer's key is not taken;
        False (and nothing written) if not. `moves` go to the room's current game
        (`room["game_number"]`); `finished` records the game and counts it in the statistics;
        `seated` (None: as they are) become the room's "your turn" rows (lobby/store/seated.py),
        in the same transaction."""
        return await self._rows.save_room(room, revision, events, answer, moves, finished, seated)

    async def put_move_answer(self, code: str, key: str, answer: dict[str, Any]) -> dict[str, Any]:
        """Store an answer unless one exists; return the one that is stored."""
        return await self._rows.put_move_answer(code, key, answer)

    # -- the rest: once -------------------------------------------------------------------------
    async def rooms_in_play(self) -> list[str]:
        """Codes of rooms whose game runs: their clocks and CPU seats resume after a restart."""

        async def work(tx: Tx) -> list[str]:
            return [row[0] for row in await tx.fetchall("SELECT code FROM rooms WHERE status = 'playing'")]

        return await self._backend.read(work)

    async def expire_rooms(self, before_ms: int, limit: int = 200) -> list[str]:
        """Delete up to `limit` rooms last written before `before_ms`: those not in play (waiting
        or finished) first, then rooms in play that no player is at (no seat `Seat.here`: such
        a table waits for its players, lobby/clocks.py), with their events, move answers, chat,
        "your turn" rows (a deleted table must leave its players' lists) and the moves of games
        that never finished; finished games (replays, statistics) stay.
        The codes deleted; an expired room's code is never given to a new room while its
        finished games are kept."""

        async def work(tx: Tx) -> list[str]:
            dialect = tx.dialect
            codes: list[str] = []
            # At rest first, then in play with nobody at the table (two partial indexes). The
            # column finds the candidates (it may lag the room's own time by ACTIVITY_LAG_MS,
            # never lead it); the room's own time decides. A room another writer holds is left
            # to the next sweep where the backend can tell.
            for which in ("status <> 'playing'", f"status = 'playing' AND {dialect.nobody_here}"):
                rows = await tx.fetchall(
                    f"DELETE FROM rooms WHERE code IN (SELECT code FROM rooms WHERE {which}"  # noqa: S608 (fixed text)
                    f" AND updated_ms < ? AND coalesce({dialect.room_time}, updated_ms) < ?"
                    f" ORDER BY updated_ms LIMIT ?{dialect.skip_locked}) RETURNING code",
                    before_ms,
                    before_ms,
                    limit - len(codes),
                )
                codes += [row[0] for row in rows]
                if len(codes) >= limit:
                    break
            if not codes:
                return codes
            for table in ("events", "move_answers", "chat", "seated"):
                await tx.executemany(f"DELETE FROM {table} WHERE code = ?", [(c,) for c in codes])  # noqa: S608
            # Moves of a game that never finished replay nothing; a finished game's stay.
            await tx.executemany(
                "DELETE FROM moves WHERE code = ? AND game_number NOT IN (SELECT number FROM finished_games WHERE code = ?)",
                [(c, c) for c in codes],
            )
            return codes

        return await self._backend.write(work)

    async def events_since(self, code: str, after: int) -> list[StoredEvent]:
        async def work(tx: Tx) -> list[StoredEvent]:
            rows = await tx.fetchall(
                "SELECT number, event, visible_to FROM events WHERE code = ? AND number > ? ORDER BY number",
                code,
                after,
            )
            return [StoredEvent(n, tx.unjson(e), tx.unjson(v)) for n, e, v in rows]

        return await self._backend.read(work)

    async def move_answer(self, code: str, key: str) -> dict[str, Any] | None:
        async def work(tx: Tx) -> dict[str, Any] | None:
            row = await tx.fetchone("SELECT answer FROM move_answers WHERE code = ? AND key = ?", code, key)
            return tx.unjson(row[0]) if row else None

        return await self._backend.read(work)

    async def add_chat(
        self, code: str, seat: int, name: str, text: str, at_ms: int, channel: str = ROOM_CHANNEL
    ) -> ChatLine:
        """Store a chat line in `channel`; numbers are gap-free per room across channels."""

        async def work(tx: Tx) -> ChatLine:
            await tx.lock("chat:" + code)  # writers of one room's chat take turns
            row = await tx.fetchone("SELECT COALESCE(MAX(number), 0) + 1 FROM chat WHERE code = ?", code)
            assert row is not None
            number = row[0]
            await tx.execute(
                "INSERT INTO chat (code, number, seat, name, text, at_ms, channel) VALUES (?, ?, ?, ?, ?, ?, ?)",
                code,
                number,
                seat,
                name,
                text,
                at_ms,
                channel,
            )
            return ChatLine(number, seat, name, text, at_ms, channel)

        return await self._backend.write(work)

    async def chat_since(
        self, code: str, after: int, limit: int = 100, channels: Collection[str] | None = None
    ) -> list[ChatLine]:
        """The newest `limit` lines after `after`, oldest first; only `channels` when given
        (the limit counts the lines of those channels)."""
        only = sorted(set(channels)) if channels is not None else None
        if only == []:
            return []
        among = f" AND channel IN ({placeholders(len(only))})" if only else ""

        async def work(tx: Tx) -> list[ChatLine]:
            rows = await tx.fetchall(
                "SELECT number, seat, name, text, at_ms, channel FROM chat WHERE code = ? AND number > ?"
                f"{among} ORDER BY number DESC LIMIT ?",
                code,
                after,
                *(only or ()),
                limit,
            )
            return [ChatLine(*row) for row in reversed(rows)]

        return await self._backend.read(work)
