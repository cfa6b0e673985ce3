"""A player's own event stream (bots online): challenges to and from them, a game of theirs
started, their turn at a table, a game of theirs ended.

An event is a JSON object `{"kind": "challenge" | "game_started" | "your_turn" | "game_ended",
...the fields of its proto message}` (proto/gameroom/play.proto `PlayerEvent`). `PlayerEvents`
keeps this process's open streams by player; `publish` hands an event to the streams here and,
through the bus, to every other replica (lobby/bus.py), which hands it to its own streams of that
player. `TurnEvents` observes the step pipeline (lobby/steps.py) for the turns and ends of games.

With Redis, what goes to other replicas waits in an outbox that one task publishes, all that
waits in one round trip: a step is not held up by a round trip per player it tells (with an
extra process to wake on a busy machine, that was most of what the fan-out cost a move,
bench/player_events_fanout.py), and many steps' events share one. One sender keeps them in order.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict, deque
from typing import Any, Protocol

from .bus import LocalBus, RedisBus
from .ports import Runner
from .room import Room

log = logging.getLogger(__name__)

KINDS = ("challenge", "game_started", "your_turn", "game_ended")


class EventSink(Protocol):
    """An open stream: `send` never blocks (it queues)."""

    def send(self, event: dict[str, Any]) -> None: ...


class PlayerEvents:
    # A room's change is observed on the replica that wrote it and again on the one driving the
    # room: each may tell the same turn or end. A stream gets it once: the latest few of each
    # player's turns and ends are remembered where the streams are.
    RECENT = 64
    # Events waiting for the bus while Redis is slow or away; past that the oldest are dropped
    # (a stream elsewhere gets what is open again when it reconnects).
    OUTBOX = 10_000

    def __init__(self, bus: LocalBus | RedisBus, shared: bool = True) -> None:
        self.bus = bus
        # Told to other replicas: with Redis (off: a benchmark's baseline, this process only).
        self.shared = shared and bus.shares_changes
        self._streams: dict[str, tuple[EventSink, ...]] = {}
        self._recent: dict[str, deque[str]] = {}
        self._outbox: deque[tuple[str, dict[str, Any]]] = deque()
        self._sender: asyncio.Task[None] | None = None

    def open(self, player_id: str, sink: EventSink) -> None:
        self._streams[player_id] = (*self._streams.get(player_id, ()), sink)

    def close(self, player_id: str, sink: EventSink) -> None:
        left = tuple(s for s in self._streams.get(player_id, ()) if s is not sink)
        if left:
            self._streams[player_id] = left
        else:
            self._streams.pop(player_id, None)
            self._recent.pop(player_id, None)

    def players(self) -> list[str]:
        """The players with a stream open in this process."""
        return list(self._streams)

    def has_stream(self, player_id: str) -> bool:
        return player_id in self._streams

    def deliver(self, player_id: str, event: dict[str, Any]) -> None:
        """To this process's streams of the player (an event heard from another replica too)."""
        sinks = self._streams.get(player_id, ())
        if not sinks:
            return
        if event.get("kind") in ("your_turn", "game_ended"):
            key = f"{event['kind']}|{event['code']}|{event.get('version', event.get('game_number', ''))}"
            recent = self._recent.setdefault(player_id, deque(maxlen=self.RECENT))
            if key in recent:
                return
            recent.append(key)
        for sink in sinks:
            sink.send(event)

    async def publish(self, player_id: str, event: dict[str, Any]) -> None:
        """To every stream of the player: this process's at once, other replicas' through the
        outbox (on its way when this returns, not yet published)."""
        assert event.get("kind") in KINDS, event
        self.deliver(player_id, event)
        if not self.shared:
            return
        if len(self._outbox) >= self.OUTBOX:
            self._outbox.popleft()
            log.warning("player events outbox full: the oldest dropped")
        self._outbox.append((player_id, event))
        if self._sender is None or self._sender.done():
            self._sender = asyncio.get_running_loop().create_task(self._send())

    async def _send(self) -> None:
        while self._outbox:
            batch = list(self._outbox)
            self._outbox.clear()
            try:
                await self.bus.publish_players(batch)
            except Exception:
                # The bus is away: this replica's streams have them; the others' catch up on reconnect.
                log.warning("%d player events not published to other replicas", len(batch), exc_info=True)

    async def flush(self, timeout_s: float = 2.0) -> None:
        """Publish what waits (a process leaving), for at most `timeout_s`."""
        if self._sender is not None and not self._sender.done():
            await asyncio.wait([self._sender], timeout=timeout_s)


def turns_now(room: Room) -> dict[str, list[int]]:
    """The seats it is each player's own turn at (a seat a CPU plays for its holder is not)."""
    seats: dict[str, list[int]] = {}
    if room.status != "playing":
        return seats
    for number in sorted(room.to_move):
        seat = room.seats[number]
        if seat.kind != "human" or not seat.holder or seat.left:
            continue
        player = room.player_of(seat.holder)
        if player:
            seats.setdefault(player, []).append(number)
    return seats


def players_of(room: Room) -> list[str]:
    """Every player who holds a seat of the room."""
    return sorted({entry.player for entry in room.tickets.values() if entry.player and entry.seats})


class TurnEvents:
    """An observer of the step pipeline: `your_turn` once per player, table and version when it
    becomes their turn, `game_ended` once per game to everyone who sat in it. A step observed
    again (a restart, the lease holder hearing another replica's change) says nothing new: what
    was told is remembered per table, for the most recent tables."""

    REMEMBERED = 4096

    def __init__(self, events: PlayerEvents) -> None:
        self.events = events
        self._told: OrderedDict[tuple[str, str], str] = OrderedDict()

    def _first_time(self, player: str, code: str, reason: str) -> bool:
        key = (player, code)
        if self._told.get(key) == reason:
            return False
        self._told[key] = reason
        self._told.move_to_end(key)
        while len(self._told) > self.REMEMBERED:
            self._told.popitem(last=False)
        return True

    async def after_step(self, room: Room, revision: int, steps: Runner, force: bool = False) -> None:
        if room.status == "playing":
            for player, seats in turns_now(room).items():
                if self._first_time(player, room.code, f"turn:{room.game_number}:{room.version}"):
                    await self.events.publish(
                        player, {"kind": "your_turn", "code": room.code, "seats": seats, "version": room.version}
                    )
        elif room.status == "finished":
            for player in players_of(room):
                if self._first_time(player, room.code, f"ended:{room.game_number}"):
                    result = room.result if isinstance(room.result, dict) else {}
                    ended = {"kind": "game_ended", "code": room.code, "result": result, "game_number": room.game_number}
                    await self.events.publish(player, ended)
