"""A player's own event stream (bots online): challenges to and from them, a game of theirs
started, their turn at a table, a game of theirs ended.

An event is a JSON object `{"kind": "challenge" | "game_started" | "your_turn" | "game_ended",
...the fields of its proto message}` (proto/gameroom/play.proto `PlayerEvent`). `PlayerEvents`
keeps this process's open streams by player; `publish` hands an event to the streams here and,
through the bus, to every other replica (lobby/bus.py), which hands it to its own streams of that
player. `TurnEvents` observes the step pipeline (lobby/steps.py) for the turns and ends of games.
"""

from __future__ import annotations

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

    def __init__(self, bus: LocalBus | RedisBus, shared: bool = True) -> None:
        self.bus = bus
        self.shared = shared  # told to other replicas (off: a benchmark's baseline)
        self._streams: dict[str, tuple[EventSink, ...]] = {}
        self._recent: dict[str, deque[str]] = {}

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
        """To every stream of the player, on whichever replica it is held."""
        assert event.get("kind") in KINDS, event
        self.deliver(player_id, event)
        if not self.shared:
            return
        try:
            await self.bus.publish_player(player_id, event)
        except Exception:
            # The bus is away: this replica's streams have it; the others' catch up on reconnect.
            log.warning("player event not published to other replicas", exc_info=True)


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
