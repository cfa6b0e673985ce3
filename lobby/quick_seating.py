"""Quick seating: "Play now" puts a player in the queue of a game, table size and stake, and
the first players to ask are seated together as soon as a table fills.

The queue lives in the store (lobby/store: one transaction claims a whole table, serialised per
queue across replicas), so players asking at different gateway replicas meet. Every ask and every
look at a waiting entry tries to fill a table, so a table that filled while two replicas raced
is made by the next look. Tables are formed from players close in rating in the game
(lobby/rated_tables.py: guests and unrated players at the default, the allowed gap widening with
the wait), the longest-waiting first; one waiting entry per player and queue, so nobody is
seated with themselves. A staked table escrows every stake when it starts, all or none
(lobby/staked_tables.py); a player whose wallet cannot pay is left out and the rest wait on.
A player alone in the queue is offered CPU seats for whoever is missing at once (they may still
wait for people); once others wait too, after the wait the player chose. CPU seats play without
coins, since a stake is only ever played between players. A game played in a language (the word
games) is queued in the language the player asked in, so players meet who share it, and the
table starts in it.

Bots that opted in (`PUT /api/players/me/bot {"quick_seats": true}`, lobby/challenges.py) and
have their event stream open come before CPU seats: a person waiting alone at a friendly table
(no stake) is seated at once with such bots when there are enough of them for every missing
seat, and a person who starts with CPU seats gets such bots first, CPU seats for the rest. Each
bot is told the start with its ticket on its event stream (`game_started`).
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

from rulekit import Refusal

from . import codes
from .context import LobbyContext
from .ledger import Ledger
from .player_events import PlayerEvents
from .players import Players
from .rated_tables import WIDENING, GapSchedule, Waiting, choose_table
from .room import clean_name
from .room_life import RoomLife

log = logging.getLogger(__name__)

CPU_WAITS_S = (0, 30, 60, 120, 300)  # 0: never offer CPU seats


def pool_of(game: str, seats: int, stake: int, language: str = "") -> str:
    return f"{game}|{seats}|{stake}|{language}" if language else f"{game}|{seats}|{stake}"


def parse_pool(pool: str) -> tuple[str, int, int, str]:
    game, seats, stake, *language = pool.split("|")
    return game, int(seats), int(stake), language[0] if language else ""


class QuickSeating:
    def __init__(
        self,
        ctx: LobbyContext,
        rooms: RoomLife,
        players: Players,
        ledger: Ledger,
        gaps: GapSchedule = WIDENING,
        events: PlayerEvents | None = None,
    ) -> None:
        self.ctx = ctx
        self.events = events
        self.gaps = gaps
        self.rooms = rooms
        self.players = players
        self.ledger = ledger

    def _check(self, game: str, seats: int, stake: int, language: str) -> str:
        """Refuses what cannot be seated; the language the table is played in ("" when the
        game has no language option, or none was asked for)."""
        meta = self.ctx.engines.catalogue.meta(game)
        if seats not in meta["seat_counts"]:
            raise Refusal("bad_seat_count", f"{game} is played by {meta['seat_counts']}")
        stake_option = next((o for o in meta["options"] if o["key"] == "stake"), None)
        choices = stake_option["choices"] if stake_option else [0]
        if stake not in choices:
            raise Refusal("bad_option", f"stake must be one of {choices}")
        language_option = next((o for o in meta["options"] if o["key"] == "language"), None)
        if not language_option or not language:
            return ""
        if language not in language_option["choices"]:
            raise Refusal("bad_option", f"language must be one of {language_option['choices']}")
        return language

    async def ask(
        self,
        player_token: str,
        game: str,
        seats: int,
        stake: int,
        nickname: str = "",
        cpu_after_s: int = 60,
        language: str = "",
    ) -> dict[str, Any]:
        """Queue the player; their entry's id and secret (to look and to cancel) and its state.
        `language`: the player's interface language, the table's for a game played in one."""
        if not isinstance(seats, int) or not isinstance(stake, int) or isinstance(seats, bool):
            raise Refusal("bad_request", "seats and stake are whole numbers")
        if cpu_after_s not in CPU_WAITS_S:
            raise Refusal("bad_request", f"cpu_after_s must be one of {CPU_WAITS_S}")
        if not isinstance(language, str):
            raise Refusal("bad_request", "language is a language code")
        language = self._check(game, seats, stake, language)
        player = await self.players.by_token(player_token)
        if stake and await self.ledger.wallet(player.id) < stake:
            raise Refusal("insufficient_coins", f"the wallet holds less than {stake}")
        secret = codes.new_token()
        entry = await self.ctx.store.quick_seat_join(
            secrets.token_hex(12),
            pool_of(game, seats, stake, language),
            player.id,
            clean_name(nickname or player.nickname, player.nickname),
            codes.token_hash(secret),
            self.ctx.now_ms(),
        )
        await self.fill(entry["pool"])
        answer = await self.look(entry["id"], secret, cpu_after_s)
        answer["secret"] = secret
        return answer

    async def _entry(self, entry_id: str, secret: str) -> dict[str, Any]:
        found = await self.ctx.store.quick_seat_entry(str(entry_id))
        if found is None or not secrets.compare_digest(found[1], codes.token_hash(str(secret or ""))):
            raise Refusal("bad_token", "no such place in the queue")
        return found[0]

    async def look(self, entry_id: str, secret: str, cpu_after_s: int = 60) -> dict[str, Any]:
        """The entry's state: waiting (with how many wait and whether CPU seats are offered),
        seated (with the room ticket), or cancelled. A look also tries to fill the table."""
        entry = await self._entry(entry_id, secret)
        if entry["status"] == "waiting":
            await self.fill(entry["pool"])
            entry = await self._entry(entry_id, secret)
        if entry["status"] == "waiting" and await self._with_bots(entry, only_bots=True):
            entry = await self._entry(entry_id, secret)
        game, seats, stake, _ = parse_pool(entry["pool"])
        out: dict[str, Any] = {
            "id": entry["id"],
            "status": entry["status"],
            "game": game,
            "seats": seats,
            "stake": stake,
        }
        if entry["status"] == "seated":
            out["ticket"] = entry["answer"]
        elif entry["status"] in ("waiting", "claimed"):
            waited = self.ctx.now_ms() - entry["at_ms"]
            out["waiting"] = await self.ctx.store.quick_seat_waiting(entry["pool"])
            out["waited_ms"] = waited
            has_cpus = bool(self.ctx.engines.catalogue.meta(game)["cpu_levels"])
            # Alone, the player need not wait to find out that nobody comes: offered at once.
            alone = out["waiting"] <= 1
            out["cpu_offer"] = has_cpus and bool(cpu_after_s) and (alone or waited >= cpu_after_s * 1000)
        return out

    async def fill(self, pool: str) -> int:
        """Seat every full table the queue holds; the number of tables opened."""
        game, seats, stake, language = parse_pool(pool)
        opened = 0

        def close_in_rating(waiting: list[tuple[str, int, float | None]]) -> list[str]:
            return choose_table([Waiting(*row) for row in waiting], seats, self.ctx.now_ms(), self.gaps)

        for _ in range(100):  # a bound, not a limit anyone meets: each round seats a table
            claimed = await self.ctx.store.quick_seat_claim_chosen(pool, game, secrets.token_hex(8), close_in_rating)
            if not claimed:
                return opened
            opened += await self._open(game, stake, language, claimed, cpus=0)
        return opened

    async def play_with_cpus(self, entry_id: str, secret: str) -> dict[str, Any]:
        """Start now: this player and whoever else waits in the queue, CPU seats for the rest,
        no coins at stake."""
        entry = await self._entry(entry_id, secret)
        game, seats, _, language = parse_pool(entry["pool"])
        if entry["status"] == "waiting" and not await self._with_bots(entry, only_bots=False):
            claimed = await self.ctx.store.quick_seat_claim(
                entry["pool"], seats, secrets.token_hex(8), include=entry["id"]
            )
            if claimed:
                await self._open(game, 0, language, claimed, cpus=seats - len(claimed))
        return await self.look(entry_id, secret)

    async def _with_bots(self, entry: dict[str, Any], only_bots: bool) -> bool:
        """Seat a person who waits alone with opted-in bots that are online: with bots for
        every missing seat (`only_bots`), or bots first and CPU seats for the rest. Whether a
        table opened."""
        game, seats, stake, language = parse_pool(entry["pool"])
        store = self.ctx.store
        if stake or await store.quick_seat_waiting(entry["pool"]) > 1 or await store.bot_of(entry["player"]):
            return False
        bots = await store.quick_seat_bots(game, self.ctx.now_ms(), [entry["player"]])
        if not bots or (only_bots and len(bots) < seats - 1):
            return False
        chosen = secrets.SystemRandom().sample(bots, min(len(bots), seats - 1))
        claimed = await store.quick_seat_claim(entry["pool"], seats, secrets.token_hex(8), include=entry["id"])
        if len(claimed) == 1:
            cpus = seats - 1 - len(chosen)
            return bool(await self._open(game, 0, language, claimed, cpus, bots=chosen))
        if claimed:
            await store.quick_seat_release([c["id"] for c in claimed])  # someone came meanwhile
        return False

    async def cancel(self, entry_id: str, secret: str) -> bool:
        entry = await self._entry(entry_id, secret)
        return await self.ctx.store.quick_seat_cancel(entry["id"])

    async def _open(
        self,
        game: str,
        stake: int,
        language: str,
        claimed: list[dict[str, Any]],
        cpus: int,
        bots: list[tuple[str, str]] | None = None,
    ) -> int:
        """Open the table of the `claimed` entries, then `bots` ((player id, nickname) each),
        then `cpus` CPU seats."""
        options: dict[str, Any] = {"stake": stake} if stake else {}
        if language:
            options["language"] = language
        bots = bots or []
        humans = [(entry["name"], entry["player"]) for entry in claimed] + [(name, bot) for bot, name in bots]
        try:
            everyone = await self.rooms.open_table(game, options, humans, cpus, bots={bot for bot, _ in bots})
            tickets = everyone[: len(claimed)]
        except Refusal as refusal:
            # A wallet that cannot pay (spent since asking): that player leaves the queue, the
            # others keep their places.
            await self.ctx.store.quick_seat_release([entry["id"] for entry in claimed])
            short = _short_seat(refusal)
            if short is not None and 0 <= short < len(claimed):
                await self.ctx.store.quick_seat_cancel(claimed[short]["id"])
            log.info("quick seating could not open a %s table: %s", game, refusal.code)
            return 0
        except Exception:
            await self.ctx.store.quick_seat_release([entry["id"] for entry in claimed])
            raise
        await self.ctx.store.quick_seat_seat(
            {entry["id"]: ticket for entry, ticket in zip(claimed, tickets, strict=True)}
        )
        if self.events is not None:
            for (bot, _), ticket in zip(bots, everyone[len(claimed) :], strict=True):
                started = {"kind": "game_started", "code": ticket["code"], "game": game}
                await self.events.publish(bot, {**started, "seats": ticket["seats"], "token": ticket["token"]})
        return 1


def _short_seat(refusal: Refusal) -> int | None:
    if refusal.code != "insufficient_coins":
        return None
    words = refusal.detail.split()
    try:
        return int(words[words.index("seat") + 1])
    except (ValueError, IndexError):
        return None
