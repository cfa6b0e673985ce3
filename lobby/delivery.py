"""What connections get: the room's public info, each seat its own views and events, catch-up
after a reconnect, resync after a gap, and chat."""

from __future__ import annotations

import json
from typing import Any

from rulekit import Refusal

from .context import CATCH_UP_EVENTS, LobbyContext, require
from .hub import Subscriber
from .rated_rooms import told_rating_result
from .room import BOT_KEY, BOTS_ALLOWED_KEY, Room, Ticket
from .shuffle import contributed_seats
from .stakes import stake_of
from .store import ROOM_CHANNEL, StoredEvent
from .text import clean_text
from .turn_based import VACATION_KEY, fires_at

MAX_CHAT = 500
MAX_CHANNEL = 32
HISTORY_LINES = 50
HIDDEN_EVENT = {"code": "hidden"}
DEFAULT_RIGHTS = ({ROOM_CHANNEL}, {ROOM_CHANNEL})


def _view_rights(raw: str) -> tuple[set[str], set[str]]:
    """(post, read) of one stored view: its "chat" key, or the room's chat without one."""
    chat = json.loads(raw).get("chat") if raw else None
    if not isinstance(chat, dict):
        return {ROOM_CHANNEL}, {ROOM_CHANNEL}
    return _channels(chat.get("post")), _channels(chat.get("read"))


def _channels(value: Any) -> set[str]:
    return {c for c in value if isinstance(c, str)} if isinstance(value, list) else set()


class ChatRights:
    """Who may post to and read which chat channel, from each seat's CURRENT view as the room
    holds it (the engine puts `"chat": {"post": [...], "read": [...]}` into a view; a view
    without it, the waiting room and a finished room's spectators: the room's channel). A
    connection holding several seats has the rights of all of them. Each view is parsed once."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self._by_view: dict[str, tuple[set[str], set[str]]] = {}

    def _of(self, key: str, raw: str) -> tuple[set[str], set[str]]:
        if key not in self._by_view:
            self._by_view[key] = _view_rights(raw)
        return self._by_view[key]

    def of(self, seats: list[int]) -> tuple[set[str], set[str]]:
        room = self.room
        if not room.spectator_view:  # no game yet: everyone talks in the room
            return DEFAULT_RIGHTS
        if not seats:
            return self._of("spectator", room.spectator_view)
        post: set[str] = set()
        read: set[str] = set()
        for seat in seats:
            seat_post, seat_read = self._of(str(seat), room.views.get(str(seat), ""))
            post |= seat_post
            read |= seat_read
        return post, read


def room_info(room: Room, present: set[int]) -> dict[str, Any]:
    """The room as every connection may see it; `present` are the seats with a connection."""
    host = room.seats_held_by(room.host) or [-1]
    return {
        "code": room.code,
        "game": room.game,
        "options": room.options,
        "seats": [
            {
                "seat": i,
                "kind": s.kind,
                "name": s.name,
                "taken": bool(s.holder),
                "connected": s.kind == "cpu" or i in present,
                "level": s.level if s.played_by_cpu else "",
                "cpu_plays": s.kind == "human" and s.left,  # for its holder, until they are back
                **(
                    {"rating": s.rating["shown"], "provisional": s.rating["provisional"]}
                    if room.rated and s.rating and s.holder
                    else {}
                ),
                # A turn-based table's player on vacation: their clock holds until then.
                **({"vacation_until_ms": s.extra[VACATION_KEY]["until_ms"]} if VACATION_KEY in s.extra else {}),
                **({"bot": True} if s.extra.get(BOT_KEY) and s.holder else {}),
            }
            for i, s in enumerate(room.seats)
        ],
        "status": room.status,
        "host_seat": host[0],
        "version": room.version,
        "last_event": room.last_event,
        "rematch_votes": len(room.rematch),
        "stake": stake_of({"options": room.options}),
        "game_number": room.game_number,  # its replay: GET /api/rooms/{code}/games/{number} once over
        # The next game's server seed commitment, and the seats that have sent their value for it.
        "shuffle_commit": (room.shuffle or {}).get("commit", ""),
        "shuffle_seats": contributed_seats(room),
        **({"rated": True} if room.rated else {}),
        **({"bots_allowed": True} if room.rated and room.extra.get(BOTS_ALLOWED_KEY) else {}),
        **({"rating_result": told_rating_result(room.rating_result)} if room.rated and room.rating_result else {}),
    }


def update(
    room: Room,
    ticket: Ticket,
    info: dict[str, Any],
    events: list[StoredEvent],
    client_move_id: str = "",
    room_only: bool = False,
) -> dict[str, Any]:
    """One connection's update: its seats' views, the events it may see, the move clock. A
    room-only update (the game's version and events are the ones the connection has; only the
    room changed: who is connected, names, rematch votes) carries no views: the client's hold."""
    seats = ticket.seats
    views = []
    if room.spectator_view and not room_only:  # a game has started
        if seats:
            views = [{"seat": s, "view": room.view_value(room.views[str(s)])} for s in seats]
        else:
            views = [{"seat": -1, "view": room.view_value(room.spectator_view)}]
    items = [
        {
            "number": e.number,
            "event": e.event if e.visible_to is None or set(seats) & set(e.visible_to) else HIDDEN_EVENT,
        }
        for e in events
    ]
    deadline = room.deadline
    return {
        "update": {
            "room": info,
            "views": views,
            "events": items,
            "client_move_id": client_move_id,
            # When it really runs out: a turn-based clock holds while its player is on vacation.
            "deadline_ms": str(fires_at(room) or 0),
            "deadline_seat": deadline.seat if deadline and deadline.seat is not None else -1,
            "deadline_seats": deadline.seats if deadline else [],
            "room_only": room_only,
        }
    }


def chat_json(line: Any) -> dict[str, Any]:
    return {
        "number": line.number,
        "seat": line.seat,
        "name": line.name,
        "text": line.text,
        "at_ms": str(line.at_ms),
        "channel": line.channel,
    }


class Delivery:
    def __init__(self, ctx: LobbyContext) -> None:
        self.ctx = ctx

    async def info(self, room: Room) -> dict[str, Any]:
        return room_info(room, await self.ctx.bus.present_seats(room.code))

    async def deliver(
        self,
        room: Room,
        revision: int,
        events: list[StoredEvent],
        ack: tuple[Subscriber, str] | None = None,
        presence: bool = False,
        skip: Subscriber | None = None,
        present: set[int] | None = None,
    ) -> None:
        """Send a room change to this process's connections of the room, each from where it is:
        an older revision than a connection has is skipped, a gap in its events is filled from
        the store, so every connection sees every event once and in order. `present`: the seats
        with a connection, where the caller knows them (the bus's announce read them); else the
        bus is asked."""
        ctx = self.ctx
        code = room.code
        if not ctx.hub.subscribers(code):
            return
        runtime = ctx.runtime(code)
        renumbered = False
        async with runtime.fanout:
            if present is None:
                present = await ctx.bus.present_seats(code)
            info = room_info(room, present)
            fetched: dict[int, list[StoredEvent]] = {}
            for subscriber in ctx.hub.subscribers(code):
                ticket = subscriber.ticket
                if ticket is None or not ticket.ready or subscriber is skip:
                    continue
                acked = ack is not None and ack[0] is subscriber
                if revision < ticket.sent_revision or (revision == ticket.sent_revision and not presence):
                    if acked:  # a newer change overtook the answer: answer from the room as it is
                        await self.answer_from_latest(subscriber, ack[1])  # type: ignore[index]
                    continue
                # Seats are renumbered at start: every connection learns its seats from the room.
                entry = room.tickets.get(ticket.key)
                if entry is None:
                    continue
                reseated = entry.seats != ticket.seats
                if reseated:
                    ticket.seats = list(entry.seats)
                    renumbered = True
                    subscriber.send({"welcome": {"room": info, "seats": ticket.seats}})
                needed = [e for e in events if e.number > ticket.sent_event]
                behind = ticket.sent_event < room.last_event
                if behind and (not needed or needed[0].number != ticket.sent_event + 1):
                    after = max(ticket.sent_event, room.last_event - CATCH_UP_EVENTS)
                    if after not in fetched:
                        fetched[after] = await ctx.store.events_since(code, after)
                    needed = [e for e in fetched[after] if e.number <= room.last_event]
                # The game as the connection has it: say so rather than send the same views again.
                room_only = room.version == ticket.sent_version and not (needed or acked or reseated)
                subscriber.send(
                    update(room, ticket, info, needed, ack[1] if acked else "", room_only)  # type: ignore[index]
                )
                ticket.sent_revision = revision
                ticket.sent_version = room.version
                ticket.sent_event = max(ticket.sent_event, room.last_event)
        if renumbered:
            await ctx.bus.sync_presence(code)

    async def answer_from_latest(self, subscriber: Subscriber, client_move_id: str) -> None:
        """Within the fan-out lock: the room as stored now, with the move id of an answer."""
        ticket = require(subscriber)
        room, revision = await self.ctx.load(ticket.code)
        present = await self.ctx.bus.present_seats(ticket.code)
        needed = (
            await self.ctx.store.events_since(room.code, ticket.sent_event)
            if ticket.sent_event < room.last_event
            else []
        )
        needed = [e for e in needed if e.number <= room.last_event]
        subscriber.send(update(room, ticket, room_info(room, present), needed, client_move_id))
        ticket.sent_version = room.version
        ticket.sent_revision = max(ticket.sent_revision, revision)
        ticket.sent_event = max(ticket.sent_event, room.last_event)

    async def repeat_answer(self, subscriber: Subscriber, answer: dict[str, Any], client_move_id: str) -> None:
        """A move id answered before: the same refusal, or the room as it is now."""
        if "refused" in answer:
            subscriber.send({"refused": {**answer["refused"], "client_move_id": client_move_id}})
            return
        async with self.ctx.runtime(require(subscriber).code).fanout:
            await self.answer_from_latest(subscriber, client_move_id)

    async def catch_up(
        self, subscriber: Subscriber, room: Room, revision: int, present: set[int], last_event: int
    ) -> None:
        ticket = require(subscriber)
        after = max(last_event, room.last_event - CATCH_UP_EVENTS, 0)
        events = await self.ctx.store.events_since(room.code, after) if after < room.last_event else []
        events = [e for e in events if e.number <= room.last_event]
        subscriber.send(update(room, ticket, room_info(room, present), events))
        ticket.sent_version = room.version
        ticket.sent_revision = max(ticket.sent_revision, revision)
        ticket.sent_event = room.last_event

    async def resync(self, subscriber: Subscriber) -> None:
        ticket = require(subscriber)
        async with self.ctx.runtime(ticket.code).fanout:
            room, revision = await self.ctx.load(ticket.code)
            present = await self.ctx.bus.present_seats(ticket.code)
            await self.catch_up(subscriber, room, revision, present, max(0, room.last_event - CATCH_UP_EVENTS))

    # -- chat -------------------------------------------------------------------------------------
    async def chat(self, subscriber: Subscriber, text: str, channel: str = "") -> None:
        """Post a line to `channel` ("" is the room's): refused with `chat_not_allowed`, and
        nothing stored, unless the seat's current view lets it post there (the dead of a
        game post nowhere)."""
        ticket = require(subscriber)
        text = clean_text(text, "chat")
        if not text or len(text) > MAX_CHAT:
            raise Refusal("bad_request", f"chat text must be 1..{MAX_CHAT} characters")
        channel = channel or ROOM_CHANNEL
        if not isinstance(channel, str) or len(channel) > MAX_CHANNEL:
            raise Refusal("bad_request", f"a chat channel is a name of at most {MAX_CHANNEL} characters")
        room, _ = await self.ctx.load(ticket.code)
        post, _ = ChatRights(room).of(ticket.seats)
        if channel not in post:
            raise Refusal("chat_not_allowed", f"no posting to {channel!r} now (may post to {sorted(post)})")
        line = await self.ctx.store.add_chat(
            ticket.code, ticket.seats[0] if ticket.seats else -1, ticket.name, text, self.ctx.now_ms(), channel
        )
        await self.deliver_chat(ticket.code, chat_json(line), room)
        await self.ctx.bus.announce(ticket.code, {"kind": "chat", "line": chat_json(line)}, None)

    async def deliver_chat(self, code: str, line: dict[str, Any], room: Room | None = None) -> None:
        """Send a line to this process's connections of the room whose seats' current views
        read its channel (a line of another replica: the room as the store holds it now)."""
        subscribers = self.ctx.hub.subscribers(code)
        if not subscribers:
            return
        if room is None:
            try:
                room, _ = await self.ctx.load(code)
            except Refusal:
                return
        rights = ChatRights(room)
        channel = line.get("channel") or ROOM_CHANNEL
        for other in subscribers:
            seats = other.ticket.seats if other.ticket is not None else []
            if channel in rights.of(seats)[1]:
                other.send({"chat": line})

    async def send_chat_history(self, subscriber: Subscriber, code: str) -> None:
        """The last lines this connection may read now, from the channels its views read."""
        ticket = require(subscriber)
        room, _ = await self.ctx.load(code)
        _, read = ChatRights(room).of(ticket.seats)
        for line in await self.ctx.store.chat_since(code, 0, HISTORY_LINES, channels=read):
            subscriber.send({"chat": chat_json(line)})
