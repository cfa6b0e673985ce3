"""The scaled store: PostgreSQL through an asyncpg pool, the system of record for every replica.

`postgresql://user@host:port/db?schema=name&pool_max=10`: `schema` puts every table in that
schema (created if missing: tests take a fresh one each), `pool_max` caps the connections this
process opens. Migrations run on open, once, under an advisory lock, so replicas starting
together do not race; `schema_migrations` records which have run.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Collection
from typing import Any, Awaitable, Callable, NamedTuple, TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

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
from .sqlite import best_placings

T = TypeVar("T")

# (version, name, SQL), in order. Never edit one that has shipped: add the next.
MIGRATIONS: list[tuple[int, str, str]] = [
    (
        1,
        "rooms, events, answers, chat",
        """
CREATE TABLE rooms (
    code text PRIMARY KEY,
    revision bigint NOT NULL,
    status text NOT NULL,
    data jsonb NOT NULL,
    updated_ms bigint NOT NULL
);
CREATE INDEX rooms_in_play ON rooms (code) WHERE status = 'playing';
CREATE TABLE events (
    code text NOT NULL,
    number integer NOT NULL,
    visible_to jsonb,
    event jsonb NOT NULL,
    PRIMARY KEY (code, number)
);
CREATE TABLE move_answers (
    code text NOT NULL,
    key text NOT NULL,
    answer jsonb NOT NULL,
    PRIMARY KEY (code, key)
);
CREATE TABLE chat (
    code text NOT NULL,
    number integer NOT NULL,
    seat integer NOT NULL,
    name text NOT NULL,
    text text NOT NULL,
    at_ms bigint NOT NULL,
    PRIMARY KEY (code, number)
);
""",
    ),
    (
        2,
        "move lists, finished games, players, statistics, house rules",
        """
CREATE TABLE moves (
    code text NOT NULL,
    game_number integer NOT NULL,
    version integer NOT NULL,
    seat integer NOT NULL,
    move jsonb NOT NULL,
    at_ms bigint NOT NULL,
    PRIMARY KEY (code, game_number, version)
);
CREATE TABLE finished_games (
    code text NOT NULL,
    number integer NOT NULL,
    game text NOT NULL,
    options jsonb NOT NULL,
    seed text NOT NULL,
    names jsonb NOT NULL,
    players jsonb NOT NULL,
    result jsonb NOT NULL,
    started_ms bigint NOT NULL,
    finished_ms bigint NOT NULL,
    PRIMARY KEY (code, number)
);
CREATE TABLE players (
    id text PRIMARY KEY,
    nickname text NOT NULL,
    token_hash text NOT NULL UNIQUE,
    created_ms bigint NOT NULL
);
CREATE TABLE player_placings (
    player_id text NOT NULL REFERENCES players (id),
    game text NOT NULL,
    place integer NOT NULL,
    count integer NOT NULL,
    PRIMARY KEY (player_id, game, place)
);
CREATE TABLE house_rules (
    player_id text NOT NULL REFERENCES players (id),
    game text NOT NULL,
    name text NOT NULL,
    options jsonb NOT NULL,
    updated_ms bigint NOT NULL,
    PRIMARY KEY (player_id, game, name)
);
""",
    ),
    (
        3,
        "the coin ledger",
        """
CREATE TABLE ledger_accounts (
    account text PRIMARY KEY,
    balance bigint NOT NULL,
    CONSTRAINT no_negative_balance CHECK (balance >= 0 OR account = 'mint')
);
CREATE TABLE ledger_transfers (
    key text PRIMARY KEY,
    seq bigserial NOT NULL,
    kind text NOT NULL,
    at_ms bigint NOT NULL,
    memo jsonb NOT NULL
);
CREATE TABLE ledger_entries (
    transfer_key text NOT NULL REFERENCES ledger_transfers (key),
    account text NOT NULL,
    amount bigint NOT NULL,
    PRIMARY KEY (transfer_key, account)
);
CREATE INDEX ledger_entries_by_account ON ledger_entries (account);
CREATE TABLE ledger_escrows (
    table_id text PRIMARY KEY,
    amount bigint NOT NULL,
    players jsonb NOT NULL,
    status text NOT NULL,
    opened_ms bigint NOT NULL,
    closed_ms bigint NOT NULL DEFAULT 0
);
""",
    ),
    (
        4,
        "save_room in one round trip",
        """
-- A move's whole write (room, answer, events, move record) in one call: one round trip instead
-- of six, inside one transaction. Returns false, having written nothing, when the revision moved
-- on; raises GR409 (rolling the room back) when the move id was answered meanwhile.
CREATE FUNCTION save_room(
    p_code text, p_revision bigint, p_data jsonb, p_status text, p_updated_ms bigint,
    p_key text, p_answer jsonb, p_events jsonb, p_game_number integer, p_moves jsonb
) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
    UPDATE rooms SET data = p_data, revision = revision + 1, status = p_status, updated_ms = p_updated_ms
        WHERE code = p_code AND revision = p_revision;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    IF p_key IS NOT NULL THEN
        INSERT INTO move_answers (code, key, answer) VALUES (p_code, p_key, p_answer) ON CONFLICT DO NOTHING;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'move % answered meanwhile', p_key USING ERRCODE = 'GR409';
        END IF;
    END IF;
    INSERT INTO events (code, number, visible_to, event)
        SELECT p_code, (e->>0)::integer, NULLIF(e->1, 'null'::jsonb), e->2 FROM jsonb_array_elements(p_events) AS e;
    INSERT INTO moves (code, game_number, version, seat, move, at_ms)
        SELECT p_code, p_game_number, (m->>0)::integer, (m->>1)::integer, m->2, (m->>3)::bigint
        FROM jsonb_array_elements(p_moves) AS m;
    RETURN true;
END
$$;
""",
    ),
    (
        5,
        "open escrows for the stake sweep",
        """
CREATE INDEX ledger_escrows_open ON ledger_escrows (opened_ms) WHERE status = 'open';
""",
    ),
    (
        6,
        "rooms at rest for the retention sweep",
        """
CREATE INDEX rooms_at_rest ON rooms (updated_ms) WHERE status <> 'playing';
""",
    ),
    (
        7,
        "chat channels",
        """
ALTER TABLE chat ADD COLUMN channel text NOT NULL DEFAULT 'room';
""",
    ),
    (
        8,
        "the quick-seating queue",
        """
CREATE TABLE quick_seats (
    id text PRIMARY KEY,
    pool text NOT NULL,
    player_id text NOT NULL,
    name text NOT NULL,
    secret_hash text NOT NULL,
    at_ms bigint NOT NULL,
    status text NOT NULL,
    claim text NOT NULL DEFAULT '',
    answer jsonb
);
CREATE UNIQUE INDEX quick_seats_one_wait ON quick_seats (pool, player_id) WHERE status = 'waiting';
CREATE INDEX quick_seats_queue ON quick_seats (pool, at_ms) WHERE status = 'waiting';
""",
    ),
    (
        9,
        "a guest identity on more devices",
        """
CREATE TABLE player_links (
    code_hash text PRIMARY KEY,
    player_id text NOT NULL REFERENCES players (id),
    expires_ms bigint NOT NULL
);
CREATE TABLE player_tokens (
    token_hash text PRIMARY KEY,
    player_id text NOT NULL REFERENCES players (id)
);
""",
    ),
    (
        10,
        "the seed's chain of a finished game",
        """
ALTER TABLE finished_games ADD COLUMN fairness jsonb NOT NULL DEFAULT '{}';
""",
    ),
    (
        11,
        "a private room's finished games; a player's games by index",
        # The default jsonb_ops, not jsonb_path_ops: only it serves `players ? id`. No fast
        # update: a game ends now and then, while a pending list of entries not yet merged
        # would be read through on every player's page until a vacuum merged it.
        """
ALTER TABLE finished_games ADD COLUMN private_room boolean NOT NULL DEFAULT false;
ALTER TABLE finished_games ADD COLUMN invite_hash text NOT NULL DEFAULT '';
CREATE INDEX finished_games_players ON finished_games USING gin (players) WITH (fastupdate = off);
""",
    ),
    (
        12,
        "room writes grouped: many in one call and one transaction",
        # Every room write a replica has waiting goes to the server in ONE call (one round trip,
        # one transaction, one WAL flush: _Writer). Each write runs in a block of its own, a
        # subtransaction: one that fails is undone alone and its outcome says why, the others
        # commit. Outcomes in order: {"ok": value} or {"sqlstate": ..., "message": ...}.
        """
CREATE FUNCTION write_rooms(p_writes jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
    w jsonb;
    f jsonb;
    value jsonb;
    outcomes jsonb[] := '{}';
BEGIN
    FOR w IN SELECT e FROM jsonb_array_elements(p_writes) AS e LOOP
        BEGIN
            CASE w->>'op'
            WHEN 'save' THEN
                value := to_jsonb(save_room(
                    w->>'code', (w->>'revision')::bigint, w->'data', w->>'status', (w->>'updated_ms')::bigint,
                    w->>'key', w->'answer', w->'events', (w->>'game_number')::integer, w->'moves'));
                f := w->'finished';
                IF value = 'true'::jsonb AND f IS NOT NULL THEN
                    INSERT INTO finished_games (code, number, game, options, seed, names, players, result,
                        started_ms, finished_ms, fairness, private_room, invite_hash)
                    VALUES (f->>'code', (f->>'number')::integer, f->>'game', f->'options', f->>'seed', f->'names',
                        f->'players', f->'result', (f->>'started_ms')::bigint, (f->>'finished_ms')::bigint,
                        f->'fairness', (f->>'private')::boolean, f->>'invite_hash');
                    -- Sorted by player in the caller, so two games ending together lock in one order.
                    INSERT INTO player_placings (player_id, game, place, count)
                        SELECT p->>0, f->>'game', (p->>1)::integer, 1 FROM jsonb_array_elements(f->'placings') AS p
                        ON CONFLICT (player_id, game, place) DO UPDATE SET count = player_placings.count + 1;
                END IF;
            WHEN 'insert' THEN
                -- An expired room's code stays its finished games' name: never given out again.
                INSERT INTO rooms (code, revision, status, data, updated_ms)
                    SELECT w->>'code', 1, w->>'status', w->'data', (w->>'updated_ms')::bigint
                    WHERE NOT EXISTS (SELECT 1 FROM finished_games WHERE code = w->>'code')
                    ON CONFLICT DO NOTHING;
                value := to_jsonb(FOUND);
            WHEN 'answer' THEN
                INSERT INTO move_answers (code, key, answer) VALUES (w->>'code', w->>'key', w->'answer')
                    ON CONFLICT DO NOTHING;
                SELECT answer INTO value FROM move_answers WHERE code = w->>'code' AND key = w->>'key';
            END CASE;
            outcomes := outcomes || jsonb_build_object('ok', value);
        EXCEPTION
            WHEN SQLSTATE 'GR409' THEN  -- the move was answered meanwhile: the room's update undone
                outcomes := outcomes || jsonb_build_object('ok', false);
            WHEN OTHERS THEN
                outcomes := outcomes || jsonb_build_object('sqlstate', SQLSTATE, 'message', SQLERRM);
        END;
    END LOOP;
    RETURN to_jsonb(outcomes);
END
$$;
""",
    ),
    (
        13,
        "rooms in play for the retention sweep",
        # A table waits for its players while none is there (lobby/clocks.py): a room in play
        # untouched for the retention period has been left for good.
        """
CREATE INDEX rooms_in_play_by_age ON rooms (updated_ms) WHERE status = 'playing';
""",
    ),
    (
        14,
        "a move's room update in place: lz4, and the activity column left within its lag",
        # Measured with a room of four-in-a-row's size, four rooms writing at once: the server's
        # CPU a write 500 µs -> 295, writes a second 1,257 -> 1,947 (bench/pg_room_writes.py).
        # - lz4 (PostgreSQL 14+, where it was built with it; else pglz stays): a room's JSON is
        #   compressed on every write, and lz4 costs a fraction of pglz.
        # - A move leaves `updated_ms` as it was while the status is unchanged and the column lags
        #   the room's own time by less than ACTIVITY_LAG_MS, as the SQLite store does: then the
        #   update changes no indexed column, and PostgreSQL updates the row in its page (a HOT
        #   update) instead of adding an entry to each of the room's four indexes.
        f"""
DO $$
BEGIN
    EXECUTE 'ALTER TABLE rooms ALTER COLUMN data SET COMPRESSION lz4';
EXCEPTION WHEN feature_not_supported OR syntax_error THEN
    NULL;
END
$$;
CREATE OR REPLACE FUNCTION save_room(
    p_code text, p_revision bigint, p_data jsonb, p_status text, p_updated_ms bigint,
    p_key text, p_answer jsonb, p_events jsonb, p_game_number integer, p_moves jsonb
) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
    UPDATE rooms SET data = p_data, revision = revision + 1, status = p_status,
        updated_ms = CASE
            WHEN status = p_status AND updated_ms BETWEEN p_updated_ms - {ACTIVITY_LAG_MS} AND p_updated_ms
            THEN updated_ms ELSE p_updated_ms END
        WHERE code = p_code AND revision = p_revision;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    IF p_key IS NOT NULL THEN
        INSERT INTO move_answers (code, key, answer) VALUES (p_code, p_key, p_answer) ON CONFLICT DO NOTHING;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'move % answered meanwhile', p_key USING ERRCODE = 'GR409';
        END IF;
    END IF;
    INSERT INTO events (code, number, visible_to, event)
        SELECT p_code, (e->>0)::integer, NULLIF(e->1, 'null'::jsonb), e->2 FROM jsonb_array_elements(p_events) AS e;
    INSERT INTO moves (code, game_number, version, seat, move, at_ms)
        SELECT p_code, p_game_number, (m->>0)::integer, (m->>1)::integer, m->2, (m->>3)::bigint
        FROM jsonb_array_elements(p_moves) AS m;
    RETURN true;
END
$$;
""",
    ),
]

_IDENTIFIER = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


# Writes per call at most. Each is a subtransaction, and a backend remembers up to 64 of its
# own (PGPROC_MAX_CACHED_SUBXIDS): past that every other backend's snapshot looks them up on disk.
BATCH_WRITES = 64
# How long a grouped write waits for a row another transaction holds (another replica's group,
# the retention sweep) before it is tried again in the next group: two groups that each hold
# what the other wants never wait for the deadlock detector's second.
LOCK_TIMEOUT_MS = 200
RETRIES = 10  # groups a write is tried in before its lock timeout is its caller's error
WRITER_CONNECTIONS = 2  # groups in flight at once (_Writer)
# A room no player is at (lobby.room.Seat.here for none of its seats): a table in play waits for
# its players, so the retention sweep is what ends one left for good.
_NOBODY_HERE = (
    "NOT EXISTS (SELECT 1 FROM jsonb_array_elements(data->'seats') seat WHERE seat->>'kind' = 'human'"
    " AND coalesce(seat->>'holder', '') <> '' AND coalesce(seat->'gone_ms', 'null') = 'null'"
    " AND NOT coalesce((seat->>'left')::boolean, false))"
)
_LOCKED = frozenset({"55P03", "40P01"})  # lock_not_available, deadlock_detected


class _Write(NamedTuple):
    op: str  # one element of write_rooms' argument, as JSON text
    future: asyncio.Future[Any]
    tries: int = 0  # groups it met a lock in


class _Writer:
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


class PostgresStore(GroupCommitted):
    def __init__(self, url: str) -> None:
        self.dsn, self.schema, self.pool_max = split_url(url)
        self._pool: asyncpg.Pool | None = None
        self._writer: _Writer | None = None  # room writes only: a call of write_rooms a group

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
                self.dsn, server_settings={**settings, "lock_timeout": f"{LOCK_TIMEOUT_MS}ms"}
            )
            await _json_codecs(connection)
            return connection

        writer = _Writer(connect)
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

    # -- rooms --------------------------------------------------------------------------------------
    async def insert_room(self, room: dict[str, Any]) -> bool:
        return await self._write_room(
            {
                "op": "insert",
                "code": room["code"],
                "status": room["status"],
                "data": room,
                "updated_ms": room.get("updated_ms", 0),
            }
        )

    async def load_room(self, code: str) -> tuple[dict[str, Any], int] | None:
        row = await self.pool.fetchrow("SELECT data, revision FROM rooms WHERE code = $1", code)
        return (row["data"], row["revision"]) if row else None

    async def save_room(
        self,
        room: dict[str, Any],
        revision: int,
        events: list[StoredEvent] = (),  # type: ignore[assignment]
        answer: tuple[str, dict[str, Any]] | None = None,
        moves: list[MoveRecord] = (),  # type: ignore[assignment]
        finished: FinishedGame | None = None,
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
            }
        return await self._write_room(op)

    async def rooms_in_play(self) -> list[str]:
        return [row["code"] for row in await self.pool.fetch("SELECT code FROM rooms WHERE status = 'playing'")]

    async def expire_rooms(self, before_ms: int, limit: int = 200) -> list[str]:
        async def work(db: asyncpg.Connection) -> list[str]:
            # The room's own row is deleted only if it is still at rest and old (a write since
            # the select keeps it); SKIP LOCKED leaves a room another writer holds to the next sweep.
            # At rest first, then in play with nobody at the table (two partial indexes). The
            # column finds the candidates (it may lag the room's own time by ACTIVITY_LAG_MS,
            # never lead it); the room's own time decides.
            codes: list[str] = []
            for which in ("status <> 'playing'", f"status = 'playing' AND {_NOBODY_HERE}"):
                rows = await db.fetch(
                    f"DELETE FROM rooms WHERE code IN (SELECT code FROM rooms WHERE {which}"  # noqa: S608 (fixed text)
                    " AND updated_ms < $1 AND coalesce((data->>'updated_ms')::bigint, updated_ms) < $1"
                    " ORDER BY updated_ms LIMIT $2 FOR UPDATE SKIP LOCKED) RETURNING code",
                    before_ms,
                    limit - len(codes),
                )
                codes += [r["code"] for r in rows]
                if len(codes) >= limit:
                    break
            if codes:
                for table in ("events", "move_answers", "chat"):
                    await db.execute(f"DELETE FROM {table} WHERE code = ANY($1::text[])", codes)  # noqa: S608
                # Moves of a game that never finished replay nothing; a finished game's stay.
                await db.execute(
                    "DELETE FROM moves m WHERE m.code = ANY($1::text[]) AND NOT EXISTS"
                    " (SELECT 1 FROM finished_games f WHERE f.code = m.code AND f.number = m.game_number)",
                    codes,
                )
            return codes

        return await self._transaction(work)

    async def events_since(self, code: str, after: int) -> list[StoredEvent]:
        rows = await self.pool.fetch(
            "SELECT number, event, visible_to FROM events WHERE code = $1 AND number > $2 ORDER BY number", code, after
        )
        return [StoredEvent(r["number"], r["event"], r["visible_to"]) for r in rows]

    async def load_room_for_move(self, code: str, key: str) -> tuple[dict[str, Any], int, dict[str, Any] | None] | None:
        row = await self.pool.fetchrow(
            "SELECT data, revision, (SELECT answer FROM move_answers WHERE code = $1 AND key = $2) AS answer"
            " FROM rooms WHERE code = $1",
            code,
            key,
        )
        return (row["data"], row["revision"], row["answer"]) if row else None

    async def move_answer(self, code: str, key: str) -> dict[str, Any] | None:
        return await self.pool.fetchval("SELECT answer FROM move_answers WHERE code = $1 AND key = $2", code, key)

    async def put_move_answer(self, code: str, key: str, answer: dict[str, Any]) -> dict[str, Any]:
        return await self._write_room({"op": "answer", "code": code, "key": key, "answer": answer})

    async def add_chat(
        self, code: str, seat: int, name: str, text: str, at_ms: int, channel: str = ROOM_CHANNEL
    ) -> ChatLine:
        async def work(db: asyncpg.Connection) -> ChatLine:
            # Numbers are gap-free per room: writers of one room's chat take turns.
            await db.execute("SELECT pg_advisory_xact_lock(hashtext('chat:' || $1))", code)
            number = await db.fetchval("SELECT COALESCE(MAX(number), 0) + 1 FROM chat WHERE code = $1", code)
            await db.execute(
                "INSERT INTO chat (code, number, seat, name, text, at_ms, channel) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                code,
                number,
                seat,
                name,
                text,
                at_ms,
                channel,
            )
            return ChatLine(number, seat, name, text, at_ms, channel)

        return await self._transaction(work)

    async def chat_since(
        self, code: str, after: int, limit: int = 100, channels: Collection[str] | None = None
    ) -> list[ChatLine]:
        if channels is None:
            rows = await self.pool.fetch(
                "SELECT number, seat, name, text, at_ms, channel FROM chat WHERE code = $1 AND number > $2"
                " ORDER BY number DESC LIMIT $3",
                code,
                after,
                limit,
            )
        else:
            rows = await self.pool.fetch(
                "SELECT number, seat, name, text, at_ms, channel FROM chat WHERE code = $1 AND number > $2"
                " AND channel = ANY($4::text[]) ORDER BY number DESC LIMIT $3",
                code,
                after,
                limit,
                sorted(set(channels)),
            )
        return [ChatLine(*row) for row in reversed(rows)]

    # -- games for replay ---------------------------------------------------------------------------
    async def game_moves(self, code: str, number: int) -> list[MoveRecord]:
        rows = await self.pool.fetch(
            "SELECT seat, move, version, at_ms FROM moves WHERE code = $1 AND game_number = $2 ORDER BY version",
            code,
            number,
        )
        return [MoveRecord(r["seat"], r["move"], r["version"], r["at_ms"]) for r in rows]

    async def finished_game(self, code: str, number: int) -> FinishedGame | None:
        row = await self.pool.fetchrow(
            "SELECT game, options, seed, names, players, result, started_ms, finished_ms, fairness,"
            " private_room, invite_hash FROM finished_games WHERE code = $1 AND number = $2",
            code,
            number,
        )
        if row is None:
            return None
        *fields, chain, private, invite = row
        return FinishedGame(
            code,
            number,
            *fields,
            moves=await self.game_moves(code, number),
            fairness=chain,
            private=private,
            invite_hash=invite,
        )

    async def player_games(self, player_id: str, limit: int = 50) -> list[FinishedGame]:
        # `?`: the jsonb array holds the id as one of its strings.
        rows = await self.pool.fetch(
            "SELECT code, number, game, options, seed, names, players, result, started_ms, finished_ms,"
            " private_room, invite_hash"
            " FROM finished_games WHERE players ? $1 ORDER BY finished_ms DESC, code, number DESC LIMIT $2",
            player_id,
            limit,
        )
        return [FinishedGame(*row[:10], private=row[10], invite_hash=row[11]) for row in rows]

    # -- players, statistics, house rules -----------------------------------------------------------
    async def create_player(self, player: Player, token_hash: str) -> None:
        await self.pool.execute(
            "INSERT INTO players (id, nickname, token_hash, created_ms) VALUES ($1, $2, $3, $4)",
            player.id,
            player.nickname,
            token_hash,
            player.created_ms,
        )

    async def player_by_token(self, token_hash: str) -> Player | None:
        row = await self.pool.fetchrow(
            "SELECT id, nickname, created_ms FROM players WHERE token_hash = $1"
            " UNION ALL SELECT p.id, p.nickname, p.created_ms FROM player_tokens t JOIN players p ON p.id = t.player_id"
            " WHERE t.token_hash = $1 LIMIT 1",
            token_hash,
        )
        return Player(*row) if row else None

    async def link_player(self, code_hash: str, player_id: str, expires_ms: int) -> None:
        await self.pool.execute(
            "INSERT INTO player_links (code_hash, player_id, expires_ms) VALUES ($1, $2, $3)",
            code_hash,
            player_id,
            expires_ms,
        )

    async def claim_player_link(self, code_hash: str, token_hash: str, now_ms: int) -> Player | None:
        async def work(db: asyncpg.Connection) -> Player | None:
            row = await db.fetchrow(
                "DELETE FROM player_links WHERE code_hash = $1 RETURNING player_id, expires_ms", code_hash
            )
            if row is None or row["expires_ms"] < now_ms:
                return None
            await db.execute(
                "INSERT INTO player_tokens (token_hash, player_id) VALUES ($1, $2)", token_hash, row["player_id"]
            )
            found = await db.fetchrow("SELECT id, nickname, created_ms FROM players WHERE id = $1", row["player_id"])
            return Player(*found) if found else None

        return await self._transaction(work)

    async def player_stats(self, player_id: str) -> list[GameStats]:
        rows = await self.pool.fetch(
            "SELECT game, place, count FROM player_placings WHERE player_id = $1 ORDER BY game, place", player_id
        )
        by_game: dict[str, dict[int, int]] = {}
        for game, placing, count in rows:
            by_game.setdefault(game, {})[placing] = count
        return [GameStats(g, sum(p.values()), p.get(1, 0), p) for g, p in sorted(by_game.items())]

    async def save_house_rules(self, player_id: str, game: str, name: str, options: dict[str, Any], at_ms: int) -> None:
        await self.pool.execute(
            "INSERT INTO house_rules (player_id, game, name, options, updated_ms) VALUES ($1, $2, $3, $4, $5)"
            " ON CONFLICT (player_id, game, name) DO UPDATE SET options = excluded.options, updated_ms = excluded.updated_ms",
            player_id,
            game,
            name,
            options,
            at_ms,
        )

    async def house_rules(self, player_id: str, game: str | None = None) -> list[dict[str, Any]]:
        rows = await self.pool.fetch(
            "SELECT game, name, options, updated_ms FROM house_rules WHERE player_id = $1 AND ($2::text IS NULL OR game = $2)"
            " ORDER BY game, name",
            player_id,
            game,
        )
        return [dict(row) for row in rows]

    async def delete_house_rules(self, player_id: str, game: str, name: str) -> bool:
        status = await self.pool.execute(
            "DELETE FROM house_rules WHERE player_id = $1 AND game = $2 AND name = $3", player_id, game, name
        )
        return status == "DELETE 1"

    # -- quick seating ------------------------------------------------------------------------------
    async def quick_seat_join(
        self, entry_id: str, pool: str, player: str, name: str, secret_hash: str, at_ms: int
    ) -> dict[str, Any]:
        async def work(db: asyncpg.Connection) -> dict[str, Any]:
            # One queue per pool at a time: two replicas never queue one player twice.
            await db.execute("SELECT pg_advisory_xact_lock(hashtext($1))", pool)
            found = await db.fetchval(
                "SELECT id FROM quick_seats WHERE pool = $1 AND player_id = $2 AND status = 'waiting'", pool, player
            )
            if found is not None:
                await db.execute(
                    "UPDATE quick_seats SET secret_hash = $1, name = $2 WHERE id = $3", secret_hash, name, found
                )
                entry_id_used = found
            else:
                await db.execute(
                    "INSERT INTO quick_seats (id, pool, player_id, name, secret_hash, at_ms, status)"
                    " VALUES ($1, $2, $3, $4, $5, $6, 'waiting')",
                    entry_id,
                    pool,
                    player,
                    name,
                    secret_hash,
                    at_ms,
                )
                entry_id_used = entry_id
            return await _quick_seat(db, entry_id_used)

        return await self._transaction(work)

    async def quick_seat_claim(
        self, pool: str, count: int, claim: str, include: str | None = None
    ) -> list[dict[str, Any]]:
        async def work(db: asyncpg.Connection) -> list[dict[str, Any]]:
            # Claims of one pool run one after another on every replica (a transaction lock).
            await db.execute("SELECT pg_advisory_xact_lock(hashtext($1))", pool)
            rows = [
                row["id"]
                for row in await db.fetch(
                    "SELECT id FROM quick_seats WHERE pool = $1 AND status = 'waiting' ORDER BY at_ms, id", pool
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
            await db.execute(
                "UPDATE quick_seats SET status = 'claimed', claim = $1 WHERE id = ANY($2::text[])", claim, chosen
            )
            return [await _quick_seat(db, entry) for entry in chosen]

        return await self._transaction(work)

    async def quick_seat_seat(self, answers: dict[str, dict[str, Any]]) -> None:
        async def work(db: asyncpg.Connection) -> None:
            for entry, answer in answers.items():
                await db.execute("UPDATE quick_seats SET status = 'seated', answer = $1 WHERE id = $2", answer, entry)

        await self._transaction(work)

    async def quick_seat_release(self, entry_ids: list[str]) -> None:
        await self.pool.execute(
            "UPDATE quick_seats SET status = 'waiting', claim = '' WHERE id = ANY($1::text[]) AND status = 'claimed'",
            entry_ids,
        )

    async def quick_seat_entry(self, entry_id: str) -> tuple[dict[str, Any], str] | None:
        async with self.pool.acquire() as db:
            secret = await db.fetchval("SELECT secret_hash FROM quick_seats WHERE id = $1", entry_id)
            return None if secret is None else (await _quick_seat(db, entry_id), secret)

    async def quick_seat_cancel(self, entry_id: str) -> bool:
        status = await self.pool.execute(
            "UPDATE quick_seats SET status = 'cancelled' WHERE id = $1 AND status = 'waiting'", entry_id
        )
        return status == "UPDATE 1"

    async def quick_seat_waiting(self, pool: str) -> int:
        return int(
            await self.pool.fetchval("SELECT count(*) FROM quick_seats WHERE pool = $1 AND status = 'waiting'", pool)
        )

    # -- the ledger ---------------------------------------------------------------------------------
    async def ledger_transfer(self, transfer: Transfer, escrow: EscrowChange | None = None) -> tuple[Transfer, bool]:
        check_balanced(transfer)

        async def work(db: asyncpg.Connection) -> tuple[Transfer, bool]:
            # A concurrent writer of the same key holds the row until it commits or rolls back.
            written = await db.fetchval(
                "INSERT INTO ledger_transfers (key, kind, at_ms, memo) VALUES ($1, $2, $3, $4)"
                " ON CONFLICT (key) DO NOTHING RETURNING key",
                transfer.key,
                transfer.kind,
                transfer.at_ms,
                transfer.memo,
            )
            if written is None:
                prior = await _transfer(db, transfer.key)
                assert prior is not None
                return prior, False
            if escrow is not None:  # before the postings: a closed escrow is a conflict, not a shortfall
                await _change_escrow(db, escrow, transfer.at_ms)
            # Accounts in one order everywhere, so two transfers never wait on each other in a ring.
            for posting in sorted(transfer.postings, key=lambda p: p.account):
                await db.execute(
                    "INSERT INTO ledger_accounts (account, balance) VALUES ($1, 0) ON CONFLICT DO NOTHING",
                    posting.account,
                )
                try:
                    await db.execute(
                        "UPDATE ledger_accounts SET balance = balance + $2 WHERE account = $1",
                        posting.account,
                        posting.amount,
                    )
                except asyncpg.CheckViolationError:
                    raise InsufficientFunds(posting.account) from None
            await db.executemany(
                "INSERT INTO ledger_entries (transfer_key, account, amount) VALUES ($1, $2, $3)",
                [(transfer.key, p.account, p.amount) for p in transfer.postings],
            )
            return transfer, True

        return await self._transaction(work)

    async def ledger_daily_top_up(self, key: str, account: str, up_to: int, at_ms: int) -> tuple[Transfer, bool]:
        async def work(db: asyncpg.Connection) -> tuple[Transfer, bool]:
            memo = {"up_to": up_to}
            written = await db.fetchval(
                "INSERT INTO ledger_transfers (key, kind, at_ms, memo) VALUES ($1, 'top_up', $2, $3)"
                " ON CONFLICT (key) DO NOTHING RETURNING key",
                key,
                at_ms,
                memo,
            )
            if written is None:
                prior = await _transfer(db, key)
                assert prior is not None
                return prior, False
            accounts = sorted((MINT, account))
            await db.executemany(
                "INSERT INTO ledger_accounts (account, balance) VALUES ($1, 0) ON CONFLICT DO NOTHING",
                [(a,) for a in accounts],
            )
            # Both rows locked in the one order every transfer uses, so the balance read stays true.
            rows = await db.fetch(
                "SELECT account, balance FROM ledger_accounts WHERE account = ANY($1::text[]) ORDER BY account FOR UPDATE",
                accounts,
            )
            missing = up_to - {r["account"]: r["balance"] for r in rows}[account]
            postings = (Posting(MINT, -missing), Posting(account, missing)) if missing > 0 else ()
            for posting in postings:
                await db.execute(
                    "UPDATE ledger_accounts SET balance = balance + $2 WHERE account = $1",
                    posting.account,
                    posting.amount,
                )
            await db.executemany(
                "INSERT INTO ledger_entries (transfer_key, account, amount) VALUES ($1, $2, $3)",
                [(key, p.account, p.amount) for p in postings],
            )
            return Transfer(key, "top_up", tuple(sorted(postings, key=lambda p: p.account)), at_ms, memo), True

        return await self._transaction(work)

    async def ledger_balance(self, account: str) -> int:
        return await self.pool.fetchval("SELECT balance FROM ledger_accounts WHERE account = $1", account) or 0

    async def ledger_balances(self) -> dict[str, int]:
        return {
            row["account"]: row["balance"]
            for row in await self.pool.fetch("SELECT account, balance FROM ledger_accounts")
        }

    async def ledger_transfer_by_key(self, key: str) -> Transfer | None:
        async with self.pool.acquire() as db:
            return await _transfer(db, key)

    async def ledger_history(self, account: str) -> list[Transfer]:
        async with self.pool.acquire() as db:
            keys = await db.fetch(
                "SELECT t.key FROM ledger_entries e JOIN ledger_transfers t ON t.key = e.transfer_key"
                " WHERE e.account = $1 ORDER BY t.at_ms, t.seq",
                account,
            )
            return [await _transfer(db, row["key"]) for row in keys]  # type: ignore[misc]

    async def ledger_escrow(self, table: str) -> Escrow | None:
        row = await self.pool.fetchrow(
            "SELECT table_id, amount, players, status, opened_ms, closed_ms FROM ledger_escrows WHERE table_id = $1",
            table,
        )
        return Escrow(*row) if row else None

    async def ledger_escrows(self, status: str | None = None) -> list[Escrow]:
        rows = await self.pool.fetch(
            "SELECT table_id, amount, players, status, opened_ms, closed_ms FROM ledger_escrows"
            " WHERE $1::text IS NULL OR status = $1 ORDER BY table_id",
            status,
        )
        return [Escrow(*row) for row in rows]


async def migrate(connection: asyncpg.Connection, schema: str) -> None:
    """Create the schema if it is missing and run the migrations `schema_migrations` does not
    list, each in its own transaction. Replicas starting together take turns (an advisory lock:
    even CREATE SCHEMA IF NOT EXISTS fails when two run at once)."""
    await connection.execute("SELECT pg_advisory_lock(hashtext('gameroom-migrations:' || $1))", schema or "public")
    try:
        if schema:
            await connection.execute(f"CREATE SCHEMA IF NOT EXISTS {schema}")
        await connection.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())"
        )
        done = {row["version"] for row in await connection.fetch("SELECT version FROM schema_migrations")}
        for version, name, sql in MIGRATIONS:
            if version in done:
                continue
            async with connection.transaction():
                await connection.execute(sql)
                await connection.execute("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", version, name)
    finally:
        await connection.execute(
            "SELECT pg_advisory_unlock(hashtext('gameroom-migrations:' || $1))", schema or "public"
        )


async def _insert_finished(db: asyncpg.Connection, game: FinishedGame) -> None:
    await db.execute(
        "INSERT INTO finished_games"
        " (code, number, game, options, seed, names, players, result, started_ms, finished_ms, fairness,"
        " private_room, invite_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
        game.code,
        game.number,
        game.game,
        game.options,
        game.seed,
        game.names,
        game.players,
        game.result,
        game.started_ms,
        game.finished_ms,
        game.fairness,
        game.private,
        game.invite_hash,
    )
    placings = best_placings(game)
    if placings:
        await db.executemany(
            "INSERT INTO player_placings (player_id, game, place, count) VALUES ($1, $2, $3, 1)"
            " ON CONFLICT (player_id, game, place) DO UPDATE SET count = player_placings.count + 1",
            [(player, game.game, placing) for player, placing in sorted(placings.items())],
        )


async def _transfer(db: asyncpg.Connection, key: str) -> Transfer | None:
    row = await db.fetchrow("SELECT kind, at_ms, memo FROM ledger_transfers WHERE key = $1", key)
    if row is None:
        return None
    postings = await db.fetch(
        "SELECT account, amount FROM ledger_entries WHERE transfer_key = $1 ORDER BY account", key
    )
    return Transfer(
        key, row["kind"], tuple(Posting(p["account"], p["amount"]) for p in postings), row["at_ms"], row["memo"]
    )


async def _change_escrow(db: asyncpg.Connection, change: EscrowChange, at_ms: int) -> None:
    if change.status == "open":
        status = await db.execute(
            "INSERT INTO ledger_escrows (table_id, amount, players, status, opened_ms) VALUES ($1, $2, $3, 'open', $4)"
            " ON CONFLICT DO NOTHING",
            change.table,
            change.amount,
            list(change.players),
            at_ms,
        )
        if status != "INSERT 0 1":
            raise EscrowConflict(f"escrow {change.table} exists")
        return
    status = await db.execute(
        "UPDATE ledger_escrows SET status = $1, closed_ms = $2 WHERE table_id = $3 AND status = 'open'",
        change.status,
        at_ms,
        change.table,
    )
    if status != "UPDATE 1":
        raise EscrowConflict(f"escrow {change.table} is not open")


async def _quick_seat(db: asyncpg.Connection, entry_id: str) -> dict[str, Any]:
    row = await db.fetchrow(
        "SELECT pool, player_id, name, at_ms, status, answer FROM quick_seats WHERE id = $1", entry_id
    )
    return {
        "id": entry_id,
        "pool": row["pool"],
        "player": row["player_id"],
        "name": row["name"],
        "at_ms": row["at_ms"],
        "status": row["status"],
        "answer": row["answer"],
    }
