"""The retention sweep's part of the store contract: rooms at rest and old go with their
events, answers and chat, and so do rooms in play that no player is at (such a table waits for
its players, so only the sweep ends one left for good); rooms in play with a player at the
table and recent rooms stay; finished games stay, and an expired room's code is not given out
again."""

from __future__ import annotations

import uuid

from lobby.store import FinishedGame, MoveRecord, StoredEvent

OLD, CUTOFF, RECENT = 10_000, 20_000, 30_000


def _room(status: str, updated_ms: int, seats: list[dict] | None = None) -> dict:
    room = {"code": uuid.uuid4().hex[:5].upper(), "status": status, "version": 0, "updated_ms": updated_ms}
    return room if seats is None else {**room, "seats": seats}


HERE = {"kind": "human", "level": "", "name": "Anna", "holder": "h1", "left": False}
GONE = {**HERE, "holder": "h2", "gone_ms": OLD}  # connections gone: the grace runs (or the table waits)
PLAYED_FOR = {**HERE, "holder": "h3", "level": "easy", "left": True}  # a CPU plays for them
CPU = {"kind": "cpu", "level": "easy", "name": "", "holder": None, "left": False}


async def _with_history(store, room: dict) -> None:  # type: ignore[no-untyped-def]
    """Write the room once more with an event, an answer and a chat line."""
    assert await store.save_room(room, 1, [StoredEvent(1, {"code": "a"}, None)], (f"t:{room['code']}", {"ok": 1}))
    await store.add_chat(room["code"], 0, "Anna", "hi", room["updated_ms"])


async def test_old_rooms_at_rest_expire_and_the_rest_stay(store) -> None:
    finished = {**_room("finished", OLD), "game_number": 1}
    abandoned = _room("waiting", OLD)
    playing = _room("playing", OLD, [HERE, GONE])
    left = _room("playing", OLD, [GONE, PLAYED_FOR, CPU])
    left_recently = _room("playing", RECENT, [GONE, CPU])
    recent = _room("finished", RECENT)
    for room in (finished, abandoned, playing, left, left_recently, recent):
        await store.insert_room({**room, "updated_ms": 1})
        await _with_history(store, room)
    game = FinishedGame(
        finished["code"], 1, "four-in-a-row", {}, "ab" * 16, ["A", "B"], ["", ""], {"placings": [1, 2]}, 5, OLD
    )
    # The finished room's game, its moves, and a second game it started but never finished.
    assert await store.save_room(
        {**finished, "updated_ms": OLD}, 2, moves=[MoveRecord(0, {"type": "drop"}, 2, OLD)], finished=game
    )
    assert await store.save_room({**finished, "game_number": 2}, 3, moves=[MoveRecord(1, {"type": "x"}, 2, OLD)])
    assert await store.game_moves(finished["code"], 2) != []

    expired = await store.expire_rooms(CUTOFF)
    assert {finished["code"], abandoned["code"], left["code"]} <= set(expired)
    assert not {playing["code"], left_recently["code"], recent["code"]} & set(expired)
    for room in (finished, abandoned, left):
        assert await store.load_room(room["code"]) is None
        assert await store.events_since(room["code"], 0) == []
        assert await store.chat_since(room["code"], 0) == []
        assert await store.move_answer(room["code"], f"t:{room['code']}") is None
    for room in (playing, left_recently, recent):
        assert await store.load_room(room["code"]) is not None
        assert len(await store.events_since(room["code"], 0)) == 1
        assert len(await store.chat_since(room["code"], 0)) == 1
    # The finished game is kept whole for its replay; the unfinished one's moves are gone.
    kept = await store.finished_game(finished["code"], 1)
    assert kept is not None and [m.move for m in kept.moves] == [{"type": "drop"}]
    assert await store.game_moves(finished["code"], 2) == []
    # Its code still names that game: a new room cannot take it; the abandoned room's code is free.
    assert not await store.insert_room(_room("waiting", RECENT) | {"code": finished["code"]})
    assert await store.insert_room(_room("waiting", RECENT) | {"code": abandoned["code"]})
    # A second sweep finds none of these again.
    assert not {finished["code"], abandoned["code"]} & set(await store.expire_rooms(CUTOFF))


async def test_the_sweep_works_in_batches(store) -> None:
    rooms = [_room("waiting", OLD) for _ in range(5)]
    for room in rooms:
        await store.insert_room(room)
    first = await store.expire_rooms(CUTOFF, limit=2)
    assert len(first) == 2
    rest = set()
    while batch := await store.expire_rooms(CUTOFF, limit=2):
        rest |= set(batch)
    assert {r["code"] for r in rooms} <= set(first) | rest
