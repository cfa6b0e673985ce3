"""What a game step does to a room: a family service's reply taken into it (`absorb`), the
record of a finished game, and what other replicas hear of a change.

The order a step is checked, applied, written and announced in is the pipeline's
(lobby/steps.py); this module is the pure part of it, shared by every kind of step.
"""

from __future__ import annotations

from typing import Any

from .jsontext import loads
from .room import Deadline, Room, choices_digest
from .stakes import pot_shares
from .store import FinishedGame, StoredEvent
from .turn_based import ENGINE_OPTIONS_KEY, SHIFT_KEY


def absorb(room: Room, reply: Any, lobby_events: list[dict[str, Any]]) -> list[StoredEvent]:
    """Take a family service's step reply into the room; number the events (the lobby's own
    first, then the engine's, then the end of the game if it ended)."""
    room.state_json = reply.state_json
    new_views = {str(v.seat): v.view_json for v in reply.views}
    # The version at which each seat's legal moves last changed: a move chosen against an
    # older version is stale only if the choices it was made from have changed since
    # (in simultaneous phases another seat's move leaves mine valid).
    if room.choice_version is None:
        room.choice_version = {}
    old_choices = room.choice_digests()  # the seats' legal moves before the step
    new_choices = {}
    for seat, view_json in new_views.items():
        # Through the room's decoded views: the fan-out sends the new ones from the same decoding.
        new_choices[seat] = choices_digest(room.view_value(view_json))
        if new_choices[seat] != old_choices.get(seat):
            room.choice_version[seat] = room.version + 1
    room.views = new_views
    room.choices = new_choices
    room.spectator_view = reply.spectator_view_json
    room.to_move = list(reply.to_move)
    room.result = loads(reply.result_json) if reply.result_json else None
    room.deadline = _deadline_of(reply)
    if room.deadline is not None and room.extra.get(SHIFT_KEY):
        room.deadline.at_ms += int(room.extra[SHIFT_KEY])  # a turn-based table's days
    room.version += 1
    stored: list[StoredEvent] = []
    for item in lobby_events:
        room.last_event += 1
        stored.append(StoredEvent(room.last_event, item, None))
    for item in reply.events:
        room.last_event += 1
        stored.append(StoredEvent(room.last_event, loads(item.event_json), list(item.visible_to) or None))
    if room.result is not None:
        room.status = "finished"
        room.games_played += 1
        room.last_event += 1
        over = {"code": "game_over", "result": room.result, "seed": room.seed}
        if room.fairness:
            over["server_seed"] = room.fairness["server_seed"]  # the commitment's opening
        if room.stake:
            over["pot"] = {str(seat): coins for seat, coins in pot_shares(room.to_json()).items()}
        stored.append(StoredEvent(room.last_event, over, None))
    return stored


def _deadline_of(reply: Any) -> Deadline | None:
    if not reply.HasField("deadline"):
        return None
    clock = reply.deadline
    seat = None if clock.game_clock else clock.seat
    seats = list(getattr(clock, "seats", ())) or ([] if seat is None else [seat])
    return Deadline(clock.at_ms, seat, seats)


def finished_record(room: Room, now_ms: int) -> FinishedGame:
    holders = [s.holder for s in room.seats]
    return FinishedGame(
        code=room.code,
        number=room.game_number,
        game=room.game,
        options=room.extra.get(ENGINE_OPTIONS_KEY, room.options),
        seed=room.seed,
        names=[s.name or f"CPU ({s.level})" for s in room.seats],
        players=[room.player_of(h) for h in holders],
        result=room.result or {},
        started_ms=room.started_ms,
        finished_ms=now_ms,
        fairness=room.fairness or {},
        private=room.private,
        invite_hash=room.invite,
    )


def change_payload(room: Room, revision: int, events: list[StoredEvent], presence: bool) -> dict[str, Any]:
    """What other replicas hear of a change (`RedisBus.announce`)."""
    return {
        "kind": "room",
        "room": room.to_json(server_side=False),
        "revision": revision,
        "events": [[e.number, e.event, e.visible_to] for e in events],
        "presence": presence,
    }
