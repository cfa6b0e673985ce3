"""The `seated` table behind the "your turn" list (lobby/store/seated.py), on both stores: the
player's turns the longest waiting first, a turn that goes on keeping its start, the time left,
rows gone when a room's game ends; written with the room, in its save's transaction (a save that
loses or fails leaves the rows as they were, a save without rows leaves them alone); read through
an index, not a scan; and vacations by year."""

from __future__ import annotations

import secrets
import sqlite3

import asyncpg
import pytest

from lobby.store import SeatedRow
from lobby.store.sqlite import SqliteStore
from lobby.turns import turn_json

DAY_MS = 86_400_000


@pytest.fixture(autouse=True)
def fresh_names(monkeypatch):  # type: ignore[no-untyped-def]
    """PostgreSQL keeps one schema for the test session: each test's players and rooms are its own."""
    tag = secrets.token_hex(4)
    monkeypatch.setattr(f"{__name__}.TAG", tag)


TAG = ""


def p(name: str) -> str:
    return f"{name}-{TAG}"


def c(code: str) -> str:
    return f"{code}{TAG}"


def _row(code: str, seat: int, since: int | None, deadline: int | None = None, player: str = "anna") -> SeatedRow:
    return SeatedRow(p(player), c(code), seat, "four-in-a-row", since, deadline, deadline is not None)


async def save_seated(store, code: str, rows: list[SeatedRow]) -> int:  # type: ignore[no-untyped-def]
    """The playing room `code` saved with `rows`, as a step that changed whose turn it is saves
    it (the room made first if the store has none): the revision the save wrote."""
    loaded = await store.load_room(code)
    if loaded is None:
        assert await store.insert_room({"code": code, "status": "playing", "version": 0, "updated_ms": 0})
        loaded = await store.load_room(code)
    room, revision = loaded
    assert await store.save_room({**room, "version": room["version"] + 1}, revision, seated=rows)
    return revision + 1


async def rows_of(store, code: str) -> list[tuple[str, int, int | None, int | None]]:  # type: ignore[no-untyped-def]
    """The room's rows as the table holds them, (player, seat, turn since, deadline), on a
    connection of the test's own."""
    sql = "SELECT player_id, seat, turn_since_ms, deadline_ms FROM seated WHERE code = ? ORDER BY seat, player_id"
    if isinstance(store, SqliteStore):
        with sqlite3.connect(store.path) as db:
            return [tuple(row) for row in db.execute(sql, (code,))]
    return [tuple(row) for row in await store.pool.fetch(sql.replace("?", "$1"), code)]


async def test_the_turns_of_a_player_come_the_longest_waiting_first(store) -> None:
    await save_seated(
        store, c("AAAAA"), [_row("AAAAA", 0, 3_000, 3_000 + DAY_MS), _row("AAAAA", 1, None, player="ben")]
    )
    await save_seated(
        store, c("BBBBB"), [_row("BBBBB", 1, 1_000, 1_000 + 3 * DAY_MS), _row("BBBBB", 0, None, player="ben")]
    )
    await save_seated(store, c("CCCCC"), [_row("CCCCC", 0, None), _row("CCCCC", 1, 2_000, player="ben")])
    await save_seated(store, c("DDDDD"), [_row("DDDDD", 2, 2_000)])  # a live table, no clock
    turns = await store.turns_of(p("anna"))
    assert [(t.code, t.seat) for t in turns] == [(c("BBBBB"), 1), (c("DDDDD"), 2), (c("AAAAA"), 0)]
    assert turns[0] == _row("BBBBB", 1, 1_000, 1_000 + 3 * DAY_MS)
    assert [t.code for t in await store.turns_of(p("ben"))] == [c("CCCCC")]
    assert await store.turns_of(p("nobody")) == []
    assert await store.tables_of(p("anna")) == [c(x) for x in ("AAAAA", "BBBBB", "CCCCC", "DDDDD")]

    # The time left, as REST answers it: from the deadline, none without a clock.
    now = 1_000 + DAY_MS
    first, live = turn_json(turns[0], now), turn_json(turns[1], now)
    assert (first["left_ms"], first["since_ms"], first["turn_based"]) == (2 * DAY_MS, 1_000, True)
    assert live["left_ms"] is None and live["deadline_ms"] is None
    assert turn_json(turns[0], 10 * DAY_MS)["left_ms"] == 0  # run out, not negative


async def test_a_turn_that_goes_on_keeps_its_start_and_an_ended_game_has_no_rows(store) -> None:
    await save_seated(store, c("AAAAA"), [_row("AAAAA", 0, 1_000, DAY_MS), _row("AAAAA", 1, None, player="ben")])
    # A step that leaves seat 0 to move (a roll, then the move): still the turn that began at 1000.
    await save_seated(store, c("AAAAA"), [_row("AAAAA", 0, 5_000, 2 * DAY_MS), _row("AAAAA", 1, None, player="ben")])
    [turn] = await store.turns_of(p("anna"))
    assert (turn.turn_since_ms, turn.deadline_ms) == (1_000, 2 * DAY_MS)
    # Ben's turn now: Anna's row stays (she sits there) without a turn.
    await save_seated(store, c("AAAAA"), [_row("AAAAA", 0, None), _row("AAAAA", 1, 9_000, 3 * DAY_MS, player="ben")])
    assert await store.turns_of(p("anna")) == []
    assert [t.turn_since_ms for t in await store.turns_of(p("ben"))] == [9_000]
    assert await store.tables_of(p("anna")) == [c("AAAAA")]
    # Over: no rows at all.
    await save_seated(store, c("AAAAA"), [])
    assert await store.turns_of(p("ben")) == [] and await store.tables_of(p("anna")) == []


async def test_the_rows_are_written_with_the_room_or_not_at_all(store) -> None:
    code = c("AAAAA")
    revision = await save_seated(store, code, [_row("AAAAA", 0, 1_000, DAY_MS), _row("AAAAA", 1, None, player="ben")])
    room, _ = await store.load_room(code)
    anna_to_move = [(p("anna"), 0, 1_000, DAY_MS), (p("ben"), 1, None, None)]
    ben_to_move = [_row("AAAAA", 0, None), _row("AAAAA", 1, 2_000, 2 * DAY_MS, player="ben")]
    moved = {**room, "version": room["version"] + 1}

    # Lost to another writer: the revision read is gone.
    assert not await store.save_room(moved, revision - 1, seated=ben_to_move)
    # Lost after the room's update: the move was answered meanwhile (another replica), so the
    # update is undone, and the rows with it.
    await store.put_move_answer(code, "t:m1", {"accepted": True, "version": 9})
    assert not await store.save_room(moved, revision, answer=("t:m1", {"accepted": True}), seated=ben_to_move)
    assert await store.load_room(code) == (room, revision)
    assert await rows_of(store, code) == anna_to_move

    # Rows the table refuses (a seat without its game) fail the whole save: the room stays too.
    broken = [SeatedRow(p("anna"), code, 0, None, 2_000, None, False)]  # type: ignore[arg-type]
    with pytest.raises((sqlite3.IntegrityError, asyncpg.NotNullViolationError)):
        await store.save_room(moved, revision, seated=broken)
    assert await store.load_room(code) == (room, revision)
    assert await rows_of(store, code) == anna_to_move

    # The save that wins writes both; a later save without rows leaves them as they are.
    assert await store.save_room(moved, revision, seated=ben_to_move)
    ben_turn = [(p("anna"), 0, None, None), (p("ben"), 1, 2_000, 2 * DAY_MS)]
    assert await rows_of(store, code) == ben_turn
    assert await store.save_room({**moved, "version": moved["version"] + 1}, revision + 1)
    assert await rows_of(store, code) == ben_turn


async def test_vacations_are_kept_by_year(store) -> None:
    await store.add_vacation(p("anna"), 2026, 1_000, 1_000 + 3 * DAY_MS)
    await store.add_vacation(p("anna"), 2026, 10 * DAY_MS, 12 * DAY_MS)
    await store.add_vacation(p("anna"), 2027, 400 * DAY_MS, 401 * DAY_MS)
    assert await store.vacations_of(p("anna"), 2026) == [(1_000, 1_000 + 3 * DAY_MS), (10 * DAY_MS, 12 * DAY_MS)]
    assert await store.vacations_of(p("anna"), 2027) == [(400 * DAY_MS, 401 * DAY_MS)]
    assert await store.vacations_of(p("ben"), 2026) == []


@pytest.mark.usefixtures("sqlite_store")
def test_the_turns_are_read_through_their_index(sqlite_path) -> None:
    with sqlite3.connect(sqlite_path) as db:
        plan = db.execute(
            "EXPLAIN QUERY PLAN SELECT player_id, code, seat, game, turn_since_ms, deadline_ms, turn_based FROM seated"
            " WHERE player_id = ? AND turn_since_ms IS NOT NULL ORDER BY turn_since_ms, code, seat LIMIT ?",
            ("anna", 100),
        ).fetchall()
    details = " ".join(str(row[-1]) for row in plan)
    assert "USING INDEX seated_turns" in details and "SCAN seated" not in details.replace("USING INDEX", ""), details


async def test_an_expired_table_leaves_its_players_your_turn_lists(store) -> None:
    """A room in play that nobody is at expires (lobby/store/rooms.py): its rows go with it, or
    the table would stay on the players' lists with nothing to open."""
    await save_seated(store, c("EEEEE"), [_row("EEEEE", 0, 1_000), _row("EEEEE", 1, None, player="ben")])
    await save_seated(store, c("FFFFF"), [_row("FFFFF", 1, 2_000)])
    assert [t.code for t in await store.turns_of(p("anna"))] == [c("EEEEE"), c("FFFFF")]
    # Every room this test made was last written at 0; earlier tests' rooms may go in the sweep too.
    assert {c("EEEEE"), c("FFFFF")} <= set(await store.expire_rooms(1, limit=1_000_000))
    assert await rows_of(store, c("EEEEE")) == []
    assert await store.turns_of(p("anna")) == []
    assert await store.tables_of(p("ben")) == []
