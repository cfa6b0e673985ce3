"""A room's life: created, joined, its seats and settings, the game started, a rematch, a
player removed. Connections coming and going and players leaving are lobby/connections.py;
old rooms swept away, lobby/retention.py.

Every change of a stored room is an `Edit` run through the step pipeline (lobby/steps.py)."""

from __future__ import annotations

import hashlib
import logging
import secrets
from typing import Any, Awaitable

from rulekit import Refusal, resolve_options

from . import codes, rated_rooms
from .context import LobbyContext, require
from .delivery import Delivery
from .hub import Subscriber
from .join_requests import join_token
from .metrics import ROOMS_STARTED
from .move_path import absorb
from .players import Players
from .room import BOT_KEY, BOTS_ALLOWED_KEY, SEAT_KINDS, Room, Seat, TicketEntry, clean_name, plain_json
from .shuffle import contribute, deal_seed, new_shuffle, public_chain
from .staked_tables import StakedTables
from .stakes import stake_of
from .step_kinds import Edit, Outcome
from .steps import Steps
from .store import StoredEvent
from .turn_based import ENGINE_OPTIONS_KEY, SHIFT_KEY, deadline_shift_ms, engine_options

log = logging.getLogger(__name__)
# One line per room event (opened, a game started), for a person watching the terminal.
room_log = logging.getLogger("lobby.rooms")

MAX_SEATS_SPEC = 16
MAX_TICKETS = 200


def seat_range(meta: dict[str, Any], given: int | None) -> str:
    """The detail of a `bad_seat_count`: the game's real seat counts, and what was given.
    Open human seats nobody takes are dropped at the start, so a room lists 1 up to the most."""
    counts = meta["seat_counts"]
    played = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
    if counts != list(range(counts[0], counts[-1] + 1)):
        played = ", ".join(str(c) for c in counts)
    most = min(MAX_SEATS_SPEC, meta["max_seats"])
    got = "no seat list" if given is None else f"{given} seats"
    return f"{meta['id']} is played by {played} seats: list 1 to {most} seats (got {got})"


class RoomLife:
    def __init__(
        self,
        ctx: LobbyContext,
        steps: Steps,
        delivery: Delivery,
        players: Players,
        stakes: StakedTables,
    ) -> None:
        self.ctx = ctx
        self.steps = steps
        self.delivery = delivery
        self.players = players
        self.stakes = stakes
        self.accepting_rooms = True

    # -- creating and joining ------------------------------------------------------------------
    async def create_room(
        self,
        game: str,
        options: dict[str, Any] | None,
        seats: list[dict[str, Any]],
        nickname: str,
        player_token: str = "",
        private: bool = False,
        rated: bool = False,
        bots_allowed: bool = False,
    ) -> dict[str, Any]:
        if not self.accepting_rooms:
            raise Refusal("unavailable", "this replica is draining")
        catalogue = self.ctx.engines.catalogue
        meta = catalogue.meta(game)
        resolved = resolve_options(catalogue.options_schema(game), plain_json(options or {}))
        seat_list = self.seat_list(meta, seats)
        player = await self.players.by_token(player_token) if player_token else None
        rated_rooms.check_create(rated, player, seats)
        token = codes.new_token()
        key = codes.token_hash(token)
        name = clean_name(nickname or (player.nickname if player else ""), "Player 1")
        held: list[int] = []
        first_human = next((i for i, s in enumerate(seat_list) if s.kind == "human"), None)
        for i, (spec, seat) in enumerate(zip(seats, seat_list, strict=True)):
            if seat.kind == "human" and (i == first_human or spec.get("local")):
                seat.holder = key
                # A second player on this device names themselves; else "Anna (2)".
                seat.name = (
                    name
                    if i == first_human
                    else clean_name(
                        spec.get("name") if isinstance(spec.get("name"), str) else None, f"{name} ({i + 1})"
                    )
                )
                held.append(i)
        if player is not None and await self.ctx.store.bot_of(player.id) is not None:
            for i in held:
                seat_list[i].extra[BOT_KEY] = True
        now = self.ctx.now_ms()
        room = Room(
            code="",
            game=game,
            options=resolved,
            seats=seat_list,
            host=key,
            tickets={key: TicketEntry(held, name, player.id if player else "")},
            created_ms=now,
            updated_ms=now,
            shuffle=new_shuffle(),  # committed before any seat can send its value
        )
        invite = codes.new_token() if private else ""
        if private:
            room.private, room.invite = True, codes.token_hash(invite)
        if rated and player is not None:
            room.rated = True
            if bots_allowed:
                room.extra[BOTS_ALLOWED_KEY] = True
            if first_human is not None:
                stored = await self.ctx.store.current_ratings(game, [player.id])
                room.seats[first_human].rating = rated_rooms.seat_rating(stored.get(player.id))
        for _ in range(20):
            room.code = codes.new_room_code()
            if await self.ctx.store.insert_room(room.to_json()):
                room_log.info("room %s opened: %s for %d", room.code, game, len(seat_list))
                answer = await self._ticket_answer(room, token)
                if invite:
                    answer["invite"] = invite  # the host's to share in the invitation link
                return answer
        raise Refusal("internal", "no free room code")

    async def open_table(
        self,
        game: str,
        options: dict[str, Any],
        humans: list[tuple[str, str]],
        cpus: int = 0,
        rated: bool = False,
        bots: set[str] | frozenset[str] = frozenset(),
    ) -> list[dict[str, Any]]:
        """A table quick seating or an accepted challenge made: one seat per (name, player id)
        of `humans`, each held by a ticket of its own (a seat of a player among `bots` shown as
        a bot's), then `cpus` CPU seats; the game starts at once (a staked table's stakes go into
        escrow now, all or none). `rated`: a rated room (its players accounts, no CPU seats).
        Each human's {"code", "seats", "token"}."""
        if not self.accepting_rooms:
            raise Refusal("unavailable", "this replica is draining")
        catalogue = self.ctx.engines.catalogue
        meta = catalogue.meta(game)
        resolved = resolve_options(catalogue.options_schema(game), plain_json(options))
        levels = meta["cpu_levels"]
        if cpus and not levels:
            raise Refusal("bad_seat_count", f"{game} has no computer players")
        level = (levels[1] if len(levels) > 1 else levels[0]) if levels else ""
        tokens = [codes.new_token() for _ in humans]
        seats: list[Seat] = []
        tickets: dict[str, TicketEntry] = {}
        for number, ((name, player), token) in enumerate(zip(humans, tokens, strict=True)):
            key = codes.token_hash(token)
            seat_name = clean_name(name, f"Player {number + 1}")
            seats.append(
                Seat(kind="human", holder=key, name=seat_name, extra={BOT_KEY: True} if player in bots else {})
            )
            tickets[key] = TicketEntry([number], seat_name, player)
        seats += [Seat(kind="cpu", level=level) for _ in range(cpus)]
        now = self.ctx.now_ms()
        room = Room(
            code="",
            game=game,
            options=resolved,
            seats=seats,
            host=codes.token_hash(tokens[0]),
            tickets=tickets,
            created_ms=now,
            updated_ms=now,
            shuffle=new_shuffle(),  # committed before any seat can send its value
        )
        if rated:
            room.rated = True
            stored = await self.ctx.store.current_ratings(game, [player for _, player in humans])
            for seat, (_, player) in zip(room.seats, humans, strict=False):
                seat.rating = rated_rooms.seat_rating(stored.get(player))
        for _ in range(20):
            room.code = codes.new_room_code()
            if await self.ctx.store.insert_room(room.to_json()):
                break
        else:
            raise Refusal("internal", "no free room code")
        escrows: list[str] = []

        async def change(table: Room) -> list[StoredEvent]:
            if table.status != "waiting":
                raise Refusal("already_started")
            events = await self._new_game(table, escrows)
            self._mark_absent(table, set())  # nobody is connected yet: their grace runs
            return events

        await self._with_stakes(escrows, self.steps.run(Edit(room.code, "start", change)))
        ROOMS_STARTED.labels(game).inc()
        room_log.info("room %s opened by Play now: %s started for %d", room.code, game, len(room.seats))
        return [{"code": room.code, "seats": [number], "token": token} for number, token in enumerate(tokens)]

    @staticmethod
    def seat_list(meta: dict[str, Any], seats: list[dict[str, Any]]) -> list[Seat]:
        if not isinstance(seats, list) or not 1 <= len(seats) <= min(MAX_SEATS_SPEC, meta["max_seats"]):
            raise Refusal("bad_seat_count", seat_range(meta, len(seats) if isinstance(seats, list) else None))
        out = []
        for spec in seats:
            kind = spec.get("kind") if isinstance(spec, dict) else None
            if kind not in SEAT_KINDS:
                raise Refusal("bad_request", f"seat kind must be one of {SEAT_KINDS}")
            level = spec.get("level") or ""
            if kind == "cpu":
                levels = meta["cpu_levels"]
                if not levels:  # a game without computer players by design (word agents)
                    raise Refusal("bad_request", f"{meta['id']} has no computer players")
                level = level or (levels[1] if len(levels) > 1 else levels[0])
                if level not in levels:
                    raise Refusal("bad_option", f"unknown CPU level {level!r}: {meta['id']} has {list(levels)}")
            out.append(Seat(kind=kind, level=level))
        return out

    async def join_room(
        self,
        code: str,
        nickname: str,
        spectator: bool = False,
        player_token: str = "",
        invite: str = "",
        request_id: str = "",
    ) -> dict[str, Any]:
        code = codes.normalise_code(code)
        player = await self.players.by_token(player_token) if player_token else None
        is_bot = player is not None and await self.ctx.store.bot_of(player.id) is not None
        token = join_token(code, request_id)  # lobby/join_requests.py
        key = codes.token_hash(token)

        async def change(room: Room) -> list[StoredEvent] | None:
            # Watching a private room needs the invitation too: its table is not for strangers.
            if room.private and not secrets.compare_digest(codes.token_hash(invite or ""), room.invite):
                raise Refusal("invitation_needed", "a private room: join with the host's invitation link")
            if key in room.tickets:
                return None  # this join again (its answer was lost): the ticket it got, unchanged
            if len(room.tickets) >= MAX_TICKETS:
                raise Refusal("room_full", f"the room has its {MAX_TICKETS} players and spectators")
            name = clean_name(nickname or (player.nickname if player else ""), f"Player {len(room.tickets) + 1}")
            held: list[int] = []
            if not spectator:
                rated_rooms.check_join(room, player)
                rated_rooms.check_bots(room, is_bot)
                open_seat = next((i for i, s in enumerate(room.seats) if s.kind == "human" and not s.holder), None)
                # No seat: say so, and let the joiner choose to watch (never a silent spectator).
                if room.status == "finished":
                    raise Refusal("room_finished", "the game is over: join as a spectator to watch the rematch")
                if open_seat is None or room.status != "waiting":
                    raise Refusal("room_full", "no open seat: join as a spectator to watch")
                room.seats[open_seat].holder = key
                room.seats[open_seat].name = name
                # The seat's last holder may have been a bot (and left before the start).
                room.seats[open_seat].extra.pop(BOT_KEY, None)
                if is_bot:
                    room.seats[open_seat].extra[BOT_KEY] = True
                if room.rated and player is not None:
                    stored = await self.ctx.store.current_ratings(room.game, [player.id])
                    room.seats[open_seat].rating = rated_rooms.seat_rating(stored.get(player.id))
                held.append(open_seat)
            room.tickets[key] = TicketEntry(held, name, player.id if player else "")
            return []

        joined = await self.steps.run(Edit(code, "join", change))
        assert joined is not None  # an edit is applied or raises
        return await self._ticket_answer(joined.room, token)

    async def ticket_answer(self, code: str, token: str) -> dict[str, Any]:
        """A ticket's answer, as creating a room answers, for a ticket of a room opened already."""
        room, _ = await self.ctx.load(code)
        return await self._ticket_answer(room, token)

    async def _ticket_answer(self, room: Room, token: str) -> dict[str, Any]:
        held = room.tickets[codes.token_hash(token)].seats
        return {"code": room.code, "seats": held, "token": token, "room": await self.delivery.info(room)}

    # -- host actions -----------------------------------------------------------------------------
    async def start_game(self, subscriber: Subscriber) -> None:
        ticket = require(subscriber)
        present = await self.ctx.bus.present_seats(ticket.code)
        escrows: list[str] = []

        async def change(room: Room) -> list[StoredEvent]:
            if room.host != ticket.key:
                raise Refusal("not_host")
            if room.status != "waiting":
                raise Refusal("already_started")
            active = [s for s in room.seats if s.kind == "cpu" or (s.kind == "human" and s.holder)]
            if len(active) not in self.ctx.engines.catalogue.meta(room.game)["seat_counts"]:
                counts = self.ctx.engines.catalogue.meta(room.game)["seat_counts"]
                raise Refusal("bad_seat_count", f"{len(active)} seats are filled; {room.game} is played by {counts}")
            here = {room.seats[s].holder for s in present if s < len(room.seats)}
            room.seats = active
            room.renumber_tickets()
            events = await self._new_game(room, escrows)
            self._mark_absent(room, here)
            return events

        started = await self._with_stakes(escrows, self.steps.run(Edit(ticket.code, "start", change)))
        room = started.room
        ROOMS_STARTED.labels(room.game).inc()
        room_log.info("room %s: game %d of %s started", room.code, room.game_number, room.game)

    def _mark_absent(self, room: Room, here: set[str | None]) -> None:
        """At the start of a game, seats whose holder has no connection start their grace."""
        now = self.ctx.now_ms()
        for seat in room.seats:
            if seat.holder and seat.holder not in here and not seat.left and seat.gone_ms is None:
                seat.gone_ms = now

    async def _new_game(self, room: Room, escrows: list[str]) -> list[StoredEvent]:
        """Set up the next game; at a staked table first take every stake into a new escrow
        (named in `escrows`, so the caller refunds it if this attempt does not become the game)."""
        seed = deal_seed(room)  # the next game's commitment is drawn here too
        now = self.ctx.now_ms()
        number = room.game_number + 1
        # The last game's pot first (paid already unless that failed): the room forgets its escrow now.
        await self.steps.settle(room)
        room.stake = None
        if stake_of({"options": room.options}):
            room.stake = await self.stakes.escrow(room.to_json(), number, escrows)
        meta = self.ctx.engines.catalogue.meta(room.game)
        set_up_with = engine_options(meta, room.options)
        reply = await self.ctx.engines.setup(room.game, len(room.seats), set_up_with, seed, now)
        # At a turn-based table: kept for the finished game's record (replays and the verifier
        # set the engine up again), and how far the engine's deadlines move out.
        for key, value in ((ENGINE_OPTIONS_KEY, set_up_with), (SHIFT_KEY, deadline_shift_ms(meta, room.options))):
            if value and set_up_with != room.options:
                room.extra[key] = value
            else:
                room.extra.pop(key, None)
        room.status = "playing"
        room.rating_result = None  # the last game's, shown until this one starts
        room.rematch = []
        room.views = {}  # a new game: every seat's choices are new
        room.choices = {}
        room.game_number = number
        room.seed = seed.hex()
        room.started_ms = now
        # Commit-reveal: the seed's hash, the server seed's commitment and every seat's value
        # now; the seed and the server seed when the game is over.
        started = {
            "code": "game_started",
            "game": room.game,
            "seats": len(room.seats),
            "number": room.game_number,
            "seed_sha256": hashlib.sha256(seed).hexdigest(),
            **public_chain(room),
        }
        if room.stake:
            started.update(stake=room.stake["amount"], pot=room.stake["amount"] * len(room.seats))
        return absorb(room, reply, [started])

    async def _with_stakes(self, escrows: list[str], edit: Awaitable[Outcome | None]) -> Outcome:
        """Run a room change that may open escrows; refund each one that did not become the
        room's game (a lost write race, a refusal after the escrow, a failed setup)."""
        kept = ""
        try:
            result = await edit
            assert result is not None  # an edit is applied or raises
            kept = (result.room.stake or {}).get("table", "")
            return result
        finally:
            await self.stakes.refund_unplayed(escrows, kept)

    async def contribute(self, subscriber: Subscriber, value: str, commit: str) -> None:
        """A seated browser's random value for the next game, quoting the commitment it saw."""
        ticket = require(subscriber)

        async def change(room: Room) -> list[StoredEvent]:
            contribute(room, ticket.key, value, commit.lower())
            return []

        await self.steps.run(Edit(ticket.code, "contribute", change))

    async def change_settings(
        self, subscriber: Subscriber, options: dict[str, Any] | None, seats: list[dict[str, Any]] | None
    ) -> None:
        ticket = require(subscriber)
        catalogue = self.ctx.engines.catalogue

        async def change(room: Room) -> list[StoredEvent]:
            if room.host != ticket.key:
                raise Refusal("not_host")
            if room.status != "waiting":
                raise Refusal("already_started")
            if options is not None:
                room.options = resolve_options(catalogue.options_schema(room.game), plain_json(options))
            if seats:
                new_list = self.seat_list(catalogue.meta(room.game), seats)
                for i, seat in enumerate(room.seats):
                    if seat.holder:
                        if i >= len(new_list) or new_list[i].kind != "human":
                            raise Refusal("seat_taken", f"seat {i} is taken")
                        new_list[i].holder = seat.holder
                        new_list[i].name = seat.name
                        new_list[i].rating = seat.rating
                room.seats = new_list
                rated_rooms.check_seats(room)
                room.renumber_tickets()
            return []

        await self.steps.run(Edit(ticket.code, "settings", change))

    async def rematch(self, subscriber: Subscriber) -> None:
        ticket = require(subscriber)
        present = await self.ctx.bus.present_seats(ticket.code)
        escrows: list[str] = []

        async def change(room: Room) -> list[StoredEvent]:
            if room.status != "finished":
                raise Refusal("not_started", "the game has not ended")
            seats_now = room.tickets[ticket.key].seats
            if not seats_now:
                raise Refusal("bad_token", "spectators do not vote")
            room.rematch = sorted(set(room.rematch) | set(seats_now))
            needed = {i for i, s in enumerate(room.seats) if s.kind == "human" and s.holder and not s.left}
            if not needed <= set(room.rematch):
                return []
            here = {room.seats[s].holder for s in present if s < len(room.seats)}
            # Everyone moves one seat on, so another player starts this time.
            room.seats = room.seats[1:] + room.seats[:1]
            for seat in room.seats:
                seat.gone_ms = None
            room.renumber_tickets()
            events = await self._new_game(room, escrows)
            self._mark_absent(room, here)
            return events

        await self._with_stakes(escrows, self.steps.run(Edit(ticket.code, "rematch", change)))

    async def remove_player(self, subscriber: Subscriber, seat: int) -> None:
        """The host sends the holder of `seat` out of the waiting room: the seat is open again,
        the holder's ticket no longer opens the room, and their connections are told."""
        ticket = require(subscriber)
        removed = ""

        async def change(room: Room) -> list[StoredEvent]:
            nonlocal removed
            if room.host != ticket.key:
                raise Refusal("not_host")
            if room.status != "waiting":
                raise Refusal("already_started")
            if not 0 <= seat < len(room.seats) or not room.seats[seat].holder:
                raise Refusal("bad_request", f"nobody sits at seat {seat}")
            removed = room.seats[seat].holder or ""
            if removed == ticket.key:
                raise Refusal("bad_request", "the host leaves instead")
            name = room.tickets[removed].name if removed in room.tickets else room.seats[seat].name
            for each in room.seats:
                if each.holder == removed:
                    each.holder, each.name = None, ""
            room.tickets.pop(removed, None)
            room.last_event += 1
            return [StoredEvent(room.last_event, {"code": "player_removed", "seat": seat, "name": name}, None)]

        await self.steps.run(Edit(ticket.code, "remove_player", change))
        for other in self.ctx.hub.subscribers(ticket.code):
            if other.ticket is not None and other.ticket.key == removed:
                other.send({"refused": {"code": "removed", "detail": "the host removed you", "client_move_id": ""}})
                self.ctx.hub.remove(ticket.code, other)
                other.ticket = None  # a later hello with the same token is refused (bad_token)
        await self.ctx.bus.sync_presence(ticket.code)
