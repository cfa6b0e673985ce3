"""Quiet hours: a daily stretch, in the player's own time zone, in which no notification is
sent; one that falls into it waits until the stretch ends."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from rulekit import Refusal

MINUTES_PER_DAY = 24 * 60


def zone(name: str) -> ZoneInfo:
    """The IANA time zone `name`; refused `bad_request` if there is none of that name."""
    try:
        return ZoneInfo(str(name))
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise Refusal("bad_request", f"unknown time zone {name!r}") from error


def parse_minute(text: str) -> int:
    """ "HH:MM" as minutes after midnight; refused `bad_request` otherwise."""
    hours, _, minutes = str(text).partition(":")
    if not (hours.isdigit() and minutes.isdigit() and len(minutes) == 2 and len(hours) <= 2):
        raise Refusal("bad_request", f"a time of day is HH:MM, not {text!r}")
    value = int(hours) * 60 + int(minutes)
    if int(hours) > 23 or int(minutes) > 59:
        raise Refusal("bad_request", f"a time of day is HH:MM, not {text!r}")
    return value


def minute_text(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


def send_after(now_ms: int, start_minute: int, end_minute: int, time_zone: str) -> int:
    """When a notification made at `now_ms` may be sent: `now_ms` outside the quiet hours, else
    the end of the quiet hours (which may wrap past midnight: 22:00 to 07:00)."""
    if start_minute == end_minute:
        return now_ms
    local = datetime.fromtimestamp(now_ms / 1000, zone(time_zone))
    minute = local.hour * 60 + local.minute
    if start_minute < end_minute:
        quiet = start_minute <= minute < end_minute
        days_ahead = 0
    else:
        quiet = minute >= start_minute or minute < end_minute
        days_ahead = 1 if minute >= start_minute else 0
    if not quiet:
        return now_ms
    day = local.date() + timedelta(days=days_ahead)
    end = datetime(day.year, day.month, day.day, end_minute // 60, end_minute % 60, tzinfo=local.tzinfo)
    return int(end.timestamp() * 1000)
