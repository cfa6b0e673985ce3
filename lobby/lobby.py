"""The lobby the gateway runs: one object whose methods are what clients can do, composed of
the parts that do it.

    steps.py       THE pipeline: every change of a room (a player's move, a CPU's move, a clock's
                   timeout, an edit) read, checked, applied, written once, announced (`Steps.run`)
    step_kinds.py  the steps as small records; move_path.py: an engine's reply taken into a room
    room_life.py   create, join, seats, settings, start, rematch, a player removed
    connections.py a connection's hello and its loss, a player leaving
    clocks.py      the room's driver, an observer of the pipeline: move clocks, takeover timers,
                   CPU turns, the lease (schedule.py: when a room next needs it)
    cpu_seats.py   CPU seats played, a CPU taking over an absent player's seat and handing it back
    delivery.py    views and events to connections, catch-up, resync, chat
    retention.py   rooms untouched for the retention period deleted
    quick_seating.py   "Play now": the queue in the store, tables filled first come first seated
    replays.py     a finished game played again through its family service, frame by frame
    room.py        the room as a typed record (and how it is stored)

The bus (lobby/bus.py) calls back into this object through `BusListener`.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from typing import Any

from rulekit import Refusal, resolve_options

from . import codes
from .accounts import Accounts
from .bus import LocalBus, RedisBus
from .bus_back import catch_up_rooms
from .challenges import ChallengeDesk
from .clocks import RoomDriver
from .connections import Connections
from .context import LobbyContext, LobbySettings, require
from .cpu_seats import CpuSeats
from .delivery import Delivery
from .engines import Engines
from .hub import Subscriber
from .jsontext import loads as json_loads
from .leaderboards import Leaderboards
from .ledger import Ledger
from .player_events import PlayerEvents, TurnEvents
from .players import Players
from .push import PushDesk, PushNotices
from .push_sender import PushSender
from .quick_seating import QuickSeating
from .replays import Replays, frames, parse_seat
from .retention import Retention
from .room import Room, Ticket, plain_json
from .room_life import RoomLife
from .staked_tables import StakedTables
from .step_kinds import PlayerMove
from .steps import Steps
from .store import FinishedGame, Store, StoredEvent
from .turn_based import DAY_MS, VACATION_DAYS_A_YEAR
from .turns import turn_json
from .vacations import check_days, days_taken, vacation_edit, year_of

__all__ = ["Lobby", "LobbySettings", "Subscriber", "Ticket"]


log = logging.getLogger(__name__)


class Lobby:
    def __init__(
        self,
        store: Store,
        engines: Engines,
        settings: LobbySettings | None = None,
        bus: LocalBus | RedisBus | None = None,
    ) -> None:
        self.settings = settings or LobbySettings()
        self.ctx = LobbyContext(store, engines, self.settings, bus or LocalBus())
        self.store = store
        self.engines = engines
        self.bus = self.ctx.bus
        self.hub = self.ctx.hub
        self.ledger = Ledger(store, self.settings.clock)
        self.players = Players(store, self.ledger, self.settings.clock)
        self.accounts = Accounts(store, self.players, self.ledger, self.settings.clock)
        self.stakes = StakedTables(self.ledger, self._room_or_none, self.ctx.now_ms, self.settings.stake_sweep_ms)
        self.delivery = Delivery(self.ctx)
        self.cpu = CpuSeats(self.ctx)
        # The driver observes committed steps; the pipeline hands itself to it with each one.
        self.driver = RoomDriver(self.ctx, self.cpu)
        # Web Push: players not at the table are told of their turn and of a game's end.
        self.notices = PushNotices(store, self.settings.push, self.ctx.now_ms)
        self.push = PushDesk(store, self.players, self.settings.push, self.ctx.now_ms)
        # A player's own event stream (bots online): their turns and games' ends observed here.
        self.player_events = PlayerEvents(self.bus, shared=self.settings.player_events_bus)
        self.turn_events = TurnEvents(self.player_events)
        # Ratings read side; it observes steps to drop its copy of the start page's leaders.
        self.ratings = Leaderboards(
            store, self.players, lambda: engines.catalogue, self.ctx.now_ms, self.settings.leaderboards_cache_ms
        )
        self.steps = Steps(
            self.ctx,
            self.delivery,
            self.stakes,
            self.cpu,
            observers=(self.driver, self.notices, self.turn_events, self.ratings),
        )
        self.life = RoomLife(self.ctx, self.steps, self.delivery, self.players, self.stakes)
        self.challenges = ChallengeDesk(self.ctx, self.players, self.life, self.player_events, self.notices.queued)
        self.connections = Connections(self.ctx, self.steps, self.delivery, self.cpu)
        self.retention = Retention(self.ctx)
        self.quick = QuickSeating(self.ctx, self.life, self.players, self.ledger, events=self.player_events)
        self.replays = Replays(engines)
        self._sweeper: asyncio.Task[None] | None = None
        self._expiry: asyncio.Task[None] | None = None
        self._push_sender: asyncio.Task[None] | None = None
        self._challenge_sweep: asyncio.Task[None] | None = None

    @property
    def accepting_rooms(self) -> bool:
        return self.life.accepting_rooms

    @accepting_rooms.setter
    def accepting_rooms(self, value: bool) -> None:
        self.life.accepting_rooms = value

    # -- life cycle ------------------------------------------------------------------------
    async def start(self) -> None:
        await self.store.open()
        await self.engines.load_catalogue()
        await self.bus.start(self)
        for code in await self.store.rooms_in_play():
            try:
                room, revision = await self.ctx.load(code)
            except Refusal:
                continue
            # Nobody is connected to a process that just started: absent seats start their grace.
            absent = {i for i, s in enumerate(room.seats) if s.holder and s.gone_ms is None and not s.left}
            if absent:
                await self.connections.seats_gone(code, absent, announce_presence=False)
            else:
                await self.steps.observe(room, revision, force=True)
        loop = asyncio.get_running_loop()
        self._sweeper = loop.create_task(self.stakes.sweep_forever())
        self._expiry = loop.create_task(self.retention.expire_forever())
        self._challenge_sweep = loop.create_task(self.challenges.sweep_forever())
        if self.settings.push.enabled:
            sender = PushSender(self.store, self.settings.push, self.ctx.now_ms, self.notices.queued)
            self._push_sender = loop.create_task(sender.run_forever())

    async def close(self) -> None:
        for task in (self._sweeper, self._expiry, self._push_sender, self._challenge_sweep):
            if task:
                task.cancel()
        self.driver.stop()
        # Connections closed by the shutdown are still being recorded: let that finish first.
        if self.ctx.tasks:
            await asyncio.wait(list(self.ctx.tasks), timeout=3)
        for task in list(self.ctx.tasks):
            task.cancel()
        await self.player_events.flush()
        await self.bus.close()
        self.ctx.engines.close()
        await self.store.close()

    def now_ms(self) -> int:
        return self.ctx.now_ms()

    async def _room_or_none(self, code: str) -> dict[str, Any] | None:
        """For the stake sweep: the room as stored (staked_tables.py reads the stored form)."""
        try:
            return (await self.ctx.load(code))[0].to_json()
        except Refusal:
            return None

    # -- what anyone may look at -----------------------------------------------------------------
    def list_games(self) -> list[dict[str, Any]]:
        metas = self.engines.catalogue.metas
        return [{"id": g, "family": metas[g]["family"], "meta": metas[g]} for g in sorted(metas)]

    async def game_of(self, code: str) -> str | None:
        """The game a room plays (None: no such room), read without building the room: a room's
        page preloads that game's web module."""
        code = codes.normalise_code(code)
        loaded = await self.ctx.store.load_room(code) if codes.is_code(code) else None
        return str(loaded[0].get("game", "")) or None if loaded else None

    async def get_room(self, code: str) -> dict[str, Any]:
        """The room as anyone with its code may look it up. A private room's players stay
        unnamed there: the code alone lets nobody see who sits at the table."""
        room, _ = await self.ctx.load(code)
        info = await self.delivery.info(room)
        if room.private:
            info["private"] = True
            for seat in info["seats"]:
                seat["name"] = ""
        return info

    async def _finished(self, code: str, number: int) -> FinishedGame:
        # From the store alone: a finished game outlives its room (the retention sweep).
        code = codes.normalise_code(code)
        game = await self.store.finished_game(code, number) if codes.is_code(code) else None
        if game is None:
            await self.ctx.load(code)  # unknown_room when there never was one
            raise Refusal("not_started", f"game {number} of {code} has not finished")
        return game

    async def _finished_for(self, code: str, number: int, invite: str, player_token: str) -> FinishedGame:
        """The finished game, if the asker may open it: anyone a public room's; a private
        room's only with the room's invitation or the token of a player who sat in it.
        Refused with `invitation_needed` otherwise, and nothing of the game said."""
        game = await self._finished(code, number)
        if game.private and not await self._may_open(game, invite, player_token):
            raise Refusal("invitation_needed", "a private room's game: open it with its invitation or as its player")
        return game

    async def _may_open(self, game: FinishedGame, invite: str, player_token: str) -> bool:
        if invite and secrets.compare_digest(codes.token_hash(invite), game.invite_hash):
            return True
        if not player_token:
            return False
        try:
            player = await self.players.by_token(player_token)
        except Refusal:
            return False
        return player.id in game.players

    async def finished_game(self, code: str, number: int, invite: str = "", player_token: str = "") -> dict[str, Any]:
        """A finished game for replay: setup from the (now revealed) seed, then every move.
        A private room's needs its invitation or a player's token (`_finished_for`)."""
        game = await self._finished_for(code, number, invite, player_token)
        return {
            "code": game.code,
            "number": game.number,
            "game": game.game,
            "options": game.options,
            "seed": game.seed,
            # What the game announced at its start: the check `python -m verifier` makes.
            "seed_sha256": hashlib.sha256(bytes.fromhex(game.seed)).hexdigest(),
            # The seed's chain: the server seed opens the commitment, mixed with each seat's value.
            **game.fairness,
            "names": game.names,
            "result": game.result,
            "started_ms": str(game.started_ms),
            "finished_ms": str(game.finished_ms),
            "moves": [
                {"seat": m.seat, "move": m.move, "version": m.version, "at_ms": str(m.at_ms)} for m in game.moves
            ],
            # The web client downloads a private game's record itself: a plain link carries no invitation.
            **({"private": True} if game.private else {}),
        }

    async def replay(
        self, code: str, number: int, seat: str = "all", invite: str = "", player_token: str = ""
    ) -> dict[str, Any]:
        """A finished game step by step, as `seat` saw it, or with everything revealed
        (`all`): played again through the family service, never before the game is over.
        A private room's needs its invitation or a player's token (`_finished_for`)."""
        game = await self._finished_for(code, number, invite, player_token)
        chosen = parse_seat(seat, len(game.names))
        return frames(await self.replays.played(game), chosen)

    def resolve_options(self, game: str, options: dict[str, Any]) -> dict[str, Any]:
        """Host settings checked against the game's schema (bad_option, unknown_game)."""
        return resolve_options(self.engines.catalogue.options_schema(game), plain_json(options))

    # -- a player's tables: whose turn, vacations -------------------------------------------------
    async def turns(self, player_token: str) -> list[dict[str, Any]]:
        """Where it is the player's turn (turn-based and live tables), the longest waiting
        first, with the time left (lobby/turns.py)."""
        player = await self.players.by_token(player_token)
        now = self.ctx.now_ms()
        return [turn_json(row, now) for row in await self.store.turns_of(player.id)]

    async def start_vacation(self, player_token: str, days: Any) -> dict[str, Any]:
        """From now, `days` days in which the player's clocks hold at every turn-based table
        they sit at (lobby/vacations.py); refused past the year's days."""
        player = await self.players.by_token(player_token)
        now = self.ctx.now_ms()
        year = year_of(now)
        taken = days_taken(await self.store.vacations_of(player.id, year))
        until = now + check_days(days, taken) * DAY_MS
        await self.store.add_vacation(player.id, year, now, until)
        for code in await self.store.tables_of(player.id):
            try:
                await self.steps.run(vacation_edit(code, player.id, now, until))
            except Refusal:
                log.warning("vacation not written at room %s", code, exc_info=True)
        return {"from_ms": now, "until_ms": until, "days_left": VACATION_DAYS_A_YEAR - taken - days}

    async def vacation(self, player_token: str) -> dict[str, Any]:
        """The player's vacation now (if any) and the days left this year."""
        player = await self.players.by_token(player_token)
        now = self.ctx.now_ms()
        taken = await self.store.vacations_of(player.id, year_of(now))
        current = next(((s, u) for s, u in taken if s <= now < u), None)
        return {
            "until_ms": current[1] if current else None,
            "days_left": VACATION_DAYS_A_YEAR - days_taken(taken),
        }

    # -- what a client does -----------------------------------------------------------------------
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
        return await self.life.create_room(game, options, seats, nickname, player_token, private, rated, bots_allowed)

    async def join_room(
        self,
        code: str,
        nickname: str,
        spectator: bool = False,
        player_token: str = "",
        invite: str = "",
        request_id: str = "",
    ) -> dict[str, Any]:
        return await self.life.join_room(code, nickname, spectator, player_token, invite, request_id)

    # -- quick seating ("Play now") ---------------------------------------------------------------
    async def quick_seat(
        self,
        player_token: str,
        game: str,
        seats: int,
        stake: int,
        nickname: str = "",
        cpu_after_s: int = 60,
        language: str = "",
    ) -> dict[str, Any]:
        return await self.quick.ask(player_token, game, seats, stake, nickname, cpu_after_s, language)

    async def quick_seat_look(self, entry_id: str, secret: str, cpu_after_s: int = 60) -> dict[str, Any]:
        return await self.quick.look(entry_id, secret, cpu_after_s)

    async def quick_seat_with_cpus(self, entry_id: str, secret: str) -> dict[str, Any]:
        return await self.quick.play_with_cpus(entry_id, secret)

    async def quick_seat_cancel(self, entry_id: str, secret: str) -> bool:
        return await self.quick.cancel(entry_id, secret)

    async def ticket(self, code: str, token: str) -> Ticket:
        return await self.connections.ticket(code, token)

    async def connect(self, subscriber: Subscriber, code: str, token: str, last_event: int) -> None:
        await self.connections.connect(subscriber, code, token, last_event)
        ticket = subscriber.ticket
        if ticket is not None and ticket.player and self.settings.push.enabled:
            await self.notices.looked(ticket.player, (await self.ctx.load(ticket.code))[0])

    def disconnect(self, subscriber: Subscriber) -> None:
        self.connections.disconnect(subscriber)

    async def start_game(self, subscriber: Subscriber) -> None:
        await self.life.start_game(subscriber)

    async def contribute(self, subscriber: Subscriber, value: str, commit: str) -> None:
        await self.life.contribute(subscriber, value, commit)

    async def change_settings(
        self, subscriber: Subscriber, options: dict[str, Any] | None, seats: list[dict[str, Any]] | None
    ) -> None:
        await self.life.change_settings(subscriber, options, seats)

    async def rematch(self, subscriber: Subscriber) -> None:
        await self.life.rematch(subscriber)

    async def leave(self, subscriber: Subscriber) -> None:
        await self.connections.leave(subscriber)

    async def remove_player(self, subscriber: Subscriber, seat: int) -> None:
        await self.life.remove_player(subscriber, seat)

    async def move(self, subscriber: Subscriber, seat: int, move: Any, client_move_id: str, version: int) -> None:
        """A seat's move; the answer (an update naming the move id, or a refusal) goes to
        `subscriber` (`Steps.run`)."""
        await self.steps.run(PlayerMove(subscriber, require(subscriber), seat, move, client_move_id, version))

    async def resume(self, subscriber: Subscriber) -> None:
        await self.steps.run(self.cpu.resume(require(subscriber)))

    async def resync(self, subscriber: Subscriber) -> None:
        await self.delivery.resync(subscriber)

    async def chat(self, subscriber: Subscriber, text: str, channel: str = "") -> None:
        await self.delivery.chat(subscriber, text, channel)

    # -- what the bus calls back (BusListener) ------------------------------------------------------
    async def on_remote_change(self, code: str, payload: dict[str, Any]) -> None:
        """Another replica wrote this room (or saw its presence change, or a chat line)."""
        if payload["kind"] == "room":
            self.ctx.latest.forget(code)  # what this process wrote last is not the room any more
        if payload["kind"] == "chat":
            await self.delivery.deliver_chat(code, payload["line"])
            return
        room = Room.from_json(payload["room"])
        revision = payload["revision"]
        events = [StoredEvent(n, e, v) for n, e, v in payload["events"]]
        # The writer read who is present as it published (`RedisBus.announce`); our own
        # connections are added to that. A writer that does not send it: the bus is asked.
        carried = payload.get("present")
        present = None if carried is None else set(carried) | self.bus.hub.present_seats(code)
        await self.delivery.deliver(room, revision, events, presence=payload["presence"], present=present)
        if not payload["presence"] and self.bus.holds(code):
            await self.steps.observe(room, revision)

    def on_player_event(self, player_id: str, body: str) -> None:
        """Another replica published an event of this player: to our streams of them."""
        if self.player_events.has_stream(player_id):
            self.player_events.deliver(player_id, json_loads(body))

    async def on_seats_gone(self, code: str, seats: set[int]) -> None:
        """These seats' presence lapsed (their replica died or stalled)."""
        try:
            await self.connections.seats_gone(code, seats)
        except Refusal:
            return

    async def on_orphan(self, code: str) -> None:
        await self.driver.on_orphan(code, self.steps)

    async def on_bus_back(self, unannounced: set[str], held: set[str]) -> None:
        """Redis is back after it was away: lobby/bus_back.py."""
        await catch_up_rooms(self.ctx, self.steps, unannounced | held)

    def on_lost(self, code: str) -> None:
        self.driver.on_lost(code)

    def idle(self, code: str) -> bool:
        return self.ctx.idle(code)
