"""A database written at the last shipped schema opens and reads back whole, and takes new writes.

The fixtures (old_databases/) hold the DDL and the records as the store wrote them: a room in
play with its events, move answer, chat and finished game, two players (one on a second
device), house rules, the ledger with an open escrow, a waiting quick-seat entry. Each backend
loads its own into a fresh file or schema, then the store of this checkout opens it."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from lobby.store import MINT, FinishedGame, MoveRecord, Player, Posting, StoredEvent, Transfer, make_store
from tests.support.services import (
    POSTGRES_URL,
    check_postgres,
    drop_schema,
    need,
    postgres_store_url,
    unique_name,
)

FIXTURES = Path(__file__).parent / "old_databases"
MOVES = [
    MoveRecord(0, {"type": "drop", "column": 3}, 1, 900),
    MoveRecord(1, {"type": "drop", "column": 4}, 2, 950),
    MoveRecord(0, {"type": "drop", "column": 3}, 3, 990),
]


@pytest.fixture(params=["sqlite", "postgres"])
async def old_store_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    if request.param == "sqlite":
        path = tmp_path / "old.sqlite3"
        db = sqlite3.connect(path)
        db.executescript((FIXTURES / "sqlite.sql").read_text())
        db.close()
        yield f"sqlite:///{path}"
        return
    need(check_postgres, f"PostgreSQL at {POSTGRES_URL}")
    schema = unique_name("old")
    connection = await asyncpg.connect(POSTGRES_URL)
    try:
        await connection.execute(f"CREATE SCHEMA {schema}")
        await connection.execute(f"SET search_path = {schema}")
        await connection.execute((FIXTURES / "postgres.sql").read_text())
    finally:
        await connection.close()
    try:
        yield postgres_store_url(schema, pool_max=2)
    finally:
        await drop_schema(schema)


async def test_an_old_database_opens_and_reads_back(old_store_url: str) -> None:
    store = make_store(old_store_url)
    await store.open()
    try:
        # Rooms, with their events, answers and chat.
        loaded = await store.load_room("OLD01")
        assert loaded is not None
        room, revision = loaded
        assert (room["status"], room["version"], revision) == ("finished", 5, 3)
        assert await store.events_since("OLD01", 0) == [
            StoredEvent(1, {"code": "dropped", "seat": 0}, None),
            StoredEvent(2, {"code": "drew", "card": "7H"}, [1]),
        ]
        assert await store.move_answer("OLD01", "m-1") == {"ok": True, "version": 4}
        assert [(line.number, line.text, line.channel) for line in await store.chat_since("OLD01", 0)] == [
            (1, "hej", "room"),
            (2, "gg", "team:0"),
        ]
        assert [line.text for line in await store.chat_since("OLD01", 0, channels=["team:0"])] == ["gg"]
        # Finished games and replays.
        game = await store.finished_game("OLD01", 1)
        assert game == FinishedGame(
            "OLD01",
            1,
            "connect4",
            {"rows": 6},
            "ab" * 16,
            ["Anna", "Ben"],
            ["anna-id", "ben-id"],
            {"placings": [1, 2], "scores": [1, 0]},
            800,
            990,
            MOVES,
            {"server_seed": "ab" * 16, "commit": "cd", "contributions": []},
            True,
            "invite-hash",
        )
        assert [(g.code, g.number, g.private) for g in await store.player_games("ben-id")] == [("OLD01", 1, True)]
        # Players, their devices, statistics and house rules.
        anna = Player("anna-id", "Anna", 100)
        assert await store.player_by_token("anna-token") == anna
        assert await store.player_by_token("anna-phone-token") == anna
        assert [(s.game, s.played, s.won) for s in await store.player_stats("anna-id")] == [("connect4", 1, 1)]
        assert [(s.game, s.played, s.won) for s in await store.player_stats("ben-id")] == [("connect4", 1, 0)]
        rules = await store.house_rules("anna-id")
        assert [(r["game"], r["name"], r["options"]) for r in rules] == [("connect4", "quick", {"move_clock": 30})]
        # The ledger.
        assert await store.ledger_balances() == {MINT: -800, "anna-id": 450, "ben-id": 250, "escrow:t1": 100}
        history = await store.ledger_history("anna-id")
        assert [(t.key, t.kind, t.memo) for t in history] == [
            ("grant-anna", "grant", {"why": "welcome"}),
            ("stake-t1", "stake", {}),
        ]
        top_up = await store.ledger_transfer_by_key("top-up-ben")
        assert top_up is not None and top_up.postings == (Posting("ben-id", 300), Posting(MINT, -300))
        escrow = await store.ledger_escrow("t1")
        assert escrow is not None and (escrow.status, escrow.players) == ("open", ["anna-id", "ben-id"])
        # The quick-seat queue.
        entry = await store.quick_seat_entry("q-1")
        assert entry is not None and (entry[0]["status"], entry[0]["player"], entry[1]) == (
            "waiting",
            "ben-id",
            "secret-hash",
        )
        assert await store.quick_seat_waiting("connect4|2|0") == 1

        # And it takes new writes where the old ones left off.
        assert await store.save_room({**room, "version": 6}, revision, [StoredEvent(3, {"code": "rematch"}, None)])
        assert [e.number for e in await store.events_since("OLD01", 2)] == [3]
        assert (await store.add_chat("OLD01", 0, "Anna", "again?", 2_000)).number == 3
        written, new = await store.ledger_transfer(
            Transfer("grant-ben", "grant", (Posting(MINT, -10), Posting("ben-id", 10)), 2_000)
        )
        assert new and await store.ledger_balance("ben-id") == 260
        assert [t.key for t in await store.ledger_history("ben-id")][-1] == written.key
    finally:
        await store.close()
