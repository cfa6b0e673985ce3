"""A finished game keeps whether its room was private and the hash of the room's invitation,
on every backend; games stored before that are public, and a player's games are still found
(SQLite through the seat table the migration fills, PostgreSQL through a GIN index)."""

from __future__ import annotations

import json
import sqlite3
import uuid

import asyncpg

from lobby.store import FinishedGame, Player, make_store
from lobby.store import postgres_schema as pg
from lobby.store.sqlite import MIGRATIONS, migrate
from tests.support.services import POSTGRES_URL, drop_schema, postgres_store_url, unique_name

OLD_ROW = ("AB123", 1, "chess", "{}", "00", '["Anna", "Ben"]', '["anna-id", ""]', '{"placings": [1, 2]}', 5, 9)


def _record(code: str, number: int, players: list[str], finished_ms: int, **extra) -> FinishedGame:  # type: ignore[no-untyped-def]
    return FinishedGame(
        code, number, "chess", {}, "00", ["a", "b"], players, {"placings": [1, 2]}, 0, finished_ms, **extra
    )


async def test_a_private_rooms_game_keeps_its_privacy_and_invitation_hash(store) -> None:
    anna, ben = uuid.uuid4().hex, uuid.uuid4().hex
    for player in (anna, ben):
        await store.create_player(Player(player, player[:5], 1), f"hash-{player}")
    room = {"code": uuid.uuid4().hex[:5].upper(), "status": "playing", "version": 0, "updated_ms": 1, "game_number": 1}
    await store.insert_room(room)
    invite_hash = uuid.uuid4().hex * 2
    private = _record(room["code"], 1, [anna, ben], 30, private=True, invite_hash=invite_hash)
    assert await store.save_room({**room, "status": "finished"}, 1, finished=private)
    public = _record(room["code"], 2, [anna, anna], 40)
    assert await store.save_room({**room, "status": "finished", "game_number": 2}, 2, finished=public)

    stored = await store.finished_game(room["code"], 1)
    assert (stored.private, stored.invite_hash) == (True, invite_hash)
    assert stored == private
    again = await store.finished_game(room["code"], 2)
    assert (again.private, again.invite_hash) == (False, "")
    # The player's list carries it too (what decides whether a replay link needs more).
    listed = await store.player_games(anna)
    assert [(g.number, g.private, g.invite_hash) for g in listed] == [(2, False, ""), (1, True, invite_hash)]
    assert [g.number for g in await store.player_games(ben)] == [1]


async def test_sqlite_games_from_before_are_public_and_still_in_their_players_lists(tmp_path) -> None:
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    saved = MIGRATIONS[:]
    try:
        del MIGRATIONS[next(n for n, script in enumerate(saved) if "private_room" in script) :]
        migrate(db)
    finally:
        MIGRATIONS[:] = saved
    db.execute(
        "INSERT INTO finished_games (code, number, game, options, seed, names, players, result, started_ms,"
        " finished_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        OLD_ROW,
    )
    db.close()
    store = make_store(f"sqlite:///{path}")
    await store.open()
    try:
        game = await store.finished_game("AB123", 1)
        assert game is not None and (game.private, game.invite_hash) == (False, "")
        assert [(g.code, g.number) for g in await store.player_games("anna-id")] == [("AB123", 1)]
        assert await store.player_games("") == []  # an empty (CPU) seat is nobody's game
    finally:
        await store.close()


async def test_postgres_games_from_before_are_public_and_a_players_games_use_the_index(monkeypatch) -> None:
    schema = unique_name("t")
    connection = await asyncpg.connect(POSTGRES_URL, server_settings={"search_path": schema})
    try:
        with monkeypatch.context() as patched:
            patched.setattr(pg, "MIGRATIONS", [m for m in pg.MIGRATIONS if "private_room" not in m[2]])
            await pg.migrate(connection, schema)
        code, number, game, options, seed, names, players, result, started, finished = OLD_ROW
        await connection.execute(
            "INSERT INTO finished_games (code, number, game, options, seed, names, players, result, started_ms,"
            " finished_ms) VALUES ($1, $2, $3, $4::jsonb, $5, $6::jsonb, $7::jsonb, $8::jsonb, $9, $10)",
            *(code, number, game, options, seed, names, players, result, started, finished),
        )
        store = make_store(postgres_store_url(schema, pool_max=2))
        await store.open()
        try:
            game_record = await store.finished_game("AB123", 1)
            assert game_record is not None and (game_record.private, game_record.invite_hash) == (False, "")
            assert [(g.code, g.number) for g in await store.player_games("anna-id")] == [("AB123", 1)]
        finally:
            await store.close()
        # The filter `players ? id` can be served by the index (jsonb_path_ops could not).
        async with connection.transaction():
            await connection.execute("SET LOCAL enable_seqscan = off")
            plan = await connection.fetchval(
                "EXPLAIN (FORMAT JSON) SELECT code FROM finished_games WHERE players ? $1", "anna-id"
            )
        assert "finished_games_players" in json.dumps(plan)
    finally:
        await connection.close()
        await drop_schema(schema)
