"""Connections coming and going: a hello (the seat handed back, welcome and catch-up), a
connection lost (its seats' grace period starts), a player leaving the room.

Every change of a stored room is an `Edit` run through the step pipeline (lobby/steps.py)."""

from __future__ import annotations

from rulekit import Refusal

from . import codes
from .context import LobbyContext, require
from .cpu_seats import CpuSeats
from .delivery import Delivery, room_info
from .hub import Subscriber
from .room import Room, Ticket
from .step_kinds import Edit
from .steps import Steps
from .store import StoredEvent


class Connections:
    def __init__(self, ctx: LobbyContext, steps: Steps, delivery: Delivery, cpu: CpuSeats) -> None:
        self.ctx = ctx
        self.steps = steps
        self.delivery = delivery
        self.cpu = cpu

    async def ticket(self, code: str, token: str) -> Ticket:
        room, _ = await self.ctx.load(code)
        entry = room.tickets.get(codes.token_hash(token or ""))
        if entry is None:
            raise Refusal("bad_token")
        return Ticket(room.code, codes.token_hash(token), list(entry.seats), entry.name, entry.player)

    async def connect(self, subscriber: Subscriber, code: str, token: str, last_event: int) -> None:
        """Hello: register the connection, hand a seat back, send welcome and catch-up."""
        ctx = self.ctx
        ticket = await self.ticket(code, token)
        ticket.sent_event = max(0, last_event)
        subscriber.ticket = ticket
        ctx.hub.add(ticket.code, subscriber)
        await ctx.bus.sync_presence(ticket.code)

        async def change(room: Room) -> list[StoredEvent] | None:
            events: list[StoredEvent] = []
            changed = False
            if room.status == "playing" and not room.someone_here():
                # The first player back at a table that waited: whoever is still away gets a
                # whole grace period from now, not from when they left days ago.
                now = ctx.now_ms()
                for seat in room.seats:
                    if seat.gone_ms is not None and not seat.left:
                        seat.gone_ms = now
                        changed = True
            for seat_number in room.tickets[ticket.key].seats:
                seat = room.seats[seat_number]
                if seat.gone_ms is not None:
                    seat.gone_ms = None
                    changed = True
                # Back with the token: the CPU hands the seat over.
                changed = self.cpu.hand_back(room, seat_number, events) or changed
            return events if changed else None

        connected = await self.steps.run(Edit(ticket.code, "connect", change))
        assert connected is not None  # an edit is applied or raises
        async with ctx.runtime(ticket.code).fanout:
            # Loaded inside the fan-out lock: any change this connection was skipped for (it was
            # not ready) is older than what it gets now.
            room, revision = await ctx.load(ticket.code)
            present = await ctx.bus.present_seats(ticket.code)
            ticket.seats = list(room.tickets[ticket.key].seats)
            subscriber.send({"welcome": {"room": room_info(room, present), "seats": ticket.seats}})
            await self.delivery.catch_up(subscriber, room, revision, present, last_event)
            ticket.ready = True
        await self.delivery.send_chat_history(subscriber, ticket.code)
        if connected.events is None:
            await self.steps.announce(room, revision, [], presence=True, skip=subscriber)
        # A pot not paid because a process died after the game's last write is paid now.
        await self.steps.settle(room)

    def disconnect(self, subscriber: Subscriber) -> None:
        ticket = subscriber.ticket
        if ticket is None:
            return
        self.ctx.hub.remove(ticket.code, subscriber)
        self.ctx.spawn(self._disconnected(ticket.code))

    async def _disconnected(self, code: str) -> None:
        ctx = self.ctx
        try:
            lost = await ctx.bus.sync_presence(code)
            await self.seats_gone(code, lost)
        except Refusal:
            pass
        # Nothing of the room left in this process: forget it (a later change brings it back).
        runtime = ctx.rooms.get(code)
        if runtime is not None and not ctx.hub.subscribers(code) and ctx.idle(code) and not runtime.fanout.locked():
            del ctx.rooms[code]

    async def leave(self, subscriber: Subscriber) -> None:
        ticket = require(subscriber)

        async def change(room: Room) -> list[StoredEvent]:
            events: list[StoredEvent] = []
            if room.status == "waiting":
                for seat in room.seats:
                    if seat.holder == ticket.key:
                        seat.holder = None
                        seat.name = ""
                room.tickets.pop(ticket.key, None)
                if room.host == ticket.key:
                    room.host = next(iter(room.tickets), "")
            else:
                # The seat stays theirs: a CPU plays it until they come back with the token.
                for seat_number in room.seats_held_by(ticket.key):
                    if not room.seats[seat_number].left:
                        self.cpu.hand_to_cpu(room, seat_number, "left", events)
            return events

        self.ctx.hub.remove(ticket.code, subscriber)
        await self.ctx.bus.sync_presence(ticket.code)
        await self.steps.run(Edit(ticket.code, "leave", change))

    async def seats_gone(self, code: str, seats: set[int], announce_presence: bool = True) -> None:
        """Seats that lost their last connection here (or on a replica that died): their grace
        period starts, unless they are connected elsewhere."""
        ctx = self.ctx
        present = await ctx.bus.present_seats(code) if seats else set()
        gone = await self.steps.run(self.cpu.seats_gone(code, seats, present, ctx.now_ms()))
        assert gone is not None  # an edit is applied or raises
        if gone.events is None:
            if announce_presence:
                await self.steps.announce(gone.room, gone.revision, [], presence=True)
            await self.steps.observe(gone.room, gone.revision, force=True)
