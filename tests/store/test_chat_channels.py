"""Chat lines carry a channel on every backend: stored, returned, and filtered by channel in
history (the limit counts only the lines of the channels asked for)."""

from __future__ import annotations

import sqlite3
import uuid

from lobby.store import ROOM_CHANNEL, make_store
from lobby.store.sqlite import MIGRATIONS, migrate


def _room() -> dict:
    return {"code": uuid.uuid4().hex[:5].upper(), "status": "waiting", "version": 0, "updated_ms": 1}


async def test_a_line_keeps_its_channel(store) -> None:
    room = _room()
    await store.insert_room(room)
    plain = await store.add_chat(room["code"], 0, "Anna", "hello", 1)
    pack = await store.add_chat(room["code"], 1, "Ben", "take Anna", 2, "pack")
    team = await store.add_chat(room["code"], 2, "Cleo", "clue?", 3, "team:1")
    assert (plain.channel, pack.channel, team.channel) == (ROOM_CHANNEL, "pack", "team:1")
    assert [line.number for line in (plain, pack, team)] == [1, 2, 3]  # one numbering for all channels
    lines = await store.chat_since(room["code"], 0)
    assert [(line.number, line.channel, line.text) for line in lines] == [
        (1, "room", "hello"),
        (2, "pack", "take Anna"),
        (3, "team:1", "clue?"),
    ]


async def test_history_filtered_by_channel(store) -> None:
    room = _room()
    await store.insert_room(room)
    for number in range(10):
        await store.add_chat(room["code"], 0, "Anna", f"line {number}", number, "pack" if number % 2 else "room")
    room_only = await store.chat_since(room["code"], 0, channels=["room"])
    assert [line.text for line in room_only] == [f"line {n}" for n in (0, 2, 4, 6, 8)]
    # The limit counts the lines a reader may see, not the lines of other channels.
    assert [line.text for line in await store.chat_since(room["code"], 0, 2, channels={"room"})] == ["line 6", "line 8"]
    both = await store.chat_since(room["code"], 0, channels=["room", "pack"])
    assert len(both) == 10
    assert await store.chat_since(room["code"], 0, channels=[]) == []
    assert await store.chat_since(room["code"], 0, channels=["team:0"]) == []


async def test_lines_written_before_channels_are_the_rooms(tmp_path) -> None:
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    saved = MIGRATIONS[:]
    try:
        # The file as the code before chat channels left it.
        del MIGRATIONS[next(n for n, script in enumerate(saved) if "ADD COLUMN channel" in script) :]
        migrate(db)
    finally:
        MIGRATIONS[:] = saved
    db.execute("INSERT INTO chat (code, number, seat, name, text, at_ms) VALUES ('AB123', 1, 0, 'Anna', 'hi', 5)")
    db.close()
    store = make_store(f"sqlite:///{path}")
    await store.open()
    try:
        (line,) = await store.chat_since("AB123", 0)
        assert line.channel == ROOM_CHANNEL and line.text == "hi"
        assert await store.chat_since("AB123", 0, channels=["pack"]) == []
    finally:
        await store.close()
