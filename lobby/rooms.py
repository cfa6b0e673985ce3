"""Rooms and the move path.

Order of checks on a move (as boardgame.io's master): credentials, active player, allowed move
(the engine), state version; then the durable write, and only then the answer and the fan-out.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from rulekit import Refusal, resolve_options
from rulekit.playout import instantiate

from . import codes
from .engines import Engines
from .hub import Hub, Subscriber
from .metrics import MOVE_SECONDS, MOVES, ROOMS_STARTED, TIMER_FIRINGS
from .store import Store, StoredEvent

log = logging.getLogger(__name__)

SEAT_KINDS = ("human", "cpu", "empty")
MAX_SEATS_SPEC = 16
MAX_NICKNAME = 24
MAX_CHAT = 500
MAX_TICKETS = 200
MAX_MOVE_ID = 64
CATCH_UP_EVENTS = 500
HIDDEN_EVENT = {"code": "hidden"}


@dataclass
class Ticket:
    """A connection's credentials inside one room: the seats it holds (none: a spectator)."""

    code: str
    key: str  # the token's hash
    seats: list[int]
    name: str


@dataclass
class LobbySettings:
    cpu_delay_ms: int = 700  # CPU moves are paced so people can follow them
    ai_budget_ms: int = 1000
    clock: Callable[[], float] = time.time


@dataclass
class _RoomRuntime:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    cpu_task: asyncio.Task[None] | None = None
    timer: asyncio.TimerHandle | None = None
    timer_at: int = 0


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
    def __init__(self, store: Store, engines: Engines, settings: LobbySettings | None = None, hub: Hub | None = None) -> None:
        self.store = store
        self.engines = engines
        self.settings = settings or LobbySettings()
        self.hub = hub or Hub()
        self._rooms: dict[str, _RoomRuntime] = {}
        self.accepting_rooms = True

    # -- life cycle ------------------------------------------------------------------------
    async def start(self) -> None:
        await self.store.open()
        await self.engines.load_catalogue()
        for code in await self.store.rooms_in_play():
            loaded = await self.store.load_room(code)
            if loaded:
                self._after_change(loaded[0])

    async def close(self) -> None:
        for runtime in self._rooms.values():
            if runtime.cpu_task:
                runtime.cpu_task.cancel()
            if runtime.timer:
                runtime.timer.cancel()
        await self.store.close()

    def now_ms(self) -> int:
        return int(self.settings.clock() * 1000)

    def _runtime(self, code: str) -> _RoomRuntime:
        return self._rooms.setdefault(code, _RoomRuntime())

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

    def room_info(self, room: dict[str, Any]) -> dict[str, Any]:
        present = self.hub.present_seats(room["code"])
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
        }

    async def get_room(self, code: str) -> dict[str, Any]:
        room, _ = await self._load(code)
        return self.room_info(room)

    def _ticket_answer(self, room: dict[str, Any], token: str) -> dict[str, Any]:
        held = room["tickets"][codes.token_hash(token)]["seats"]
        return {"code": room["code"], "seats": held, "token": token, "room": self.room_info(room)}

    # -- creating and joining ------------------------------------------------------------------
    async def create_room(
        self, game: str, options: dict[str, Any] | None, seats: list[dict[str, Any]], nickname: str
    ) -> dict[str, Any]:
        if not self.accepting_rooms:
            raise Refusal("unavailable", "this replica is draining")
        meta = self.engines.catalogue.meta(game)
        resolved = resolve_options(self.engines.catalogue.options_schema(game), plain_json(options or {}))
        seat_list = self._seat_list(meta, seats)
        token = codes.new_token()
        key = codes.token_hash(token)
        name = clean_name(nickname, "Player 1")
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
            "tickets": {key: {"seats": held, "name": name}},
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
            "created_ms": now,
            "updated_ms": now,
        }
        for _ in range(20):
            room["code"] = codes.new_room_code()
            if await self.store.insert_room(room):
                return self._ticket_answer(room, token)
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

    async def join_room(self, code: str, nickname: str, spectator: bool = False) -> dict[str, Any]:
        code = codes.normalise_code(code)
        runtime = self._runtime(code)
        async with runtime.lock:
            room, revision = await self._load(code)
            if len(room["tickets"]) >= MAX_TICKETS:
                raise Refusal("room_full")
            token = codes.new_token()
            key = codes.token_hash(token)
            name = clean_name(nickname, f"Player {len(room['tickets']) + 1}")
            held: list[int] = []
            if not spectator and room["status"] == "waiting":
                open_seat = next((i for i, s in enumerate(room["seats"]) if s["kind"] == "human" and not s["holder"]), None)
                if open_seat is not None:
                    room["seats"][open_seat].update(holder=key, name=name)
                    held.append(open_seat)
            room["tickets"][key] = {"seats": held, "name": name}
            await self._save(room, revision)
        self._publish(room, [])
        return self._ticket_answer(room, token)

    async def ticket(self, code: str, token: str) -> Ticket:
        room, _ = await self._load(code)
        entry = room["tickets"].get(codes.token_hash(token or ""))
        if entry is None:
            raise Refusal("bad_token")
        return Ticket(room["code"], codes.token_hash(token), list(entry["seats"]), entry["name"])

    # -- connections ----------------------------------------------------------------------------
    async def connect(self, subscriber: Subscriber, code: str, token: str, last_event: int) -> None:
        """Hello: register the connection, hand a left seat back, send welcome and catch-up."""
        ticket = await self.ticket(code, token)
        subscriber.ticket = ticket
        runtime = self._runtime(ticket.code)
        async with runtime.lock:
            room, revision = await self._load(ticket.code)
            returned = [s for s in ticket.seats if room["seats"][s].get("left")]
            if returned:
                for seat in returned:
                    room["seats"][seat]["left"] = False
                await self._save(room, revision)
        self.hub.add(ticket.code, subscriber)
        subscriber.send({"welcome": {"room": self.room_info(room), "seats": ticket.seats}})
        await self._catch_up(subscriber, room, last_event)
        for line in await self.store.chat_since(ticket.code, 0, 50):
            subscriber.send({"chat": _chat_json(line)})
        self._publish(room, [], skip=subscriber)

    def disconnect(self, subscriber: Subscriber) -> None:
        ticket = subscriber.ticket
        if ticket is None:
            return
        self.hub.remove(ticket.code, subscriber)
        asyncio.get_running_loop().create_task(self._publish_presence(ticket.code))

    async def _publish_presence(self, code: str) -> None:
        try:
            room, _ = await self._load(code)
        except Refusal:
            return
        self._publish(room, [])

    async def resync(self, subscriber: Subscriber) -> None:
        ticket = _require(subscriber)
        room, _ = await self._load(ticket.code)
        await self._catch_up(subscriber, room, max(0, room["last_event"] - CATCH_UP_EVENTS))

    async def _catch_up(self, subscriber: Subscriber, room: dict[str, Any], last_event: int) -> None:
        after = max(last_event, room["last_event"] - CATCH_UP_EVENTS, 0)
        events = await self.store.events_since(room["code"], after) if after < room["last_event"] else []
        subscriber.send(self._update(room, subscriber, events))

    # -- the fan-out ------------------------------------------------------------------------------
    def _update(
        self, room: dict[str, Any], subscriber: Subscriber, events: list[StoredEvent], client_move_id: str = ""
    ) -> dict[str, Any]:
        ticket = _require(subscriber)
        seats = ticket.seats
        views = []
        if room["state_json"]:
            if seats:
                views = [{"seat": s, "view": json.loads(room["views"][str(s)])} for s in seats]
            else:
                views = [{"seat": -1, "view": json.loads(room["spectator_view"])}]
        items = [
            {"number": e.number, "event": e.event if e.visible_to is None or set(seats) & set(e.visible_to) else HIDDEN_EVENT}
            for e in events
        ]
        deadline = room["deadline"] or {}
        return {
            "update": {
                "room": self.room_info(room),
                "views": views,
                "events": items,
                "client_move_id": client_move_id,
                "deadline_ms": str(deadline.get("at_ms", 0)),
                "deadline_seat": deadline.get("seat") if deadline.get("seat") is not None else -1,
            }
        }

    def _publish(
        self,
        room: dict[str, Any],
        events: list[StoredEvent],
        ack: tuple[Subscriber, str] | None = None,
        skip: Subscriber | None = None,
    ) -> None:
        for subscriber in self.hub.subscribers(room["code"]):
            if subscriber is skip or subscriber.ticket is None:
                continue
            # Seats are renumbered at start: every connection learns its seats from the room.
            entry = room["tickets"].get(subscriber.ticket.key)
            if entry is None:
                continue
            if entry["seats"] != subscriber.ticket.seats:
                subscriber.ticket.seats = list(entry["seats"])
                subscriber.send({"welcome": {"room": self.room_info(room), "seats": subscriber.ticket.seats}})
            move_id = ack[1] if ack and ack[0] is subscriber else ""
            subscriber.send(self._update(room, subscriber, events, move_id))

    async def _save(self, room: dict[str, Any], revision: int, events: list[StoredEvent] = (), answer=None) -> None:  # type: ignore[assignment]
        room["updated_ms"] = self.now_ms()
        if not await self.store.save_room(room, revision, list(events), answer):
            raise Refusal("stale_version", "the room changed meanwhile")

    # -- host actions -----------------------------------------------------------------------------
    async def start_game(self, subscriber: Subscriber) -> None:
        ticket = _require(subscriber)
        runtime = self._runtime(ticket.code)
        async with runtime.lock:
            room, revision = await self._load(ticket.code)
            if room["host"] != ticket.key:
                raise Refusal("not_host")
            if room["status"] != "waiting":
                raise Refusal("already_started")
            active = [s for s in room["seats"] if s["kind"] == "cpu" or (s["kind"] == "human" and s["holder"])]
            if len(active) not in self.engines.catalogue.meta(room["game"])["seat_counts"]:
                raise Refusal("bad_seat_count", f"{len(active)} seats")
            room["seats"] = active
            self._renumber_tickets(room)
            events = await self._new_game(room)
            await self._save(room, revision, events)
            ROOMS_STARTED.labels(room["game"]).inc()
        self._publish(room, events)
        self._after_change(room)

    @staticmethod
    def _renumber_tickets(room: dict[str, Any]) -> None:
        for key, entry in room["tickets"].items():
            entry["seats"] = [i for i, s in enumerate(room["seats"]) if s["holder"] == key]

    async def _new_game(self, room: dict[str, Any]) -> list[StoredEvent]:
        reply = await self.engines.setup(room["game"], len(room["seats"]), room["options"], secrets.token_bytes(32), self.now_ms())
        room["status"] = "playing"
        room["rematch"] = []
        return self._absorb(room, reply, [{"code": "game_started", "game": room["game"], "seats": len(room["seats"])}])

    def _absorb(self, room: dict[str, Any], reply: Any, lobby_events: list[dict[str, Any]]) -> list[StoredEvent]:
        """Take a family service's step reply into the room; number the events."""
        room["state_json"] = reply.state_json
        room["views"] = {str(v.seat): v.view_json for v in reply.views}
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
            stored.append(StoredEvent(room["last_event"], {"code": "game_over", "result": room["result"]}, None))
        return stored

    async def change_settings(self, subscriber: Subscriber, options: dict[str, Any] | None, seats: list[dict[str, Any]] | None) -> None:
        ticket = _require(subscriber)
        runtime = self._runtime(ticket.code)
        async with runtime.lock:
            room, revision = await self._load(ticket.code)
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
            await self._save(room, revision)
        self._publish(room, [])

    async def rematch(self, subscriber: Subscriber) -> None:
        ticket = _require(subscriber)
        runtime = self._runtime(ticket.code)
        events: list[StoredEvent] = []
        async with runtime.lock:
            room, revision = await self._load(ticket.code)
            if room["status"] != "finished":
                raise Refusal("not_started", "the game has not ended")
            if not ticket.seats:
                raise Refusal("bad_token", "spectators do not vote")
            room["rematch"] = sorted(set(room["rematch"]) | set(ticket.seats))
            needed = {i for i, s in enumerate(room["seats"]) if s["kind"] == "human" and s["holder"] and not s.get("left")}
            if needed <= set(room["rematch"]):
                # Everyone moves one seat on, so another player starts this time.
                room["seats"] = room["seats"][1:] + room["seats"][:1]
                self._renumber_tickets(room)
                events = await self._new_game(room)
            await self._save(room, revision, events)
        self._publish(room, events)
        self._after_change(room)

    async def leave(self, subscriber: Subscriber) -> None:
        ticket = _require(subscriber)
        runtime = self._runtime(ticket.code)
        events: list[StoredEvent] = []
        async with runtime.lock:
            room, revision = await self._load(ticket.code)
            if room["status"] == "waiting":
                for seat in room["seats"]:
                    if seat["holder"] == ticket.key:
                        seat.update(holder=None, name="")
                room["tickets"].pop(ticket.key, None)
                if room["host"] == ticket.key:
                    room["host"] = next(iter(room["tickets"]), "")
            else:
                # The seat stays theirs: a CPU plays it until they come back with the token.
                for seat_number in ticket.seats:
                    room["seats"][seat_number]["left"] = True
                    room["seats"][seat_number]["level"] = room["seats"][seat_number]["level"] or self._takeover_level(room)
                    room["last_event"] += 1
                    events.append(StoredEvent(room["last_event"], {"code": "cpu_took_over", "seat": seat_number}, None))
            await self._save(room, revision, events)
        self.hub.remove(ticket.code, subscriber)
        self._publish(room, events)
        self._after_change(room)

    def _takeover_level(self, room: dict[str, Any]) -> str:
        levels = self.engines.catalogue.meta(room["game"])["cpu_levels"]
        return levels[1] if len(levels) > 1 else levels[0]

    # -- chat -------------------------------------------------------------------------------------
    async def chat(self, subscriber: Subscriber, text: str) -> None:
        ticket = _require(subscriber)
        text = " ".join(str(text).split())
        if not text or len(text) > MAX_CHAT:
            raise Refusal("bad_request", f"chat text must be 1..{MAX_CHAT} characters")
        line = await self.store.add_chat(ticket.code, ticket.seats[0] if ticket.seats else -1, ticket.name, text, self.now_ms())
        message = {"chat": _chat_json(line)}
        for other in self.hub.subscribers(ticket.code):
            other.send(message)

    # -- moves ------------------------------------------------------------------------------------
    async def move(self, subscriber: Subscriber, seat: int, move: Any, client_move_id: str, version: int) -> None:
        """A seat's move. The answer (update with the move id, or refused) goes to `subscriber`."""
        ticket = _require(subscriber)
        if not client_move_id or len(client_move_id) > MAX_MOVE_ID:
            raise Refusal("bad_request", f"client_move_id must be 1..{MAX_MOVE_ID} characters")
        key = f"{ticket.key}:{client_move_id}"
        runtime = self._runtime(ticket.code)
        started = time.perf_counter()
        async with runtime.lock:
            prior = await self.store.move_answer(ticket.code, key)
            if prior is not None:
                await self._repeat_answer(subscriber, prior, client_move_id)
                return
            room, revision = await self._load(ticket.code)
            try:
                if seat not in ticket.seats:
                    raise Refusal("bad_token", f"this ticket does not hold seat {seat}")
                if room["status"] != "playing":
                    raise Refusal("game_over" if room["status"] == "finished" else "not_started")
                if seat not in room["to_move"]:
                    raise Refusal("not_your_turn")
                if not isinstance(move, dict):
                    raise Refusal("malformed_move", "a move is an object")
                stage = time.perf_counter()
                reply = await self.engines.apply(room["game"], room["state_json"], seat, plain_json(move), self.now_ms())
                MOVE_SECONDS.labels(room["game"], "family").observe(time.perf_counter() - stage)
                if version != room["version"]:
                    raise Refusal("stale_version", f"the game is at version {room['version']}")
            except Refusal as refusal:
                answer = {"refused": {"code": refusal.code, "detail": refusal.detail}}
                stored = await self.store.put_move_answer(ticket.code, key, answer)
                await self._repeat_answer(subscriber, stored, client_move_id)
                return
            events = self._absorb(room, reply, [])
            stage = time.perf_counter()
            await self._save(room, revision, events, (key, {"accepted": True, "version": room["version"]}))
            MOVE_SECONDS.labels(room["game"], "store").observe(time.perf_counter() - stage)
        MOVES.labels(room["game"]).inc()
        self._publish(room, events, ack=(subscriber, client_move_id))
        MOVE_SECONDS.labels(room["game"], "total").observe(time.perf_counter() - started)
        self._after_change(room)

    async def _repeat_answer(self, subscriber: Subscriber, answer: dict[str, Any], client_move_id: str) -> None:
        if "refused" in answer:
            subscriber.send({"refused": {**answer["refused"], "client_move_id": client_move_id}})
            return
        room, _ = await self._load(_require(subscriber).code)
        subscriber.send(self._update(room, subscriber, [], client_move_id))

    async def _apply_as_lobby(self, code: str, seat: int, move: dict[str, Any], version: int) -> bool:
        """A CPU seat's move; False if the game moved on meanwhile or the move was refused."""
        runtime = self._runtime(code)
        async with runtime.lock:
            room, revision = await self._load(code)
            if room["status"] != "playing" or room["version"] != version or seat not in room["to_move"]:
                return False
            reply = await self.engines.apply(room["game"], room["state_json"], seat, move, self.now_ms())
            events = self._absorb(room, reply, [])
            await self._save(room, revision, events)
        MOVES.labels(room["game"]).inc()
        self._publish(room, events)
        self._after_change(room)
        return True

    # -- CPU seats and clocks -----------------------------------------------------------------------
    def _after_change(self, room: dict[str, Any]) -> None:
        runtime = self._runtime(room["code"])
        idle = runtime.cpu_task is None or runtime.cpu_task.done()
        if room["status"] == "playing" and self._cpu_seats_to_move(room) and idle:
            runtime.cpu_task = asyncio.get_running_loop().create_task(self._drive_cpu(room["code"]))
        self._arm_clock(room)

    @staticmethod
    def _cpu_seats_to_move(room: dict[str, Any]) -> list[int]:
        return [s for s in room["to_move"] if room["seats"][s]["kind"] == "cpu" or room["seats"][s].get("left")]

    async def _drive_cpu(self, code: str) -> None:
        failures = 0
        while failures < 5:
            room, _ = await self._load(code)
            seats = self._cpu_seats_to_move(room) if room["status"] == "playing" else []
            if not seats:
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

    def _arm_clock(self, room: dict[str, Any]) -> None:
        runtime = self._runtime(room["code"])
        deadline = room["deadline"] if room["status"] == "playing" else None
        if runtime.timer and (deadline is None or deadline["at_ms"] != runtime.timer_at):
            runtime.timer.cancel()
            runtime.timer = None
        if deadline is None or runtime.timer is not None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, (deadline["at_ms"] - self.now_ms()) / 1000)
        runtime.timer_at = deadline["at_ms"]
        runtime.timer = loop.call_later(delay, lambda: loop.create_task(self._fire_clock(room["code"], deadline["at_ms"])))

    async def _fire_clock(self, code: str, at_ms: int) -> None:
        runtime = self._runtime(code)
        runtime.timer = None
        async with runtime.lock:
            room, revision = await self._load(code)
            if room["status"] != "playing" or not room["deadline"] or room["deadline"]["at_ms"] != at_ms:
                return
            try:
                reply = await self.engines.timeout(room["game"], room["state_json"], max(self.now_ms(), at_ms))
            except Refusal as refusal:
                log.warning("clock in %s not applied: %s", code, refusal)
                return
            events = self._absorb(room, reply, [])
            await self._save(room, revision, events)
        TIMER_FIRINGS.labels(room["game"]).inc()
        self._publish(room, events)
        self._after_change(room)


def _require(subscriber: Subscriber) -> Ticket:
    if subscriber.ticket is None:
        raise Refusal("bad_request", "say hello first")
    return subscriber.ticket


def _chat_json(line: Any) -> dict[str, Any]:
    return {"number": line.number, "seat": line.seat, "name": line.name, "text": line.text, "at_ms": str(line.at_ms)}
