"""The steps of a room: every change of a room is one of these small records, run through the
one pipeline (`Steps.run`, lobby/steps.py).

    PlayerMove    a seat's move from a connection (WebSocket or gRPC stream)
    CpuMove       a CPU seat's move, chosen by svc-ai from that seat's view
    ClockTimeout  a move clock that ran out: the engine plays the default move
    Edit          a change that is no game step: joined, started, settings, rematch, left,
                  a player removed, a seat handed to a CPU or back, presence, a seed value
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Awaitable, Callable

from .hub import Subscriber
from .room import Room, Ticket
from .store import StoredEvent

# An edit's change of the room: its new events (maybe none), or None to write nothing. It
# refuses by raising `Refusal`, and is run again on the fresh room when another writer won.
Change = Callable[[Room], Awaitable[list[StoredEvent] | None]]


@dataclass(frozen=True, slots=True)
class PlayerMove:
    """A seat's move; the answer (an update naming the move id, or a refusal) goes to
    `subscriber`. `version` is the game's version the player chose the move at."""

    subscriber: Subscriber
    ticket: Ticket
    seat: int
    move: Any
    client_move_id: str
    version: int

    @property
    def code(self) -> str:
        return self.ticket.code


@dataclass(frozen=True, slots=True)
class CpuMove:
    """A CPU seat's move, chosen from the seat's view at `version` (applied only at that very
    version: a CPU chooses again rather than play into a game that moved on)."""

    code: str
    seat: int
    move: dict[str, Any]
    version: int


@dataclass(frozen=True, slots=True)
class ClockTimeout:
    """The move clock that was to run out at `at_ms` did: applied once, and only if the room
    still has that clock (a move that came first stopped it)."""

    code: str
    at_ms: int


@dataclass(frozen=True, slots=True)
class Edit:
    """A change of the room that is no game step; `kind` names it in logs (join, start, ...)."""

    code: str
    kind: str
    change: Change


Step = PlayerMove | CpuMove | ClockTimeout | Edit


@dataclass(slots=True)
class Outcome:
    """A step run: the room as it now is, its revision, and the events written (None: the step
    wrote nothing, and the room and revision are as read)."""

    room: Room
    revision: int
    events: list[StoredEvent] | None
