"""Redis away for a while, between two gateway replicas on one PostgreSQL: a move written
meanwhile is committed and answered by its replica, and reaches the other replica's players
once Redis is back; a CPU seat answers a move made meanwhile.

Each test runs a Redis of its own on a free port (killed and started again here; the shared
one is untouched) that keeps nothing on disk: it comes back empty, as a restarted cache does."""

from __future__ import annotations

import asyncio
import subprocess
import time
import uuid

import aiohttp
import pytest
import redis.asyncio as aioredis
from redis.exceptions import RedisError

from devstack import free_port
from lobby.bus import RedisBus
from tests.scale.test_clock_lease import Recorder, _wait
from tests.support.client import PlayClient, rest

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]
HUMAN_AND_CPU = [{"kind": "human"}, {"kind": "cpu", "level": "easy"}]


class OwnRedis:
    """A redis-server process on a port of its own, to kill and start again."""

    def __init__(self, folder) -> None:  # type: ignore[no-untyped-def]
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.log = folder / "redis.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
        command += ["--appendonly", "no", "--logfile", str(self.log)]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while subprocess.run(["redis-cli", "-p", str(self.port), "ping"], capture_output=True).stdout != b"PONG\n":
            assert self.process.poll() is None and time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait()
        self.process = None


@pytest.fixture
def own_redis(tmp_path):  # type: ignore[no-untyped-def]
    redis = OwnRedis(tmp_path)
    redis.start()
    yield redis
    if redis.process is not None:
        redis.kill()


async def _subscribers(url: str, replicas: int) -> None:
    """Until every replica's pattern subscription is on this Redis (after a start or restart)."""
    client = aioredis.from_url(url)
    try:
        async with asyncio.timeout(30):
            while sum(1 for c in await client.client_list(_type="pubsub") if int(c.get("psub", 0))) < replicas:
                await asyncio.sleep(0.05)
    finally:
        await client.aclose()


class BackRecorder(Recorder):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.back: list[tuple[set[str], set[str]]] = []

    async def on_bus_back(self, unannounced: set[str], held: set[str]) -> None:
        self.back.append((unannounced, held))


async def test_the_bus_names_what_it_missed_once_redis_is_back(own_redis) -> None:
    listener = BackRecorder("one")
    # A lease far longer than a stall of a loaded machine: it is lost only with Redis's memory.
    bus = RedisBus(own_redis.url, prefix="t", replica="one", lease_ms=10_000, presence_ttl_ms=10_000, sweep_ms=50)
    await bus.start(listener)
    try:
        assert await bus.claim("HELD1")
        await bus.announce("SEEN1", {"kind": "room"}, None)  # published: nothing to make up for
        own_redis.kill()
        with pytest.raises(RedisError):
            await bus.announce("WROTE", {"kind": "room"}, None)
        assert listener.back == []  # nothing is made up for while Redis is away
        own_redis.start()
        await _wait(lambda: listener.back, timeout=20)
        # The room written meanwhile, and the one it drove (its lease went with Redis's memory).
        assert listener.back == [({"WROTE"}, {"HELD1"})]
        assert "HELD1" in listener.lost and not bus.holds("HELD1")
    finally:
        await bus.close()


async def test_a_move_written_while_redis_is_down_reaches_the_other_replica(make_replicas, own_redis) -> None:
    stack = make_replicas(GAMEROOM_REDIS=own_redis.url)
    one, two = stack.url_of("gateway"), stack.url_of("gateway-2")
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(session, one, "four-in-a-row", TWO_HUMANS, "Anna")
        # Ben's join is answered by replica 2, the answer lost; asked again of replica 1 (which
        # never saw it) with the same request id, it gets the same seat and ticket.
        join = {"nickname": "Ben", "request_id": uuid.uuid4().hex}
        lost = await rest(session, two, "POST", f"/api/rooms/{anna.code}/join", join)
        again = await rest(session, one, "POST", f"/api/rooms/{anna.code}/join", join)
        assert (again["token"], again["seats"]) == (lost["token"], [1])
        ben = PlayClient(session, two, again)
        await anna.connect()
        await ben.connect()
        await anna.wait_until(lambda c: all(s["connected"] for s in c.room["seats"]))
        await anna.send({"start": {}})
        # A move names the version its client holds, so each client waits for the start itself:
        # replica 1 tells replica 2 before its own connections, so Ben may see it before Anna.
        await anna.wait_until(lambda c: c.room["status"] == "playing" and 0 in c.views)
        await ben.wait_until(lambda c: c.room["status"] == "playing" and 1 in c.views)
        await anna.move(0, {"type": "drop", "column": 0})
        await ben.wait_until(lambda c: c.room["version"] == 2)
        await ben.move(1, {"type": "drop", "column": 1})
        await anna.wait_until(lambda c: c.room["version"] == 3)

        own_redis.kill()
        # Written, acknowledged and shown to Anna by her replica; replica 2 hears nothing.
        update = await anna.move(0, {"type": "drop", "column": 0})
        assert update["room"]["version"] == 4
        assert ben.room["version"] == 3
        own_redis.start()  # empty: no presence, no lease, no due time

        await ben.wait_until(lambda c: c.room["version"] == 4, timeout=30)
        assert ben.view()["public"]["board"] == anna.view()["public"]["board"]
        assert sorted(ben.events) == list(range(1, max(ben.events) + 1))  # no event skipped
        # The bus carries changes again: Ben's reply reaches Anna on the other replica.
        await _subscribers(own_redis.url, 2)
        await ben.move(1, {"type": "drop", "column": 1})
        await anna.wait_until(lambda c: c.room["version"] == 5, timeout=30)
        assert anna.events == ben.events
        await anna.close()
        await ben.close()


async def test_a_cpu_answers_a_move_made_while_redis_was_down(make_replicas, own_redis) -> None:
    stack = make_replicas(count=1, GAMEROOM_REDIS=own_redis.url)
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(session, stack.url_of("gateway"), "four-in-a-row", HUMAN_AND_CPU)
        await anna.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing" and 0 in c.views)
        await anna.move(0, {"type": "drop", "column": 3})
        await anna.wait_until(lambda c: c.room["version"] == 3)  # the CPU answered

        own_redis.kill()
        update = await anna.move(0, {"type": "drop", "column": 3})
        assert update["room"]["version"] == 4  # durable and answered without Redis
        own_redis.start()
        # Its driver had no lease to act on: once Redis is back it claims one, and the CPU moves.
        await anna.wait_until(lambda c: c.room["version"] == 5, timeout=30)
        assert anna.room["seats"][1]["kind"] == "cpu"
        await anna.close()
