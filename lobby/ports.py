"""What one part of the lobby needs of another it must not import (the import graph stays a
tree: the move path announces a change, and the room's driver, which drives CPU seats and
clocks through the move path, takes it from there)."""

from __future__ import annotations

from typing import Protocol

from .room import Room


class Driver(Protocol):
    """The room's driver (lobby/clocks.py): CPU turns, move clocks, takeovers."""

    def due(self, room: Room) -> int | None:
        """When the room next needs its driver, or None."""

    async def after_change(self, room: Room, revision: int, force: bool = False) -> None:
        """Drive the room if it needs driving and this replica holds (or takes) its lease."""

    def idle(self, code: str) -> bool:
        """True when nothing (timer, CPU turn) is armed for the room in this process."""
