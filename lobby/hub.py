"""Who is connected to which room, in this process; the fan-out goes through here."""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Protocol

from .room import Ticket


class Subscriber(Protocol):
    """A connection (WebSocket or gRPC stream). `send` never blocks: it queues."""

    ticket: Ticket | None

    def send(self, message: dict[str, Any]) -> None: ...


class Hub:
    def __init__(self) -> None:
        self._rooms: dict[str, set[Subscriber]] = defaultdict(set)

    def add(self, code: str, subscriber: Subscriber) -> None:
        self._rooms[code].add(subscriber)

    def remove(self, code: str, subscriber: Subscriber) -> None:
        members = self._rooms.get(code)
        if members is not None:
            members.discard(subscriber)
            if not members:
                del self._rooms[code]

    def subscribers(self, code: str) -> list[Subscriber]:
        return list(self._rooms.get(code, ()))

    def present_seats(self, code: str) -> set[int]:
        return {seat for s in self._rooms.get(code, ()) if s.ticket for seat in s.ticket.seats}

    def connection_count(self) -> int:
        return sum(len(members) for members in self._rooms.values())
