"""A player's vacation: their clocks hold at every turn-based table they sit at, for up to
VACATION_DAYS_A_YEAR days a calendar year (UTC). The vacation is written on each such table's
seats (an `Edit` per room, so other players see "on vacation until …" and the room's driver
re-arms its clock at once, lobby/turn_based.py `fires_at`)."""

from __future__ import annotations

import datetime
import math
from typing import Any

from rulekit import Refusal

from .room import Room
from .step_kinds import Edit
from .store import StoredEvent
from .turn_based import DAY_MS, VACATION_DAYS_A_YEAR, VACATION_KEY, is_turn_based


def year_of(at_ms: int) -> int:
    return datetime.datetime.fromtimestamp(at_ms / 1000, datetime.UTC).year


def days_taken(vacations: list[tuple[int, int]]) -> int:
    """Whole days, each vacation's started day counted as a day."""
    return sum(math.ceil((until - start) / DAY_MS) for start, until in vacations)


def check_days(days: Any, taken: int) -> int:
    """The days asked for, or a refusal: 1..the days left this year."""
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= VACATION_DAYS_A_YEAR:
        raise Refusal("bad_request", f"days must be a whole number from 1 to {VACATION_DAYS_A_YEAR}")
    if taken + days > VACATION_DAYS_A_YEAR:
        raise Refusal("vacation_used_up", f"{VACATION_DAYS_A_YEAR - taken} vacation days are left this year")
    return days


def vacation_edit(code: str, player_id: str, from_ms: int, until_ms: int) -> Edit:
    """The vacation written on every seat the player holds at the room, if it is a turn-based
    table in play; an `on_vacation` event per seat. Nothing to change elsewhere."""

    async def change(room: Room) -> list[StoredEvent] | None:
        if room.status != "playing" or not is_turn_based(room):
            return None
        events = []
        for index, seat in enumerate(room.seats):
            if seat.kind == "human" and seat.holder and room.player_of(seat.holder) == player_id:
                seat.extra[VACATION_KEY] = {"from_ms": from_ms, "until_ms": until_ms}
                room.last_event += 1
                events.append(
                    StoredEvent(room.last_event, {"code": "on_vacation", "seat": index, "until_ms": until_ms}, None)
                )
        return events or None

    return Edit(code, "vacation", change)
