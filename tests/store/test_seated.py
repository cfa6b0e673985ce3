"""The `seated` table behind the "your turn" list (lobby/store/seated.py), on both stores: the
player's turns the longest waiting first, a turn that goes on keeping its start, the time left,
rows gone when a room's game ends; read through an index, not a scan; and vacations by year."""

from __future__ import annotations

import secrets
import sqlite3

import pytest

from lobby.store import SeatedRow
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


async def test_the_turns_of_a_player_come_the_longest_waiting_first(store) -> None:
    await store.set_seated(c("AAAAA"), [_row("AAAAA", 0, 3_000, 3_000 + DAY_MS), _row("AAAAA", 1, None, player="ben")])
    await store.set_seated(
        c("BBBBB"), [_row("BBBBB", 1, 1_000, 1_000 + 3 * DAY_MS), _row("BBBBB", 0, None, player="ben")]
    )
    await store.set_seated(c("CCCCC"), [_row("CCCCC", 0, None), _row("CCCCC", 1, 2_000, player="ben")])
    await store.set_seated(c("DDDDD"), [_row("DDDDD", 2, 2_000)])  # a live table, no clock
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
    await store.set_seated(c("AAAAA"), [_row("AAAAA", 0, 1_000, DAY_MS), _row("AAAAA", 1, None, player="ben")])
    # A step that leaves seat 0 to move (a roll, then the move): still the turn that began at 1000.
    await store.set_seated(c("AAAAA"), [_row("AAAAA", 0, 5_000, 2 * DAY_MS), _row("AAAAA", 1, None, player="ben")])
    [turn] = await store.turns_of(p("anna"))
    assert (turn.turn_since_ms, turn.deadline_ms) == (1_000, 2 * DAY_MS)
    # Ben's turn now: Anna's row stays (she sits there) without a turn.
    await store.set_seated(c("AAAAA"), [_row("AAAAA", 0, None), _row("AAAAA", 1, 9_000, 3 * DAY_MS, player="ben")])
    assert await store.turns_of(p("anna")) == []
    assert [t.turn_since_ms for t in await store.turns_of(p("ben"))] == [9_000]
    assert await store.tables_of(p("anna")) == [c("AAAAA")]
    # Over: no rows at all.
    await store.set_seated(c("AAAAA"), [])
    assert await store.turns_of(p("ben")) == [] and await store.tables_of(p("anna")) == []


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
