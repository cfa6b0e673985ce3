"""The bus between gateway replicas over Redis: pub/sub of room changes, presence, leases and
due times (lobby/bus.py tells how they work together)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from typing import TYPE_CHECKING, Any, Callable

from redis.exceptions import NoScriptError

from . import jsontext
from .bus_listener import BusListener
from .bus_scripts import DUE_MEMORY_MS, SCRIPTS
from .hub import Hub

if TYPE_CHECKING:
    import redis.asyncio as aioredis

log = logging.getLogger(__name__)


class RedisBus:
    shares_changes = True

    def __init__(
        self,
        url: str,
        prefix: str = "gameroom",
        replica: str | None = None,
        lease_ms: int = 5000,
        presence_ttl_ms: int = 10000,
        sweep_ms: int = 500,
        clock=time.time,  # type: ignore[no-untyped-def]
    ) -> None:
        self.url = url
        self.prefix = prefix
        self.replica = replica or secrets.token_hex(6)
        self.lease_ms = lease_ms
        self.presence_ttl_ms = presence_ttl_ms
        self.sweep_ms = sweep_ms
        self.clock = clock
        self.hub = Hub()
        self._seats: dict[str, set[int]] = {}
        self._owned: set[str] = set()
        self._tasks: list[asyncio.Task[None]] = []
        self._redis: aioredis.Redis | None = None
        self._pubsub: Any = None
        self._listener: BusListener | None = None
        self._handlers: set[asyncio.Task[None]] = set()
        # While Redis is away a change is written and answered but reaches no other replica,
        # and this replica hears nothing: what to make up for once it is back (`_went_down`).
        self._down = False
        self._listening = False  # the pattern subscription is confirmed on the live connection
        self._unannounced: set[str] = set()  # rooms written here whose change was not published
        self._held_when_down: set[str] = set()  # rooms this replica drove when Redis went away

    @classmethod
    def from_env(cls, url: str) -> RedisBus:
        return cls(
            url,
            prefix=os.environ.get("GAMEROOM_REDIS_PREFIX", "gameroom"),
            # A restarted process is a new replica: it must not inherit the leases of the old one.
            replica=f"{os.environ.get('GAMEROOM_REPLICA_ID') or socket.gethostname()}-{secrets.token_hex(3)}",
            lease_ms=int(os.environ.get("GAMEROOM_LEASE_MS", "5000")),
            presence_ttl_ms=int(os.environ.get("GAMEROOM_PRESENCE_TTL_MS", "10000")),
            sweep_ms=int(os.environ.get("GAMEROOM_SWEEP_MS", "500")),
        )

    def _now(self) -> int:
        return int(self.clock() * 1000)

    def _key(self, *parts: str) -> str:
        return ":".join((self.prefix, *parts))

    @property
    def redis(self) -> aioredis.Redis:
        assert self._redis is not None, "bus not started"
        return self._redis

    async def start(self, listener: BusListener) -> None:
        import redis.asyncio as aioredis

        self._listener = listener
        self._redis = aioredis.from_url(self.url, decode_responses=True)
        await self._load_scripts()
        # Subscribe confirmations are read: one after a reconnection says nothing was missed
        # from then on (`_maybe_back`).
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=False)
        await self._pubsub.psubscribe(self._key("room", "*"), self._key("player", "*"))
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen(self._pubsub)), loop.create_task(self._keep_up())]

    async def stop_tasks(self) -> None:
        """End the background round and the listener. A cancellation can be lost inside the
        Redis client while a command is under way (the task then runs on, renewing presence and
        leases of a replica that is leaving), so each task is cancelled again until it ends."""
        for _ in range(10):
            running = [task for task in self._tasks if not task.done()]
            if not running:
                return
            for task in running:
                task.cancel()
            await asyncio.wait(running, timeout=1)
        log.warning("bus tasks still running after ten cancellations")

    async def close(self) -> None:
        await self.stop_tasks()
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._pubsub.aclose(), 2)
            self._pubsub = None
        if self._redis is None:
            return
        # Leaving cleanly: hand our rooms to the others now rather than after the lease runs out.
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for code in self._owned:
                    self._in_pipe(pipe, "release", [self._key("owner", code)], [self.replica])
                for code, seats in self._seats.items():
                    for seat in seats:
                        pipe.zrem(self._key("presence", code), f"{seat}|{self.replica}")
                        pipe.zadd(self._key("presence"), {f"{code}|{seat}|{self.replica}": 0})
                await pipe.execute()
        except Exception:
            log.warning("could not hand over rooms on close", exc_info=True)
        self._owned.clear()
        await self.redis.aclose()
        self._redis = None

    # -- fan-out -----------------------------------------------------------------------------------
    async def announce(self, code: str, payload: dict[str, Any], due: tuple[int | None, int] | None) -> set[int]:
        """Publish a change the durable write already holds; with `due` (time, revision), say
        when the room next needs its driver. One round trip (`_ANNOUNCE`), which also reads who
        is present: the seats returned (this replica's own connections included) are the ones
        to show in the frames of this change, and the published payload carries them."""
        body = jsontext.dumps(payload)
        assert body.startswith("{") and body != "{}", "a change is a JSON object with keys"
        keys = [self._key("presence", code)]
        args: list[Any] = [self._now(), self._key("room", code), self.replica, body]
        if due is not None:
            due_keys, due_args = self._due_args(code, *due)
            keys += due_keys
            args += due_args
        try:
            seats = await self._script("announce", keys, args)
        except Exception:
            self._unannounced.add(code)  # published once Redis is back (`_maybe_back`)
            self._went_down()
            raise
        return {int(seat) for seat in seats} | self.hub.present_seats(code)

    async def publish_players(self, events: list[tuple[str, dict[str, Any]]]) -> None:
        """Players' events (lobby/player_events.py) to the other replicas' streams of them, in
        order, in one round trip."""
        async with self.redis.pipeline(transaction=False) as pipe:
            for player_id, event in events:
                pipe.publish(self._key("player", player_id), f"{self.replica}\n{jsontext.dumps(event)}")
            await pipe.execute()

    def _due_args(self, code: str, due_ms: int | None, revision: int) -> tuple[list[str], list[Any]]:
        keys = [self._key("due"), self._key("duerev", code)]
        return keys, [code, "" if due_ms is None else due_ms, revision, DUE_MEMORY_MS]

    async def set_due(self, code: str, due_ms: int | None, revision: int) -> None:
        await self._script("set_due", *self._due_args(code, due_ms, revision))

    # -- Lua scripts by their SHA: a pipeline holding a script costs no extra round trip -------------
    async def _load_scripts(self) -> None:
        self._sha = {name: await self.redis.script_load(source) for name, source in SCRIPTS.items()}

    def _in_pipe(self, pipe: Any, name: str, keys: list[str], args: list[Any]) -> None:
        pipe.evalsha(self._sha[name], len(keys), *keys, *args)

    async def _script(self, name: str, keys: list[str], args: list[Any]) -> Any:
        try:
            return await self.redis.evalsha(self._sha[name], len(keys), *keys, *args)
        except NoScriptError:  # Redis restarted and forgot them
            await self._load_scripts()
            return await self.redis.evalsha(self._sha[name], len(keys), *keys, *args)

    async def _pipeline(self, build: Callable[[Any], None]) -> list[Any]:
        for attempt in range(2):
            async with self.redis.pipeline(transaction=False) as pipe:
                build(pipe)
                try:
                    return await pipe.execute()
                except NoScriptError:
                    if attempt:
                        raise
                    await self._load_scripts()
        raise AssertionError("unreachable")

    async def _listen(self, pubsub: Any) -> None:
        room_prefix = self._key("room", "")
        player_prefix = self._key("player", "")
        while True:
            try:
                message = await pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("pub/sub read failed; retrying", exc_info=True)
                self._listening = False
                self._went_down()
                await asyncio.sleep(0.5)
                continue
            if message is not None and message.get("type") == "psubscribe":
                self._listening = True
                continue
            if message is None or message.get("type") != "pmessage":
                continue
            origin, _, body = message["data"].partition("\n")
            if origin == self.replica:
                continue
            if message["channel"].startswith(player_prefix):
                self._listener.on_player_event(message["channel"][len(player_prefix) :], body)  # type: ignore[union-attr]
                continue
            code = message["channel"][len(room_prefix) :]
            # Only rooms this replica serves or drives are worth parsing.
            if not self.hub.subscribers(code) and code not in self._owned:
                continue
            self._spawn(self._listener.on_remote_change(code, jsontext.loads(body)))  # type: ignore[union-attr]

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._handlers.add(task)
        task.add_done_callback(self._handled)

    def _handled(self, task: asyncio.Task[None]) -> None:
        self._handlers.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("bus callback failed", exc_info=task.exception())

    # -- Redis away and back -------------------------------------------------------------------------
    def _went_down(self) -> None:
        """A call to Redis failed: from now until `_maybe_back`, changes may have been missed
        (ours not published, others' not heard) and leases and due times may be lost (a Redis
        that restarted empty)."""
        if not self._down:
            self._down = True
            self._held_when_down = set(self._owned)

    def _maybe_back(self) -> None:
        """After a keepalive went through (a lease Redis lost is let go of by then): when the
        subscription is confirmed again too, the lobby makes up for what was missed. Whatever
        is published from now on is heard, so a room read from the store after this is whole."""
        if not self._down or not self._listening:
            return
        self._down = False
        unannounced, held = self._unannounced, self._held_when_down
        self._unannounced, self._held_when_down = set(), set()
        log.info("Redis is back: catching up %d rooms written and %d driven meanwhile", len(unannounced), len(held))
        self._spawn(self._listener.on_bus_back(unannounced, held))  # type: ignore[union-attr]

    # -- presence ----------------------------------------------------------------------------------
    async def sync_presence(self, code: str) -> set[int]:
        now = self.hub.present_seats(code)
        before = self._seats.pop(code, set())
        if now:
            self._seats[code] = now
        if now == before:
            return set()
        expiry = self._now() + self.presence_ttl_ms
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for seat in now - before:
                    pipe.zadd(self._key("presence", code), {f"{seat}|{self.replica}": expiry})
                    pipe.zadd(self._key("presence"), {f"{code}|{seat}|{self.replica}": expiry})
                for seat in before - now:
                    pipe.zrem(self._key("presence", code), f"{seat}|{self.replica}")
                    pipe.zrem(self._key("presence"), f"{code}|{seat}|{self.replica}")
                await pipe.execute()
        except Exception:
            # Redis is away: the next keepalive adds what is here; what left lapses by itself.
            log.warning("could not update presence of room %s", code, exc_info=True)
        return before - now

    async def present_seats(self, code: str) -> set[int]:
        try:
            members = await self.redis.zrangebyscore(self._key("presence", code), self._now(), "+inf")
        except Exception:
            log.warning("could not read presence of room %s; showing this replica's only", code, exc_info=True)
            members = []
        return {int(member.split("|", 1)[0]) for member in members} | self.hub.present_seats(code)

    # -- who drives a room -------------------------------------------------------------------------
    async def claim(self, code: str) -> bool:
        held = await self._script("claim", [self._key("owner", code)], [self.replica, self.lease_ms])
        if held:
            self._owned.add(code)
        else:
            self._owned.discard(code)
        return bool(held)

    def holds(self, code: str) -> bool:
        """Whether this replica believes it drives the room (no round trip)."""
        return code in self._owned

    async def owns(self, code: str) -> bool:
        """Whether the lease is still ours, asked of Redis: checked before every step we drive."""
        if code not in self._owned:
            return False
        try:
            return await self.redis.get(self._key("owner", code)) == self.replica
        except Exception:
            log.warning("could not check the lease on room %s", code, exc_info=True)
            return False

    async def release(self, code: str) -> None:
        if code in self._owned:
            self._owned.discard(code)
            await self._script("release", [self._key("owner", code)], [self.replica])

    # -- the background round: renew, refresh, sweep -------------------------------------------------
    async def _keep_up(self) -> None:
        period = min(self.lease_ms, self.presence_ttl_ms) / 3 / 1000
        next_keepalive = 0.0
        loop = asyncio.get_running_loop()
        while True:
            try:
                if loop.time() >= next_keepalive:
                    await self._keepalive()
                    self._maybe_back()
                    next_keepalive = loop.time() + period
                await self._sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("bus upkeep failed; retrying", exc_info=True)
                self._went_down()
            await asyncio.sleep(min(period, self.sweep_ms / 1000))

    async def _keepalive(self) -> None:
        owned = sorted(self._owned)
        expiry = self._now() + self.presence_ttl_ms

        def build(pipe: Any) -> None:
            for code in owned:
                self._in_pipe(pipe, "renew", [self._key("owner", code)], [self.replica, self.lease_ms])
            for code, seats in self._seats.items():
                for seat in seats:
                    pipe.zadd(self._key("presence", code), {f"{seat}|{self.replica}": expiry})
                    pipe.zadd(self._key("presence"), {f"{code}|{seat}|{self.replica}": expiry})

        results = await self._pipeline(build)
        for code, renewed in zip(owned, results[: len(owned)], strict=True):
            if not renewed and code in self._owned:
                log.warning("lost the lease on room %s", code)
                self._owned.discard(code)
                self._listener.on_lost(code)  # type: ignore[union-attr]

    async def _sweep(self) -> None:
        now = self._now()
        lapsed = await self.redis.zrangebyscore(self._key("presence"), "-inf", now, start=0, num=100)
        gone: dict[str, set[int]] = {}
        for member in lapsed:
            # Whoever removes the entry handles it; the others see 0 and move on.
            if await self.redis.zrem(self._key("presence"), member):
                code, seat, replica = member.rsplit("|", 2)
                await self.redis.zrem(self._key("presence", code), f"{seat}|{replica}")
                gone.setdefault(code, set()).add(int(seat))
        for code, seats in gone.items():
            self._spawn(self._listener.on_seats_gone(code, seats))  # type: ignore[union-attr]
        due = await self.redis.zrangebyscore(self._key("due"), "-inf", now, start=0, num=100)
        for code in due:
            if code in self._owned:
                # Ours but nothing armed (a change we never heard of): look at the room again.
                if self._listener.idle(code):  # type: ignore[union-attr]
                    self._spawn(self._listener.on_orphan(code))  # type: ignore[union-attr]
                continue
            if await self.redis.exists(self._key("owner", code)):
                continue
            if await self.claim(code):
                log.info("took over room %s", code)
                self._spawn(self._listener.on_orphan(code))  # type: ignore[union-attr]
