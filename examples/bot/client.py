"""The bot's connection to the play API: one gRPC channel, one `Connect` stream at a time,
reconnecting with its token (and the number of the last event it has) until the game is over."""

from __future__ import annotations

import asyncio
import itertools
import logging
import random
import secrets
from dataclasses import dataclass
from typing import Any, AsyncIterator

import grpc
from gameroom import play_pb2, play_pb2_grpc
from google.protobuf import json_format

from .moves import choose_move, move_key, plain

log = logging.getLogger("bot")

# A stream that ends with one of these is worth another try with the same token.
RETRYABLE = frozenset(
    {
        grpc.StatusCode.UNAVAILABLE,
        grpc.StatusCode.INTERNAL,
        grpc.StatusCode.UNKNOWN,
        grpc.StatusCode.CANCELLED,
        grpc.StatusCode.DEADLINE_EXCEEDED,
        grpc.StatusCode.RESOURCE_EXHAUSTED,
    }
)
# Refusals of the hello: this ticket cannot play in this room, so trying again is pointless.
FATAL = frozenset({"bad_token", "unknown_room"})
PING_EVERY_S = 20.0
SILENCE_S = 60.0  # nothing heard this long, pongs included: the connection is dead
MAX_RECONNECTS = 12  # in a row without hearing anything from the server
CALL_TIMEOUT_S = 15.0


class BotError(Exception):
    """The bot cannot go on: unknown room, no seat to play, refused ticket, server gone."""


def refusal_code(error: grpc.aio.AioRpcError) -> str:
    """The stable refusal code of a failed call: trailing metadata `gameroom-refusal`, else
    the first word of the status details (`unknown_room: K7QM2`)."""
    for key, value in error.trailing_metadata() or ():
        if key == "gameroom-refusal":
            return str(value)
    return (error.details() or "").split(":", 1)[0]


@dataclass
class Outcome:
    """How the game ended, as the bot saw it."""

    code: str
    game: str
    seats: list[int]  # the bot's seats
    names: list[str]  # every seat's name
    placings: list[int]  # 1 is first; ties share a placing
    scores: list[Any]

    def summary(self) -> str:
        if len(self.placings) != len(self.names):
            return f"game over in room {self.code} ({self.game}), without a result in the view"
        order = sorted(range(len(self.placings)), key=lambda s: self.placings[s])
        ranking = ", ".join(
            f"{self.placings[s]}. {self.names[s]} (seat {s}"
            + (f", score {self.scores[s]}" if s < len(self.scores) and self.scores[s] is not None else "")
            + ")"
            for s in order
        )
        mine = "; ".join(f"seat {s} placed {self.placings[s]} of {len(self.placings)}" for s in self.seats)
        return f"game over in room {self.code} ({self.game}): {ranking}; the bot's {mine}"


@dataclass
class _Pending:
    seat: int
    version: int
    move: dict[str, Any]


class Bot:
    """Plays one room's game. Use as `async with Bot(...) as bot`, then `create` or `join`
    (or `resume`), then `await bot.play()`."""

    def __init__(
        self,
        server: str,
        name: str = "Robo",
        level: str = "random",
        delay_s: float = 0.5,
        seed: int | None = None,
    ) -> None:
        self.server = server
        self.name = name
        self.level = level
        self.delay_s = delay_s
        self.rnd = random.Random(seed)
        self.code = ""
        self.token = ""
        self.seats: list[int] = []
        self.room: play_pb2.RoomInfo | None = None
        self.views: dict[int, dict[str, Any]] = {}
        self.last_event = 0  # the newest event received: a reconnect asks for the ones after it
        self.auto_start = False  # host of a room it created: start once every human seat is taken
        self._channel: grpc.aio.Channel | None = None
        self._stub: play_pb2_grpc.PlayStub | None = None
        self._outbox: asyncio.Queue[play_pb2.ClientMessage | None] | None = None
        # Moves sent and not yet answered, by client_move_id: resent as they are after a
        # reconnect, since the server answers a client_move_id once and repeats that answer.
        self._pending: dict[str, _Pending] = {}
        self._planned: set[tuple[int, int]] = set()  # (seat, version) already being played
        self._refused: dict[tuple[int, int], set[str]] = {}  # moves refused at (seat, version)
        self._move_prefix = secrets.token_hex(3)  # ids stay unique if the same token is resumed
        self._ids = itertools.count(1)
        self._tasks: set[asyncio.Task[None]] = set()
        self._start_sent = False
        self._heard = False

    # -- channel ----------------------------------------------------------------------------
    async def __aenter__(self) -> Bot:
        self._channel = grpc.aio.insecure_channel(self.server)
        self._stub = play_pb2_grpc.PlayStub(self._channel)
        return self

    async def __aexit__(self, *exc: object) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self._channel is not None:
            await self._channel.close()

    @property
    def stub(self) -> play_pb2_grpc.PlayStub:
        if self._stub is None:
            raise RuntimeError("use the bot as `async with Bot(...) as bot`")
        return self._stub

    async def _call(self, method: Any, request: Any) -> Any:
        """A unary call; waits for the server to come up, and turns a refusal into BotError."""
        try:
            return await method(request, timeout=CALL_TIMEOUT_S, wait_for_ready=True)
        except grpc.aio.AioRpcError as error:
            raise BotError(f"{refusal_code(error) or error.code().name}: {error.details()}") from None

    # -- getting a seat ----------------------------------------------------------------------
    async def list_games(self) -> dict[str, dict[str, Any]]:
        reply = await self._call(self.stub.ListGames, play_pb2.ListGamesRequest())
        return {entry.id: plain(json_format.MessageToDict(entry.meta)) for entry in reply.games}

    async def create(
        self,
        game: str,
        humans: int = 2,
        cpus: int = 0,
        cpu_level: str = "",
        options: dict[str, Any] | None = None,
    ) -> play_pb2.RoomTicket:
        """Create a room (the bot holds its first seat and is its host) and start the game
        once every human seat is taken."""
        seats = [play_pb2.SeatSpec(kind="human") for _ in range(humans)]
        seats += [play_pb2.SeatSpec(kind="cpu", level=cpu_level) for _ in range(cpus)]
        request = play_pb2.CreateRoomRequest(game=game, nickname=self.name, seats=seats)
        request.options.update(options or {})
        ticket = await self._call(self.stub.CreateRoom, request)
        self._take(ticket)
        self.auto_start = True
        return ticket

    async def join(self, code: str) -> play_pb2.RoomTicket:
        """Take the first open seat of the room with this code."""
        ticket = await self._call(self.stub.JoinRoom, play_pb2.JoinRoomRequest(code=code, nickname=self.name))
        if not ticket.seats:
            raise BotError(f"room {ticket.code} has no open seat (it is full, or its game has begun)")
        self._take(ticket)
        return ticket

    def resume(self, code: str, token: str) -> None:
        """Come back to the seats a token holds (after the bot was restarted)."""
        self.code, self.token = code.strip().upper(), token

    def _take(self, ticket: play_pb2.RoomTicket) -> None:
        self.code, self.token, self.seats, self.room = ticket.code, ticket.token, list(ticket.seats), ticket.room

    # -- playing -----------------------------------------------------------------------------
    async def play(self) -> Outcome:
        """Play until the game is over, reconnecting as often as it takes."""
        if not self.token:
            raise BotError("create or join a room first")
        failures = 0
        while True:
            self._heard = False
            try:
                outcome = await self._session()
                reason = "the server closed the stream"
            except grpc.aio.AioRpcError as error:
                if error.code() not in RETRYABLE:
                    raise BotError(f"{error.code().name}: {error.details()}") from None
                outcome, reason = None, f"{error.code().name}: {error.details()}"
            if outcome is not None:
                return outcome
            failures = 1 if self._heard else failures + 1
            if failures > MAX_RECONNECTS:
                raise BotError(f"no answer from {self.server} after {MAX_RECONNECTS} tries ({reason})")
            wait = min(10.0, 0.25 * 2**failures) * (0.5 + self.rnd.random())  # backoff with jitter
            log.info("connection lost (%s); reconnecting in %.1f s from event %d", reason, wait, self.last_event)
            await asyncio.sleep(wait)

    async def _session(self) -> Outcome | None:
        """One Connect stream: hello, then messages until the game is over (an Outcome) or the
        stream breaks (None, or an AioRpcError)."""
        outbox: asyncio.Queue[play_pb2.ClientMessage | None] = asyncio.Queue()

        async def requests() -> AsyncIterator[play_pb2.ClientMessage]:
            while (message := await outbox.get()) is not None:
                yield message

        call = self.stub.Connect(requests(), wait_for_ready=True)
        self._outbox = outbox
        self._send(hello=play_pb2.Hello(code=self.code, token=self.token, last_event=self.last_event))
        for move_id in list(self._pending):
            self._send_move(move_id)  # same id: answered once, whether or not it arrived before
        pinger = asyncio.get_running_loop().create_task(self._ping())
        try:
            while True:
                try:
                    message = await asyncio.wait_for(call.read(), SILENCE_S)
                except TimeoutError:
                    log.info("nothing heard for %.0f s", SILENCE_S)
                    return None
                if message is grpc.aio.EOF:
                    # A clean end from the server's side: a shutdown, or this bot fell too far behind.
                    return None
                self._heard = True
                outcome = self._receive(message)
                if outcome is not None:
                    return outcome
        finally:
            pinger.cancel()
            self._outbox = None
            outbox.put_nowait(None)
            call.cancel()

    async def _ping(self) -> None:
        for nonce in itertools.count(1):
            await asyncio.sleep(PING_EVERY_S)
            self._send(ping=play_pb2.Ping(nonce=nonce))

    def _send(self, **body: Any) -> None:
        if self._outbox is not None:
            self._outbox.put_nowait(play_pb2.ClientMessage(**body))

    def _send_move(self, move_id: str) -> None:
        pending = self._pending[move_id]
        request = play_pb2.MoveRequest(seat=pending.seat, client_move_id=move_id, version=pending.version)
        request.move.update(pending.move)
        self._send(move=request)

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- what the server says ----------------------------------------------------------------
    def _receive(self, message: play_pb2.ServerMessage) -> Outcome | None:
        branch = message.WhichOneof("body")
        if branch == "welcome":
            # Seats are renumbered when a game starts; the welcome says which ones are ours now.
            self.seats = list(message.welcome.seats)
            self.room = message.welcome.room
            if not self.seats:
                raise BotError(f"this ticket holds no seat in room {self.code}")
        elif branch == "update":
            return self._on_update(message.update)
        elif branch == "refused":
            self._on_refused(message.refused)
        elif branch == "chat":
            log.info("chat %s: %s", message.chat.name, message.chat.text)
        return None

    def _on_update(self, update: play_pb2.Update) -> Outcome | None:
        self.room = update.room
        for item in update.views:
            self.views[item.seat] = plain(json_format.MessageToDict(item.view))
        for item in update.events:
            self.last_event = max(self.last_event, item.number)
            log.debug("event %d: %s", item.number, plain(json_format.MessageToDict(item.event)))
        if update.client_move_id:
            self._pending.pop(update.client_move_id, None)
        status = update.room.status
        if status == "finished":
            return self._outcome()
        if status == "waiting":
            self._maybe_start()
        elif status == "playing":
            self._plan()
        return None

    def _maybe_start(self) -> None:
        room = self.room
        if not self.auto_start or self._start_sent or room is None or room.host_seat not in self.seats:
            return
        humans = [s for s in room.seats if s.kind == "human"]
        if all(s.taken for s in humans):
            log.info("every seat is taken: starting the game")
            self._start_sent = True
            self._send(start=play_pb2.StartRequest())
        else:
            log.info("waiting for %d more player(s)", sum(not s.taken for s in humans))

    def _plan(self) -> None:
        """Start choosing a move for every seat of ours that is to move at this version."""
        assert self.room is not None
        version = self.room.version
        for seat in self.seats:
            view = self.views.get(seat)
            if not view or seat not in view.get("to_move", []) or not view.get("legal_moves"):
                continue
            if (seat, version) in self._planned:
                continue
            self._planned.add((seat, version))
            self._spawn(self._move_after_delay(seat, version))

    async def _move_after_delay(self, seat: int, version: int) -> None:
        await asyncio.sleep(self.delay_s)
        room = self.room
        if room is None or room.version != version or room.status != "playing":
            return  # the game moved on meanwhile; the update that said so planned again
        legal = self.views[seat].get("legal_moves", [])
        move = choose_move(legal, self.level, self.rnd, self._refused.get((seat, version), set()))
        if move is None:
            log.warning("seat %d: every legal move was refused at version %d", seat, version)
            return
        move_id = f"{self._move_prefix}-{next(self._ids)}"
        self._pending[move_id] = _Pending(seat, version, move)
        log.debug("seat %d plays %s (version %d, %s)", seat, move, version, move_id)
        self._send_move(move_id)

    def _on_refused(self, refused: play_pb2.Refused) -> None:
        code = refused.code
        pending = self._pending.pop(refused.client_move_id, None) if refused.client_move_id else None
        if pending is None:
            if code in FATAL:
                raise BotError(f"{code}: {refused.detail or self.code}")
            if code == "rate_limited":
                # The gRPC stream refuses an over-limit message without naming it: wait, then
                # resend what is unanswered (the same ids, so nothing is played twice).
                self._spawn(self._resend_later(1.0))
            log.info("refused: %s %s", code, refused.detail)
            return
        log.info("move %s of seat %d refused: %s %s", pending.move, pending.seat, code, refused.detail)
        key = (pending.seat, pending.version)
        if code in ("illegal_move", "malformed_move"):
            # The view lists only legal moves, so this should not happen; never send it again.
            self._refused.setdefault(key, set()).add(move_key(pending.move))
            self._planned.discard(key)
            self._plan()
        elif code in ("unavailable", "internal", "overloaded", "rate_limited"):
            # Not judged (a server busy or away, or over the message rate: dropped unread), so
            # the same move with the same id, a little later. A bot that moves at once outpaces
            # the rate limit in a fast game; a move dropped for it and never sent again would
            # leave the table waiting on this seat for good.
            self._pending[refused.client_move_id] = pending
            self._spawn(self._resend_later(1.0))
        elif code in ("stale_version", "not_your_turn"):
            # The room moved on; the update saying so is on its way, but ask for it anyway.
            self._planned.discard(key)
            self._send(resync=play_pb2.ResyncRequest())
        # game_over, not_started: the next update says what happened.

    async def _resend_later(self, wait: float) -> None:
        await asyncio.sleep(wait)
        for move_id in list(self._pending):
            self._send_move(move_id)

    def _outcome(self) -> Outcome:
        assert self.room is not None
        result: dict[str, Any] = {}
        for view in self.views.values():
            result = view.get("result") or result
        seats = list(self.room.seats)
        return Outcome(
            code=self.room.code,
            game=self.room.game,
            seats=list(self.seats),
            names=[s.name or f"CPU ({s.level})" for s in seats],
            placings=[int(p) for p in result.get("placings", [])],
            scores=list(result.get("scores") or []),
        )
