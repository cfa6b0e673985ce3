"""Bot accounts and challenges in the store (lobby/store/challenges.py), on SQLite and PostgreSQL
alike: a status changes once and only from open, the limits are counted where the challenge is
added, expiry marks each challenge once, bots are listed online first."""

from __future__ import annotations

import uuid
from typing import Any

from lobby.store import Player


async def _player(store, name: str) -> Player:  # type: ignore[no-untyped-def]
    player = Player(uuid.uuid4().hex, name, 7, account_ms=9)
    await store.create_player(player, f"hash-{player.id}")
    return player


def _challenge(sender: str, to: str, at_ms: int, ttl_ms: int = 300_000) -> dict[str, Any]:
    return {
        "id": uuid.uuid4().hex[:16],
        "from_player": sender,
        "to_player": to,
        "game": "four-in-a-row",
        "options": {"columns": 7},
        "rated": False,
        "created_ms": at_ms,
        "expires_ms": at_ms + ttl_ms,
    }


async def test_a_challenge_closes_once_and_only_while_open(store) -> None:  # type: ignore[no-untyped-def]
    anna, ben = await _player(store, "Anna"), await _player(store, "Ben")
    made = _challenge(anna.id, ben.id, 1000)
    assert await store.add_challenge(made, 10, 30, 0) == ""
    stored = await store.challenge_by_id(made["id"])
    assert stored is not None and stored["status"] == "open" and stored["options"] == {"columns": 7}
    assert [c["id"] for c in await store.open_challenges_of(ben.id, 2000)] == [made["id"]]
    assert [c["id"] for c in await store.open_challenges_of(anna.id, 2000)] == [made["id"]]
    assert await store.close_challenge(made["id"], "accepted", 2000) is True
    assert await store.close_challenge(made["id"], "declined", 2000) is False  # answered already
    await store.reopen_challenge(made["id"])  # its table did not open: open again
    assert [c["id"] for c in await store.open_challenges_of(ben.id, 2000)] == [made["id"]]
    assert await store.close_challenge(made["id"], "accepted", 2000) is True
    await store.close_challenge_room(made["id"], "ABCD")
    closed = await store.challenge_by_id(made["id"])
    assert closed is not None and (closed["status"], closed["room_code"]) == ("accepted", "ABCD")
    assert await store.open_challenges_of(ben.id, 2000) == []
    assert await store.challenge_by_id("nope") is None


async def test_the_limits_are_counted_where_a_challenge_is_added(store) -> None:  # type: ignore[no-untyped-def]
    anna, ben = await _player(store, "Anna"), await _player(store, "Ben")
    made = [_challenge(anna.id, ben.id, 1000 + i) for i in range(3)]
    for challenge in made:
        assert await store.add_challenge(challenge, 3, 5, 0) == ""
    assert await store.add_challenge(_challenge(anna.id, ben.id, 1100), 3, 5, 0) == "open"
    for challenge in made:
        assert await store.close_challenge(challenge["id"], "cancelled", 1200)
    for i in range(2):
        assert await store.add_challenge(_challenge(anna.id, ben.id, 1300 + i), 3, 5, 0) == ""
    # Five made since 0: the sixth is over the window's count, though only two are open.
    refused = _challenge(anna.id, ben.id, 1400)
    assert await store.add_challenge(refused, 3, 5, 0) == "window"
    assert await store.challenge_by_id(refused["id"]) is None
    # A window that starts later counts only what was made since.
    assert await store.add_challenge(refused, 3, 5, 1250) == ""


async def test_expiry_marks_each_challenge_once(store) -> None:  # type: ignore[no-untyped-def]
    anna, ben = await _player(store, "Anna"), await _player(store, "Ben")
    short = _challenge(anna.id, ben.id, 1000, ttl_ms=500)
    long = _challenge(anna.id, ben.id, 1000, ttl_ms=5000)
    for challenge in (short, long):
        assert await store.add_challenge(challenge, 10, 30, 0) == ""
    # Past its time it is no longer open, and cannot be answered, before the sweep too.
    assert [c["id"] for c in await store.open_challenges_of(ben.id, 1600)] == [long["id"]]
    assert await store.close_challenge(short["id"], "accepted", 1600) is False
    expired = await store.expire_challenges(1600)
    assert [(c["id"], c["status"]) for c in expired] == [(short["id"], "expired")]
    assert await store.expire_challenges(1700) == []  # marked once
    stored = await store.challenge_by_id(short["id"])
    assert stored is not None and stored["status"] == "expired"


async def test_bots_are_marked_listed_online_first_and_offered_to_quick_seating(store) -> None:  # type: ignore[no-untyped-def]
    zed, amy, person = await _player(store, "Zed"), await _player(store, "Amy"), await _player(store, "Pat")
    await store.set_bot(zed.id, True, True, [], 100)
    await store.set_bot(amy.id, True, False, ["chess"], 100)
    assert await store.bots_among([zed.id, amy.id, person.id, ""]) == {zed.id, amy.id}
    assert await store.bot_of(person.id) is None
    assert await store.bot_of(amy.id) == {"quick_seats": False, "games": ["chess"], "online_until_ms": 0}
    await store.set_bot_online(zed.id, 5000)
    mine = [b for b in await store.list_bots(1000) if b["player_id"] in (zed.id, amy.id)]
    assert [(b["nickname"], b["online"]) for b in mine] == [("Zed", True), ("Amy", False)]
    assert (zed.id, "Zed") in await store.quick_seat_bots("four-in-a-row", 1000, [])
    assert zed.id not in {p for p, _ in await store.quick_seat_bots("four-in-a-row", 1000, [zed.id])}
    await store.set_bot_online(amy.id, 5000)  # online, but not opted in to quick seating
    assert amy.id not in {p for p, _ in await store.quick_seat_bots("chess", 1000, [])}
    assert zed.id not in {p for p, _ in await store.quick_seat_bots("four-in-a-row", 6000, [])}  # went offline
    await store.set_bot(zed.id, False, False, [], 200)
    assert await store.bots_among([zed.id]) == set()


async def test_deleting_a_player_removes_their_bot_mark_and_challenges(store) -> None:  # type: ignore[no-untyped-def]
    anna, ben = await _player(store, "Anna"), await _player(store, "Ben")
    await store.set_bot(anna.id, True, False, [], 100)
    made = _challenge(anna.id, ben.id, 1000)
    await store.add_challenge(made, 10, 30, 0)
    assert await store.delete_player(anna.id)
    assert await store.bot_of(anna.id) is None
    assert await store.challenge_by_id(made["id"]) is None
    assert await store.open_challenges_of(ben.id, 1000) == []
