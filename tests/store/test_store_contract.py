"""The store contract the lobby relies on."""

from __future__ import annotations

import asyncio
import uuid

from lobby.store import StoredEvent


def _room(code: str | None = None) -> dict:
    return {"code": code or uuid.uuid4().hex[:5].upper(), "status": "waiting", "version": 0, "updated_ms": 1}


async def test_insert_load_and_duplicate_code(store) -> None:
    room = _room()
    assert await store.insert_room(room)
    assert not await store.insert_room(room)
    loaded, revision = await store.load_room(room["code"])
    assert loaded == room and revision == 1
    assert await store.load_room("NOPE0") is None


async def test_optimistic_write_wins_once(store) -> None:
    room = _room()
    await store.insert_room(room)
    first = {**room, "version": 1}
    second = {**room, "version": 99}
    results = await asyncio.gather(store.save_room(first, 1), store.save_room(second, 1))
    assert sorted(results) == [False, True]
    loaded, revision = await store.load_room(room["code"])
    assert revision == 2 and loaded["version"] in (1, 99)
    assert loaded == (first if results[0] else second)


async def test_events_and_answer_written_with_the_room_or_not_at_all(store) -> None:
    room = _room()
    await store.insert_room(room)
    events = [StoredEvent(1, {"code": "a"}, None), StoredEvent(2, {"code": "b", "card": "r7.0"}, [1])]
    assert await store.save_room({**room, "version": 1}, 1, events, ("k1", {"accepted": True, "version": 1}))
    # A write against the old revision changes nothing: no events, no answer.
    assert not await store.save_room({**room, "version": 5}, 1, [StoredEvent(3, {"code": "c"}, None)], ("k2", {"accepted": True}))
    stored = await store.events_since(room["code"], 0)
    assert [(e.number, e.event, e.visible_to) for e in stored] == [(1, {"code": "a"}, None), (2, {"code": "b", "card": "r7.0"}, [1])]
    assert [e.number for e in await store.events_since(room["code"], 1)] == [2]
    assert await store.move_answer(room["code"], "k1") == {"accepted": True, "version": 1}
    assert await store.move_answer(room["code"], "k2") is None


async def test_first_answer_stays(store) -> None:
    room = _room()
    await store.insert_room(room)
    first = await store.put_move_answer(room["code"], "m", {"refused": {"code": "illegal_move", "detail": ""}})
    second = await store.put_move_answer(room["code"], "m", {"accepted": True})
    assert first == second == {"refused": {"code": "illegal_move", "detail": ""}}


async def test_rooms_in_play(store) -> None:
    playing = {**_room(), "status": "playing"}
    waiting = _room()
    await store.insert_room(playing)
    await store.insert_room(waiting)
    codes = await store.rooms_in_play()
    assert playing["code"] in codes and waiting["code"] not in codes
    await store.save_room({**playing, "status": "finished"}, 1)
    assert playing["code"] not in await store.rooms_in_play()


async def test_chat_numbers_are_gap_free_under_concurrency(store) -> None:
    room = _room()
    await store.insert_room(room)
    lines = await asyncio.gather(*(store.add_chat(room["code"], i % 3, f"p{i}", f"hello {i}", i) for i in range(20)))
    assert sorted(line.number for line in lines) == list(range(1, 21))
    recent = await store.chat_since(room["code"], 15)
    assert [line.number for line in recent] == [16, 17, 18, 19, 20]
    assert [line.number for line in await store.chat_since(room["code"], 0, limit=3)] == [18, 19, 20]
