"""A player's move starts from the room as this gateway last wrote it (lobby/latest.py), and the
store still decides: a room changed behind the gateway's back is played as the store holds it,
and a refusal decided on the kept copy is not kept before the store agrees."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable
from typing import Any

import aiohttp

DROP = "drop"


async def room_sources(session: aiohttp.ClientSession, stack: Any) -> dict[str, float]:
    async with session.get(f"http://127.0.0.1:{stack.metrics_ports['gateway']}/metrics") as response:
        text = await response.text()
    found = dict(re.findall(r'^gameroom_move_rooms_total\{source="(\w+)"\} (\S+)$', text, re.MULTILINE))
    return {source: float(found.get(source, 0)) for source in ("kept", "store")}


def store_file(stack: Any) -> str:
    return stack.store_url.removeprefix("sqlite:///")


def stored(stack: Any, code: str) -> tuple[dict[str, Any], int]:
    db = sqlite3.connect(store_file(stack))
    try:
        data, revision = db.execute("SELECT data, revision FROM rooms WHERE code = ?", (code,)).fetchone()
    finally:
        db.close()
    return json.loads(data), revision


def write_behind_the_gateways_back(stack: Any, code: str, change: Callable[[sqlite3.Connection], None]) -> None:
    db = sqlite3.connect(store_file(stack), timeout=10, isolation_level=None)
    try:
        db.execute("BEGIN IMMEDIATE")
        change(db)
        db.execute("COMMIT")
    finally:
        db.close()


async def test_moves_start_from_the_room_as_the_gateway_wrote_it(stack, game) -> None:
    session, anna, ben = game
    before = await room_sources(session, stack)
    await anna.move(0, {"type": DROP, "column": 3})
    await ben.wait_until(lambda c: c.room["version"] == 2)
    update = await ben.move(1, {"type": DROP, "column": 4})
    after = await room_sources(session, stack)
    # The game's start and each move were written by this gateway: no move read its room.
    assert after["kept"] - before["kept"] == 2
    assert after["store"] == before["store"]
    board = update["views"][0]["view"]["public"]["board"]
    assert board[0][3] == 0 and board[0][4] == 1
    document, _ = stored(stack, anna.code)
    assert document["version"] == 3


async def test_a_room_changed_behind_the_gateways_back_is_played_as_the_store_holds_it(stack, game) -> None:
    session, anna, ben = game
    await anna.move(0, {"type": DROP, "column": 3})
    await ben.wait_until(lambda c: c.room["version"] == 2)
    document, revision = stored(stack, anna.code)
    document["seats"][0]["name"] = "Zed"  # what the gateway's kept copy does not know

    def rename(db: sqlite3.Connection) -> None:
        db.execute(
            "UPDATE rooms SET data = ?, revision = revision + 1 WHERE code = ?", (json.dumps(document), anna.code)
        )

    write_behind_the_gateways_back(stack, anna.code, rename)
    before = await room_sources(session, stack)
    update = await ben.move(1, {"type": DROP, "column": 4})
    after = await room_sources(session, stack)
    # Tried on the kept copy, refused by the store's revision, played again from the store.
    assert (after["kept"] - before["kept"], after["store"] - before["store"]) == (1, 1)
    assert update["room"]["seats"][0]["name"] == "Zed"
    assert update["room"]["version"] == 3
    document, now = stored(stack, anna.code)
    assert now == revision + 2 and document["seats"][0]["name"] == "Zed"
    assert document["version"] == 3


async def test_a_move_refused_on_the_kept_copy_is_asked_of_the_store_before_its_refusal_is_kept(stack, game) -> None:
    session, anna, ben = game
    await anna.move(0, {"type": DROP, "column": 3})
    await ben.wait_until(lambda c: c.room["version"] == 2)
    at_two, _ = stored(stack, anna.code)
    await ben.move(1, {"type": DROP, "column": 4})  # kept: version 3, Anna to move

    # The store goes back to version 2 (Ben to move) at a newer revision, as if Ben's move
    # had been undone by another writer.
    def rewind(db: sqlite3.Connection) -> None:
        db.execute("UPDATE rooms SET data = ?, revision = revision + 1 WHERE code = ?", (json.dumps(at_two), anna.code))
        db.execute("DELETE FROM events WHERE code = ? AND number > ?", (anna.code, at_two["last_event"]))
        db.execute("DELETE FROM moves WHERE code = ? AND version > 2", (anna.code,))

    write_behind_the_gateways_back(stack, anna.code, rewind)
    # On the kept copy Ben is out of turn; the store says it is his turn, and the store decides.
    update = await ben.move(1, {"type": DROP, "column": 5}, version=2, move_id="after-rewind")
    board = update["views"][0]["view"]["public"]["board"]
    assert board[0][3] == 0 and board[0][4] == -1 and board[0][5] == 1
    assert update["room"]["version"] == 3
    db = sqlite3.connect(store_file(stack))
    try:
        (answer,) = db.execute(
            "SELECT answer FROM move_answers WHERE code = ? AND key LIKE ?", (anna.code, "%:after-rewind")
        ).fetchone()
    finally:
        db.close()
    assert json.loads(answer) == {"accepted": True, "version": 3}
