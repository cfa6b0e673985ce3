"""The "your turn" list: which seats of which players are to move, read from the room after
each step and kept in the store's `seated` table (lobby/store/seated.py), so a player's list
is one indexed read instead of a scan of every room."""

from __future__ import annotations

from typing import Any, Hashable

from .room import Room
from .store import SeatedRow
from .turn_based import fires_at, is_turn_based


def seated_key(room: Room) -> Hashable:
    """What the room's rows depend on: a step that leaves it as it was writes no rows."""
    return (
        room.status,
        tuple(room.to_move),
        fires_at(room),
        tuple((s.holder, s.left, s.kind) for s in room.seats),
        tuple((k, t.player) for k, t in room.tickets.items()),
    )


def seated_rows(room: Room, now_ms: int) -> list[SeatedRow]:
    """One row per seat a player holds while the game is playing; a seat to move is the
    player's turn since `now_ms` (the store keeps an earlier start of a turn still running)."""
    if room.status != "playing":
        return []
    clock = fires_at(room)
    timed = set(room.deadline.seats) if room.deadline else set()
    to_move = set(room.to_move)
    rows = []
    for index, seat in enumerate(room.seats):
        player = room.player_of(seat.holder) if seat.kind == "human" else ""
        if not player:
            continue
        mine = index in to_move and not seat.left
        rows.append(
            SeatedRow(
                player_id=player,
                code=room.code,
                seat=index,
                game=room.game,
                turn_since_ms=now_ms if mine else None,
                deadline_ms=clock if mine and index in timed else None,
                turn_based=is_turn_based(room),
            )
        )
    return rows


def turn_json(row: SeatedRow, now_ms: int) -> dict[str, Any]:
    """A "your turn" entry as REST answers it: the time left in ms (None without a clock)."""
    return {
        "code": row.code,
        "seat": row.seat,
        "game": row.game,
        "since_ms": row.turn_since_ms,
        "deadline_ms": row.deadline_ms,
        "left_ms": None if row.deadline_ms is None else max(0, row.deadline_ms - now_ms),
        "turn_based": row.turn_based,
    }
