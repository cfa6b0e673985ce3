"""Accounts in the store (lobby/store/accounts.py), on SQLite and PostgreSQL alike: passkeys,
single-use challenges, recovery codes, sessions, and the deletion of a player's data."""

from __future__ import annotations

import asyncio
import uuid
from dataclasses import replace

import pytest

from lobby.store import FinishedGame, Passkey, Player, RatedPlayer, Session


@pytest.fixture
def u():  # type: ignore[no-untyped-def]
    """Names of this test's own: PostgreSQL's schema is shared by the session's tests."""
    run = uuid.uuid4().hex[:8]
    return lambda name: f"{name}-{run}"


def _passkey(player: str, credential: str = "", at_ms: int = 100) -> Passkey:
    return Passkey(
        uuid.uuid4().hex[:16], player, credential or uuid.uuid4().hex, "pk", 0, ("internal",), "Phone", at_ms, at_ms
    )


def _session(player: str, kind: str = "device", label: str = "Firefox on Linux", at_ms: int = 100) -> Session:
    return Session(uuid.uuid4().hex[:16], player, kind, label, at_ms, at_ms)


async def _guest(store, name: str = "Anna") -> Player:  # type: ignore[no-untyped-def]
    player = Player(uuid.uuid4().hex, name, 7)
    await store.create_player(player, f"hash-{player.id}")
    return player


async def test_a_challenge_is_taken_once_and_expired_ones_are_swept(store, u) -> None:  # type: ignore[no-untyped-def]
    await store.add_passkey_challenge(u("old"), "sign_in", "", expires_ms=50, now_ms=10)
    await store.add_passkey_challenge(u("c1"), "register", "p1", expires_ms=500, now_ms=100)
    assert await store.take_passkey_challenge(u("c1")) == ("register", "p1", 500)
    assert await store.take_passkey_challenge(u("c1")) is None
    # Making a challenge at 100 swept the one that expired at 50.
    assert await store.take_passkey_challenge(u("old")) is None


async def test_the_first_passkey_makes_an_account_and_turns_guest_tokens_into_sessions(store, u) -> None:  # type: ignore[no-untyped-def]
    anna = await _guest(store)
    await store.link_player(u("link"), anna.id, expires_ms=10_000)
    assert await store.claim_player_link(u("link"), u("second-device"), now_ms=1)
    device = _session(anna.id)
    first = _passkey(anna.id, u("cred-1"))
    assert await store.add_passkey(first, [u("r1"), u("r2")], device, f"hash-{anna.id}") is True
    assert (await store.players_by_ids([anna.id]))[anna.id].account_ms == 100
    # Guest lookups no longer answer; both devices are sessions now, this one with its label.
    assert await store.player_by_token(f"hash-{anna.id}") is None
    assert await store.player_by_token(u("second-device")) is None
    mine = await store.account_session(f"hash-{anna.id}")
    assert mine is not None and mine[0] == device and mine[1].account_ms == 100
    other = await store.account_session(u("second-device"))
    assert other is not None and other[0].label == "" and other[1].id == anna.id
    assert {s.id for s in await store.sessions(anna.id, "device")} == {device.id, other[0].id}
    assert await store.recovery_codes_left(anna.id) == 2
    # A second passkey is only a passkey.
    second = _passkey(anna.id, u("cred-2"), at_ms=200)
    assert await store.add_passkey(second, [u("r3")], None, "") is False
    assert await store.recovery_codes_left(anna.id) == 2
    assert [p.id for p in await store.passkeys(anna.id)] == [first.id, second.id]
    assert await store.passkey_by_credential(u("cred-2")) == second
    assert await store.passkey_by_credential(u("nope")) is None
    assert await store.delete_passkey("someone-else", first.id) is False
    assert await store.delete_passkey(anna.id, first.id) is True
    assert await store.passkey_by_credential(u("cred-1")) is None


async def test_a_passkey_sign_in_moves_the_count_once_and_rotates_the_device(store, u) -> None:  # type: ignore[no-untyped-def]
    anna = await _guest(store)
    key = _passkey(anna.id, u("cred"))
    await store.add_passkey(key, [], _session(anna.id), f"hash-{anna.id}")
    laptop = _session(anna.id, label="Chrome on Windows", at_ms=300)
    assert await store.passkey_sign_in(key.id, 0, 5, laptop, u("laptop-1"), "") is True
    # The same assertion again: the count moved, nothing written.
    again = _session(anna.id, at_ms=301)
    assert await store.passkey_sign_in(key.id, 0, 5, again, u("laptop-x"), "") is False
    assert await store.account_session(u("laptop-x")) is None
    assert (await store.passkey_by_credential(u("cred"))).sign_count == 5  # type: ignore[union-attr]
    # Signing in again on the laptop revokes its earlier session.
    rotated = _session(anna.id, at_ms=400)
    assert await store.passkey_sign_in(key.id, 5, 6, rotated, u("laptop-2"), u("laptop-1")) is True
    old = await store.account_session(u("laptop-1"))
    assert old is not None and old[0].revoked_ms == 400
    assert laptop.id not in {s.id for s in await store.sessions(anna.id, "device")}


async def test_recovery_codes_sign_in_once_and_new_ones_void_the_old(store, u) -> None:  # type: ignore[no-untyped-def]
    anna = await _guest(store)
    await store.add_passkey(_passkey(anna.id), [u("r1"), u("r2")], _session(anna.id), f"hash-{anna.id}")
    assert await store.recovery_sign_in(u("r1"), _session(""), u("phone"), "") == anna.id
    found = await store.account_session(u("phone"))
    assert found is not None and found[0].player_id == anna.id and found[0].kind == "device"
    assert await store.recovery_sign_in(u("r1"), _session(""), u("phone-2"), "") == ""
    assert await store.account_session(u("phone-2")) is None
    await store.replace_recovery_codes(anna.id, [u("n1"), u("n2"), u("n3")])
    assert await store.recovery_codes_left(anna.id) == 3
    assert await store.recovery_sign_in(u("r2"), _session(""), u("phone-3"), "") == ""


async def test_sessions_are_listed_touched_and_revoked_by_their_player_only(store, u) -> None:  # type: ignore[no-untyped-def]
    anna, ben = await _guest(store), await _guest(store, "Ben")
    bot = _session(anna.id, kind="bot", label="my bot")
    await store.add_session(bot, u("bot-hash"))
    assert [s.id for s in await store.sessions(anna.id, "bot")] == [bot.id]
    assert await store.sessions(anna.id, "device") == []
    await store.touch_session(bot.id, 900)
    assert (await store.account_session(u("bot-hash")))[0].last_used_ms == 900  # type: ignore[index]
    assert await store.revoke_session(ben.id, bot.id, 1000) is False
    assert await store.revoke_session(anna.id, bot.id, 1000) is True
    assert await store.revoke_session(anna.id, bot.id, 1001) is False
    assert await store.sessions(anna.id, "bot") == []
    assert (await store.account_session(u("bot-hash")))[0].revoked_ms == 1000  # type: ignore[index]


async def test_deleting_a_player_removes_their_data_and_keeps_their_games(store, u) -> None:  # type: ignore[no-untyped-def]
    anna, ben = await _guest(store), await _guest(store, "Ben")
    await store.add_passkey(_passkey(anna.id, u("cred")), [u("r1")], _session(anna.id), f"hash-{anna.id}")
    await store.add_session(_session(anna.id, kind="bot"), u("bot-hash"))
    await store.save_house_rules(anna.id, "chess", "fast", {"x": 1}, 5)
    await store.save_house_rules(ben.id, "chess", "fast", {"x": 1}, 5)
    await store.add_passkey_challenge(u("c"), "register", anna.id, 10_000, 1)
    room = {"code": uuid.uuid4().hex[:5].upper(), "status": "playing", "version": 0, "updated_ms": 1, "game_number": 1}
    await store.insert_room(room)
    record = FinishedGame(
        room["code"], 1, "chess", {}, "00", ["Anna", "Ben"], [anna.id, ben.id], {"placings": [1, 2]}, 0, 10
    )
    assert await store.save_room({**room, "status": "finished"}, 1, finished=record)
    # A rating, as the rating code writes it (its store methods live beside it).
    await store.accounts._backend.write(  # noqa: SLF001
        lambda tx: tx.execute(
            "INSERT INTO ratings (game, player_id, mu, sigma, ordinal, games, updated_ms) VALUES (?, ?, 25, 8, 1, 1, 1)",
            "chess",
            anna.id,
        )
    )

    await store.push_subscribe(
        {
            "id": u("sub"),
            "player_id": anna.id,
            "endpoint": f"https://push.example/{u('sub')}",
            "p256dh": "key",
            "auth": "auth",
            "language": "de",
            "label": "Chrome on Android",
            "created_ms": 1,
        }
    )
    await store.push_save_quiet_hours(anna.id, 22 * 60, 7 * 60, "Europe/Berlin")
    await store.add_vacation(anna.id, 2026, 1_000, 2_000)

    assert await store.delete_player(anna.id) is True
    assert await store.delete_player(anna.id) is False
    # Nothing is pushed to her devices any more, and her pauses are gone with her.
    assert await store.push_subscriptions(anna.id) == []
    assert await store.push_quiet_hours(anna.id) is None
    assert await store.vacations_of(anna.id, 2026) == []
    # What is left of Anna is a tombstone: no name, no token, not an account.
    assert await store.players_by_ids([anna.id]) == {anna.id: Player(anna.id, "", 7, 0)}
    assert await store.player_by_token(f"hash-{anna.id}") is None
    assert await store.account_session(f"hash-{anna.id}") is None
    assert await store.account_session(u("bot-hash")) is None
    assert await store.passkey_by_credential(u("cred")) is None
    assert await store.recovery_codes_left(anna.id) == 0
    assert await store.house_rules(anna.id) == []
    assert len(await store.house_rules(ben.id)) == 1
    assert await store.player_stats(anna.id) == []
    assert await store.take_passkey_challenge(u("c")) is None
    assert await store.player_games(anna.id) == []
    ratings = await store.accounts._backend.read(  # noqa: SLF001
        lambda tx: tx.fetchall("SELECT game FROM ratings WHERE player_id = ?", anna.id)
    )
    assert ratings == []
    kept = await store.finished_game(room["code"], 1)
    assert kept is not None and kept.names == ["", "Ben"] and kept.players == ["", ben.id]
    assert [g.names for g in await store.player_games(ben.id)] == [["", "Ben"]]


async def test_sessions_that_sign_nobody_in_are_swept(store, u) -> None:  # type: ignore[no-untyped-def]
    anna = await _guest(store)
    idle = _session(anna.id, at_ms=100)
    revoked_long_ago = _session(anna.id, at_ms=5_000)
    revoked_lately = _session(anna.id, at_ms=5_000)
    bot = _session(anna.id, kind="bot", at_ms=100)
    fresh = _session(anna.id, at_ms=5_000)
    for session, name in (
        (idle, "idle"),
        (revoked_long_ago, "old"),
        (revoked_lately, "late"),
        (bot, "bot"),
        (fresh, "fresh"),
    ):
        await store.add_session(session, u(name))
    await store.revoke_session(anna.id, revoked_long_ago.id, 1_000)
    await store.revoke_session(anna.id, revoked_lately.id, 4_000)
    await store.add_passkey_challenge(u("gone"), "sign_in", "", expires_ms=1_500, now_ms=1_000)
    await store.add_passkey_challenge(u("kept"), "sign_in", "", expires_ms=9_000, now_ms=1_000)
    # At least these two (PostgreSQL's schema holds the session's other tests' sessions too).
    assert await store.sweep_sessions(idle_before_ms=1_000, revoked_before_ms=2_000, now_ms=2_000) >= 2
    assert await store.account_session(u("idle")) is None
    assert await store.account_session(u("old")) is None
    # A bot token is never idle; a session revoked lately is still refused as revoked.
    assert (await store.account_session(u("late")))[0].revoked_ms == 4_000  # type: ignore[index]
    assert await store.account_session(u("bot")) is not None
    assert await store.account_session(u("fresh")) is not None
    assert await store.take_passkey_challenge(u("gone")) is None
    assert await store.take_passkey_challenge(u("kept")) is not None


async def test_a_game_finishing_after_a_seats_deletion_stores_a_deleted_player(store) -> None:  # type: ignore[no-untyped-def]
    anna, ben = await _guest(store), await _guest(store, "Ben")
    room = {"code": uuid.uuid4().hex[:5].upper(), "status": "playing", "version": 0, "updated_ms": 1, "game_number": 1}
    await store.insert_room(room)
    assert await store.delete_player(anna.id)
    assert await store.deleted_players([anna.id, ben.id, ""]) == {anna.id}
    # The room still names Anna in her seat; she won, and is rated from before her deletion.
    rated = (RatedPlayer(anna.id, 27.0, 8.0, 1, 2.0), RatedPlayer(ben.id, 23.0, 8.0, 1, -2.0))
    record = FinishedGame(
        room["code"], 1, "chess", {}, "00", ["Anna", "Ben"], [anna.id, ben.id], {"placings": [1, 2]}, 0, 10
    )
    finished = {**room, "status": "finished"}
    # A rating of a deleted player is a stale one: nothing written, the step is redone unrated.
    assert not await store.save_room(finished, 1, finished=replace(record, ratings=rated))
    assert await store.finished_game(room["code"], 1) is None
    assert await store.save_room(finished, 1, finished=record)
    kept = await store.finished_game(room["code"], 1)
    assert kept is not None and kept.names == ["", "Ben"] and kept.players == ["", ben.id]
    assert [g.names for g in await store.player_games(ben.id)] == [["", "Ben"]]
    assert await store.player_games(anna.id) == []
    assert await store.player_stats(anna.id) == []
    assert [(s.game, s.placings) for s in await store.player_stats(ben.id)] == [("chess", {2: 1})]


async def test_a_game_finishing_while_its_player_deletes_the_account_keeps_no_trace_of_them(store) -> None:  # type: ignore[no-untyped-def]
    """The deletion and the game's last write race (on PostgreSQL, on two connections):
    whichever comes first, the stored game names a deleted player and counts nothing for them."""
    for _ in range(20):
        anna, ben = await _guest(store), await _guest(store, "Ben")
        room = {"code": uuid.uuid4().hex[:5].upper(), "status": "playing", "version": 0, "updated_ms": 1}
        await store.insert_room({**room, "game_number": 1})
        record = FinishedGame(
            room["code"], 1, "chess", {}, "00", ["Anna", "Ben"], [anna.id, ben.id], {"placings": [1, 2]}, 0, 10
        )
        finished = {**room, "game_number": 1, "status": "finished"}
        await asyncio.gather(store.delete_player(anna.id), store.save_room(finished, 1, finished=record))
        kept = await store.finished_game(room["code"], 1)
        assert kept is not None and kept.names == ["", "Ben"] and kept.players == ["", ben.id]
        assert await store.player_stats(anna.id) == []
