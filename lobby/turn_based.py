"""Turn-based tables: each player moves when they have a minute, with days per move.

A pure reading of a room's settings and the game's declaration (`turn_based` in its meta,
which reaches the lobby over gRPC). The setting is the lobby's own host option `turn_clock`
("off", or the days a move may take), added to the schema of every game that takes turns:
the engine never sees it. Instead the engine runs its slowest move clock (so it has a
deadline and a default move for it), and the lobby moves that deadline out by the days: the
deadline the room keeps, arms its timer at and shows to the players is the turn's start plus
the days. When it runs out the engine's default move is played, as for any clock.

While a player is on vacation their clocks hold: a seat's `vacation` ({"from_ms",
"until_ms"}, written on every turn-based table they sit at) moves the time the room's timer
fires by as long as the vacation overlaps the turn.
"""

from __future__ import annotations

from typing import Any

from .room import Room

TURN_OPTION = "turn_clock"
DAY_MS = 24 * 60 * 60 * 1000
# The days a move may take; "off" is a live table.
TURN_CHOICES = ("off", "1", "3", "7")
VACATION_KEY = "vacation"
SHIFT_KEY = "turn_shift_ms"  # the room's: how far the engine's deadline is moved out
ENGINE_OPTIONS_KEY = "engine_options"  # the room's: what this game's engine was set up with
VACATION_DAYS_A_YEAR = 14


def turn_option() -> dict[str, Any]:
    """The host option in the schema's JSON form (rulekit.Option.to_json)."""
    return {
        "key": TURN_OPTION,
        "kind": "choice",
        "default": "off",
        "label": f"option.{TURN_OPTION}",
        "choices": list(TURN_CHOICES),
    }


def with_turn_option(meta: dict[str, Any]) -> dict[str, Any]:
    """A game's meta as the lobby offers it: a game that takes turns gets the setting."""
    if not meta.get("turn_based") or any(o["key"] == TURN_OPTION for o in meta["options"]):
        return meta
    return {**meta, "options": [*meta["options"], turn_option()]}


def turn_days(options: dict[str, Any]) -> int:
    """The days per move of a room's settings; 0 at a live table."""
    value = options.get(TURN_OPTION, "off")
    return int(value) if value in TURN_CHOICES[1:] else 0


def engine_clock_choice(meta: dict[str, Any]) -> str:
    """The engine's move clock at a turn-based table: the slowest one it has."""
    clock = meta.get("clock") or {}
    return "fixed" if "fixed" in clock else "relaxed"


def engine_options(meta: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """What the engine is set up with: the room's settings less the lobby's own, and at a
    turn-based table the engine's slowest clock (a clock the rules fix stays as it is)."""
    out = {k: v for k, v in options.items() if k != TURN_OPTION}
    if turn_days(options) and "move_clock" in out:
        out["move_clock"] = engine_clock_choice(meta)
    return out


def deadline_shift_ms(meta: dict[str, Any], options: dict[str, Any]) -> int:
    """How far the engine's deadline is moved out: the days, less the seconds the engine's
    own clock gives (a chess-style bank counts as its whole length); 0 at a live table."""
    days = turn_days(options)
    if not days:
        return 0
    seconds = int((meta.get("clock") or {}).get(engine_clock_choice(meta)) or 0)
    return days * DAY_MS - seconds * 1000


def is_turn_based(room: Room) -> bool:
    return bool(turn_days(room.options))


def fires_at(room: Room) -> int | None:
    """When the room's move clock runs out: its deadline, held while the seat to move is on
    vacation (as long as the vacation overlaps the turn). None without a clock."""
    if room.deadline is None:
        return None
    at = room.deadline.at_ms
    days = turn_days(room.options)
    if not days:
        return at
    turn_started = at - days * DAY_MS
    held = 0
    for index in room.deadline.seats:
        if index >= len(room.seats):
            continue
        vacation = room.seats[index].extra.get(VACATION_KEY)
        if not vacation:
            continue
        start = max(int(vacation["from_ms"]), turn_started)
        if start < at + held:
            held = max(held, int(vacation["until_ms"]) - start)
    return at + max(0, held)


def vacation_until(room: Room, seat: int, now_ms: int) -> int | None:
    """Until when the seat's player is on vacation, if they are now."""
    vacation = room.seats[seat].extra.get(VACATION_KEY) if seat < len(room.seats) else None
    if vacation and int(vacation["from_ms"]) <= now_ms < int(vacation["until_ms"]):
        return int(vacation["until_ms"])
    return None
