"""Ownership of room clocks through Redis leases, directly on the bus: exactly one replica takes
each room that needs a driver, keeps it while it lives, and another takes it when it dies."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter

import redis.asyncio as aioredis

from lobby.bus import RedisBus
from tests.support.services import REDIS_URL

# Renewed every third of it: a replica loses a lease only when its loop stalls two thirds of
# a lease, which a loaded machine does to a 400 ms lease but not to this one.
LEASE_MS = 2000


class Recorder:
    """A listener that counts what the bus asks of it, as the lobby would be asked."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.orphans: list[str] = []
        self.lost: list[str] = []
        self.gone: list[tuple[str, set[int]]] = []

    async def on_remote_change(self, code: str, payload: dict) -> None:
        return None

    async def on_seats_gone(self, code: str, seats: set[int]) -> None:
        self.gone.append((code, seats))

    async def on_orphan(self, code: str) -> None:
        self.orphans.append(code)

    def on_lost(self, code: str) -> None:
        self.lost.append(code)

    def idle(self, code: str) -> bool:
        return False  # the recorder "drives" whatever it took


def _bus(prefix: str, name: str) -> RedisBus:
    return RedisBus(REDIS_URL, prefix=prefix, replica=name, lease_ms=LEASE_MS, presence_ttl_ms=LEASE_MS, sweep_ms=50)


async def _crash(bus: RedisBus) -> None:
    """Die without a word: no lease released, no presence removed (as after SIGKILL)."""
    await bus.stop_tasks()
    assert all(task.done() for task in bus._tasks)
    with contextlib.suppress(Exception):
        await asyncio.wait_for(bus._pubsub.aclose(), 2)
    await bus.redis.aclose()


async def _wait(predicate, timeout: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    async with asyncio.timeout(timeout):
        while not predicate():
            await asyncio.sleep(0.02)


async def test_each_due_room_is_taken_by_exactly_one_replica_and_moves_on_when_it_dies(redis_prefix) -> None:
    prefix = f"{redis_prefix}:lease1"
    buses = [_bus(prefix, f"r{n}") for n in range(3)]
    listeners = [Recorder(f"r{n}") for n in range(3)]
    rooms = [f"ROOM{n}" for n in range(12)]
    victim = -1
    # Rooms whose clocks ran out with nobody driving them (their writer died before it could).
    past = int(time.time() * 1000) - 1
    writer = aioredis.from_url(REDIS_URL)
    await writer.zadd(f"{prefix}:due", dict.fromkeys(rooms, past))
    await writer.aclose()
    for bus, listener in zip(buses, listeners, strict=True):
        await bus.start(listener)
    try:
        await _wait(lambda: sum(len(r.orphans) for r in listeners) >= len(rooms))
        await asyncio.sleep(3 * LEASE_MS / 1000)  # several renewals later: still one owner each
        taken = Counter(room for r in listeners for room in r.orphans)
        assert taken == Counter(rooms), "every room taken exactly once while its owner lives"
        owners = {room: await buses[0].redis.get(f"{prefix}:owner:{room}") for room in rooms}
        for listener, bus in zip(listeners, buses, strict=True):
            assert {room for room, owner in owners.items() if owner == bus.replica} == set(listener.orphans)
            assert listener.lost == []

        victim = max(range(3), key=lambda n: len(listeners[n].orphans))
        orphaned = set(listeners[victim].orphans)
        assert orphaned
        await _crash(buses[victim])
        survivors = [n for n in range(3) if n != victim]
        before = {n: len(listeners[n].orphans) for n in survivors}
        await _wait(lambda: sum(len(listeners[n].orphans) - before[n] for n in survivors) >= len(orphaned))
        await asyncio.sleep(2 * LEASE_MS / 1000)
        retaken = Counter(room for n in survivors for room in listeners[n].orphans[before[n] :])
        assert retaken == Counter(orphaned), "the dead replica's rooms, each taken over once"
        for room in orphaned:
            owner = await buses[survivors[0]].redis.get(f"{prefix}:owner:{room}")
            assert owner in {buses[n].replica for n in survivors}
    finally:
        for n, bus in enumerate(buses):
            if bus._redis is not None and n != victim:
                await bus.close()


async def test_an_older_due_time_never_overwrites_a_newer_one(redis_prefix) -> None:
    prefix = f"{redis_prefix}:lease2"
    bus = _bus(prefix, "solo")
    await bus.start(Recorder("solo"))
    try:
        await bus.set_due("ROOMX", 5000, revision=7)
        await bus.set_due("ROOMX", 1000, revision=6)  # a late write from an older revision
        assert await bus.redis.zscore(f"{prefix}:due", "ROOMX") == 5000
        await bus.set_due("ROOMX", None, revision=8)  # the room no longer needs its driver
        assert await bus.redis.zscore(f"{prefix}:due", "ROOMX") is None
        await bus.set_due("ROOMX", 1, revision=7)
        assert await bus.redis.zscore(f"{prefix}:due", "ROOMX") is None
    finally:
        await bus.close()


async def test_a_lease_is_exclusive_and_released_on_a_clean_close(redis_prefix) -> None:
    prefix = f"{redis_prefix}:lease3"
    first, second = _bus(prefix, "one"), _bus(prefix, "two")
    await first.start(Recorder("one"))
    await second.start(Recorder("two"))
    try:
        results = await asyncio.gather(*(bus.claim("ROOMY") for bus in (first, second) for _ in range(5)))
        firsts, seconds = results[:5], results[5:]
        assert (all(firsts) and not any(seconds)) or (all(seconds) and not any(firsts))
        holder, other = (first, second) if firsts[0] else (second, first)
        assert await holder.owns("ROOMY") and not await other.owns("ROOMY")
        await asyncio.sleep(2 * LEASE_MS / 1000)  # renewed meanwhile
        assert not await other.claim("ROOMY")
        await holder.close()  # a clean shutdown hands the room over at once
        assert await other.claim("ROOMY")
    finally:
        for bus in (first, second):
            if bus._redis is not None:
                await bus.close()


async def test_presence_of_a_dead_replica_lapses_and_is_reported_once(redis_prefix) -> None:
    prefix = f"{redis_prefix}:lease4"

    class Seated:
        ticket = type("T", (), {"seats": [1], "code": "ROOMZ"})()

        def send(self, message: dict) -> None:
            return None

    dying, watching = _bus(prefix, "dying"), _bus(prefix, "watching")
    watcher = Recorder("watching")
    await dying.start(Recorder("dying"))
    await watching.start(watcher)
    try:
        dying.hub.add("ROOMZ", Seated())  # type: ignore[arg-type]
        await dying.sync_presence("ROOMZ")
        assert await watching.present_seats("ROOMZ") == {1}
        await asyncio.sleep(2 * LEASE_MS / 1000)  # kept alive by the living replica
        assert await watching.present_seats("ROOMZ") == {1} and watcher.gone == []
        await _crash(dying)
        # The lapse is seen at the next presence sweep after the lease; on a loaded machine the
        # sweeps run late, so give it time (it must still come, and only once).
        await _wait(lambda: watcher.gone, timeout=30)
        assert watcher.gone == [("ROOMZ", {1})]
        assert await watching.present_seats("ROOMZ") == set()
    finally:
        await watching.close()


async def test_scripts_are_loaded_again_after_redis_forgot_them(redis_prefix) -> None:
    """A Redis restart empties its script cache; the bus loads its scripts again on the spot."""
    prefix = f"{redis_prefix}:lease5"
    bus = _bus(prefix, "forgetful")
    await bus.start(Recorder("forgetful"))
    try:
        await bus.redis.script_flush()
        assert await bus.claim("ROOMW")
        await bus.redis.script_flush()
        await bus.announce("ROOMW", {"kind": "chat", "line": {}}, (12345, 1))
        assert await bus.redis.zscore(f"{prefix}:due", "ROOMW") == 12345
    finally:
        await bus.close()


class Heard(Recorder):
    """A recorder that keeps the changes other replicas published."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.changes: list[tuple[str, dict]] = []

    async def on_remote_change(self, code: str, payload: dict) -> None:
        self.changes.append((code, payload))


async def test_a_change_carries_who_is_present_in_one_round_trip(redis_prefix) -> None:
    """The writer's announce reads the room's presence as it publishes: it gets the seats back
    for its own frames, and the replicas hearing the change get them in the payload, beside
    the payload's own keys as they were (a replica that does not know "present" ignores it)."""
    prefix = f"{redis_prefix}:announce"
    writer, hearer = _bus(prefix, "writer"), Heard("hearer")
    listening = _bus(prefix, "hearer")
    await writer.start(Recorder("writer"))
    await listening.start(hearer)
    watch = aioredis.from_url(REDIS_URL, decode_responses=True)
    try:
        assert await listening.claim("ROOMP")  # a replica listens to the rooms it drives
        now_ms = int(time.time() * 1000)
        await watch.zadd(f"{prefix}:presence:ROOMP", {"1|hearer": now_ms + 60_000, "0|gone": now_ms - 1})
        payload = {"kind": "room", "room": {"code": "ROOMP"}, "revision": 7, "events": [], "presence": False}
        assert await writer.announce("ROOMP", payload, (now_ms + 5_000, 7)) == {1}
        await _wait(lambda: hearer.changes)
        assert hearer.changes == [("ROOMP", {"present": [1], **payload})]
        assert await watch.zscore(f"{prefix}:due", "ROOMP") == now_ms + 5_000
        # An older revision's due time does not overwrite a newer one's; the change still goes out.
        assert await writer.announce("ROOMP", {**payload, "revision": 6}, (now_ms + 1, 6)) == {1}
        await _wait(lambda: len(hearer.changes) == 2)
        assert await watch.zscore(f"{prefix}:due", "ROOMP") == now_ms + 5_000
        # Nobody there: an empty list, and no due time asked for leaves it as it was.
        await watch.delete(f"{prefix}:presence:ROOMP")
        assert await writer.announce("ROOMP", {"kind": "chat", "line": {}}, None) == set()
        await _wait(lambda: len(hearer.changes) == 3)
        assert hearer.changes[-1] == ("ROOMP", {"present": [], "kind": "chat", "line": {}})
    finally:
        await watch.aclose()
        await writer.close()
        await listening.close()
