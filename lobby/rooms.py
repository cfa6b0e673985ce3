"""Rooms and the move path.

Order of checks on a move (as boardgame.io's master): credentials, active player, allowed move
(the engine), state version; then the durable write, and only then the answer and the fan-out.

Several gateway replicas may run this lobby over one store (lobby/bus.py): every write names
the revision it read, a write that loses the race is redone from the room as it now is, and a
move id's answer is written in the same transaction as the move, so it is answered once.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from rulekit import Refusal, resolve_options
from rulekit.playout import instantiate

from . import codes
from .bus import LocalBus, RedisBus
from .engines import Engines
from .hub import Subscriber
from .ledger import Ledger
from .metrics import MOVE_SECONDS, MOVES, ROOMS_STARTED, TIMER_FIRINGS
from .players import Players
from .staked_tables import StakedTables
from .stakes import pot_shares, stake_of
from .store import FinishedGame, MoveRecord, Store, StoredEvent

log = logging.getLogger(__name__)

SEAT_KINDS = ("human", "cpu", "empty")
MAX_SEATS_SPEC = 16
MAX_NICKNAME = 24
MAX_CHAT = 500
MAX_TICKETS = 200
MAX_MOVE_ID = 64
CATCH_UP_EVENTS = 500
HIDDEN_EVENT = {"code": "hidden"}
WRITE_ATTEMPTS = 8  # a write that lost the race is redone from the fresh room, this often at most
# Refusals that say nothing about the move: not stored as its answer, so a resend is tried again.
TRANSIENT = frozenset({"unavailable", "internal"})


@dataclass
class Ticket:
    """A connection's credentials inside one room: the seats it holds (none: a spectator), and
    how far the fan-out has brought it (it never goes backwards, and never skips an event)."""

    code: str
    key: str  # the token's hash
    seats: list[int]
    name: str
    player: str = ""
    ready: bool = False  # welcome and catch-up sent
    sent_revision: int = -1
    sent_event: int = 0


@dataclass
class LobbySettings:
    cpu_delay_ms: int = 700  # CPU moves are paced so people can follow them
    ai_budget_ms: int = 1000
    takeover_grace_ms: int = 60_000  # a seat with no connection this long is played by a CPU
    # An escrow open this long without its game in the store was left by a process that died
    # between taking the stakes and writing the start: it is refunded. A start's write follows
    # its escrow within seconds, so a younger one may still be on its way.
    stake_sweep_ms: int = 120_000
    clock: Callable[[], float] = time.time


@dataclass
class _RoomRuntime:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one writer per room in this process
    fanout: asyncio.Lock = field(default_factory=asyncio.Lock)  # one fan-out per room at a time
    cpu_task: asyncio.Task[None] | None = None
    timer: asyncio.TimerHandle | None = None
    timer_at: int = 0
    seen_revision: int = 0


class _Lost(Exception):
    """The write lost the race against another writer: redo it from the room as it now is."""


def plain_json(value: Any) -> Any:
    """Protobuf Struct numbers arrive as floats; whole numbers become ints again."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: plain_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain_json(v) for v in value]
    return value


def clean_name(text: Any, fallback: str) -> str:
    name = " ".join(str(text or "").split())[:MAX_NICKNAME]
    return name or fallback


class Lobby:
    def __init__(
        self,
        store: Store,
        engines: Engines,
        settings: LobbySettings | None = None,
        bus: LocalBus | RedisBus | None = None,
    ) -> None:
        self.store = store
        self.engines = engines
        self.settings = settings or LobbySettings()
        self.bus = bus or LocalBus()
        self.hub = self.bus.hub
        self.ledger = Ledger(store, self.settings.clock)
        self.players = Players(store, self.ledger, self.settings.clock)
        self._rooms: dict[str, _RoomRuntime] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.stakes = StakedTables(self.ledger, self._room_or_none, self.now_ms, self.settings.stake_sweep_ms)
        self._sweeper: asyncio.Task[None] | None = None
        self.accepting_rooms = True

    # -- life cycle ------------------------------------------------------------------------
    async def start(self) -> None:
        await self.store.open()
        await self.engines.load_catalogue()
        await self.bus.start(self)
        for code in await self.store.rooms_in_play():
            loaded = await self.store.load_room(code)
            if loaded is None:
                continue
            room, revision = loaded
            # Nobody is connected to a process that just started: absent seats start their grace.
            absent = {
                i for i, s in enumerate(room["seats"]) if s["holder"] and "gone_ms" not in s and not s.get("left")
            }
            if absent:
                await self._seats_gone(code, absent, announce_presence=False)
            else:
                await self._after_change(room, revision, force=True)
        self._sweeper = asyncio.get_running_loop().create_task(self.stakes.sweep_forever())

    async def close(self) -> None:
        if self._sweeper:
            self._sweeper.cancel()
        for runtime in self._rooms.values():
            if runtime.cpu_task:
                runtime.cpu_task.cancel()
            if runtime.timer:
                runtime.timer.cancel()
        # Connections closed by the shutdown are still being recorded: let that finish first.
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=3)
        for task in list(self._tasks):
            task.cancel()
        await self.bus.close()
        await self.store.close()

    def now_ms(self) -> int:
        return int(self.settings.clock() * 1000)

    def _runtime(self, code: str) -> _RoomRuntime:
        return self._rooms.setdefault(code, _RoomRuntime())

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.get_running_loop().create_task(work)  # type: ignore[arg-type]
        self._tasks.add(task)
        task.add_done_callback(self._finished_task)

    def _finished_task(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    async def _room_or_none(self, code: str) -> dict[str, Any] | None:
        try:
            return (await self._load(code))[0]
        except Refusal:
            return None

    async def _load(self, code: str) -> tuple[dict[str, Any], int]:
        code = codes.normalise_code(code)
        loaded = await self.store.load_room(code) if codes.is_code(code) else None
        if loaded is None:
            raise Refusal("unknown_room", code)
        return loaded

    # -- what clients see --------------------------------------------------------------------
    def list_games(self) -> list[dict[str, Any]]:
        metas = self.engines.catalogue.metas
        return [{"id": g, "family": metas[g]["family"], "meta": metas[g]} for g in sorted(metas)]

    def room_info(self, room: dict[str, Any], present: set[int]) -> dict[str, Any]:
        host = room["tickets"].get(room["host"], {}).get("seats") or [-1]
        return {
            "code": room["code"],
            "game": room["game"],
            "options": room["options"],
            "seats": [
                {
                    "seat": i,
                    "kind": s["kind"],
                    "name": s["name"],
                    "taken": bool(s["holder"]),
                    "connected": s["kind"] == "cpu" or i in present,
                    "level": s["level"] if s["kind"] == "cpu" or s.get("left") else "",
                }
                for i, s in enumerate(room["seats"])
            ],
            "status": room["status"],
            "host_seat": host[0],
            "version": room["version"],
            "last_event": room["last_event"],
            "rematch_votes": len(room["rematch"]),
            "stake": stake_of(room),
        }

    async def _info(self, room: dict[str, Any]) -> dict[str, Any]:
        return self.room_info(room, await self.bus.present_seats(room["code"]))

    async def get_room(self, code: str) -> dict[str, Any]:
        room, _ = await self._load(code)
        return await self._info(room)

    async def finished_game(self, code: str, number: int) -> dict[str, Any]:
        """A finished game for replay: setup from the (now revealed) seed, then every move."""
        room, _ = await self._load(code)
        game = await self.store.finished_game(room["code"], number)
        if game is None:
            raise Refusal("not_started", f"game {number} of {room['code']} has not finished")
        return {
            "code": game.code,
            "number": game.number,
            "game": game.game,
            "options": game.options,
            "seed": game.seed,
            "names": game.names,
            "result": game.result,
            "started_ms": str(game.started_ms),
            "finished_ms": str(game.finished_ms),
            "moves": [
                {"seat": m.seat, "move": m.move, "version": m.version, "at_ms": str(m.at_ms)} for m in game.moves
            ],
        }

    def resolve_options(self, game: str, options: dict[str, Any]) -> dict[str, Any]:
        """Host settings checked against the game's schema (bad_option, unknown_game)."""
        return resolve_options(self.engines.catalogue.options_schema(game), plain_json(options))

    async def _ticket_answer(self, room: dict[str, Any], token: str) -> dict[str, Any]:
        held = room["tickets"][codes.token_hash(token)]["seats"]
        return {"code": room["code"], "seats": held, "token": token, "room": await self._info(room)}

    # -- writing a room ----------------------------------------------------------------------------
    async def _commit(
        self,
        room: dict[str, Any],
        revision: int,
        events: list[StoredEvent] = (),  # type: ignore[assignment]
        answer: tuple[str, dict[str, Any]] | None = None,
        moves: list[MoveRecord] = (),  # type: ignore[assignment]
    ) -> int:
        """The durable write; the new revision, or _Lost when another writer got there first."""
        room["updated_ms"] = self.now_ms()
        finished = self._finished_record(room) if room["status"] == "finished" and moves else None
        if not await self.store.save_room(room, revision, list(events), answer, list(moves), finished):
            raise _Lost
        return revision + 1

    async def _mutate(
        self, code: str, change: Callable[[dict[str, Any]], Awaitable[list[StoredEvent] | None]]
    ) -> tuple[dict[str, Any], int, list[StoredEvent] | None]:
        """Load, change, write, announce; redone from the fresh room when another writer won.
        `change` returns the new events (maybe none), or None to write nothing."""
        runtime = self._runtime(code)
        for _ in range(WRITE_ATTEMPTS):
            async with runtime.lock:
                room, revision = await self._load(code)
                events = await change(room)
                if events is None:
                    return room, revision, None
                try:
                    revision = await self._commit(room, revision, events)
                except _Lost:
                    continue
            await self._announce(room, revision, events)
            return room, revision, events
        raise Refusal("unavailable", "the room is too busy; try again")

    async def _announce(
        self,
        room: dict[str, Any],
        revision: int,
        events: list[StoredEvent],
        ack: tuple[Subscriber, str] | None = None,
        presence: bool = False,
        skip: Subscriber | None = None,
    ) -> None:
        """After a durable write (or, with `presence`, a change of who is connected): our
        connections, the other replicas, and the room's driver."""
        if not presence:
            # After the durable write that ended the game and before anyone hears of its end,
            # so a wallet looked at on the result screen holds the pot.
            await self.stakes.settle(room)
        await self._deliver(room, revision, events, ack, presence, skip)
        payload = {
            "kind": "room",
            # Other replicas render views and drive clocks; the state and its seed stay out of Redis.
            "room": {k: v for k, v in room.items() if k not in _SERVER_ONLY},
            "revision": revision,
            "events": [[e.number, e.event, e.visible_to] for e in events],
            "presence": presence,
        }
        try:
            await self.bus.announce(room["code"], payload, None if presence else (self._due(room), revision))
            if not presence:
                await self._after_change(room, revision)
        except Exception:
            # The write is durable and our own connections have it; other replicas' players
            # catch up with the next change or their next reconnect, a lapsed lease is swept.
            log.warning("could not announce a change of room %s", room["code"], exc_info=True)

    # -- creating and joining ------------------------------------------------------------------
    async def create_room(
        self,
        game: str,
        options: dict[str, Any] | None,
        seats: list[dict[str, Any]],
        nickname: str,
        player_token: str = "",
    ) -> dict[str, Any]:
        if not self.accepting_rooms:
            raise Refusal("unavailable", "this replica is draining")
        meta = self.engines.catalogue.meta(game)
        resolved = resolve_options(self.engines.catalogue.options_schema(game), plain_json(options or {}))
        seat_list = self._seat_list(meta, seats)
        player = await self.players.by_token(player_token) if player_token else None
        token = codes.new_token()
        key = codes.token_hash(token)
        name = clean_name(nickname or (player.nickname if player else ""), "Player 1")
        held: list[int] = []
        first_human = next((i for i, s in enumerate(seat_list) if s["kind"] == "human"), None)
        for i, (spec, seat) in enumerate(zip(seats, seat_list, strict=True)):
            if seat["kind"] == "human" and (i == first_human or spec.get("local")):
                seat["holder"] = key
                seat["name"] = name if i == first_human else f"{name} ({i + 1})"
                held.append(i)
        now = self.now_ms()
        room = {
            "code": "",
            "game": game,
            "options": resolved,
            "seats": seat_list,
            "status": "waiting",
            "host": key,
            "tickets": {key: {"seats": held, "name": name, "player": player.id if player else ""}},
            "version": 0,
            "last_event": 0,
            "state_json": "",
            "views": {},
            "spectator_view": "",
            "to_move": [],
            "result": None,
            "deadline": None,
            "rematch": [],
            "games_played": 0,
            "game_number": 0,
            "seed": "",
            "started_ms": 0,
            "created_ms": now,
            "updated_ms": now,
        }
        for _ in range(20):
            room["code"] = codes.new_room_code()
            if await self.store.insert_room(room):
                return await self._ticket_answer(room, token)
        raise Refusal("internal", "no free room code")

    def _seat_list(self, meta: dict[str, Any], seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
        if not isinstance(seats, list) or not 1 <= len(seats) <= min(MAX_SEATS_SPEC, meta["max_seats"]):
            raise Refusal("bad_seat_count", f"{meta['id']} takes up to {meta['max_seats']} seats")
        out = []
        for spec in seats:
            kind = spec.get("kind") if isinstance(spec, dict) else None
            if kind not in SEAT_KINDS:
                raise Refusal("bad_request", f"seat kind must be one of {SEAT_KINDS}")
            level = spec.get("level") or ""
            if kind == "cpu":
                levels = meta["cpu_levels"]
                level = level or (levels[1] if len(levels) > 1 else levels[0])
                if level not in levels:
                    raise Refusal("bad_request", f"unknown CPU level {level!r}")
            out.append({"kind": kind, "level": level, "name": "", "holder": None, "left": False})
        return out

    async def join_room(
        self, code: str, nickname: str, spectator: bool = False, player_token: str = ""
    ) -> dict[str, Any]:
        code = codes.normalise_code(code)
        player = await self.players.by_token(player_token) if player_token else None
        token = codes.new_token()
        key = codes.token_hash(token)

        async def change(room: dict[str, Any]) -> list[StoredEvent]:
            if len(room["tickets"]) >= MAX_TICKETS:
                raise Refusal("room_full")
            name = clean_name(nickname or (player.nickname if player else ""), f"Player {len(room['tickets']) + 1}")
            held: list[int] = []
            if not spectator and room["status"] == "waiting":
                open_seat = next(
                    (i for i, s in enumerate(room["seats"]) if s["kind"] == "human" and not s["holder"]), None
                )
                if open_seat is not None:
                    room["seats"][open_seat].update(holder=key, name=name)
                    held.append(open_seat)
            room["tickets"][key] = {"seats": held, "name": name, "player": player.id if player else ""}
            return []

        room, _, _ = await self._mutate(code, change)
        return await self._ticket_answer(room, token)

    async def ticket(self, code: str, token: str) -> Ticket:
        room, _ = await self._load(code)
        entry = room["tickets"].get(codes.token_hash(token or ""))
        if entry is None:
            raise Refusal("bad_token")
        return Ticket(
            room["code"], codes.token_hash(token), list(entry["seats"]), entry["name"], entry.get("player", "")
        )

    # -- connections ----------------------------------------------------------------------------
    async def connect(self, subscriber: Subscriber, code: str, token: str, last_event: int) -> None:
        """Hello: register the connection, hand a seat back, send welcome and catch-up."""
        ticket = await self.ticket(code, token)
        ticket.sent_event = max(0, last_event)
        subscriber.ticket = ticket
        self.hub.add(ticket.code, subscriber)
        await self.bus.sync_presence(ticket.code)

        async def change(room: dict[str, Any]) -> list[StoredEvent] | None:
            events: list[StoredEvent] = []
            changed = False
            for seat_number in room["tickets"][ticket.key]["seats"]:
                seat = room["seats"][seat_number]
                changed = seat.pop("gone_ms", None) is not None or changed
                if seat.get("left"):
                    # Back with the token: the CPU hands the seat over.
                    seat["left"] = False
                    seat.pop("left_ms", None)
                    changed = True
                    room["last_event"] += 1
                    events.append(StoredEvent(room["last_event"], {"code": "seat_returned", "seat": seat_number}, None))
            return events if changed else None

        room, revision, written = await self._mutate(ticket.code, change)
        runtime = self._runtime(ticket.code)
        async with runtime.fanout:
            # Loaded inside the fan-out lock: any change this connection was skipped for (it was
            # not ready) is older than what it gets now.
            room, revision = await self._load(ticket.code)
            present = await self.bus.present_seats(ticket.code)
            ticket.seats = list(room["tickets"][ticket.key]["seats"])
            subscriber.send({"welcome": {"room": self.room_info(room, present), "seats": ticket.seats}})
            await self._catch_up(subscriber, room, revision, present, last_event)
            ticket.ready = True
        for line in await self.store.chat_since(ticket.code, 0, 50):
            subscriber.send({"chat": _chat_json(line)})
        if written is None:
            await self._announce(room, revision, [], presence=True, skip=subscriber)
        # A pot not paid because a process died after the game's last write is paid now.
        await self.stakes.settle(room)

    def disconnect(self, subscriber: Subscriber) -> None:
        ticket = subscriber.ticket
        if ticket is None:
            return
        self.hub.remove(ticket.code, subscriber)
        self._spawn(self._disconnected(ticket.code))

    async def _disconnected(self, code: str) -> None:
        try:
            lost = await self.bus.sync_presence(code)
            await self._seats_gone(code, lost)
        except Refusal:
            pass
        # Nothing of the room left in this process: forget it (a later change brings it back).
        runtime = self._rooms.get(code)
        if runtime is not None and not self.hub.subscribers(code) and self.idle(code) and not runtime.fanout.locked():
            del self._rooms[code]

    async def _seats_gone(self, code: str, seats: set[int], announce_presence: bool = True) -> None:
        """Seats that lost their last connection here (or on a replica that died): their grace
        period starts, unless they are connected elsewhere."""
        present = await self.bus.present_seats(code) if seats else set()
        now = self.now_ms()

        async def change(room: dict[str, Any]) -> list[StoredEvent] | None:
            if room["status"] != "playing":
                return None
            changed = False
            for seat_number in seats - present:
                if seat_number >= len(room["seats"]):
                    continue
                seat = room["seats"][seat_number]
                if seat["holder"] and not seat.get("left") and "gone_ms" not in seat:
                    seat["gone_ms"] = now
                    changed = True
            return [] if changed else None

        room, revision, written = await self._mutate(code, change)
        if written is None:
            if announce_presence:
                await self._announce(room, revision, [], presence=True)
            await self._after_change(room, revision, force=True)

    async def on_seats_gone(self, code: str, seats: set[int]) -> None:
        """The bus: these seats' presence lapsed (their replica died or stalled)."""
        try:
            await self._seats_gone(code, seats)
        except Refusal:
            return

    async def resync(self, subscriber: Subscriber) -> None:
        ticket = _require(subscriber)
        runtime = self._runtime(ticket.code)
        async with runtime.fanout:
            room, revision = await self._load(ticket.code)
            present = await self.bus.present_seats(ticket.code)
            await self._catch_up(subscriber, room, revision, present, max(0, room["last_event"] - CATCH_UP_EVENTS))

    async def _catch_up(
        self, subscriber: Subscriber, room: dict[str, Any], revision: int, present: set[int], last_event: int
    ) -> None:
        ticket = _require(subscriber)
        after = max(last_event, room["last_event"] - CATCH_UP_EVENTS, 0)
        events = await self.store.events_since(room["code"], after) if after < room["last_event"] else []
        events = [e for e in events if e.number <= room["last_event"]]
        subscriber.send(self._update(room, ticket, self.room_info(room, present), events))
        ticket.sent_revision = max(ticket.sent_revision, revision)
        ticket.sent_event = room["last_event"]

    # -- the fan-out ------------------------------------------------------------------------------
    def _update(
        self,
        room: dict[str, Any],
        ticket: Ticket,
        info: dict[str, Any],
        events: list[StoredEvent],
        client_move_id: str = "",
    ) -> dict[str, Any]:
        seats = ticket.seats
        views = []
        if room["spectator_view"]:  # a game has started
            if seats:
                views = [{"seat": s, "view": json.loads(room["views"][str(s)])} for s in seats]
            else:
                views = [{"seat": -1, "view": json.loads(room["spectator_view"])}]
        items = [
            {
                "number": e.number,
                "event": e.event if e.visible_to is None or set(seats) & set(e.visible_to) else HIDDEN_EVENT,
            }
            for e in events
        ]
        deadline = room["deadline"] or {}
        return {
            "update": {
                "room": info,
                "views": views,
                "events": items,
                "client_move_id": client_move_id,
                "deadline_ms": str(deadline.get("at_ms", 0)),
                "deadline_seat": deadline.get("seat") if deadline.get("seat") is not None else -1,
            }
        }

    async def _deliver(
        self,
        room: dict[str, Any],
        revision: int,
        events: list[StoredEvent],
        ack: tuple[Subscriber, str] | None = None,
        presence: bool = False,
        skip: Subscriber | None = None,
    ) -> None:
        """Send a room change to this process's connections of the room, each from where it is:
        an older revision than a connection has is skipped, a gap in its events is filled from
        the store, so every connection sees every event once and in order."""
        code = room["code"]
        if not self.hub.subscribers(code):
            return
        runtime = self._runtime(code)
        renumbered = False
        async with runtime.fanout:
            present = await self.bus.present_seats(code)
            info = self.room_info(room, present)
            fetched: dict[int, list[StoredEvent]] = {}
            for subscriber in self.hub.subscribers(code):
                ticket = subscriber.ticket
                if ticket is None or not ticket.ready or subscriber is skip:
                    continue
                acked = ack is not None and ack[0] is subscriber
                if revision < ticket.sent_revision or (revision == ticket.sent_revision and not presence):
                    if acked:  # a newer change overtook the answer: answer from the room as it is
                        await self._answer_from_latest(subscriber, ack[1])  # type: ignore[index]
                    continue
                # Seats are renumbered at start: every connection learns its seats from the room.
                entry = room["tickets"].get(ticket.key)
                if entry is None:
                    continue
                if entry["seats"] != ticket.seats:
                    ticket.seats = list(entry["seats"])
                    renumbered = True
                    subscriber.send({"welcome": {"room": info, "seats": ticket.seats}})
                needed = [e for e in events if e.number > ticket.sent_event]
                behind = ticket.sent_event < room["last_event"]
                if behind and (not needed or needed[0].number != ticket.sent_event + 1):
                    after = max(ticket.sent_event, room["last_event"] - CATCH_UP_EVENTS)
                    if after not in fetched:
                        fetched[after] = await self.store.events_since(code, after)
                    needed = [e for e in fetched[after] if e.number <= room["last_event"]]
                subscriber.send(self._update(room, ticket, info, needed, ack[1] if acked else ""))  # type: ignore[index]
                ticket.sent_revision = revision
                ticket.sent_event = max(ticket.sent_event, room["last_event"])
        if renumbered:
            await self.bus.sync_presence(code)

    async def _answer_from_latest(self, subscriber: Subscriber, client_move_id: str) -> None:
        """Within the fan-out lock: the room as stored now, with the move id of an answer."""
        ticket = _require(subscriber)
        room, revision = await self._load(ticket.code)
        present = await self.bus.present_seats(ticket.code)
        needed = (
            await self.store.events_since(room["code"], ticket.sent_event)
            if ticket.sent_event < room["last_event"]
            else []
        )
        needed = [e for e in needed if e.number <= room["last_event"]]
        subscriber.send(self._update(room, ticket, self.room_info(room, present), needed, client_move_id))
        ticket.sent_revision = max(ticket.sent_revision, revision)
        ticket.sent_event = max(ticket.sent_event, room["last_event"])

    async def on_remote_change(self, code: str, payload: dict[str, Any]) -> None:
        """The bus: another replica wrote this room (or saw its presence change, or a chat line)."""
        if payload["kind"] == "chat":
            self.deliver_chat(code, payload["line"])
            return
        room = payload["room"]
        revision = payload["revision"]
        events = [StoredEvent(n, e, v) for n, e, v in payload["events"]]
        await self._deliver(room, revision, events, presence=payload["presence"])
        if not payload["presence"] and self.bus.holds(code):
            await self._after_change(room, revision)

    # -- host actions -----------------------------------------------------------------------------
    async def start_game(self, subscriber: Subscriber) -> None:
        ticket = _require(subscriber)
        present = await self.bus.present_seats(ticket.code)
        escrows: list[str] = []

        async def change(room: dict[str, Any]) -> list[StoredEvent]:
            if room["host"] != ticket.key:
                raise Refusal("not_host")
            if room["status"] != "waiting":
                raise Refusal("already_started")
            active = [s for s in room["seats"] if s["kind"] == "cpu" or (s["kind"] == "human" and s["holder"])]
            if len(active) not in self.engines.catalogue.meta(room["game"])["seat_counts"]:
                raise Refusal("bad_seat_count", f"{len(active)} seats")
            here = {room["seats"][s]["holder"] for s in present if s < len(room["seats"])}
            room["seats"] = active
            self._renumber_tickets(room)
            events = await self._new_game(room, escrows)
            self._mark_absent(room, here)
            return events

        room, _, _ = await self._with_stakes(escrows, self._mutate(ticket.code, change))
        ROOMS_STARTED.labels(room["game"]).inc()

    @staticmethod
    def _renumber_tickets(room: dict[str, Any]) -> None:
        for key, entry in room["tickets"].items():
            entry["seats"] = [i for i, s in enumerate(room["seats"]) if s["holder"] == key]

    def _mark_absent(self, room: dict[str, Any], here: set[str | None]) -> None:
        """At the start of a game, seats whose holder has no connection start their grace."""
        now = self.now_ms()
        for seat in room["seats"]:
            if seat["holder"] and seat["holder"] not in here and not seat.get("left"):
                seat.setdefault("gone_ms", now)

    async def _new_game(self, room: dict[str, Any], escrows: list[str]) -> list[StoredEvent]:
        """Set up the next game; at a staked table first take every stake into a new escrow
        (named in `escrows`, so the caller refunds it if this attempt does not become the game)."""
        seed = secrets.token_bytes(32)
        now = self.now_ms()
        number = room.get("game_number", room["games_played"]) + 1
        # The last game's pot first (paid already unless that failed): the room forgets its escrow now.
        await self.stakes.settle(room)
        room.pop("stake", None)
        if stake_of(room):
            room["stake"] = await self.stakes.escrow(room, number, seed, escrows)
        reply = await self.engines.setup(room["game"], len(room["seats"]), room["options"], seed, now)
        room["status"] = "playing"
        room["rematch"] = []
        room["views"] = {}  # a new game: every seat's choices are new
        room["game_number"] = number
        room["seed"] = seed.hex()
        room["started_ms"] = now
        # Commit-reveal: the seed's hash now, the seed itself when the game is over.
        started = {
            "code": "game_started",
            "game": room["game"],
            "seats": len(room["seats"]),
            "number": room["game_number"],
            "seed_sha256": hashlib.sha256(seed).hexdigest(),
        }
        if "stake" in room:
            started.update(stake=room["stake"]["amount"], pot=room["stake"]["amount"] * len(room["seats"]))
        return self._absorb(room, reply, [started])

    async def _with_stakes(self, escrows: list[str], mutation: Awaitable[Any]) -> Any:
        """Run a room change that may open escrows; refund each one that did not become the
        room's game (a lost write race, a refusal after the escrow, a failed setup)."""
        kept = ""
        try:
            result = await mutation
            kept = (result[0].get("stake") or {}).get("table", "")
            return result
        finally:
            await self.stakes.refund_unplayed(escrows, kept)

    def _absorb(self, room: dict[str, Any], reply: Any, lobby_events: list[dict[str, Any]]) -> list[StoredEvent]:
        """Take a family service's step reply into the room; number the events."""
        room["state_json"] = reply.state_json
        new_views = {str(v.seat): v.view_json for v in reply.views}
        # The version at which each seat's legal moves last changed: a move chosen against an
        # older version is stale only if the choices it was made from have changed since
        # (in simultaneous phases another seat's move leaves mine valid).
        choices = room.setdefault("choice_version", {})
        for seat, view_json in new_views.items():
            old = room["views"].get(seat)
            if old is None or _legal_moves_of(old) != _legal_moves_of(view_json):
                choices[seat] = room["version"] + 1
        room["views"] = new_views
        room["spectator_view"] = reply.spectator_view_json
        room["to_move"] = list(reply.to_move)
        room["result"] = json.loads(reply.result_json) if reply.result_json else None
        room["deadline"] = (
            {"at_ms": reply.deadline.at_ms, "seat": None if reply.deadline.game_clock else reply.deadline.seat}
            if reply.HasField("deadline")
            else None
        )
        room["version"] += 1
        stored: list[StoredEvent] = []
        for item in lobby_events:
            room["last_event"] += 1
            stored.append(StoredEvent(room["last_event"], item, None))
        for item in reply.events:
            room["last_event"] += 1
            stored.append(StoredEvent(room["last_event"], json.loads(item.event_json), list(item.visible_to) or None))
        if room["result"] is not None:
            room["status"] = "finished"
            room["games_played"] += 1
            room["last_event"] += 1
            over = {"code": "game_over", "result": room["result"], "seed": room.get("seed", "")}
            if room.get("stake"):
                over["pot"] = {str(seat): coins for seat, coins in pot_shares(room).items()}
            stored.append(StoredEvent(room["last_event"], over, None))
        return stored

    def _finished_record(self, room: dict[str, Any]) -> FinishedGame:
        holders = [s["holder"] for s in room["seats"]]
        return FinishedGame(
            code=room["code"],
            number=room.get("game_number", 0),
            game=room["game"],
            options=room["options"],
            seed=room.get("seed", ""),
            names=[s["name"] or f"CPU ({s['level']})" for s in room["seats"]],
            players=[room["tickets"].get(h, {}).get("player", "") if h else "" for h in holders],
            result=room["result"] or {},
            started_ms=room.get("started_ms", 0),
            finished_ms=self.now_ms(),
        )

    async def change_settings(
        self, subscriber: Subscriber, options: dict[str, Any] | None, seats: list[dict[str, Any]] | None
    ) -> None:
        ticket = _require(subscriber)

        async def change(room: dict[str, Any]) -> list[StoredEvent]:
            if room["host"] != ticket.key:
                raise Refusal("not_host")
            if room["status"] != "waiting":
                raise Refusal("already_started")
            if options is not None:
                schema = self.engines.catalogue.options_schema(room["game"])
                room["options"] = resolve_options(schema, plain_json(options))
            if seats:
                new_list = self._seat_list(self.engines.catalogue.meta(room["game"]), seats)
                old = room["seats"]
                for i, seat in enumerate(old):
                    if seat["holder"]:
                        if i >= len(new_list) or new_list[i]["kind"] != "human":
                            raise Refusal("seat_taken", f"seat {i} is taken")
                        new_list[i].update(holder=seat["holder"], name=seat["name"])
                room["seats"] = new_list
                self._renumber_tickets(room)
            return []

        await self._mutate(ticket.code, change)

    async def rematch(self, subscriber: Subscriber) -> None:
        ticket = _require(subscriber)
        present = await self.bus.present_seats(ticket.code)
        escrows: list[str] = []

        async def change(room: dict[str, Any]) -> list[StoredEvent]:
            if room["status"] != "finished":
                raise Refusal("not_started", "the game has not ended")
            seats_now = room["tickets"][ticket.key]["seats"]
            if not seats_now:
                raise Refusal("bad_token", "spectators do not vote")
            room["rematch"] = sorted(set(room["rematch"]) | set(seats_now))
            needed = {
                i for i, s in enumerate(room["seats"]) if s["kind"] == "human" and s["holder"] and not s.get("left")
            }
            if not needed <= set(room["rematch"]):
                return []
            here = {room["seats"][s]["holder"] for s in present if s < len(room["seats"])}
            # Everyone moves one seat on, so another player starts this time.
            room["seats"] = room["seats"][1:] + room["seats"][:1]
            for seat in room["seats"]:
                seat.pop("gone_ms", None)
            self._renumber_tickets(room)
            events = await self._new_game(room, escrows)
            self._mark_absent(room, here)
            return events

        await self._with_stakes(escrows, self._mutate(ticket.code, change))

    async def leave(self, subscriber: Subscriber) -> None:
        ticket = _require(subscriber)

        async def change(room: dict[str, Any]) -> list[StoredEvent]:
            events: list[StoredEvent] = []
            if room["status"] == "waiting":
                for seat in room["seats"]:
                    if seat["holder"] == ticket.key:
                        seat.update(holder=None, name="")
                room["tickets"].pop(ticket.key, None)
                if room["host"] == ticket.key:
                    room["host"] = next(iter(room["tickets"]), "")
            else:
                # The seat stays theirs: a CPU plays it until they come back with the token.
                for seat_number in room["tickets"].get(ticket.key, {}).get("seats", []):
                    seat = room["seats"][seat_number]
                    if seat.get("left"):
                        continue
                    self._hand_to_cpu(room, seat_number, "left", events)
            return events

        self.hub.remove(ticket.code, subscriber)
        await self.bus.sync_presence(ticket.code)
        await self._mutate(ticket.code, change)

    def _hand_to_cpu(self, room: dict[str, Any], seat_number: int, reason: str, events: list[StoredEvent]) -> None:
        seat = room["seats"][seat_number]
        seat["left"] = True
        seat["left_ms"] = self.now_ms()
        seat.pop("gone_ms", None)
        seat["level"] = seat["level"] or self._takeover_level(room)
        room["last_event"] += 1
        events.append(
            StoredEvent(room["last_event"], {"code": "cpu_took_over", "seat": seat_number, "reason": reason}, None)
        )

    def _takeover_level(self, room: dict[str, Any]) -> str:
        levels = self.engines.catalogue.meta(room["game"])["cpu_levels"]
        return levels[1] if len(levels) > 1 else levels[0]

    # -- chat -------------------------------------------------------------------------------------
    async def chat(self, subscriber: Subscriber, text: str) -> None:
        ticket = _require(subscriber)
        text = " ".join(str(text).split())
        if not text or len(text) > MAX_CHAT:
            raise Refusal("bad_request", f"chat text must be 1..{MAX_CHAT} characters")
        line = await self.store.add_chat(
            ticket.code, ticket.seats[0] if ticket.seats else -1, ticket.name, text, self.now_ms()
        )
        self.deliver_chat(ticket.code, _chat_json(line))
        await self.bus.announce(ticket.code, {"kind": "chat", "line": _chat_json(line)}, None)

    def deliver_chat(self, code: str, line: dict[str, Any]) -> None:
        for other in self.hub.subscribers(code):
            other.send({"chat": line})

    # -- moves ------------------------------------------------------------------------------------
    async def move(self, subscriber: Subscriber, seat: int, move: Any, client_move_id: str, version: int) -> None:
        """A seat's move. The answer (update with the move id, or refused) goes to `subscriber`."""
        ticket = _require(subscriber)
        if not client_move_id or len(client_move_id) > MAX_MOVE_ID:
            raise Refusal("bad_request", f"client_move_id must be 1..{MAX_MOVE_ID} characters")
        key = f"{ticket.key}:{client_move_id}"
        runtime = self._runtime(ticket.code)
        started = time.perf_counter()
        for _ in range(WRITE_ATTEMPTS):
            async with runtime.lock:
                loaded = await self.store.load_room_for_move(ticket.code, key)
                if loaded is None:
                    raise Refusal("unknown_room", ticket.code)
                room, revision, prior = loaded
                if prior is not None:
                    await self._repeat_answer(subscriber, prior, client_move_id)
                    return
                now = self.now_ms()
                try:
                    if seat not in room["tickets"].get(ticket.key, {}).get("seats", []):
                        raise Refusal("bad_token", f"this ticket does not hold seat {seat}")
                    if room["status"] != "playing":
                        raise Refusal("game_over" if room["status"] == "finished" else "not_started")
                    if seat not in room["to_move"]:
                        raise Refusal("not_your_turn")
                    if not isinstance(move, dict):
                        raise Refusal("malformed_move", "a move is an object")
                    stage = time.perf_counter()
                    reply = await self.engines.apply(room["game"], room["state_json"], seat, plain_json(move), now)
                    MOVE_SECONDS.labels(room["game"], "family").observe(time.perf_counter() - stage)
                    chosen_at = room.get("choice_version", {}).get(str(seat), room["version"])
                    if not chosen_at <= version <= room["version"]:
                        raise Refusal("stale_version", f"the game is at version {room['version']}")
                except Refusal as refusal:
                    if refusal.code in TRANSIENT:
                        raise
                    answer = {"refused": {"code": refusal.code, "detail": refusal.detail}}
                    stored = await self.store.put_move_answer(ticket.code, key, answer)
                    await self._repeat_answer(subscriber, stored, client_move_id)
                    return
                events = self._absorb(room, reply, [])
                record = MoveRecord(seat, plain_json(move), room["version"], now)
                stage = time.perf_counter()
                try:
                    revision = await self._commit(
                        room, revision, events, (key, {"accepted": True, "version": room["version"]}), [record]
                    )
                except _Lost:
                    continue  # another writer (maybe this very move, on another replica): look again
                MOVE_SECONDS.labels(room["game"], "store").observe(time.perf_counter() - stage)
            MOVES.labels(room["game"]).inc()
            await self._announce(room, revision, events, ack=(subscriber, client_move_id))
            MOVE_SECONDS.labels(room["game"], "total").observe(time.perf_counter() - started)
            return
        raise Refusal("unavailable", "the room is too busy; send the move again")

    async def _repeat_answer(self, subscriber: Subscriber, answer: dict[str, Any], client_move_id: str) -> None:
        if "refused" in answer:
            subscriber.send({"refused": {**answer["refused"], "client_move_id": client_move_id}})
            return
        async with self._runtime(_require(subscriber).code).fanout:
            await self._answer_from_latest(subscriber, client_move_id)

    async def _apply_as_lobby(self, code: str, seat: int, move: dict[str, Any], version: int) -> bool:
        """A CPU seat's move; False if the game moved on meanwhile or another writer won."""
        runtime = self._runtime(code)
        async with runtime.lock:
            room, revision = await self._load(code)
            if room["status"] != "playing" or room["version"] != version or seat not in room["to_move"]:
                return False
            now = self.now_ms()
            reply = await self.engines.apply(room["game"], room["state_json"], seat, move, now)
            events = self._absorb(room, reply, [])
            try:
                revision = await self._commit(
                    room, revision, events, moves=[MoveRecord(seat, move, room["version"], now)]
                )
            except _Lost:
                return False
        MOVES.labels(room["game"]).inc()
        await self._announce(room, revision, events)
        return True

    # -- the room's driver: CPU seats, move clocks, takeovers ----------------------------------------
    def _due(self, room: dict[str, Any]) -> int | None:
        """When the room next needs its driver, or None."""
        if room["status"] != "playing":
            return None
        times = []
        if self._cpu_seats_to_move(room):
            times.append(self.now_ms())
        if room["deadline"]:
            times.append(room["deadline"]["at_ms"])
        grace = self.settings.takeover_grace_ms
        times += [s["gone_ms"] + grace for s in room["seats"] if "gone_ms" in s and not s.get("left")]
        return min(times) if times else None

    def _timer_due(self, room: dict[str, Any]) -> int | None:
        """The next clock or takeover (CPU turns are driven by their own task)."""
        if room["status"] != "playing":
            return None
        grace = self.settings.takeover_grace_ms
        times = [s["gone_ms"] + grace for s in room["seats"] if "gone_ms" in s and not s.get("left")]
        if room["deadline"]:
            times.append(room["deadline"]["at_ms"])
        return min(times) if times else None

    async def _after_change(self, room: dict[str, Any], revision: int, force: bool = False) -> None:
        """Drive the room if it needs driving and this replica holds (or takes) its lease."""
        code = room["code"]
        runtime = self._runtime(code)
        if revision < runtime.seen_revision and not force:
            return
        runtime.seen_revision = max(runtime.seen_revision, revision)
        if self._due(room) is None:
            self._disarm(runtime)
            if self.bus.holds(code):
                await self.bus.release(code)
            return
        if not await self.bus.claim(code):
            self._disarm(runtime)
            return
        idle = runtime.cpu_task is None or runtime.cpu_task.done()
        if self._cpu_seats_to_move(room) and idle:
            runtime.cpu_task = asyncio.get_running_loop().create_task(self._drive_cpu(code))
        self._arm_timer(code, runtime, self._timer_due(room))

    def _disarm(self, runtime: _RoomRuntime) -> None:
        if runtime.timer:
            runtime.timer.cancel()
            runtime.timer = None

    def on_lost(self, code: str) -> None:
        """The bus: another replica drives this room now."""
        runtime = self._runtime(code)
        self._disarm(runtime)
        if runtime.cpu_task and not runtime.cpu_task.done():
            runtime.cpu_task.cancel()

    def idle(self, code: str) -> bool:
        runtime = self._rooms.get(code)
        if runtime is None:
            return True
        return (
            runtime.timer is None
            and (runtime.cpu_task is None or runtime.cpu_task.done())
            and not runtime.lock.locked()
        )

    async def on_orphan(self, code: str) -> None:
        """The bus: this replica took over a room whose driver went away (or never came)."""
        try:
            room, revision = await self._load(code)
        except Refusal:
            await self.bus.set_due(code, None, 1 << 40)
            await self.bus.release(code)
            return
        await self.bus.set_due(code, self._due(room), revision)
        await self._after_change(room, revision, force=True)

    @staticmethod
    def _cpu_seats_to_move(room: dict[str, Any]) -> list[int]:
        return [s for s in room["to_move"] if room["seats"][s]["kind"] == "cpu" or room["seats"][s].get("left")]

    async def _drive_cpu(self, code: str) -> None:
        failures = 0
        while failures < 5:
            room, _ = await self._load(code)
            seats = self._cpu_seats_to_move(room) if room["status"] == "playing" else []
            if not seats or not await self.bus.owns(code):
                return
            seat = seats[0]
            await asyncio.sleep(self.settings.cpu_delay_ms / 1000)
            view_json = room["views"][str(seat)]
            level = room["seats"][seat]["level"] or self._takeover_level(room)
            try:
                move = await self.engines.choose_move(
                    room["game"], seat, view_json, level, secrets.token_bytes(16), self.settings.ai_budget_ms
                )
            except Refusal as refusal:
                # The AI pool is unreachable or failed: a random legal move keeps the game going.
                log.warning("AI failed for %s seat %s: %s", code, seat, refusal)
                legal = json.loads(view_json).get("legal_moves") or []
                if not legal:
                    return
                move = instantiate(random.choice(legal), random.Random())
            try:
                if not await self._apply_as_lobby(code, seat, move, room["version"]):
                    failures += 1
            except Refusal as refusal:
                log.warning("CPU move refused in %s: %s %s", code, refusal, move)
                failures += 1
            except Exception:
                log.exception("CPU driver failed in %s", code)
                failures += 1
                await asyncio.sleep(0.5)

    def _arm_timer(self, code: str, runtime: _RoomRuntime, at_ms: int | None) -> None:
        if runtime.timer and (at_ms is None or at_ms != runtime.timer_at):
            runtime.timer.cancel()
            runtime.timer = None
        if at_ms is None or runtime.timer is not None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, (at_ms - self.now_ms()) / 1000)
        runtime.timer_at = at_ms
        runtime.timer = loop.call_later(delay, lambda: self._spawn(self._on_timer(code)))

    async def _on_timer(self, code: str) -> None:
        runtime = self._runtime(code)
        runtime.timer = None
        try:
            if not await self.bus.owns(code):
                return
            room, revision = await self._load(code)
            now = self.now_ms()
            if room["status"] == "playing" and room["deadline"] and room["deadline"]["at_ms"] <= now:
                await self._fire_clock(code, room["deadline"]["at_ms"])
            grace = self.settings.takeover_grace_ms
            if any(s["gone_ms"] + grace <= now for s in room["seats"] if "gone_ms" in s and not s.get("left")):
                await self._take_over_gone(code)
            room, revision = await self._load(code)
            await self._after_change(room, revision, force=True)
        except Exception:
            log.exception("room timer failed in %s", code)
            await asyncio.sleep(0.5)
            loaded = await self.store.load_room(code)
            if loaded:
                await self._after_change(*loaded, force=True)

    async def _fire_clock(self, code: str, at_ms: int) -> None:
        """The move clock ran out: the engine's timeout move, applied once (the write is versioned)."""
        runtime = self._runtime(code)
        for _ in range(WRITE_ATTEMPTS):
            async with runtime.lock:
                room, revision = await self._load(code)
                if room["status"] != "playing" or not room["deadline"] or room["deadline"]["at_ms"] != at_ms:
                    return
                now = max(self.now_ms(), at_ms)
                seat = room["deadline"]["seat"]
                try:
                    reply = await self.engines.timeout(room["game"], room["state_json"], now)
                except Refusal as refusal:
                    log.warning("clock in %s not applied: %s", code, refusal)
                    return
                events = self._absorb(room, reply, [])
                record = MoveRecord(-1 if seat is None else seat, {"timeout": True}, room["version"], now)
                try:
                    revision = await self._commit(room, revision, events, moves=[record])
                except _Lost:
                    continue
            TIMER_FIRINGS.labels(room["game"]).inc()
            await self._announce(room, revision, events)
            return

    async def _take_over_gone(self, code: str) -> None:
        """Seats gone past the grace period: a CPU plays them until their player is back."""
        present = await self.bus.present_seats(code)
        now = self.now_ms()
        grace = self.settings.takeover_grace_ms

        async def change(room: dict[str, Any]) -> list[StoredEvent] | None:
            if room["status"] != "playing":
                return None
            events: list[StoredEvent] = []
            changed = False
            for number, seat in enumerate(room["seats"]):
                if "gone_ms" not in seat or seat.get("left"):
                    continue
                if number in present:
                    seat.pop("gone_ms")  # back before the grace ran out
                    changed = True
                elif seat["gone_ms"] + grace <= now:
                    self._hand_to_cpu(room, number, "gone", events)
                    changed = True
            return events if changed else None

        await self._mutate(code, change)


_SERVER_ONLY = frozenset({"state_json", "seed"})


def _require(subscriber: Subscriber) -> Ticket:
    if subscriber.ticket is None:
        raise Refusal("bad_request", "say hello first")
    return subscriber.ticket


def _chat_json(line: Any) -> dict[str, Any]:
    return {"number": line.number, "seat": line.seat, "name": line.name, "text": line.text, "at_ms": str(line.at_ms)}


def _legal_moves_of(view_json: str) -> Any:
    return json.loads(view_json).get("legal_moves")
