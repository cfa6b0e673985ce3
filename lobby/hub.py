"""Who is connected to which room, in this process; the fan-out goes through here."""

from __future__ import annotations

from typing import Any, Protocol

from .room import Ticket


class Subscriber(Protocol):
    """A connection (WebSocket or gRPC stream). `send` never blocks: it queues."""

    ticket: Ticket | None

    def send(self, message: dict[str, Any]) -> None: ...


class Hub:
    def __init__(self) -> None:
        # A room's subscribers as a tuple: a room has a few, kept while anyone is there, and a
        # tuple of two is a quarter of the size of a set of two.
        self._rooms: dict[str, tuple[Subscriber, ...]] = {}

    def add(self, code: str, subscriber: Subscriber) -> None:
        members = self._rooms.get(code, ())
        if subscriber not in members:
            self._rooms[code] = (*members, subscriber)

    def remove(self, code: str, subscriber: Subscriber) -> None:
        members = self._rooms.get(code)
        if members is not None and subscriber in members:
            left = tuple(s for s in members if s != subscriber)
            if left:
                self._rooms[code] = left
            else:
                del self._rooms[code]

    def subscribers(self, code: str) -> list[Subscriber]:
        return list(self._rooms.get(code, ()))

    def rooms(self) -> list[tuple[str, list[Subscriber]]]:
        """Every room with a subscriber here, and its subscribers."""
        return [(code, list(members)) for code, members in self._rooms.items()]

    def present_seats(self, code: str) -> set[int]:
        return {seat for s in self._rooms.get(code, ()) if s.ticket for seat in s.ticket.seats}

    def connection_count(self) -> int:
        return sum(len(members) for members in self._rooms.values())
