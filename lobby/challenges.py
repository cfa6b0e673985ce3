"""Bots online: bot accounts, one player's challenge to another, and a player's event stream.

An account marks itself a bot (`set_bot`); a bot is shown as one wherever players are listed
(a room's seats, leaderboards, a player's ratings). An account challenges another account to a
game (`create`); the challenged accepts (`answer`), which opens the table at once: the
challenger on seat 0, the challenged on seat 1, further seats CPU seats at the game's default
level (none in a rated challenge: rated rooms have no CPU), and both are told `game_started`
with their own room ticket on their event streams (lobby/player_events.py). Or the challenged
declines, the challenger withdraws (`cancel`), or it expires unanswered
(`LobbySettings.challenge_ttl_ms`, five minutes). Every change of a challenge's status is told
to both players' streams; a challenge to a person is also a Web Push notice ("invited").

Refused, with nothing changed: a guest challenging or challenged (`not_account`), oneself
(`self_challenge`), a player who does not exist (`unknown_player`), a rated game between a bot
and a person (`rated_no_bots`), more than MAX_OPEN open challenges of one player or MAX_PER_MINUTE
created in a minute (`rate_limited`); an answer to a challenge that is not there
(`unknown_challenge`), not the answerer's (`not_your_challenge`), answered already
(`challenge_closed`) or out of time (`expired`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Any

from rulekit import Refusal, resolve_options

from .context import LobbyContext
from .player_events import EventSink, PlayerEvents
from .players import Players
from .push_texts import challenge_notifications, titles_of
from .quiet_hours import send_after
from .room import plain_json
from .room_life import RoomLife
from .store import Player

log = logging.getLogger(__name__)

MAX_OPEN = 10  # open challenges from one player
MAX_PER_MINUTE = 30  # challenges created by one player in a minute
MINUTE_MS = 60_000
ONLINE_FOR_MS = 60_000  # a bot's stream counts as online this long after its last renewal
RENEW_EVERY_S = 20.0
SWEEP_EVERY_S = 1.0  # expired challenges are told within about this long
MAX_ID = 64


def _text(value: Any, name: str, longest: int = MAX_ID) -> str:
    if not isinstance(value, str) or not value or len(value) > longest:
        raise Refusal("bad_request", f"{name} must be a non-empty string")
    return value


class ChallengeDesk:
    def __init__(
        self, ctx: LobbyContext, players: Players, life: RoomLife, events: PlayerEvents, queued: asyncio.Event
    ) -> None:
        self.ctx = ctx
        self.store = ctx.store
        self.players = players
        self.life = life
        self.events = events
        self.queued = queued  # set when a push notice was queued: the sender looks

    async def _account(self, token: str) -> Player:
        player = await self.players.by_token(token)
        if not player.is_account:
            raise Refusal("not_account", "only signed-in accounts challenge, are challenged or are bots")
        return player

    # -- bot accounts ---------------------------------------------------------------------------
    async def set_bot(self, token: str, body: dict[str, Any]) -> dict[str, Any]:
        """{"bot": bool, "quick_seats": bool, "games": [game ids]} (games: what the bot takes
        challenges in and is seated for; empty or missing: any)."""
        player = await self._account(token)
        bot = body.get("bot")
        quick = body.get("quick_seats", False)
        games = body.get("games", [])
        if not isinstance(bot, bool) or not isinstance(quick, bool):
            raise Refusal("bad_request", "bot and quick_seats are true or false")
        if not isinstance(games, list) or len(games) > 200 or not all(isinstance(g, str) for g in games):
            raise Refusal("bad_request", "games is a list of game ids")
        for game in games:
            self.ctx.engines.catalogue.meta(game)  # unknown_game
        await self.store.set_bot(player.id, bot, quick and bot, sorted(set(games)), self.ctx.now_ms())
        if bot and self.events.has_stream(player.id):
            await self.store.set_bot_online(player.id, self.ctx.now_ms() + ONLINE_FOR_MS)
        return {"bot": bot, "quick_seats": quick and bot, "games": sorted(set(games)) if bot else []}

    async def bot_flag(self, player_id: str) -> dict[str, Any]:
        """What `GET /api/players/me` says of the player as a bot."""
        bot = await self.store.bot_of(player_id)
        return {"bot": bot is not None, "quick_seats": bool(bot and bot["quick_seats"])}

    async def bots(self) -> list[dict[str, Any]]:
        """Bot accounts, those with an event stream open first."""
        return await self.store.list_bots(self.ctx.now_ms())

    # -- challenges -----------------------------------------------------------------------------
    async def _public(self, challenges: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Challenges as players see them: with both players' names and whether each is a bot."""
        ids = [c[k] for c in challenges for k in ("from_player", "to_player")]
        names = await self.store.players_by_ids(ids)
        bots = await self.store.bots_among(ids)
        now = self.ctx.now_ms()
        return [
            {
                "id": c["id"],
                "from_player": c["from_player"],
                "from_name": names[c["from_player"]].nickname if c["from_player"] in names else "",
                "from_bot": c["from_player"] in bots,
                "to_player": c["to_player"],
                "to_name": names[c["to_player"]].nickname if c["to_player"] in names else "",
                "to_bot": c["to_player"] in bots,
                "game": c["game"],
                "options": c["options"],
                "rated": c["rated"],
                # An open one past its time is expired, whether or not the sweep marked it yet.
                "status": "expired" if c["status"] == "open" and c["expires_ms"] <= now else c["status"],
                "expires_ms": c["expires_ms"],
                "room_code": c["room_code"],
            }
            for c in challenges
        ]

    async def _tell(self, challenge: dict[str, Any]) -> dict[str, Any]:
        """Both players' streams hear of the challenge as it now is; its public form."""
        (public,) = await self._public([challenge])
        for player in (challenge["from_player"], challenge["to_player"]):
            await self.events.publish(player, {"kind": "challenge", **public})
        return public

    def _seat_count(self, game: str, rated: bool) -> int:
        meta = self.ctx.engines.catalogue.meta(game)
        counts = sorted(meta["seat_counts"])
        count = 2 if 2 in counts else next((c for c in counts if c > 2), 0)
        if count == 0:
            raise Refusal("bad_seat_count", f"{game} is not played by two")
        if count > 2 and rated:
            raise Refusal("rated_no_cpu", f"{game} needs {count} seats; a rated room has no computer players")
        if count > 2 and not meta["cpu_levels"]:
            raise Refusal("bad_seat_count", f"{game} needs {count} seats and has no computer players")
        return count

    async def create(self, token: str, to_player: Any, game: Any, options: Any, rated: Any = False) -> dict[str, Any]:
        player = await self._account(token)
        to_player = _text(to_player, "to_player")
        game = _text(game, "game")
        if not isinstance(options, dict | None) or not isinstance(rated, bool):
            raise Refusal("bad_request", "options is an object, rated true or false")
        if to_player == player.id:
            raise Refusal("self_challenge", "a challenge is to another player")
        other = (await self.store.players_by_ids([to_player])).get(to_player)
        if other is None:
            raise Refusal("unknown_player", to_player)
        if not other.is_account:
            raise Refusal("not_account", "only signed-in accounts are challenged")
        catalogue = self.ctx.engines.catalogue
        resolved = resolve_options(catalogue.options_schema(game), plain_json(options or {}))
        self._seat_count(game, rated)
        bots = await self.store.bots_among([player.id, to_player])
        if rated and len(bots) == 1:
            raise Refusal("rated_no_bots", "a rated game of a bot and a person needs a room that allows bots")
        now = self.ctx.now_ms()
        challenge = {
            "id": secrets.token_hex(8),
            "from_player": player.id,
            "to_player": to_player,
            "game": game,
            "options": resolved,
            "rated": rated,
            "status": "open",
            "created_ms": now,
            "expires_ms": now + self.ctx.settings.challenge_ttl_ms,
            "room_code": "",
        }
        over = await self.store.add_challenge(challenge, MAX_OPEN, MAX_PER_MINUTE, now - MINUTE_MS)
        if over == "open":
            raise Refusal("rate_limited", f"at most {MAX_OPEN} open challenges at once")
        if over == "window":
            raise Refusal("rate_limited", f"at most {MAX_PER_MINUTE} challenges a minute")
        public = await self._tell(challenge)
        if to_player not in bots:
            await self._notify(challenge, player.nickname)
        return public

    async def _notify(self, challenge: dict[str, Any], name: str) -> None:
        """The challenged person's devices are told (the "invited" notice), after quiet hours."""
        if not self.ctx.settings.push.enabled:
            return
        player, cid = challenge["to_player"], challenge["id"]
        code = f"challenge:{cid}"
        try:
            plan = await self.store.push_plan(player, code)
            if plan is None:
                return
            now = self.ctx.now_ms()
            quiet = plan["quiet"]
            due = (
                now
                if quiet is None
                else send_after(now, quiet["start_minute"], quiet["end_minute"], quiet["time_zone"])
            )
            games = titles_of(challenge["game"], self.ctx.settings.push.game_titles)
            payloads = challenge_notifications(cid, name, games)
            if await self.store.push_notice(
                player, code, f"invited:{cid}", payloads, due, now, lambda: secrets.token_hex(12)
            ):
                self.queued.set()
        except Exception:
            log.warning("challenge %s: push notice not queued", cid, exc_info=True)

    async def _closable(self, challenge_id: Any, player: Player, side: str) -> dict[str, Any]:
        challenge = await self.store.challenge_by_id(_text(challenge_id, "challenge_id"))
        if challenge is None:
            raise Refusal("unknown_challenge", "no such challenge")
        if challenge[side] != player.id:
            raise Refusal("not_your_challenge", "this challenge is not yours to answer")
        return await self._still_open(challenge)

    async def _still_open(self, challenge: dict[str, Any]) -> dict[str, Any]:
        if challenge["status"] == "expired" or (
            challenge["status"] == "open" and challenge["expires_ms"] <= self.ctx.now_ms()
        ):
            await self.expire_due()
            raise Refusal("expired", "the challenge was not answered in time")
        if challenge["status"] != "open":
            raise Refusal("challenge_closed", f"the challenge is {challenge['status']} already")
        return challenge

    async def _close(self, challenge: dict[str, Any], status: str, room_code: str = "") -> dict[str, Any]:
        if not await self.store.close_challenge(challenge["id"], status, self.ctx.now_ms(), room_code):
            # Another answer (or the clock) came first: refused as that one left it.
            await self._still_open(await self.store.challenge_by_id(challenge["id"]) or challenge)
            raise Refusal("challenge_closed", "the challenge was answered meanwhile")
        return {**challenge, "status": status, "room_code": room_code}

    async def answer(self, token: str, challenge_id: Any, accept: bool) -> dict[str, Any]:
        """Decline, or accept: the table opens and the game starts; the answer then also holds
        the accepting player's room ticket (`ticket`, as `POST /api/rooms` answers)."""
        player = await self._account(token)
        challenge = await self._closable(challenge_id, player, "to_player")
        if not accept:
            return await self._tell(await self._close(challenge, "declined"))
        count = self._seat_count(challenge["game"], challenge["rated"])
        # Closed first: of two answers racing, only one opens a table.
        closed = await self._close(challenge, "accepted")
        ids = [challenge["from_player"], challenge["to_player"]]
        names = await self.store.players_by_ids(ids)
        bots = await self.store.bots_among(ids)
        try:
            tables = await self.life.open_table(
                challenge["game"],
                challenge["options"],
                [(names[p].nickname if p in names else "", p) for p in ids],
                cpus=count - 2,
                rated=challenge["rated"],
                bots=bots,
            )
        except BaseException:
            # The table did not open (a draining replica, a family service away): the challenge
            # may be answered again.
            log.warning("challenge %s: its table did not open", challenge["id"], exc_info=True)
            await self.store.reopen_challenge(challenge["id"])
            raise
        code = tables[0]["code"]
        await self.store.close_challenge_room(challenge["id"], code)
        public = await self._tell({**closed, "room_code": code})
        for player_id, table in zip(ids, tables, strict=True):
            started = {"kind": "game_started", "code": code, "game": challenge["game"], **_ticket(table)}
            await self.events.publish(player_id, started)
        return {**public, "ticket": await self.life.ticket_answer(code, tables[1]["token"])}

    async def cancel(self, token: str, challenge_id: Any) -> dict[str, Any]:
        player = await self._account(token)
        challenge = await self._closable(challenge_id, player, "from_player")
        return await self._tell(await self._close(challenge, "cancelled"))

    async def mine(self, token: str) -> list[dict[str, Any]]:
        """The player's open challenges, to and from them, the oldest first."""
        player = await self.players.by_token(token)
        return await self._public(await self.store.open_challenges_of(player.id, self.ctx.now_ms()))

    async def expire_due(self) -> None:
        """Mark the challenges out of time expired and tell both players of each."""
        for challenge in await self.store.expire_challenges(self.ctx.now_ms()):
            await self._tell(challenge)

    async def sweep_forever(self) -> None:
        """Expire challenges as their time runs out; renew this process's bots' online marks."""
        loop = asyncio.get_running_loop()
        renewed = loop.time()
        while True:
            await asyncio.sleep(SWEEP_EVERY_S)
            try:
                await self.expire_due()
                if loop.time() - renewed >= RENEW_EVERY_S:
                    renewed = loop.time()
                    for player_id in self.events.players():
                        await self._mark_online(player_id, True)
            except Exception:
                log.warning("challenge sweep failed", exc_info=True)

    # -- a player's event stream ----------------------------------------------------------------
    async def _mark_online(self, player_id: str, online: bool) -> None:
        if await self.store.bot_of(player_id) is not None:
            await self.store.set_bot_online(player_id, self.ctx.now_ms() + ONLINE_FOR_MS if online else 0)

    async def open_stream(self, token: str, sink: EventSink) -> str:
        """The player's stream opens: first their open challenges and a `your_turn` for every
        table where it is their turn now (a bot that restarted picks up its games), then each
        event as it happens. The player's id (for `close_stream`)."""
        player = await self.players.by_token(token)
        # What happens while the backlog is read waits behind it, so a change (a challenge
        # accepted meanwhile) never arrives before the older state the backlog read.
        held = _Held()
        self.events.open(player.id, held)
        try:
            told_challenges: set[tuple[str, str]] = set()
            for challenge in await self.mine(token):
                told_challenges.add((challenge["id"], challenge["status"]))
                sink.send({"kind": "challenge", **challenge})
            seats: dict[str, list[int]] = {}
            told: set[tuple[str, int]] = set()
            for row in await self.store.turns_of(player.id):
                seats.setdefault(row.code, []).append(row.seat)
            for code, mine in seats.items():
                try:
                    room, _ = await self.ctx.load(code)
                except Refusal:
                    continue
                told.add((code, room.version))
                sink.send({"kind": "your_turn", "code": code, "seats": sorted(mine), "version": room.version})
            await self._mark_online(player.id, True)
        finally:
            self.events.close(player.id, held)
        # No await from here to the stream's opening: nothing can slip between the two.
        # An event the backlog already told (a challenge made while it was read) is not told twice.
        for event in held.events:
            if event["kind"] == "your_turn" and (event["code"], event["version"]) in told:
                continue
            if event["kind"] == "challenge" and (event["id"], event["status"]) in told_challenges:
                continue
            sink.send(event)
        self.events.open(player.id, sink)
        return player.id

    async def close_stream(self, player_id: str, sink: EventSink) -> None:
        self.events.close(player_id, sink)
        if not self.events.has_stream(player_id):
            try:
                await self._mark_online(player_id, False)
            except Exception:
                log.warning("bot %s: online mark not cleared", player_id, exc_info=True)


class _Held:
    """A stream's events held back while its backlog is read."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    def send(self, event: dict[str, Any]) -> None:
        self.events.append(event)


def _ticket(table: dict[str, Any]) -> dict[str, Any]:
    return {"seats": table["seats"], "token": table["token"]}
