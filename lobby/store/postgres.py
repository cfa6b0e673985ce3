"""The scaled store: PostgreSQL through an asyncpg pool, the system of record for every replica.

`postgresql://user@host:port/db?schema=name&pool_max=10`: `schema` puts every table in that
schema (created if missing: tests take a fresh one each), `pool_max` caps the connections this
process opens. Migrations run on open (postgres_schema.py). The backend of the concern stores
(lobby/store/stores.py): its pool and transactions, the SQL that differs from SQLite's
(`DIALECT`) and the move path's room rows, written through the group writer (postgres_writer.py).
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import re
from collections.abc import Iterable, Sequence
from typing import Any, Awaitable, Callable, TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

from ..jsontext import dumps, loads
from . import postgres_writer as writing
from .base import FinishedGame, MoveRecord, SeatedRow, StoredEvent
from .games import best_placings, insert_finished, ratings_json
from .postgres_schema import MIGRATIONS, migrate
from .postgres_writer import Writer
from .seated import seated_json
from .sql import CheckViolation, Dialect, Work
from .stores import ConcernStores

T = TypeVar("T")

_IDENTIFIER = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")

DIALECT = Dialect(
    nobody_here=(
        "NOT EXISTS (SELECT 1 FROM jsonb_array_elements(data->'seats') seat WHERE seat->>'kind' = 'human'"
        " AND coalesce(seat->>'holder', '') <> '' AND coalesce(seat->'gone_ms', 'null') = 'null'"
        " AND NOT coalesce((seat->>'left')::boolean, false))"
    ),
    room_time="(data->>'updated_ms')::bigint",
    # The room's row is deleted only if it is still at rest and old (a write since the select
    # keeps it); a room another writer holds is left to the next sweep.
    skip_locked=" FOR UPDATE SKIP LOCKED",
    for_update=" FOR UPDATE",
    for_share=" FOR SHARE",
    transfer_order="t.seq",
    # `?` (written `??`): the jsonb array holds the id as one of its strings (a GIN index).
    player_games=(
        "SELECT code, number, game, options, seed, names, players, result, started_ms, finished_ms,"
        " private_room, invite_hash"
        " FROM finished_games WHERE players ?? ? ORDER BY finished_ms DESC, code, number DESC LIMIT ?"
    ),
    game_players_table=False,
)

_PLACEHOLDER = re.compile(r"\?\??")


@functools.lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """`?` placeholders as `$1`, `$2`...; `??` as the operator `?`."""
    count = itertools.count(1)
    return _PLACEHOLDER.sub(lambda found: "?" if found.group() == "??" else f"${next(count)}", sql)


class PgTx:
    """`Tx` over an asyncpg connection (JSON columns go through the connection's codecs)."""

    __slots__ = ("_db",)
    dialect = DIALECT

    def __init__(self, db: asyncpg.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, *args: Any) -> int:
        try:
            status: str = await self._db.execute(numbered(sql), *args)
        except asyncpg.CheckViolationError as error:
            raise CheckViolation(str(error)) from None
        last = status.rpartition(" ")[2]  # "INSERT 0 1", "UPDATE 1", "DELETE 0"
        return int(last) if last.isdigit() else 0

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if rows:
            await self._db.executemany(numbered(sql), rows)

    async def fetchone(self, sql: str, *args: Any) -> Sequence[Any] | None:
        return await self._db.fetchrow(numbered(sql), *args)  # type: ignore[no-any-return]

    async def fetchall(self, sql: str, *args: Any) -> list[Sequence[Any]]:
        return await self._db.fetch(numbered(sql), *args)  # type: ignore[no-any-return]

    async def lock(self, key: str) -> None:
        await self._db.execute("SELECT pg_advisory_xact_lock(hashtext($1))", key)

    def json(self, value: Any) -> Any:
        return value

    def unjson(self, column: Any) -> Any:
        return column


async def _insert_finished(db: asyncpg.Connection, game: FinishedGame) -> None:
    """A finished game written on a connection of the caller's (bench/player_games.py)."""
    await insert_finished(PgTx(db), game)


def split_url(url: str) -> tuple[str, str, int]:
    """(asyncpg DSN, schema or "", pool size) from a store URL."""
    parts = urlsplit(url)
    params = dict(parse_qsl(parts.query))
    schema = params.pop("schema", "")
    pool_max = int(params.pop("pool_max", "10"))
    if schema and not _IDENTIFIER.match(schema):
        raise ValueError(f"bad schema name {schema!r}")
    scheme = "postgresql" if parts.scheme in ("postgres", "postgresql") else parts.scheme
    return urlunsplit((scheme, parts.netloc, parts.path, urlencode(params), "")), schema, pool_max


async def _json_codecs(connection: asyncpg.Connection) -> None:
    # orjson (lobby.jsontext): a room is read and written whole on every move.
    for kind in ("json", "jsonb"):
        await connection.set_type_codec(kind, encoder=dumps, decoder=loads, schema="pg_catalog")


class _PooledConnection(asyncpg.Connection):  # type: ignore[misc]
    """A pool connection handed back without asyncpg's reset query (advisory unlock, CLOSE ALL,
    UNLISTEN, RESET ALL): a round trip on every release, so on every store call, for session
    state this store never makes. Its locks are transaction-level (`pg_advisory_xact_lock`),
    it listens to nothing, keeps no cursor outside a transaction and sets nothing after
    connecting. asyncpg still ends a transaction left open when the connection comes back."""

    def get_reset_query(self) -> str:
        return ""


class PostgresStore(ConcernStores):
    def __init__(self, url: str) -> None:
        self.dsn, self.schema, self.pool_max = split_url(url)
        self._pool: asyncpg.Pool | None = None
        self._writer: Writer | None = None  # room writes only: a call of write_rooms a group
        self._compose(self, _RoomRows(self))

    async def open(self) -> None:
        settings = {"search_path": self.schema} if self.schema else {}
        connection = await asyncpg.connect(self.dsn, server_settings=settings)
        try:
            await migrate(connection, self.schema)
        finally:
            await connection.close()
        self._pool = await asyncpg.create_pool(
            self.dsn,
            min_size=1,
            max_size=self.pool_max,
            server_settings=settings,
            init=_json_codecs,
            connection_class=_PooledConnection,
        )

        async def connect() -> asyncpg.Connection:
            connection = await asyncpg.connect(
                self.dsn, server_settings={**settings, "lock_timeout": f"{writing.LOCK_TIMEOUT_MS}ms"}
            )
            await _json_codecs(connection)
            return connection

        writer = Writer(connect)
        await writer.start()
        self._writer = writer

    async def close(self) -> None:
        writer, self._writer = self._writer, None
        if writer is not None:
            await writer.stop()
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    async def _write_room(self, op: dict[str, Any]) -> Any:
        """A room write through the group writer: its value once its group is committed."""
        assert self._writer is not None, "store not open"
        return await self._writer.submit(op)

    @property
    def pool(self) -> asyncpg.Pool:
        assert self._pool is not None, "store not open"
        return self._pool

    async def _transaction(self, work: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        """`work` in one transaction; retried when PostgreSQL broke a deadlock by aborting it."""
        for attempt in range(5):
            try:
                async with self.pool.acquire() as connection, connection.transaction():
                    return await work(connection)
            except (asyncpg.DeadlockDetectedError, asyncpg.SerializationError):
                if attempt == 4:
                    raise
                await asyncio.sleep(0.01 * (attempt + 1))
        raise AssertionError("unreachable")

    # -- the backend seam (lobby/store/sql.py) -----------------------------------------------------
    async def read(self, work: Work[T]) -> T:
        async with self.pool.acquire() as connection:
            return await work(PgTx(connection))

    async def write(self, work: Work[T], *, alone: bool = False) -> T:
        if alone:  # one statement: a transaction by itself, without BEGIN and COMMIT round trips
            return await self.read(work)
        return await self._transaction(lambda connection: work(PgTx(connection)))


class _RoomRows:
    """The move path's room rows (lobby/store/rooms.py `RoomRows`): writes through the group
    writer (one call of `write_rooms` for every room write waiting), reads in one statement."""

    def __init__(self, store: PostgresStore) -> None:
        self._store = store

    async def insert_room(self, room: dict[str, Any]) -> bool:
        return await self._store._write_room(
            {
                "op": "insert",
                "code": room["code"],
                "status": room["status"],
                "data": room,
                "updated_ms": room.get("updated_ms", 0),
            }
        )

    async def load_room(self, code: str) -> tuple[dict[str, Any], int] | None:
        row = await self._store.pool.fetchrow("SELECT data, revision FROM rooms WHERE code = $1", code)
        return (row["data"], row["revision"]) if row else None

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
        op: dict[str, Any] = {
            "op": "save",
            "code": room["code"],
            "revision": revision,
            "data": room,
            "status": room["status"],
            "updated_ms": room.get("updated_ms", 0),
            "key": answer[0] if answer else None,
            "answer": answer[1] if answer else None,
            "events": [[e.number, e.visible_to, e.event] for e in events],
            "game_number": room.get("game_number", 0),
            "moves": [[m.version, m.seat, m.move, m.at_ms] for m in moves],
        }
        if seated is not None:  # absent: the rows stay as they are (migration 21)
            op["seated"] = seated_json(seated)
        if finished is not None:
            op["finished"] = {
                "code": finished.code,
                "number": finished.number,
                "game": finished.game,
                "options": finished.options,
                "seed": finished.seed,
                "names": finished.names,
                "players": finished.players,
                "result": finished.result,
                "started_ms": finished.started_ms,
                "finished_ms": finished.finished_ms,
                "fairness": finished.fairness,
                "private": finished.private,
                "invite_hash": finished.invite_hash,
                "placings": sorted(best_placings(finished).items()),
                **ratings_json(finished),
            }
        return await self._store._write_room(op)

    async def load_room_for_move(self, code: str, key: str) -> tuple[dict[str, Any], int, dict[str, Any] | None] | None:
        row = await self._store.pool.fetchrow(
            "SELECT data, revision, (SELECT answer FROM move_answers WHERE code = $1 AND key = $2) AS answer"
            " FROM rooms WHERE code = $1",
            code,
            key,
        )
        return (row["data"], row["revision"], row["answer"]) if row else None

    async def put_move_answer(self, code: str, key: str, answer: dict[str, Any]) -> dict[str, Any]:
        return await self._store._write_room({"op": "answer", "code": code, "key": key, "answer": answer})


__all__ = ["DIALECT", "MIGRATIONS", "PostgresStore", "migrate", "split_url"]
