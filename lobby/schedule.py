"""When a room next needs its driver (lobby/clocks.py): a pure reading of the room and the time.

Now for a CPU seat to move, the engine's deadline for a move clock, the end of a grace period
for an absent seat. The pipeline tells other replicas (`Steps.announce`), the driver arms its
timer from it."""

from __future__ import annotations

from .room import Room


def grace_ends(room: Room, grace_ms: int) -> list[int]:
    """When each absent seat's grace period ends. While no player is at the table it waits for
    them: a match of Oh Hell left in the evening goes on when they come back days later,
    instead of CPUs finishing it alone."""
    if not room.someone_here():
        return []
    return [s.gone_ms + grace_ms for s in room.seats if s.gone_ms is not None and not s.left]


def due(room: Room, now_ms: int, grace_ms: int) -> int | None:
    """When the room next needs its driver, or None."""
    if room.status != "playing":
        return None
    times = grace_ends(room, grace_ms)
    if room.cpu_seats_to_move():
        times.append(now_ms)
    if room.deadline:
        times.append(room.deadline.at_ms)
    return min(times) if times else None


def timer_due(room: Room, grace_ms: int) -> int | None:
    """The next move clock or takeover (CPU turns are driven by their own task)."""
    if room.status != "playing":
        return None
    times = grace_ends(room, grace_ms)
    if room.deadline:
        times.append(room.deadline.at_ms)
    return min(times) if times else None
