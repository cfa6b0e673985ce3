"""What every part of the lobby shares: the store, the engines, the bus, the settings, and the
per-room locks and timers of this process."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from rulekit import Refusal

from . import codes
from .bus import LocalBus, RedisBus
from .engines import Engines
from .hub import Subscriber
from .latest import MOST_ROOMS, LatestWrites
from .push_keys import PushSettings
from .room import Room, Ticket
from .store import Store

log = logging.getLogger(__name__)

WRITE_ATTEMPTS = 8  # a write that lost the race is redone from the fresh room, this often at most
CATCH_UP_EVENTS = 500  # at most this many past events are sent to a connection that catches up


@dataclass
class LobbySettings:
    cpu_delay_ms: int = 700  # CPU moves are paced so people can follow them
    ai_budget_ms: int = 1000
    takeover_grace_ms: int = 60_000  # a seat with no connection this long is played by a CPU
    # An escrow open this long without its game in the store was left by a process that died
    # between taking the stakes and writing the start: it is refunded. A start's write follows
    # its escrow within seconds, so a younger one may still be on its way.
    stake_sweep_ms: int = 120_000
    # Rooms not in play (finished, or abandoned while waiting) untouched this long are deleted
    # with their events and chat; finished games stay for replays and statistics. 0: kept forever.
    retention_ms: int = 30 * 86_400_000
    clock: Callable[[], float] = time.time
    # How many times as fast as real time `clock` runs (tests of move clocks, see clock_at_rate):
    # the timers the lobby arms wait that much less real time.
    clock_rate: float = 1.0
    # Players' moves being worked on at once in this process; one more is refused at once
    # with `overloaded` instead of waiting in line (past saturation a queue only adds delay
    # to every move). 0: no limit.
    moves_in_flight: int = 64
    # Rooms whose last written document this process keeps for their next move (lobby/latest.py):
    # about 4.5 KiB each while kept. 0: every move reads its room from the store.
    kept_rooms: int = MOST_ROOMS
    # Web Push: the VAPID keys and where subscriptions may point (lobby/push.py).
    push: PushSettings = field(default_factory=PushSettings)
    # An open challenge (lobby/challenges.py) not answered this long expires.
    challenge_ttl_ms: int = 5 * 60_000
    # Every title's top three for the start page (GET /api/leaderboards) are given from this
    # process's copy this long; a rated game ending here drops it (lobby/leaderboards.py).
    # 0: read from the store on every request.
    leaderboards_cache_ms: int = 30_000
    # Players' events (lobby/player_events.py) go to other replicas over the bus. Off (a
    # benchmark's baseline, bench/player_events_fanout.py): this process's streams only.
    player_events_bus: bool = True

    @classmethod
    def at_rate(cls, rate: float, since: float | None = None, **settings: Any) -> LobbySettings:
        return cls(clock=clock_at_rate(rate, since=since), clock_rate=rate, **settings)


def clock_at_rate(
    rate: float, real: Callable[[], float] = time.time, since: float | None = None
) -> Callable[[], float]:
    """A clock that runs `rate` times as fast as `real` from now on (or from the real time
    `since`, so a process started again goes on with the same fast time).

    For tests over the running platform: the lobby is the only keeper of time (engines get
    it as `now_ms`), so a faster lobby clock makes every move clock, grace period and
    timestamp shorter alike, and the engines and their seconds per game stay as they are."""
    if rate == 1:
        return real
    start = real() if since is None else since
    return lambda: start + (real() - start) * rate


@dataclass(slots=True)  # one per room with a connection or a timer in this process
class RoomRuntime:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one writer per room in this process
    fanout: asyncio.Lock = field(default_factory=asyncio.Lock)  # one fan-out per room at a time
    cpu_task: asyncio.Task[None] | None = None
    # A change asked for CPU moves while the driver ran: it looks once more before it stops.
    cpu_again: bool = False
    timer: asyncio.TimerHandle | None = None
    timer_at: int = 0
    seen_revision: int = 0


class Lost(Exception):
    """The write lost the race against another writer: redo it from the room as it now is."""


class LobbyContext:
    def __init__(self, store: Store, engines: Engines, settings: LobbySettings, bus: LocalBus | RedisBus) -> None:
        self.store = store
        self.engines = engines
        self.settings = settings
        self.bus = bus
        self.hub = bus.hub
        self.rooms: dict[str, RoomRuntime] = {}
        # The room as this process last wrote it, for its next move (lobby/latest.py); a room
        # another replica wrote is forgotten as its change is heard (`Lobby.on_remote_change`).
        self.latest = LatestWrites(most=settings.kept_rooms)
        self.tasks: set[asyncio.Task[None]] = set()

    def now_ms(self) -> int:
        return int(self.settings.clock() * 1000)

    def runtime(self, code: str) -> RoomRuntime:
        return self.rooms.setdefault(code, RoomRuntime())

    def idle(self, code: str) -> bool:
        """True when nothing (timer, CPU turn, write) is under way for the room in this process."""
        runtime = self.rooms.get(code)
        if runtime is None:
            return True
        return (
            runtime.timer is None
            and (runtime.cpu_task is None or runtime.cpu_task.done())
            and not runtime.lock.locked()
        )

    def spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.get_running_loop().create_task(work)  # type: ignore[arg-type]
        self.tasks.add(task)
        task.add_done_callback(self._finished_task)

    def _finished_task(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    async def load(self, code: str) -> tuple[Room, int]:
        code = codes.normalise_code(code)
        loaded = await self.store.load_room(code) if codes.is_code(code) else None
        if loaded is None:
            raise Refusal("unknown_room", code)
        return Room.from_json(loaded[0]), loaded[1]

    def takeover_level(self, room: Room) -> str:
        """The CPU level that plays for an absent player: the game's second level if it has one;
        "" for a game without computer players."""
        levels = self.engines.catalogue.meta(room.game)["cpu_levels"]
        if not levels:
            return ""
        return levels[1] if len(levels) > 1 else levels[0]


def require(subscriber: Subscriber) -> Ticket:
    if subscriber.ticket is None:
        raise Refusal("bad_request", "say hello first")
    return subscriber.ticket
