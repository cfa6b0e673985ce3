"""Benchmark: a player's finished games (the player page's list) on a store holding many
games, with the index the store keeps and with the query it ran before.

Fills a fresh SQLite file and a fresh PostgreSQL schema with `--games` finished two-seat games
among `--players` players, then times `player_games(id, 50)` for `--asks` random players:
  - SQLite: through the seat table (`finished_game_players`), then the former scan of every
    game's seat list with json_each;
  - PostgreSQL: `players ? id` with the GIN index, then with the index dropped.

    .venv/bin/python bench/player_games.py [--games 20000] [--players 2000] [--asks 200]
        [--postgres postgresql://postgres@127.0.0.1:5432/test]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import sys
import tempfile
import time
import uuid
from pathlib import Path

import asyncpg

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lobby.store import FinishedGame, make_store  # noqa: E402
from lobby.store import postgres as pg  # noqa: E402
from lobby.store import sqlite as lite  # noqa: E402

SQLITE_BEFORE = (
    "SELECT code, number, game, options, seed, names, players, result, started_ms, finished_ms"
    " FROM finished_games WHERE EXISTS (SELECT 1 FROM json_each(players) WHERE value = ?)"
    " ORDER BY finished_ms DESC, code, number DESC LIMIT 50"
)

SQLITE_NOW = (  # what SqliteStore.player_games asks now
    "SELECT f.code, f.number, f.game, f.options, f.seed, f.names, f.players, f.result,"
    " f.started_ms, f.finished_ms, f.private_room, f.invite_hash"
    " FROM finished_game_players p JOIN finished_games f ON f.code = p.code AND f.number = p.number"
    " WHERE p.player_id = ? ORDER BY p.finished_ms DESC, p.code, p.number DESC LIMIT 50"
)


def games(count: int, players: list[str], rng: random.Random) -> list[FinishedGame]:
    out = []
    for n in range(count):
        seated = rng.sample(players, 2) if rng.random() < 0.8 else [rng.choice(players), ""]
        code = f"B{n // 1000:04d}"
        out.append(FinishedGame(code, n % 1000 + 1, "chess", {}, "00", ["a", "b"], seated, {"placings": [1, 2]}, 0, n))
    return out


def ms_per_ask(total_s: float, asks: int) -> float:
    return total_s / asks * 1000


async def timed(asks: list[str], ask) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    for player in asks:
        await ask(player)
    return ms_per_ask(time.perf_counter() - start, len(asks))


async def sqlite_run(records: list[FinishedGame], asks: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = f"{folder}/bench.sqlite3"
        store = make_store(f"sqlite:///{path}")
        await store.open()
        await store.close()
        db = sqlite3.connect(path, isolation_level=None)
        db.execute("BEGIN")
        for record in records:
            lite._insert_finished(db, record)
        db.execute("COMMIT")
        plan = db.execute(f"EXPLAIN QUERY PLAN {SQLITE_NOW}", (asks[0],)).fetchall()
        now_start = time.perf_counter()
        for player in asks:
            db.execute(SQLITE_NOW, (player,)).fetchall()
        now_raw = ms_per_ask(time.perf_counter() - now_start, len(asks))
        before_start = time.perf_counter()
        for player in asks:
            db.execute(SQLITE_BEFORE, (player,)).fetchall()
        before = ms_per_ask(time.perf_counter() - before_start, len(asks))
        db.close()
        store = make_store(f"sqlite:///{path}")
        await store.open()
        try:
            now = await timed(asks, lambda p: store.player_games(p, 50))
        finally:
            await store.close()
    print(
        f"sqlite   seat table: {now_raw:8.3f} ms/ask (through the store: {now:.3f})   json_each scan (before): {before:8.3f} ms/ask"
    )
    print("         plan:", "; ".join(row[3] for row in plan))


async def postgres_run(url: str, records: list[FinishedGame], asks: list[str]) -> None:
    schema = f"bench_{uuid.uuid4().hex[:8]}"
    connection = await asyncpg.connect(url, server_settings={"search_path": schema})
    try:
        await pg.migrate(connection, schema)
        await pg._json_codecs(connection)
        async with connection.transaction():
            seated = sorted({p for record in records for p in record.players} - {""})
            await connection.executemany(
                "INSERT INTO players (id, nickname, token_hash, created_ms) VALUES ($1, 'x', $1, 0)",
                [(player,) for player in seated],
            )
            for record in records:
                await pg._insert_finished(connection, record)
        await connection.execute("ANALYZE finished_games")
        store = make_store(f"{url}{'&' if '?' in url else '?'}schema={schema}&pool_max=2")
        await store.open()
        try:
            indexed = await timed(asks, lambda p: store.player_games(p, 50))
            await connection.execute("DROP INDEX finished_games_players")
            scanned = await timed(asks, lambda p: store.player_games(p, 50))
        finally:
            await store.close()
    finally:
        await connection.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        await connection.close()
    print(f"postgres GIN index: {indexed:8.3f} ms/ask   no index (before):       {scanned:8.3f} ms/ask")


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--asks", type=int, default=200)
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/test")
    args = parser.parse_args()
    rng = random.Random(7)
    players = [uuid.UUID(int=rng.getrandbits(128)).hex for _ in range(args.players)]
    records = games(args.games, players, rng)
    asks = [rng.choice(players) for _ in range(args.asks)]
    print(f"{args.games} finished games, {args.players} players, {args.asks} asks for 50 games each")
    await sqlite_run(records, asks)
    await postgres_run(args.postgres, records, asks)


if __name__ == "__main__":
    asyncio.run(main())
