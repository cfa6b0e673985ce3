"""The store interface the lobby runs on. SQLite for one machine, PostgreSQL + Redis scaled.

A room is one JSON document with a revision number; every write names the revision it read,
so two writers can never both win (optimistic concurrency). A move's events, its answer (for
duplicate detection), its record in the game's move list and, when the game ends, the finished
game and the players' statistics are written in the same transaction as the room.

The ledger is double-entry: a transfer is a set of postings that sum to zero, written at most
once per idempotency key, in one transaction, and refused whole if any account but the mint
would go below zero.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any, Protocol

MINT = "mint"  # where coins come from: its (negative) balance is every coin in circulation
HOUSE = "house"  # what a table's pot leaves over (odd coins of a split)
WALLET = "wallet:"  # a player's wallet account is WALLET + their id (lobby/ledger.py `wallet_account`)


@dataclass(frozen=True)
class StoredEvent:
    number: int
    event: dict[str, Any]
    visible_to: list[int] | None  # None: everyone


@dataclass(frozen=True)
class ChatLine:
    number: int
    seat: int
    name: str
    text: str
    at_ms: int
    channel: str = "room"  # "room", or a game's channel ("pack", "team:0"): who may read it


ROOM_CHANNEL = "room"
# How far a room row's `updated_ms` column may lag the room's own time (its JSON's): a move
# within it leaves the column, and the indexes over it, unwritten (SQLite: one WAL page less a
# commit; PostgreSQL: an update that touches no indexed column, a HOT update). The retention
# sweep finds rooms by the column and decides by the room's own time, so none goes early.
ACTIVITY_LAG_MS = 60_000


@dataclass(frozen=True)
class MoveRecord:
    """One accepted step of a game, in order: enough to replay it from the seed.

    `seat` is -1 and `move` is `{"timeout": true}` for the game's own clock running out; a seat's
    clock running out is `{"timeout": true}` with that seat.
    """

    seat: int
    move: dict[str, Any]
    version: int  # the game version this move produced
    at_ms: int


@dataclass(frozen=True)
class RatedPlayer:
    """A player's rating in a title after a rated game: written with the finished game."""

    player_id: str
    mu: float
    sigma: float
    games: int  # rated games in the title, this one included
    delta: float  # the ordinal (mu - 3 sigma) after the game minus before it

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class StoredRating:
    """A player's current rating in one title, as `ratings` holds it."""

    game: str
    mu: float
    sigma: float
    games: int
    updated_ms: int


class RatingsMoved(Exception):
    """A rating a finished game's write would replace changed since it was read (another game
    of the player ended meanwhile): nothing of the write is kept, and the step is redone."""


@dataclass(frozen=True)
class FinishedGame:
    """A game that ended, for replay and statistics. `players[i]` is seat i's player id or ""."""

    code: str
    number: int  # the room's n-th game
    game: str
    options: dict[str, Any]
    seed: str  # hex; secret while the game runs, published once it is over
    names: list[str]
    players: list[str]
    result: dict[str, Any]
    started_ms: int
    finished_ms: int
    moves: list[MoveRecord] = field(default_factory=list)
    # The seed's chain (rulekit.fairness): {"server_seed", "commit", "contributions"}; {} for
    # games from before players contributed.
    fairness: dict[str, Any] = field(default_factory=dict)
    # A private room's game is opened only with the room's invitation (its hash kept here,
    # as the room keeps it) or by a player who sat in it; games from before this: public.
    private: bool = False
    invite_hash: str = ""
    # A rated game's new ratings, one per player; empty for an unrated game.
    ratings: tuple[RatedPlayer, ...] = ()


@dataclass(frozen=True)
class Player:
    """A player: a nickname and secret tokens (only their hashes are stored). A guest until
    secured with a passkey; then an account (`account_ms`: since when), and rated."""

    id: str
    nickname: str
    created_ms: int
    account_ms: int = 0

    @property
    def is_account(self) -> bool:
        return self.account_ms > 0


@dataclass(frozen=True)
class Passkey:
    """A WebAuthn credential of a player's (lobby/accounts.py): its id and public key as
    base64url, the authenticator's sign count as last seen, the transports it named."""

    id: str
    player_id: str
    credential_id: str
    public_key: str
    sign_count: int
    transports: tuple[str, ...]
    name: str
    created_ms: int
    last_used_ms: int


@dataclass(frozen=True)
class Session:
    """An account's signed-in device (`kind` "device", its label from the User-Agent) or bot
    token ("bot", named by the player). Its token is stored as a hash only."""

    id: str
    player_id: str
    kind: str
    label: str
    created_ms: int
    last_used_ms: int
    revoked_ms: int = 0


@dataclass(frozen=True)
class GameStats:
    game: str
    played: int
    won: int
    placings: dict[int, int]  # placing -> how often


@dataclass(frozen=True)
class BoardRow:
    """A row of a game's leaderboard or of its week's climbers. `shown` is the player's shown
    rating (lobby.rating_scale.shown); `gain` the week's gain in shown points (0 on the top board)."""

    rank: int
    player_id: str
    nickname: str
    shown: int
    games: int
    gain: int = 0


@dataclass(frozen=True)
class GameRating:
    """A player's current rating in one game; `rank` on its leaderboard, or None off it."""

    game: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    updated_ms: int
    rank: int | None


@dataclass(frozen=True)
class RatingPoint:
    """A player's rating after one rated game (`code`, `number`): a point of the history chart."""

    at_ms: int
    code: str
    number: int
    mu: float
    sigma: float
    ordinal: float
    delta: float


@dataclass(frozen=True)
class RatingRows:
    """Rating rows as the rated games' ends write them, loaded as they are (tests, imports,
    the benchmark): `ratings` (game, player_id, mu, sigma, ordinal, games, updated_ms),
    `changes` (player_id, game, at_ms, code, number, mu, sigma, ordinal, delta) and `weeks`
    (game, week, player_id, gain)."""

    ratings: list[tuple[str, str, float, float, float, int, int]] = field(default_factory=list)
    changes: list[tuple[str, str, int, str, int, float, float, float, float]] = field(default_factory=list)
    weeks: list[tuple[str, int, str, float]] = field(default_factory=list)


@dataclass(frozen=True)
class Posting:
    account: str
    amount: int  # positive: credited, negative: debited


@dataclass(frozen=True)
class Transfer:
    key: str  # idempotency key: a second transfer with the same key is never written
    kind: str
    postings: tuple[Posting, ...]
    at_ms: int
    memo: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Escrow:
    table: str
    amount: int  # each player's stake
    players: list[str]
    status: str  # open, settled, refunded
    opened_ms: int
    closed_ms: int = 0


@dataclass(frozen=True)
class EscrowChange:
    """What a transfer does to an escrow, in the same transaction: open it or close it."""

    table: str
    status: str  # "open" (create), "settled" or "refunded" (close an open one)
    amount: int = 0
    players: tuple[str, ...] = ()


@dataclass(frozen=True)
class SeatedRow:
    """A seat a player holds in a playing room (the "your turn" list, lobby/store/seated.py)."""

    player_id: str
    code: str
    seat: int
    game: str
    turn_since_ms: int | None  # since when it is this seat's turn; None while it is not
    deadline_ms: int | None  # when its move clock runs out (None: no clock)
    turn_based: bool


class GroupCounts(Protocol):
    commits: int
    writes: int


class GroupCommitted:
    """What a store writing through a group writer (`_writer`, with `commits` and `writes`)
    tells of it: the benchmarks and tests read how many writes each commit carried."""

    _writer: GroupCounts | None

    @property
    def commits(self) -> int:
        """Commits since `open`: fewer than `writes` when writes were grouped."""
        return self._writer.commits if self._writer is not None else 0

    @property
    def writes(self) -> int:
        """Writes committed through the group writer since `open`."""
        return self._writer.writes if self._writer is not None else 0


class LedgerError(Exception):
    """A transfer the ledger refuses; nothing was written."""


class InsufficientFunds(LedgerError):
    def __init__(self, account: str) -> None:
        super().__init__(f"{account} has too few coins")
        self.account = account


class EscrowConflict(LedgerError):
    """Opening an escrow that exists, or closing one that is not open."""


def check_balanced(transfer: Transfer) -> None:
    if not transfer.postings or sum(p.amount for p in transfer.postings) != 0:
        raise LedgerError(f"transfer {transfer.key} does not balance")
    if any(p.amount == 0 for p in transfer.postings) or len({p.account for p in transfer.postings}) != len(
        transfer.postings
    ):
        raise LedgerError(f"transfer {transfer.key} has an empty or repeated posting")


class Store(Protocol):
    async def open(self) -> None: ...
    async def close(self) -> None: ...

    # -- rooms --------------------------------------------------------------------------------
    async def insert_room(self, room: dict[str, Any]) -> bool:
        """False when the code is taken."""

    async def load_room(self, code: str) -> tuple[dict[str, Any], int] | None:
        """The room and its revision, or None."""

    async def save_room(
        self,
        room: dict[str, Any],
        revision: int,
        events: list[StoredEvent] = (),  # type: ignore[assignment]
        answer: tuple[str, dict[str, Any]] | None = None,
        moves: list[MoveRecord] = (),  # type: ignore[assignment]
        finished: FinishedGame | None = None,
        seated: list[SeatedRow] | None = None,
    ) -> bool:
        """Write if the stored revision is still `revision` and the answer's key is not taken;
        False (and nothing written) if not. `moves` go to the room's current game
        (`room["game_number"]`); `finished` records the game and counts it in the statistics;
        `seated` (None: as they are) become the room's "your turn" rows (lobby/store/seated.py)."""

    async def rooms_in_play(self) -> list[str]:
        """Codes of rooms whose game runs: their clocks and CPU seats resume after a restart."""

    async def expire_rooms(self, before_ms: int, limit: int = 200) -> list[str]:
        """Delete up to `limit` rooms last written before `before_ms`: those not in play (waiting
        or finished) first, then rooms in play that no player is at (no seat `Seat.here`: such
        a table waits for its players, lobby/clocks.py), with their events, move answers, chat
        and the moves of games that never finished; finished games (replays, statistics) stay. The codes deleted; an expired
        room's code is never given to a new room while its finished games are kept."""

    async def events_since(self, code: str, after: int) -> list[StoredEvent]: ...

    async def move_answer(self, code: str, key: str) -> dict[str, Any] | None: ...

    async def load_room_for_move(self, code: str, key: str) -> tuple[dict[str, Any], int, dict[str, Any] | None] | None:
        """The room, its revision and the answer already stored for move `key` (None when
        the move is new), in one round trip: the start of every move. None without a room."""

    async def put_move_answer(self, code: str, key: str, answer: dict[str, Any]) -> dict[str, Any]:
        """Store an answer unless one exists; return the one that is stored."""

    async def add_chat(
        self, code: str, seat: int, name: str, text: str, at_ms: int, channel: str = ROOM_CHANNEL
    ) -> ChatLine:
        """Store a chat line in `channel`; numbers are gap-free per room across channels."""

    async def chat_since(
        self, code: str, after: int, limit: int = 100, channels: Collection[str] | None = None
    ) -> list[ChatLine]:
        """The newest `limit` lines after `after`, oldest first; only `channels` when given
        (the limit counts the lines of those channels)."""

    # -- games for replay -----------------------------------------------------------------------
    async def game_moves(self, code: str, number: int) -> list[MoveRecord]:
        """The moves of a room's n-th game so far, in order."""

    async def finished_game(self, code: str, number: int) -> FinishedGame | None: ...

    async def player_games(self, player_id: str, limit: int = 50) -> list[FinishedGame]:
        """The newest `limit` finished games in which the player held a seat, newest first,
        without their moves."""

    # -- players, statistics, house rules -------------------------------------------------------
    async def create_player(self, player: Player, token_hash: str) -> None: ...

    async def player_by_token(self, token_hash: str) -> Player | None: ...

    async def players_by_ids(self, ids: list[str]) -> dict[str, Player]: ...

    async def mark_account(self, player_id: str, at_ms: int) -> None:
        """The player is an account from `at_ms` on (secured with a passkey); kept if already."""

    async def player_stats(self, player_id: str) -> list[GameStats]: ...

    async def current_ratings(self, game: str, player_ids: list[str]) -> dict[str, StoredRating]:
        """The players' ratings in `game`; a player without one is missing."""

    async def rated_meetings(self, game: str, player_ids: list[str], since_ms: int) -> int:
        """Rated games of `game` finished since `since_ms` whose players were exactly these."""

    async def link_player(self, code_hash: str, player_id: str, expires_ms: int) -> None:
        """A transfer code for the player, valid until `expires_ms` (only its hash is kept)."""

    async def claim_player_link(self, code_hash: str, token_hash: str, now_ms: int) -> Player | None:
        """Once and before it expires: the code's player, who now also answers to `token_hash`
        (a second device); None for an unknown, used or expired code."""

    async def save_house_rules(self, player_id: str, game: str, name: str, options: dict[str, Any], at_ms: int) -> None:
        """Create or replace the player's named set of options for a game."""

    async def house_rules(self, player_id: str, game: str | None = None) -> list[dict[str, Any]]:
        """`[{"game", "name", "options", "updated_ms"}]`, by game and name."""

    async def delete_house_rules(self, player_id: str, game: str, name: str) -> bool: ...

    # -- accounts: passkeys, recovery codes, sessions (lobby/store/accounts.py) -----------------
    async def add_passkey_challenge(
        self, challenge_hash: str, ceremony: str, player_id: str, expires_ms: int, now_ms: int
    ) -> None:
        """A ceremony's challenge ("register" for `player_id`, "sign_in" for anyone), good until
        `expires_ms`; the expired ones of every ceremony go in the same transaction."""

    async def take_passkey_challenge(self, challenge_hash: str) -> tuple[str, str, int] | None:
        """Once: the challenge's (ceremony, player id, expires_ms), and it is gone; None if unknown."""

    async def add_passkey(
        self, passkey: Passkey, recovery_hashes: list[str], device: Session | None, device_hash: str
    ) -> bool:
        """Store the passkey; the player's first makes them an account (their guest tokens
        become sessions, the recovery codes are stored). True if it was the first."""

    async def passkeys(self, player_id: str) -> list[Passkey]: ...

    async def passkey_by_credential(self, credential_id: str) -> Passkey | None: ...

    async def delete_passkey(self, player_id: str, passkey_id: str) -> bool: ...

    async def passkey_sign_in(
        self, passkey_id: str, seen_count: int, new_count: int, session: Session, token_hash: str, replaces_hash: str
    ) -> bool:
        """Sign count from `seen_count` to `new_count` and the session opened, or nothing (False)."""

    async def recovery_sign_in(self, code_hash: str, session: Session, token_hash: str, replaces_hash: str) -> str:
        """The code used up and a session opened for its player: the player's id, or ""."""

    async def replace_recovery_codes(self, player_id: str, code_hashes: list[str]) -> None: ...

    async def recovery_codes_left(self, player_id: str) -> int: ...

    async def add_session(self, session: Session, token_hash: str) -> None: ...

    async def account_session(self, token_hash: str) -> tuple[Session, Player] | None:
        """The session of this token, revoked or not, with its player."""

    async def touch_session(self, session_id: str, at_ms: int) -> None: ...

    async def sessions(self, player_id: str, kind: str) -> list[Session]:
        """The player's sessions of this kind that are not revoked, newest first."""

    async def revoke_session(self, player_id: str, session_id: str, at_ms: int) -> bool: ...

    async def sweep_sessions(self, idle_before_ms: int, revoked_before_ms: int, now_ms: int) -> int:
        """Devices' sessions idle since before `idle_before_ms`, sessions revoked before
        `revoked_before_ms` and expired challenges forgotten; how many sessions."""

    async def delete_player(self, player_id: str, at_ms: int = 0) -> bool:
        """The player's personal data gone (the player's row kept as a tombstone without a name
        or a token), their wallet's coins back to the mint (the transfer `delete:<id>`); their
        finished games keep their seats as "". False if already deleted."""

    async def deleted_players(self, player_ids: Collection[str]) -> set[str]:
        """Those of `player_ids` whose account was deleted."""

    # -- ratings (read side; lobby/store/ratings.py) ----------------------------------------------
    async def leaderboard(self, game: str, now_ms: int, limit: int = 100) -> list[BoardRow]:
        """The game's top `limit` (at most LEADERBOARD_SIZE) accounts rated in the last
        ACTIVE_MS with at least PROVISIONAL_GAMES games, best ordinal first (ties by player id)."""

    async def climbers(self, game: str, now_ms: int, limit: int = 100) -> list[BoardRow]:
        """The accounts that gained most in the game this calendar week (gain above 0)."""

    async def player_ratings(self, player_id: str, now_ms: int) -> list[GameRating]:
        """The player's rating in every game they are rated in, by game; none for a deleted player."""

    async def rating_history(self, player_id: str, game: str, limit: int = 100) -> list[RatingPoint]:
        """The player's newest `limit` rating changes in the game, oldest first."""

    async def load_ratings(self, rows: RatingRows) -> None:
        """Rating rows written as they are, in one transaction (tests, imports)."""

    # -- quick seating ---------------------------------------------------------------------------
    # A queue entry: {"id", "pool", "player", "name", "at_ms", "status", "answer"}; `pool` is
    # "<game>|<seats>|<stake>", `status` waiting, claimed, seated or cancelled; `answer` is the
    # seated player's room ticket ({"code", "token", "seats"}), read only with the entry's secret.
    async def quick_seat_join(
        self, entry_id: str, pool: str, player: str, name: str, secret_hash: str, at_ms: int
    ) -> dict[str, Any]:
        """Queue the player in `pool`, or, if they wait there already, hand that entry the new
        secret (a second tab takes it over): one waiting entry per player and pool."""

    async def quick_seat_claim(
        self, pool: str, count: int, claim: str, include: str | None = None
    ) -> list[dict[str, Any]]:
        """In one step, across replicas: the `count` longest-waiting entries of `pool` marked
        claimed by `claim`, oldest first, or none if fewer wait. With `include`, that entry
        (if it still waits) and up to `count` - 1 of the others waiting longest, however few."""

    async def quick_seat_claim_chosen(
        self, pool: str, game: str, claim: str, choose: Callable[[list[tuple[str, int, float | None]]], list[str]]
    ) -> list[dict[str, Any]]:
        """In one step, across replicas: the entries `choose` picks from the pool's waiting ones,
        given as (id, at_ms, the player's ordinal in `game` or None) oldest first, marked
        claimed by `claim`, oldest first (lobby/rated_tables.py chooses)."""

    async def quick_seat_seat(self, answers: dict[str, dict[str, Any]]) -> None:
        """The claimed entries seated, each with its ticket."""

    async def quick_seat_release(self, entry_ids: list[str]) -> None:
        """Claimed entries back to waiting (their table could not start), their places kept."""

    async def quick_seat_entry(self, entry_id: str) -> tuple[dict[str, Any], str] | None:
        """The entry and its secret's hash."""

    async def quick_seat_cancel(self, entry_id: str) -> bool:
        """A waiting entry cancelled; False if it no longer waits."""

    async def quick_seat_waiting(self, pool: str) -> int: ...

    # -- web push (lobby/store/push.py) -----------------------------------------------------------
    async def push_subscribe(self, subscription: dict[str, Any]) -> dict[str, Any]: ...

    async def push_subscriptions(self, player_id: str) -> list[dict[str, Any]]: ...

    async def push_unsubscribe(self, player_id: str, subscription_id: str) -> bool: ...

    async def push_save_quiet_hours(
        self, player_id: str, start_minute: int, end_minute: int, time_zone: str
    ) -> None: ...

    async def push_quiet_hours(self, player_id: str) -> dict[str, Any] | None: ...

    async def push_plan(self, player_id: str, code: str) -> dict[str, Any] | None: ...

    async def push_notice(
        self,
        player_id: str,
        code: str,
        reason: str,
        payloads: dict[str, dict[str, Any]],
        due_ms: int,
        now_ms: int,
        new_id: Any,
    ) -> int: ...

    async def push_seen(self, player_id: str, code: str, reason: str, at_ms: int) -> None: ...

    async def push_forget(self, before_ms: int) -> int: ...

    async def push_claim(self, owner: str, now_ms: int, lease_ms: int, limit: int) -> list[dict[str, Any]]: ...

    async def push_sent(self, row_id: str, owner: str) -> None: ...

    async def push_retry(self, row_id: str, owner: str, due_ms: int) -> None: ...

    async def push_gone(self, subscription_id: str) -> None: ...

    async def push_outbox_size(self) -> int: ...
    # -- who sits where, whose turn it is, vacations ---------------------------------------------
    async def turns_of(self, player_id: str, limit: int = 100) -> list[SeatedRow]:
        """The seats where it is the player's turn, the longest waiting first."""

    async def tables_of(self, player_id: str) -> list[str]:
        """The codes of every playing room the player sits at."""

    async def add_vacation(self, player_id: str, year: int, from_ms: int, until_ms: int) -> None: ...

    async def vacations_of(self, player_id: str, year: int) -> list[tuple[int, int]]:
        """The player's vacations of `year` as (from_ms, until_ms), oldest first."""

    # -- bot accounts and challenges (lobby/store/challenges.py) ----------------------------------
    async def set_bot(self, player_id: str, bot: bool, quick_seats: bool, games: list[str], at_ms: int) -> None: ...

    async def bot_of(self, player_id: str) -> dict[str, Any] | None: ...

    async def bots_among(self, ids: list[str]) -> set[str]: ...

    async def list_bots(self, now_ms: int, limit: int = 200) -> list[dict[str, Any]]: ...

    async def quick_seat_bots(self, game: str, now_ms: int, exclude: list[str]) -> list[tuple[str, str]]: ...

    async def set_bot_online(self, player_id: str, until_ms: int) -> None: ...

    async def add_challenge(
        self, challenge: dict[str, Any], max_open: int, max_per_window: int, window_start_ms: int
    ) -> str: ...

    async def challenge_by_id(self, challenge_id: str) -> dict[str, Any] | None: ...

    async def close_challenge(self, challenge_id: str, status: str, now_ms: int, room_code: str = "") -> bool: ...

    async def close_challenge_room(self, challenge_id: str, room_code: str) -> None: ...

    async def reopen_challenge(self, challenge_id: str) -> None: ...

    async def open_challenges_of(self, player_id: str, now_ms: int) -> list[dict[str, Any]]: ...

    async def expire_challenges(self, now_ms: int) -> list[dict[str, Any]]: ...

    # -- the ledger -----------------------------------------------------------------------------
    async def ledger_transfer(self, transfer: Transfer, escrow: EscrowChange | None = None) -> tuple[Transfer, bool]:
        """Write the transfer once: (the stored transfer, True if this call wrote it).
        Raises InsufficientFunds or EscrowConflict (nothing written)."""

    async def ledger_daily_top_up(self, key: str, account: str, up_to: int, at_ms: int) -> tuple[Transfer, bool]:
        """Once per `key`: fill `account` up to `up_to` from the mint, reading its balance in
        the same transaction. Written even when nothing is missing (a transfer without
        postings), so only the first look of a day can fill a wallet. (The stored transfer,
        True if this call wrote it.)"""

    async def ledger_balance(self, account: str) -> int: ...

    async def ledger_balances(self) -> dict[str, int]:
        """Every account's balance, read at one instant."""

    async def ledger_transfer_by_key(self, key: str) -> Transfer | None: ...

    async def ledger_history(self, account: str) -> list[Transfer]:
        """Every transfer that touched the account, oldest first."""

    async def ledger_escrow(self, table: str) -> Escrow | None: ...

    async def ledger_escrows(self, status: str | None = None) -> list[Escrow]:
        """Every escrow (or those with this status), by table."""
