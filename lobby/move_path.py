"""The move path: a seat's move, checked and applied, written once, then announced.

Order of checks on a move (as boardgame.io's master): credentials, active player, allowed move
(the engine), state version; then the durable write, and only then the answer and the fan-out.

Several gateway replicas may run this lobby over one store (lobby/bus.py): every write names
the revision it read, a write that loses the race is redone from the room as it now is, and a
move id's answer is written in the same transaction as the move, so it is answered once.
"""

from __future__ import annotations

import logging
import time
from typing import Any, Awaitable, Callable

from rulekit import Refusal

from .context import WRITE_ATTEMPTS, LobbyContext, Lost, require
from .delivery import Delivery
from .hub import Subscriber
from .jsontext import loads
from .metrics import MOVE_ROOM_KEPT, MOVE_ROOM_READ, move_metrics
from .ports import Driver
from .room import Deadline, Room, Ticket, choices_digest, plain_json
from .staked_tables import StakedTables
from .stakes import pot_shares
from .store import FinishedGame, MoveRecord, StoredEvent
from .text import clean_move

log = logging.getLogger(__name__)
room_log = logging.getLogger("lobby.rooms")  # one line per room event (room_life.py)

MAX_MOVE_ID = 64
# Refusals that say nothing about the move: not stored as its answer, so a resend is tried again.
TRANSIENT = frozenset({"unavailable", "internal", "overloaded"})

Change = Callable[[Room], Awaitable[list[StoredEvent] | None]]


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
        options=room.options,
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


class MovePath:
    def __init__(self, ctx: LobbyContext, delivery: Delivery, stakes: StakedTables) -> None:
        self.ctx = ctx
        self.delivery = delivery
        self.stakes = stakes
        self.driver: Driver | None = None  # wired by the Lobby: the driver drives through us
        self.in_flight = 0  # players' moves being worked on now (LobbySettings.moves_in_flight)

    # -- writing a room ----------------------------------------------------------------------------
    async def commit(
        self,
        room: Room,
        revision: int,
        events: list[StoredEvent] = (),  # type: ignore[assignment]
        answer: tuple[str, dict[str, Any]] | None = None,
        moves: list[MoveRecord] = (),  # type: ignore[assignment]
    ) -> int:
        """The durable write; the new revision, or Lost when another writer got there first."""
        room.updated_ms = self.ctx.now_ms()
        finished = finished_record(room, self.ctx.now_ms()) if room.status == "finished" and moves else None
        document = room.to_json()
        if not await self.ctx.store.save_room(document, revision, list(events), answer, list(moves), finished):
            raise Lost
        if finished is not None:
            room_log.info(
                "room %s: game %d of %s over, placings %s",
                room.code,
                room.game_number,
                room.game,
                finished.result.get("placings"),
            )
        if self.ctx.latest.keeps:
            self.ctx.latest.remember(room.code, document, revision + 1, room.choice_digests())
        return revision + 1

    async def mutate(self, code: str, change: Change) -> tuple[Room, int, list[StoredEvent] | None]:
        """Load, change, write, announce; redone from the fresh room when another writer won.
        `change` returns the new events (maybe none), or None to write nothing."""
        runtime = self.ctx.runtime(code)
        for _ in range(WRITE_ATTEMPTS):
            async with runtime.lock:
                room, revision = await self.ctx.load(code)
                events = await change(room)
                if events is None:
                    return room, revision, None
                try:
                    revision = await self.commit(room, revision, events)
                except Lost:
                    continue
            await self.announce(room, revision, events)
            return room, revision, events
        raise Refusal("unavailable", "the room is too busy; try again")

    async def settle(self, room: Room) -> None:
        """A finished staked game's pot, paid (once: the ledger closes each escrow once)."""
        if room.stake and room.status == "finished":
            await self.stakes.settle(room.to_json())

    async def announce(
        self,
        room: Room,
        revision: int,
        events: list[StoredEvent],
        ack: tuple[Subscriber, str] | None = None,
        presence: bool = False,
        skip: Subscriber | None = None,
    ) -> None:
        """After a durable write (or, with `presence`, a change of who is connected): our
        connections, the other replicas, and the room's driver."""
        assert self.driver is not None, "the move path has no driver"
        if not presence:
            # After the durable write that ended the game and before anyone hears of its end,
            # so a wallet looked at on the result screen holds the pot.
            await self.settle(room)
        present: set[int] | None = None  # None: the delivery asks the bus itself
        if self.ctx.bus.shares_changes:
            # Other replicas first, in one round trip that also reads who is present (for our
            # own frames, and carried to theirs); the single-process bus takes nothing, so
            # nothing is built for it.
            try:
                due = None if presence else (self.driver.due(room), revision)
                present = await self.ctx.bus.announce(room.code, change_payload(room, revision, events, presence), due)
            except Exception:
                # The write is durable; our own connections get it below, other replicas' players
                # with the next change or their next reconnect, and a lapsed lease is swept.
                log.warning("could not announce a change of room %s", room.code, exc_info=True)
                await self.delivery.deliver(room, revision, events, ack, presence, skip)
                return
        await self.delivery.deliver(room, revision, events, ack, presence, skip, present)
        if not presence:
            try:
                await self.driver.after_change(room, revision)
            except Exception:
                log.warning("could not schedule room %s after a change", room.code, exc_info=True)

    # -- moves ------------------------------------------------------------------------------------
    async def move(self, subscriber: Subscriber, seat: int, move: Any, client_move_id: str, version: int) -> None:
        """A seat's move. The answer (update with the move id, or refused) goes to `subscriber`.
        Past `moves_in_flight` moves at once it is refused with `overloaded` before anything is
        read, so a resend with the same id is a first try (CPU and clock moves are not shed)."""
        ticket = require(subscriber)
        if not client_move_id or len(client_move_id) > MAX_MOVE_ID:
            raise Refusal("bad_request", f"client_move_id must be 1..{MAX_MOVE_ID} characters")
        limit = self.ctx.settings.moves_in_flight
        if limit and self.in_flight >= limit:
            raise Refusal("overloaded", "the server is busy; send the move again in a moment")
        self.in_flight += 1
        try:
            await self._move(subscriber, ticket, seat, move, client_move_id, version)
        finally:
            self.in_flight -= 1

    async def _move(
        self, subscriber: Subscriber, ticket: Ticket, seat: int, move: Any, client_move_id: str, version: int
    ) -> None:
        ctx = self.ctx
        key = f"{ticket.key}:{client_move_id}"
        runtime = ctx.runtime(ticket.code)
        started = time.perf_counter()
        for _ in range(WRITE_ATTEMPTS):
            async with runtime.lock:
                # The room as this process wrote it last, if it keeps that (lobby/latest.py): no
                # read, and no answer looked up (a move id answered before is found by the write,
                # which then loses, and the move is looked at again from the store).
                kept = ctx.latest.take(ticket.code)
                choices = None
                if kept is not None:
                    MOVE_ROOM_KEPT.inc()
                    stored_room, revision, choices = kept
                    prior = None
                else:
                    MOVE_ROOM_READ.inc()
                    loaded = await ctx.store.load_room_for_move(ticket.code, key)
                    if loaded is None:
                        raise Refusal("unknown_room", ticket.code)
                    stored_room, revision, prior = loaded
                if prior is not None:
                    await self.delivery.repeat_answer(subscriber, prior, client_move_id)
                    return
                room = Room.from_json(stored_room)
                # A kept copy has no views: the step's reply brings them all, and `absorb`
                # compares these digests instead.
                room.choices = choices
                now = ctx.now_ms()
                try:
                    if seat not in room.seats_held_by(ticket.key):
                        raise Refusal("bad_token", f"this ticket does not hold seat {seat}")
                    if room.status != "playing":
                        raise Refusal("game_over" if room.status == "finished" else "not_started")
                    if seat not in room.to_move:
                        raise Refusal("not_your_turn")
                    if not isinstance(move, dict):
                        raise Refusal("malformed_move", "a move is an object")
                    move = clean_move(move)
                    stage = time.perf_counter()
                    reply = await ctx.engines.apply(room.game, room.state_json, seat, plain_json(move), now)
                    move_metrics(room.game).family.observe(time.perf_counter() - stage)
                    chosen_at = (room.choice_version or {}).get(str(seat), room.version)
                    if not chosen_at <= version <= room.version:
                        raise Refusal("stale_version", f"the game is at version {room.version}")
                except Refusal as refusal:
                    if refusal.code in TRANSIENT:
                        raise
                    if kept is not None:
                        continue  # a refusal is kept for good: decided on the room as the store holds it
                    answer = {"refused": {"code": refusal.code, "detail": refusal.detail}}
                    stored = await ctx.store.put_move_answer(ticket.code, key, answer)
                    await self.delivery.repeat_answer(subscriber, stored, client_move_id)
                    return
                # The player acts: the clock's count starts again, and a seat a CPU played
                # for them (they were away, or let the clock run out) is theirs again.
                returned = room.seats[seat].return_to_holder()
                room.seats[seat].timeouts = 0
                events = absorb(room, reply, [{"code": "seat_returned", "seat": seat}] if returned else [])
                record = MoveRecord(seat, plain_json(move), room.version, now)
                stage = time.perf_counter()
                try:
                    revision = await self.commit(
                        room, revision, events, (key, {"accepted": True, "version": room.version}), [record]
                    )
                except Lost:
                    continue  # another writer (maybe this very move, on another replica): look again
                move_metrics(room.game).store.observe(time.perf_counter() - stage)
            move_metrics(room.game).moves.inc()
            await self.announce(room, revision, events, ack=(subscriber, client_move_id))
            move_metrics(room.game).total.observe(time.perf_counter() - started)
            return
        raise Refusal("unavailable", "the room is too busy; send the move again")

    async def apply_as_lobby(self, code: str, seat: int, move: dict[str, Any], version: int) -> bool:
        """A CPU seat's move; False if the game moved on meanwhile or another writer won."""
        ctx = self.ctx
        runtime = ctx.runtime(code)
        async with runtime.lock:
            room, revision = await ctx.load(code)
            if room.status != "playing" or room.version != version or seat not in room.to_move:
                return False
            now = ctx.now_ms()
            reply = await ctx.engines.apply(room.game, room.state_json, seat, move, now)
            events = absorb(room, reply, [])
            try:
                revision = await self.commit(room, revision, events, moves=[MoveRecord(seat, move, room.version, now)])
            except Lost:
                return False
        move_metrics(room.game).moves.inc()
        await self.announce(room, revision, events)
        return True
