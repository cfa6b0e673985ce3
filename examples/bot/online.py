"""The bot online: it marks its account a bot with the games it plays (`SetBot`), holds its
player's event stream (`Events`), accepts the challenges of games it plays, challenges a player
N times one after the other, and plays every game it is seated at, each on its own task and its
own `Connect` stream (a `Bot` per table)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
from gameroom import play_pb2, play_pb2_grpc
from google.protobuf import json_format

from .client import CALL_TIMEOUT_S, RETRYABLE, Bot, BotError, Outcome, refusal_code
from .moves import plain

log = logging.getLogger("bot.online")

# A challenge in one of these states is over: the next one may be sent.
SETTLED = frozenset({"declined", "cancelled", "expired"})
# The event stream is the bot's life line: it comes back after any break, a little later each
# time, and gives up only when its token is refused.
FATAL_REFUSALS = frozenset({"bad_token", "not_account"})
MAX_WAIT_S = 30.0
RATE_LIMIT_WAIT_S = 5.0


@dataclass
class Table:
    """A game the bot sits at: its room ticket, and the task that plays it."""

    code: str
    game: str
    token: str
    task: asyncio.Task[None] | None = None
    ended: asyncio.Event = field(default_factory=asyncio.Event)


class OnlineBot:
    """One player (an account with a bot token) online. `await run()` until cancelled, or until
    `quit_after` games have ended."""

    def __init__(
        self,
        server: str,
        player_token: str,
        games: frozenset[str] = frozenset(),
        level: str = "random",
        delay_s: float = 0.5,
        seed: int | None = None,
        quit_after: int = 0,
        say: Callable[[str], None] = print,
        tickets: Path | None = None,
        quick_seats: bool = False,
    ) -> None:
        self.server = server
        self.player_token = player_token
        self.games = games  # empty: every game
        self.quick_seats = quick_seats  # quick seating may seat it with a person waiting
        self.level = level
        self.delay_s = delay_s
        self.rnd = random.Random(seed)
        self.quit_after = quit_after
        self.say = say
        # The room tickets of the games being played, kept in this file so that a restarted
        # bot takes its seats back: a ticket is the seat, and the server shows it only once.
        self.tickets_path = tickets
        self.tables: dict[str, Table] = {}
        self.outcomes: list[Outcome] = []
        self.mine: dict[str, asyncio.Future[str]] = {}  # challenges sent, by id: resolved with how they ended
        self.answered: set[str] = set()  # challenges to the bot already answered
        self.latest: dict[str, play_pb2.Challenge] = {}  # every challenge's newest status, by id
        self.me = ""  # the bot's player id, learnt from the first challenge it sends
        self._finished = asyncio.Event()
        self._channel: grpc.aio.Channel | None = None
        self._stub: play_pb2_grpc.PlayStub | None = None

    async def __aenter__(self) -> OnlineBot:
        self._channel = grpc.aio.insecure_channel(self.server)
        self._stub = play_pb2_grpc.PlayStub(self._channel)
        return self

    async def __aexit__(self, *exc: object) -> None:
        for table in self.tables.values():
            if table.task is not None:
                table.task.cancel()
        if self._channel is not None:
            await self._channel.close()

    @property
    def stub(self) -> play_pb2_grpc.PlayStub:
        if self._stub is None:
            raise RuntimeError("use the bot as `async with OnlineBot(...) as bot`")
        return self._stub

    def plays(self, game: str) -> bool:
        return not self.games or game in self.games

    async def run(self, challenge: str = "", game: str = "", count: int = 0) -> None:
        """Hold the event stream; with `challenge`, also challenge that player `count` times to
        `game`, each after the game of the one before has ended (or it was declined)."""
        await self.announce()
        for code, kept in self._kept_tickets().items():
            self._sit(code, kept["game"], kept["token"])
        loop = asyncio.get_running_loop()
        events = loop.create_task(self._events())
        finished = loop.create_task(self._finished.wait())
        watched = {events, finished}
        if challenge and count > 0:
            watched.add(loop.create_task(self._challenge_in_turn(challenge, game, count)))
        try:
            while True:
                done, _ = await asyncio.wait(watched, return_when=asyncio.FIRST_COMPLETED)
                for task in done:
                    task.result()  # a BotError ends the bot
                if events in done or finished in done:
                    return
                watched -= done  # the challenges are all sent and played: the bot stays online
        finally:
            for task in watched:
                task.cancel()

    async def announce(self) -> None:
        """Mark the account a bot with the games it plays, so that players listing the bots see
        them (and challenge it to those only)."""
        request = play_pb2.SetBotRequest(
            player_token=self.player_token, bot=True, quick_seats=self.quick_seats, games=sorted(self.games)
        )
        try:
            await self.stub.SetBot(request, timeout=CALL_TIMEOUT_S, wait_for_ready=True)
        except grpc.aio.AioRpcError as error:
            code = refusal_code(error)
            raise BotError(f"{code or error.code().name}: {error.details()}") from None

    # -- the event stream -------------------------------------------------------------------
    async def _events(self) -> None:
        failures = 0
        while True:
            call = self.stub.Events(play_pb2.EventsRequest(player_token=self.player_token), wait_for_ready=True)
            try:
                async for event in call:
                    failures = 0
                    await self._on_event(event)
                reason = "the server closed the stream"
            except grpc.aio.AioRpcError as error:
                code = refusal_code(error)
                if code in FATAL_REFUSALS or error.code() not in RETRYABLE:
                    raise BotError(f"{code or error.code().name}: {error.details()}") from None
                reason = f"{error.code().name}: {error.details()}"
            failures += 1
            wait = min(MAX_WAIT_S, 0.25 * 2**failures) * (0.5 + self.rnd.random())
            log.info("event stream lost (%s); back in %.1f s", reason, wait)
            await asyncio.sleep(wait)

    async def _on_event(self, event: play_pb2.PlayerEvent) -> None:
        kind = event.WhichOneof("kind")
        if kind == "challenge":
            await self._on_challenge(event.challenge)
        elif kind == "game_started":
            started = event.game_started
            self._sit(started.code, started.game, started.token)
        elif kind == "your_turn":
            turn = event.your_turn
            if turn.code not in self.tables:
                # A table of an earlier run of the bot whose ticket was not kept (--tickets).
                log.info("your turn in room %s, a table this run holds no ticket for", turn.code)
        elif kind == "game_ended":
            ended = event.game_ended
            table = self.tables.get(ended.code)
            if table is None or table.task is None:
                # A game without a task here (seated by an earlier run of the bot).
                result = plain(json_format.MessageToDict(ended.result))
                self.say(f"game over in room {ended.code}: {result}")
                self._count_end(ended.code)

    async def _on_challenge(self, challenge: play_pb2.Challenge) -> None:
        self.latest[challenge.id] = challenge
        if challenge.id in self.mine:
            self._settle(challenge)
            return
        if challenge.status != "open" or challenge.id in self.answered:
            return
        if self.me and challenge.from_player == self.me:
            return  # the bot's own, streamed before CreateChallenge answered
        self.answered.add(challenge.id)
        accept = self.plays(challenge.game)
        log.info(
            "%s challenges the bot to %s: %s", challenge.from_name, challenge.game, "accept" if accept else "decline"
        )
        request = play_pb2.AnswerChallengeRequest(
            player_token=self.player_token, challenge_id=challenge.id, accept=accept
        )
        try:
            await self.stub.AnswerChallenge(request, timeout=CALL_TIMEOUT_S, wait_for_ready=True)
        except grpc.aio.AioRpcError as error:
            # Withdrawn or expired meanwhile: the stream tells that too; nothing to do.
            log.info("answer to challenge %s refused: %s", challenge.id, refusal_code(error) or error.details())
            return
        if accept:
            self.say(f"accepted {challenge.from_name}'s challenge to {challenge.game}")

    def _settle(self, challenge: play_pb2.Challenge) -> None:
        """Tell the challenger's loop how a challenge of the bot's own ended."""
        waiting = self.mine[challenge.id]
        if waiting.done():
            return
        if challenge.status in SETTLED:
            waiting.set_result(challenge.status)
        elif challenge.status == "accepted":
            waiting.set_result(f"accepted:{challenge.room_code}")

    # -- tables ----------------------------------------------------------------------------
    def _table(self, code: str) -> Table:
        """The table of a room, made when first heard of (its GameStarted, or the accepted
        status of a challenge, whichever comes first)."""
        table = self.tables.get(code)
        if table is None:
            table = self.tables[code] = Table(code, "", "")
        return table

    def _sit(self, code: str, game: str, token: str) -> None:
        table = self._table(code)
        if table.task is not None:
            return  # GameStarted again after a reconnect of the stream: already playing
        table.game, table.token = game, token
        table.task = asyncio.get_running_loop().create_task(self._play(table))
        self._keep_tickets()  # before saying so: a bot stopped after the line has the ticket kept
        self.say(f"game started in room {code} ({game})")

    async def _play(self, table: Table) -> None:
        seed = self.rnd.randrange(2**32)
        try:
            async with Bot(self.server, level=self.level, delay_s=self.delay_s, seed=seed) as bot:
                bot.resume(table.code, table.token)
                outcome = await bot.play()
            self.outcomes.append(outcome)
            self.say(outcome.summary())
        except BotError as error:
            self.say(f"table {table.code} given up: {error}")
        finally:
            table.ended.set()
            self._count_end(table.code)

    def _count_end(self, code: str) -> None:
        self._table(code).ended.set()
        self._keep_tickets()
        ended = sum(t.ended.is_set() for t in self.tables.values())
        if self.quit_after > 0 and ended >= self.quit_after:
            self._finished.set()

    def _kept_tickets(self) -> dict[str, dict[str, str]]:
        if self.tickets_path is None or not self.tickets_path.exists():
            return {}
        try:
            kept = json.loads(self.tickets_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise BotError(f"{self.tickets_path}: not a tickets file ({error})") from None
        return {
            code: {"game": str(t.get("game", "")), "token": str(t["token"])}
            for code, t in kept.items()
            if isinstance(t, dict) and t.get("token")
        }

    def _keep_tickets(self) -> None:
        """Write the tickets of the tables still playing (a new file moved over the old one, so
        a bot stopped mid-write never leaves half a file)."""
        if self.tickets_path is None:
            return
        playing = {
            code: {"game": t.game, "token": t.token}
            for code, t in self.tables.items()
            if t.token and not t.ended.is_set()
        }
        partial = self.tickets_path.with_name(self.tickets_path.name + ".new")
        partial.write_text(json.dumps(playing, indent=1), encoding="utf-8")
        os.replace(partial, self.tickets_path)

    # -- challenging -------------------------------------------------------------------------
    async def create_challenge(self, to_player: str, game: str, options: dict[str, Any] | None = None) -> str:
        """Challenge a player; returns the challenge's id. Waits out a rate limit."""
        request = play_pb2.CreateChallengeRequest(player_token=self.player_token, to_player=to_player, game=game)
        request.options.update(options or {})
        while True:
            try:
                reply = await self.stub.CreateChallenge(request, timeout=CALL_TIMEOUT_S, wait_for_ready=True)
                self.me = reply.from_player
                return str(reply.id)
            except grpc.aio.AioRpcError as error:
                code = refusal_code(error)
                if code != "rate_limited":
                    raise BotError(f"{code or error.code().name}: {error.details()}") from None
                log.info("challenge refused for now (%s); again in %.0f s", error.details(), RATE_LIMIT_WAIT_S)
                await asyncio.sleep(RATE_LIMIT_WAIT_S)

    async def _challenge_in_turn(self, to_player: str, game: str, count: int) -> None:
        for number in range(1, count + 1):
            settled: asyncio.Future[str] = asyncio.get_running_loop().create_future()
            challenge_id = await self.create_challenge(to_player, game)
            self.mine[challenge_id] = settled
            if challenge_id in self.latest:  # its news came before the answer to CreateChallenge
                self._settle(self.latest[challenge_id])
            self.say(f"challenge {number} of {count} sent to {to_player} ({game})")
            how = await settled
            if how.startswith("accepted:"):
                code = how.partition(":")[2]
                await self._table_ended(code)
            else:
                self.say(f"challenge {number} of {count} {how}")

    async def _table_ended(self, code: str) -> None:
        """Wait for the end of the game in `code` (its GameStarted may come before or after the
        challenge's accepted status)."""
        await self._table(code).ended.wait()
