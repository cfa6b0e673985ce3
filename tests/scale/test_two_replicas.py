"""Two gateway replicas on one PostgreSQL and one Redis: players of one room on different
replicas, a replica killed mid-game, and a room timer whose owner was killed."""

from __future__ import annotations

import asyncio
import hashlib
import time

import aiohttp
import redis.asyncio as aioredis

from tests.support.client import PlayClient, rest
from tests.support.services import REDIS_URL

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]
# Anna (seat 0) stacks column 0, Ben (seat 1) column 1: Anna has four down after seven discs.
WINNING_LINE = [(0, 0), (1, 1), (0, 0), (1, 1), (0, 0), (1, 1), (0, 0)]


async def _drop(player: PlayClient, column: int, version: int) -> dict:
    """Wait until this device has seen `version`, then drop: as a person waits for their turn."""
    await player.wait_until(lambda c: c.room["version"] == version)
    return await player.move(player.seats[0], {"type": "drop", "column": column})


async def _room_on_two_replicas(session: aiohttp.ClientSession, stack) -> tuple[PlayClient, PlayClient]:  # type: ignore[no-untyped-def]
    anna = await PlayClient.create(session, stack.url_of("gateway"), "four-in-a-row", TWO_HUMANS, "Anna")
    ben = await PlayClient.join(session, stack.url_of("gateway-2"), anna.code, "Ben")
    await anna.connect()
    await ben.connect()
    # Presence crosses replicas: each sees the other connected.
    await anna.wait_until(lambda c: all(s["connected"] for s in c.room["seats"]))
    await ben.wait_until(lambda c: all(s["connected"] for s in c.room["seats"]))
    await anna.send({"start": {}})
    await anna.wait_until(lambda c: c.room["status"] == "playing" and c.views)
    await ben.wait_until(lambda c: c.room["status"] == "playing" and c.views)
    return anna, ben


def _gap_free(client: PlayClient) -> bool:
    return sorted(client.events) == list(range(1, max(client.events) + 1))


async def test_players_on_two_replicas_play_a_whole_game(replicas) -> None:
    stack = replicas
    async with aiohttp.ClientSession() as session:
        anna, ben = await _room_on_two_replicas(session, stack)
        for turn, (seat, column) in enumerate(WINNING_LINE):
            update = await _drop(anna if seat == 0 else ben, column, turn + 1)
            assert update["room"]["version"] == turn + 2
        for client in (anna, ben):
            await client.wait_until(lambda c: c.room["status"] == "finished")
        assert ben.view()["result"]["placings"] == [1, 2]
        assert anna.events == ben.events and _gap_free(ben)
        assert anna.view()["public"]["board"] == ben.view()["public"]["board"]

        await ben.send({"chat": {"text": "well played"}})
        line = await anna.expect("chat", where=lambda m: m["text"] == "well played")
        assert line["name"] == "Ben"

        # The move list is durable and the same through either replica; the seed is revealed
        # and matches the hash published at the start.
        replay = await rest(session, stack.url_of("gateway-2"), "GET", f"/api/rooms/{anna.code}/games/1")
        assert replay == await rest(session, stack.url_of("gateway"), "GET", f"/api/rooms/{anna.code}/games/1")
        assert [(m["seat"], m["move"]["column"], m["version"]) for m in replay["moves"]] == [
            (seat, column, turn + 2) for turn, (seat, column) in enumerate(WINNING_LINE)
        ]
        started = next(e for e in ben.events.values() if e["code"] == "game_started")
        assert hashlib.sha256(bytes.fromhex(replay["seed"])).hexdigest() == started["seed_sha256"]
        assert replay["result"]["placings"] == [1, 2]
        await anna.close()
        await ben.close()


async def test_a_replica_killed_mid_game_loses_no_move_and_forks_nothing(make_replicas) -> None:
    stack = make_replicas()
    async with aiohttp.ClientSession() as session:
        anna, ben = await _room_on_two_replicas(session, stack)
        for turn, (seat, column) in enumerate(WINNING_LINE[:3]):
            await _drop(anna if seat == 0 else ben, column, turn + 1)
        seen = max(anna.events)
        stack.kill("gateway")  # SIGKILL Anna's replica: no goodbye, no cleanup
        await anna.close()

        # Ben's replica goes on; his move is acknowledged after the durable write as before.
        await _drop(ben, 1, 4)
        back = PlayClient(session, stack.url_of("gateway-2"), anna.ticket)
        await back.connect(last_event=seen)
        assert back.seats == [0] and back.room["version"] == 5
        assert min(back.events) == seen + 1  # only what she missed
        assert {**anna.events, **back.events} == ben.events
        for turn, (seat, column) in enumerate(WINNING_LINE[4:], start=4):
            await _drop(back if seat == 0 else ben, column, turn + 1)
        for client in (back, ben):
            await client.wait_until(lambda c: c.room["status"] == "finished")
        assert back.view()["public"]["board"] == ben.view()["public"]["board"]
        assert {**anna.events, **back.events} == ben.events and _gap_free(ben)
        replay = await rest(session, stack.url_of("gateway-2"), "GET", f"/api/rooms/{ben.code}/games/1")
        # One line of play, every acknowledged move in it once, versions without a gap.
        assert [(m["seat"], m["move"]["column"], m["version"]) for m in replay["moves"]] == [
            (seat, column, turn + 2) for turn, (seat, column) in enumerate(WINNING_LINE)
        ]
        await back.close()
        await ben.close()


async def test_a_takeover_timer_owned_by_a_killed_replica_still_fires(make_replicas) -> None:
    # A grace long beside the steps before the kill (a loaded machine slows them): it must run
    # out after replica 1 is dead, so that the other replica is the one to fire it.
    stack = make_replicas(GAMEROOM_TAKEOVER_GRACE_MS="10000")
    prefix = stack.extra_env["GAMEROOM_REDIS_PREFIX"]
    redis = aioredis.from_url(REDIS_URL, decode_responses=True)
    async with aiohttp.ClientSession() as session:
        anna, ben = await _room_on_two_replicas(session, stack)
        code = anna.code
        # Anna's phone drops off replica 1: her grace period starts, and replica 1 (the writer)
        # takes the room's lease to fire the takeover when the grace runs out.
        await anna.close()
        await ben.wait_until(lambda c: not c.room["seats"][0]["connected"])
        async with asyncio.timeout(60):
            while (await redis.get(f"{prefix}:owner:{code}") or "").rsplit("-", 1)[0] != "gateway":
                await asyncio.sleep(0.05)
        stack.kill("gateway")

        # Replica 2 takes the lapsed lease and fires the takeover; the CPU plays Anna's turn.
        await ben.wait_until(lambda c: any(e["code"] == "cpu_took_over" for e in c.events.values()), timeout=60)
        await ben.wait_until(lambda c: c.room["version"] == 2, timeout=60)
        assert f"took over room {code}" in (stack.log_dir / "gateway-2.log").read_text()
        await _drop(ben, 3, 2)
        await ben.wait_until(lambda c: c.room["version"] == 4, timeout=60)  # the CPU answered

        # Anna is back (on the surviving replica): the seat is handed back to her.
        back = PlayClient(session, stack.url_of("gateway-2"), anna.ticket)
        await back.connect(last_event=max(anna.events))
        await ben.wait_until(lambda c: any(e["code"] == "seat_returned" for e in c.events.values()))
        await _drop(ben, 3, 4)
        await _drop(back, 5, 5)
        await ben.wait_until(lambda c: c.room["version"] == 6)
        codes = [ben.events[n]["code"] for n in sorted(ben.events)]
        assert codes.count("cpu_took_over") == 1 and codes.count("seat_returned") == 1
        took = next(e for e in ben.events.values() if e["code"] == "cpu_took_over")
        assert took == {"code": "cpu_took_over", "seat": 0, "reason": "gone"}
        replay_moves = await _moves_so_far(stack, code)
        assert [(seat, version) for seat, _, version, _ in replay_moves] == [(0, 2), (1, 3), (0, 4), (1, 5), (0, 6)]
        await back.close()
        await ben.close()
    await redis.aclose()


async def test_a_move_clock_owned_by_a_killed_replica_still_fires(make_replicas) -> None:
    """Hau Hau's 10 s move clock: the replica that wrote the move owns the clock, dies, and the
    other replica fires it, once."""
    stack = make_replicas()
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(session, stack.url_of("gateway"), "hau-hau", TWO_HUMANS, "Anna")
        ben = await PlayClient.join(session, stack.url_of("gateway-2"), anna.code, "Ben")
        await anna.connect()
        await ben.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing" and c.views)
        # Both throw rock-paper-scissors at once; the clock starts with the first throw.
        answer = await anna.move(0, {"type": "rps", "hand": "rock"})
        deadline_ms = int(answer["deadline_ms"])
        assert answer["deadline_seat"] == 1 and deadline_ms > time.time() * 1000 + 5000
        # The writer takes the clock's lease just after answering the move: wait for it.
        redis = aioredis.from_url(REDIS_URL, decode_responses=True)
        owner = None
        async with asyncio.timeout(60):
            while not owner:
                owner = await redis.get(f"{stack.extra_env['GAMEROOM_REDIS_PREFIX']}:owner:{anna.code}")
                await asyncio.sleep(0.05)
        await redis.aclose()
        assert owner is not None and owner.rsplit("-", 1)[0] == "gateway"  # it wrote the move that set the clock
        stack.kill("gateway")
        await anna.close()

        await ben.wait_until(lambda c: c.room["version"] == 3, timeout=60)  # Ben never threw
        assert time.time() * 1000 >= deadline_ms
        moves = await _moves_so_far(stack, ben.code)
        assert [(seat, move, version) for seat, move, version, _ in moves] == [
            (0, {"type": "rps", "hand": "rock"}, 2),
            (1, {"timeout": True}, 3),
        ]
        assert moves[1][3] >= deadline_ms  # applied as of its deadline, so a replay is exact
        await ben.close()


async def _moves_so_far(stack, code: str) -> list[tuple[int, dict, int, int]]:  # type: ignore[no-untyped-def]
    """The durable move list of the room's first game, straight from PostgreSQL."""
    from lobby.store import make_store

    store = make_store(stack.store_url)
    await store.open()
    try:
        return [(m.seat, m.move, m.version, m.at_ms) for m in await store.game_moves(code, 1)]
    finally:
        await store.close()
