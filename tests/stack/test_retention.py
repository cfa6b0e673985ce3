"""Retention over the running platform: a gateway of its own whose rooms at rest expire after
a few seconds (GAMEROOM_RETENTION_DAYS=0.0001, 8.6 s). A finished room and a room abandoned
while waiting go; a room in play stays; the finished game's replay outlives its room."""

from __future__ import annotations

import asyncio
import time

import aiohttp
import pytest

from devstack import Stack
from tests.support.client import PlayClient, Refused, rest

RETENTION_S = 0.0001 * 86_400
TWO_CPUS = [{"kind": "cpu", "level": "easy"}, {"kind": "cpu", "level": "random"}]
TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture(scope="module")
def short_lived(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("retention")
    running = Stack.on_free_ports(
        f"sqlite:///{folder}/rooms.sqlite3",
        extra_env={"GAMEROOM_RETENTION_DAYS": "0.0001", "GAMEROOM_CPU_DELAY_MS": "20", "GAMEROOM_AI_BUDGET_MS": "200"},
        log_dir=folder / "logs",
    )
    running.start()
    yield running
    running.stop()


async def _gone(session, base: str, code: str) -> bool:  # type: ignore[no-untyped-def]
    try:
        await rest(session, base, "GET", f"/api/rooms/{code}")
    except Refused as refused:
        assert refused.code == "unknown_room"
        return True
    return False


async def test_rooms_at_rest_expire_and_finished_games_stay(short_lived) -> None:
    base = short_lived.base_url
    async with aiohttp.ClientSession() as session:
        abandoned = await PlayClient.create(session, base, "four-in-a-row", TWO_HUMANS)
        finished = await PlayClient.create(session, base, "four-in-a-row", TWO_CPUS)
        await finished.connect()
        await finished.send({"start": {}})
        await finished.wait_until(lambda c: c.room["status"] == "finished", timeout=60)
        await finished.send({"chat": {"text": "good game"}})
        await finished.expect("chat")
        await finished.close()
        anna = await PlayClient.create(session, base, "four-in-a-row", TWO_HUMANS)
        ben = await PlayClient.join(session, base, anna.code, "Ben")
        await anna.connect()
        await ben.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing")

        deadline = time.monotonic() + RETENTION_S * 4 + 20
        while not (await _gone(session, base, abandoned.code) and await _gone(session, base, finished.code)):
            assert time.monotonic() < deadline, "rooms at rest did not expire"
            await asyncio.sleep(0.5)
        # The game in play is untouched, long past the retention period, and still playable.
        assert (await rest(session, base, "GET", f"/api/rooms/{anna.code}"))["status"] == "playing"
        await anna.move(0, {"type": "drop", "column": 3})
        await ben.wait_until(lambda c: c.room["version"] == 2)
        # The finished game's replay is kept: the seed and every move.
        replay = await rest(session, base, "GET", f"/api/rooms/{finished.code}/games/1")
        assert replay["game"] == "four-in-a-row" and len(replay["moves"]) >= 7 and replay["seed"]
        # A ticket of an expired room no longer opens it.
        async with session.ws_connect(base + "/ws") as ws:
            await ws.send_json({"hello": {"code": finished.code, "token": finished.token, "last_event": 0}})
            assert (await ws.receive_json(timeout=15))["refused"]["code"] == "unknown_room"
        for client in (anna, ben):
            await client.close()
