"""A player's event stream in one process (lobby/player_events.py): whose turn a room's state
says it is, each turn and end told once however often the step is observed, and events only to
the streams of the player they are for."""

from __future__ import annotations

import asyncio
from typing import Any

from lobby.bus import LocalBus
from lobby.player_events import PlayerEvents, TurnEvents, turns_now
from lobby.room import Room, Seat, TicketEntry


class Sink:
    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    def send(self, event: dict[str, Any]) -> None:
        self.events.append(event)


def _room(to_move: list[int], status: str = "playing", version: int = 4) -> Room:
    seats = [Seat(kind="human", holder="a"), Seat(kind="human", holder="b"), Seat(kind="cpu")]
    tickets = {"a": TicketEntry([0], "Anna", "anna"), "b": TicketEntry([1], "Ben", "ben")}
    room = Room(code="QWERT", game="four-in-a-row", options={}, seats=seats, host="a", tickets=tickets)
    room.status, room.to_move, room.version, room.game_number = status, to_move, version, 1
    return room


def test_the_turn_is_the_players_whose_seat_is_to_move_and_not_a_cpus() -> None:
    assert turns_now(_room([0])) == {"anna": [0]}
    assert turns_now(_room([1, 2])) == {"ben": [1]}
    room = _room([1])
    room.seats[1].left = True  # a CPU plays Ben's seat for him: not his to move
    assert turns_now(room) == {}
    assert turns_now(_room([0], status="finished")) == {}


async def test_each_turn_and_end_is_told_once_to_its_players_streams_only() -> None:
    events = PlayerEvents(LocalBus())
    observer = TurnEvents(events)
    anna, ben, ben_again = Sink(), Sink(), Sink()
    events.open("anna", anna)
    events.open("ben", ben)
    events.open("ben", ben_again)
    for _ in range(2):  # a step observed twice (a restart, the lease holder) says nothing new
        await observer.after_step(_room([0], version=4), 9, None, force=True)  # type: ignore[arg-type]
    await observer.after_step(_room([1], version=5), 10, None)  # type: ignore[arg-type]
    finished = _room([], status="finished", version=6)
    finished.result = {"placings": [1, 2]}
    await observer.after_step(finished, 11, None)  # type: ignore[arg-type]
    await observer.after_step(finished, 11, None)  # type: ignore[arg-type]
    assert [(e["kind"], e.get("version")) for e in anna.events] == [("your_turn", 4), ("game_ended", None)]
    assert ben.events == ben_again.events
    assert [(e["kind"], e.get("seats")) for e in ben.events] == [("your_turn", [1]), ("game_ended", None)]
    assert ben.events[-1] == {"kind": "game_ended", "code": "QWERT", "result": {"placings": [1, 2]}, "game_number": 1}
    # The same turn heard again from another replica reaches no stream twice.
    events.deliver("ben", {"kind": "your_turn", "code": "QWERT", "seats": [1], "version": 5})
    assert len(ben.events) == 2
    events.close("ben", ben)
    events.close("ben", ben_again)
    assert not events.has_stream("ben") and events.players() == ["anna"]


class SlowBus:
    """A bus to other replicas whose publishes wait for the test to let them through."""

    shares_changes = True

    def __init__(self) -> None:
        self.batches: list[list[tuple[str, dict[str, Any]]]] = []
        self.through = asyncio.Event()
        self.in_flight = asyncio.Event()
        self.fail_next = False

    async def publish_players(self, events: list[tuple[str, dict[str, Any]]]) -> None:
        self.batches.append(list(events))
        self.in_flight.set()
        await self.through.wait()
        if self.fail_next:
            self.fail_next = False
            raise ConnectionError("Redis is away")


def _turn(version: int) -> dict[str, Any]:
    return {"kind": "your_turn", "code": "QWERT", "seats": [0], "version": version}


async def test_other_replicas_get_events_in_order_without_a_step_waiting_for_the_bus() -> None:
    bus = SlowBus()
    events = PlayerEvents(bus)  # type: ignore[arg-type]
    here = Sink()
    events.open("anna", here)
    await events.publish("anna", _turn(1))  # returns before its publish is under way
    await bus.in_flight.wait()
    for version in (2, 3):
        await events.publish("anna", _turn(version))
    assert [e["version"] for e in here.events] == [1, 2, 3]  # this replica's stream: at once
    bus.fail_next = True  # the first round trip fails: its events are dropped, the rest go on
    bus.through.set()
    await events.flush()
    await events.publish("ben", _turn(4))
    await events.flush()
    assert [[(player, e["version"]) for player, e in batch] for batch in bus.batches] == [
        [("anna", 1)],
        [("anna", 2), ("anna", 3)],  # what waited meanwhile: one round trip, in order
        [("ben", 4)],
    ]


async def test_a_replica_without_redis_sends_nothing_to_the_bus() -> None:
    bus = SlowBus()
    bus.shares_changes = False
    events = PlayerEvents(bus)  # type: ignore[arg-type]
    await events.publish("anna", _turn(1))
    await events.flush()
    assert bus.batches == []
