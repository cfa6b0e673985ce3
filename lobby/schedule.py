"""When a room next needs its driver (lobby/clocks.py): a pure reading of the room and the time.

Now for a CPU seat to move, the engine's deadline for a move clock (at a turn-based table
held while the seat to move is on vacation, lobby/turn_based.py), the end of a grace period
for an absent seat. The pipeline tells other replicas (`Steps.announce`), the driver arms its
timer from it."""

from __future__ import annotations

from .room import Room
from .turn_based import fires_at, is_turn_based


def grace_ends(room: Room, grace_ms: int) -> list[int]:
    """When each absent seat's grace period ends. While no player is at the table it waits for
    them: a match of Oh Hell left in the evening goes on when they come back days later,
    instead of CPUs finishing it alone. At a turn-based table absence is the normal case: no
    CPU takes a seat over."""
    if not room.someone_here() or is_turn_based(room):
        return []
    return [s.gone_ms + grace_ms for s in room.seats if s.gone_ms is not None and not s.left]


def due(room: Room, now_ms: int, grace_ms: int) -> int | None:
    """When the room next needs its driver, or None."""
    if room.status != "playing":
        return None
    times = grace_ends(room, grace_ms)
    if room.cpu_seats_to_move():
        times.append(now_ms)
    clock = fires_at(room)
    if clock is not None:
        times.append(clock)
    return min(times) if times else None


def timer_due(room: Room, grace_ms: int) -> int | None:
    """The next move clock or takeover (CPU turns are driven by their own task)."""
    if room.status != "playing":
        return None
    times = grace_ends(room, grace_ms)
    clock = fires_at(room)
    if clock is not None:
        times.append(clock)
    return min(times) if times else None
