"""Benchmark: the rating reads (a game's leaderboard, this week's climbers, a player's ratings, a
rating's history) on stores holding a year of rated games.

Fills a fresh SQLite file and a fresh PostgreSQL schema with `--players` players (a fifth of
them guests, one in a hundred deleted) and `--games` rated two-player games over a year and
`--titles` titles, busy players playing more than others: a `rating_changes` row per player and
game, each player's `ratings` and each week's `rating_weeks` consistent with them. The figures
are plausible, not OpenSkill's (the rating math is the writer's, not this page's). Rows go in
with executemany (SQLite) and COPY (PostgreSQL), the tables' secondary indexes built once
after. Then each read is asked `--asks` times on each store, through the store, and its median
and 95th percentile printed in milliseconds: with every index the store keeps, then with plain
sort-order indexes (game and ordinal; game, week and gain) in place of the covering ones
(`ratings_ranked`, `rating_weeks_climbers`), as a first cut would have them.

With every index, the start page's `GET /api/leaderboards` (every title's top three,
lobby/leaderboards.py `Leaderboards.tops`) is also asked `--asks` times over loopback HTTP of
the gateway's handler answering from the store each time, and `--asks` times answering from
its kept copy (GAMEROOM_LEADERBOARDS_CACHE_S, 30 s), in alternating blocks: median and 95th
percentile, and requests a second one after another.

    nice .venv/bin/python bench/leaderboards.py [--players 100000] [--games 1000000] [--titles 10]
        [--asks 300] [--postgres postgresql://postgres@127.0.0.1:5432/test]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp
import asyncpg
from aiohttp import web
from aiohttp.test_utils import TestServer

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gateway.app import LOBBY, leaderboard_tops  # noqa: E402
from lobby.engines import GameCatalogue  # noqa: E402
from lobby.leaderboards import Leaderboards  # noqa: E402
from lobby.rating_scale import DAY_MS, rating_week  # noqa: E402
from lobby.store import Store, make_store  # noqa: E402

YEAR_MS = 365 * DAY_MS
NOW_MS = 1_790_000_000_000
CHUNK = 50_000  # rating_changes rows per insert
TABLES = ("ratings", "rating_changes", "rating_weeks")
NEW_INDEXES = ("ratings_ranked", "rating_weeks_climbers")
# The plain sort-order indexes the covering ones replaced, for the "before" figures.
PLAIN_INDEXES = (
    "CREATE INDEX ratings_board ON ratings (game, ordinal DESC)",
    "CREATE INDEX rating_weeks_board ON rating_weeks (game, week, gain DESC)",
)


@dataclass
class Filled:
    """What the fill made, for choosing what to ask."""

    players: list[str]
    titles: list[str]
    rated: dict[tuple[str, str], list[float]] = field(default_factory=dict)  # (player, title) -> mu, sigma, games, at


def players_of(count: int, rng: random.Random) -> list[tuple[str, str, int, int]]:
    """(id, nickname, created_ms, account_ms): a fifth guests, one in a hundred deleted (nickname '')."""
    rows = []
    for n in range(count):
        nickname = "" if rng.random() < 0.01 else f"Player {n}"
        account_ms = 0 if rng.random() < 0.2 else NOW_MS - YEAR_MS
        rows.append((f"pl{n:06d}", nickname, NOW_MS - YEAR_MS, account_ms))
    return rows


def rated_games(
    filled: Filled, accounts: list[str], games: int, rng: random.Random
) -> Iterator[tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]]:
    """Chunks of (rating_changes rows, rating_weeks rows of the weeks that closed), oldest first;
    `filled.rated` holds every current rating when done."""
    # Each title's players: accounts that play it, busy ones first (drawn more often).
    pools = {title: [p for p in accounts if rng.random() < 0.25] for title in filled.titles}
    start_ms = NOW_MS - YEAR_MS
    changes: list[tuple[Any, ...]] = []
    week_gains: dict[tuple[str, int, str], float] = {}
    week = rating_week(start_ms)
    for n in range(games):
        at_ms = start_ms + n * YEAR_MS // games
        if rating_week(at_ms) != week:
            closed = [(g, w, p, gain) for (g, w, p), gain in week_gains.items()]
            week_gains.clear()
            week = rating_week(at_ms)
            yield changes, closed
            changes = []
        title = filled.titles[int(len(filled.titles) * rng.random() ** 1.5)]
        pool = pools[title]
        first = pool[int(len(pool) * rng.random() ** 3)]
        second = pool[int(len(pool) * rng.random() ** 2)]
        if first == second:
            continue
        code = f"G{n // 1000:05d}"
        first_won = rng.random() < 0.5
        for player, won in ((first, first_won), (second, not first_won)):
            key = (player, title)
            mu, sigma, played, _ = filled.rated.get(key, (25.0, 25 / 3, 0, 0))
            before = mu - 3 * sigma
            mu += (1 if won else -1) * sigma * 0.2 * rng.random()
            sigma = max(0.8, sigma * 0.97)
            ordinal = mu - 3 * sigma
            filled.rated[key] = [mu, sigma, played + 1, at_ms]
            changes.append((player, title, at_ms, code, n % 1000 + 1, mu, sigma, ordinal, ordinal - before))
            gain_key = (title, week, player)
            week_gains[gain_key] = week_gains.get(gain_key, 0.0) + ordinal - before
        if len(changes) >= CHUNK:
            yield changes, []
            changes = []
    yield changes, [(g, w, p, gain) for (g, w, p), gain in week_gains.items()]


def ratings_rows(filled: Filled) -> list[tuple[Any, ...]]:
    return [
        (title, player, mu, sigma, mu - 3 * sigma, int(games), int(at_ms))
        for (player, title), (mu, sigma, games, at_ms) in filled.rated.items()
    ]


async def fill(sqlite_path: str, pg_url: str, schema: str, args: argparse.Namespace) -> Filled:
    rng = random.Random(11)
    for store in (make_store(f"sqlite:///{sqlite_path}"), make_store(with_schema(pg_url, schema))):
        await store.open()  # the migrations, and nothing else
        await store.close()
    lite = sqlite3.connect(sqlite_path, isolation_level=None)
    lite.execute("PRAGMA synchronous = OFF")
    post = await asyncpg.connect(pg_url, server_settings={"search_path": schema})
    # The rows are consistent by construction: the foreign keys' checks (a trigger per row) are
    # skipped for the fill, as a restore does; the secondary indexes are built once at the end.
    await post.execute("SET session_replication_role = replica")
    marks = ", ".join("?" for _ in TABLES)
    lite_indexes = lite.execute(
        f"SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ({marks})",
        TABLES,
    ).fetchall()
    post_indexes = await post.fetch(
        "SELECT i.indexname, i.indexdef FROM pg_indexes i WHERE i.schemaname = $1 AND i.tablename = ANY($2::text[])"
        " AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)",
        schema,
        list(TABLES),
    )
    for name, _ in lite_indexes:
        lite.execute(f"DROP INDEX {name}")
    for row in post_indexes:
        await post.execute(f"DROP INDEX {row['indexname']}")
    started = time.perf_counter()

    async def both(table: str, columns: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
        if not rows:
            return
        marks = ", ".join("?" for _ in columns)
        lite.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)
        await post.copy_records_to_table(table, records=rows, columns=columns)

    players = players_of(args.players, rng)
    lite.execute("BEGIN")
    lite.executemany(
        "INSERT INTO players (id, nickname, token_hash, created_ms, account_ms) VALUES (?, ?, ?, ?, ?)",
        [(i, nick, f"h{i}", created, account) for i, nick, created, account in players],
    )
    await post.copy_records_to_table(
        "players",
        records=[(i, nick, f"h{i}", created, account) for i, nick, created, account in players],
        columns=("id", "nickname", "token_hash", "created_ms", "account_ms"),
    )
    filled = Filled([p[0] for p in players], [f"title-{t}" for t in range(args.titles)])
    accounts = [p[0] for p in players if p[3]]
    rng.shuffle(accounts)
    rows = 0
    for changes, weeks in rated_games(filled, accounts, args.games, rng):
        await both(
            "rating_changes",
            ("player_id", "game", "at_ms", "code", "number", "mu", "sigma", "ordinal", "delta"),
            changes,
        )
        await both("rating_weeks", ("game", "week", "player_id", "gain"), weeks)
        rows += len(changes)
    await both("ratings", ("game", "player_id", "mu", "sigma", "ordinal", "games", "updated_ms"), ratings_rows(filled))
    for _, sql in lite_indexes:
        lite.execute(sql)
    lite.execute("COMMIT")
    lite.execute("ANALYZE")
    lite.close()
    for row in post_indexes:
        await post.execute(row["indexdef"])
    await post.execute("VACUUM ANALYZE")  # as autovacuum would: index-only scans need the visibility map
    await post.close()
    print(
        f"filled {len(players)} players, {rows} rating changes, {len(filled.rated)} ratings"
        f" in {time.perf_counter() - started:.1f} s (both stores)"
    )
    return filled


def with_schema(url: str, schema: str) -> str:
    return f"{url}{'&' if '?' in url else '?'}schema={schema}&pool_max=2"


async def timed(asks: list[Callable[[], Awaitable[Any]]]) -> tuple[float, float, int]:
    """Median and 95th percentile in ms, and how many rows the asks answered in all."""
    times = []
    answered = 0
    for ask in asks:
        start = time.perf_counter()
        answer = await ask()
        times.append((time.perf_counter() - start) * 1000)
        answered += len(answer)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1], answered


async def drop_new_indexes(sqlite_path: str, pg_url: str, schema: str) -> None:
    lite = sqlite3.connect(sqlite_path, isolation_level=None)
    post = await asyncpg.connect(pg_url, server_settings={"search_path": schema})
    for name in NEW_INDEXES:
        lite.execute(f"DROP INDEX {name}")
        await post.execute(f"DROP INDEX {name}")
    for statement in PLAIN_INDEXES:
        lite.execute(statement)
        await post.execute(statement)
    lite.execute("ANALYZE")
    lite.close()
    await post.execute("ANALYZE")
    await post.close()


async def measure(name: str, store: Store, filled: Filled, asks: int, rng: random.Random) -> None:
    await store.open()
    try:
        rated = list(filled.rated)
        titles = [rng.choice(filled.titles) for _ in range(asks)]
        players = [rng.choice(rated) for _ in range(asks)]
        reads: dict[str, list[Callable[[], Awaitable[Any]]]] = {
            "leaderboard": [partial(store.leaderboard, title, NOW_MS) for title in titles],
            "climbers": [partial(store.climbers, title, NOW_MS) for title in titles],
            "player ratings": [partial(store.player_ratings, player, NOW_MS) for player, _ in players],
            "history (100)": [partial(store.rating_history, player, title, 100) for player, title in players],
        }
        for read, calls in reads.items():
            for call in calls:  # warm: statements prepared, the pages they read in memory
                await call()
            median, p95, answered = await timed(calls)
            print(
                f"{name:9} {read:15} median {median:7.3f} ms   p95 {p95:7.3f} ms   ({answered / len(calls):.1f} rows/ask)"
            )
    finally:
        await store.close()


TOPS_KEPT_MS = 30_000  # GAMEROOM_LEADERBOARDS_CACHE_S's default
TOPS_BLOCKS = 10  # alternating blocks of requests, so both ways see the same machine


async def measure_tops(name: str, store: Store, filled: Filled, asks: int) -> None:
    """GET /api/leaderboards through the gateway's own handler over loopback HTTP, its answer
    read from the store on every request, and from the kept copy (which runs out, and is read
    again, every TOPS_KEPT_MS of real time)."""
    await store.open()
    catalogue = GameCatalogue({title: {} for title in filled.titles})
    started = time.monotonic()

    def now_ms() -> int:  # the fill's "now", going on in real time
        return NOW_MS + int((time.monotonic() - started) * 1000)

    servers = {}
    for way, kept_ms in (("store", 0), ("kept copy", TOPS_KEPT_MS)):
        app = web.Application()
        # The handler asks the lobby for its `ratings` alone; `tops` asks nothing of players.
        app[LOBBY] = SimpleNamespace(ratings=Leaderboards(store, None, lambda: catalogue, now_ms, kept_ms))  # type: ignore[arg-type]
        app.router.add_get("/api/leaderboards", leaderboard_tops)
        servers[way] = TestServer(app)
        await servers[way].start_server()
    try:
        async with aiohttp.ClientSession() as session:

            async def ask(way: str) -> float:
                start = time.perf_counter()
                async with session.get(servers[way].make_url("/api/leaderboards")) as answer:
                    assert answer.status == 200 and len((await answer.json())["boards"]) == len(filled.titles)
                return (time.perf_counter() - start) * 1000

            times: dict[str, list[float]] = {way: [] for way in servers}
            for way in servers:
                await ask(way)  # warm: connection open, statements prepared, pages in memory
            for _ in range(TOPS_BLOCKS):
                for way, taken in times.items():
                    taken.extend([await ask(way) for _ in range(max(1, asks // TOPS_BLOCKS))])
        for way, taken in times.items():
            taken.sort()
            print(
                f"{name:9} {'GET ' + way:15} median {statistics.median(taken):7.3f} ms"
                f"   p95 {taken[int(len(taken) * 0.95) - 1]:7.3f} ms"
                f"   {len(taken) / (sum(taken) / 1000):6.0f} requests/s   (/api/leaderboards, {len(filled.titles)} titles)"
            )
    finally:
        for server in servers.values():
            await server.close()
        await store.close()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--titles", type=int, default=10)
    parser.add_argument("--asks", type=int, default=300)
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/test")
    args = parser.parse_args()
    schema = f"bench_{uuid.uuid4().hex[:8]}"
    with tempfile.TemporaryDirectory() as folder:
        path = f"{folder}/bench.sqlite3"
        try:
            filled = await fill(path, args.postgres, schema, args)
            for before in (False, True):
                if before:
                    await drop_new_indexes(path, args.postgres, schema)
                    print("with plain sort-order indexes instead of the covering ones (before):")
                store = make_store(f"sqlite:///{path}")
                await measure("sqlite", store, filled, args.asks, random.Random(3))
                if not before:
                    await measure_tops("sqlite", make_store(f"sqlite:///{path}"), filled, args.asks)
                store = make_store(with_schema(args.postgres, schema))
                await measure("postgres", store, filled, args.asks, random.Random(3))
                if not before:
                    await measure_tops("postgres", make_store(with_schema(args.postgres, schema)), filled, args.asks)
        finally:
            connection = await asyncpg.connect(args.postgres)
            await connection.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
            await connection.close()


if __name__ == "__main__":
    asyncio.run(main())
