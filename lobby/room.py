"""The room as a typed record, and a connection's ticket.

A room is stored as one JSON document (lobby/store). `Room.from_json` reads what the stores
hold, `Room.to_json` writes the same keys and shapes back: a key this code does not know is
kept as it is, keys that only some rooms have (a seat's `gone_ms`, the room's `stake`) are
written only when set, so rooms written before this record existed load, and rooms written
now load in older code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .jsontext import digest, loads
from .text import clean_text

SEAT_KINDS = ("human", "cpu", "empty")
MAX_NICKNAME = 24


# A seat whose player is a bot account (lobby/challenges.py), in `Seat.extra`; a rated room
# whose host lets bots play people, in `Room.extra`.
BOT_KEY = "bot"
BOTS_ALLOWED_KEY = "bots_allowed"


@dataclass
class Seat:
    """A place at the table. `holder` is the token hash of whoever sits there; `left` means a
    CPU plays it for its holder (who left, was gone too long, or let the clock run out too often)."""

    kind: str  # human, cpu, empty
    level: str = ""  # the CPU level, also of a CPU playing for an absent holder
    name: str = ""
    holder: str | None = None
    left: bool = False
    gone_ms: int | None = None  # the holder's last connection went away then: the grace runs
    left_ms: int | None = None  # a CPU took the seat over then
    timeouts: int = 0  # the seat's move clock ran out this often in a row
    # In a rated room: the holder's public rating in the room's title, {"shown", "provisional"}.
    rating: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        known = {"kind", "level", "name", "holder", "left", "gone_ms", "left_ms", "timeouts", "rating"}
        return cls(
            kind=data["kind"],
            level=data.get("level") or "",
            name=data.get("name") or "",
            holder=data.get("holder"),
            left=bool(data.get("left")),
            gone_ms=data.get("gone_ms"),
            left_ms=data.get("left_ms"),
            timeouts=data.get("timeouts", 0),
            rating=data.get("rating"),
            extra={k: v for k, v in data.items() if k not in known},
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind,
            "level": self.level,
            "name": self.name,
            "holder": self.holder,
            "left": self.left,
        }
        if self.gone_ms is not None:
            out["gone_ms"] = self.gone_ms
        if self.left_ms is not None:
            out["left_ms"] = self.left_ms
        if self.timeouts:
            out["timeouts"] = self.timeouts
        if self.rating is not None:
            out["rating"] = self.rating
        out.update(self.extra)
        return out

    @property
    def played_by_cpu(self) -> bool:
        return self.kind == "cpu" or self.left

    @property
    def here(self) -> bool:
        """A player holds the seat, is connected (no grace running) and plays it themselves."""
        return self.kind == "human" and bool(self.holder) and self.gone_ms is None and not self.left

    def return_to_holder(self) -> bool:
        """The holder plays the seat again (a CPU played it for them); False if none did."""
        if not self.left:
            return False
        self.left = False
        self.left_ms = None
        self.timeouts = 0
        return True


@dataclass
class TicketEntry:
    """What the room remembers of a ticket (keyed by the token's hash): its seats and name."""

    seats: list[int]
    name: str
    player: str = ""  # the guest player's id, "" without one

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TicketEntry:
        return cls(list(data.get("seats", [])), data.get("name", ""), data.get("player", ""))

    def to_json(self) -> dict[str, Any]:
        return {"seats": self.seats, "name": self.name, "player": self.player}


@dataclass
class Deadline:
    """The engine's next move clock: when, for which seat (None: the game's own clock), and
    every seat whose clock runs out then (both throwers of a simultaneous throw)."""

    at_ms: int
    seat: int | None
    seats: list[int] = field(default_factory=list)

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Deadline | None:
        if not data:
            return None
        seat = data.get("seat")
        seats = data.get("seats")
        if seats is None:  # written before deadlines named every seat
            seats = [] if seat is None else [seat]
        return cls(int(data["at_ms"]), seat, list(seats))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"at_ms": self.at_ms, "seat": self.seat}
        if self.seats != ([] if self.seat is None else [self.seat]):
            out["seats"] = self.seats  # only when it says more than `seat`
        return out


def choices_digest(view: Any) -> int:
    """A digest of the legal moves a decoded view offers (equal moves, equal digests)."""
    return digest(view.get("legal_moves"))


# The order the stores have always held a room's keys in.
_ROOM_KEYS = (
    "code",
    "game",
    "options",
    "seats",
    "status",
    "host",
    "tickets",
    "version",
    "last_event",
    "state_json",
    "views",
    "spectator_view",
    "to_move",
    "result",
    "deadline",
    "rematch",
    "games_played",
    "game_number",
    "seed",
    "started_ms",
    "created_ms",
    "updated_ms",
    "choice_version",
    "stake",
    "private",
    "invite",
    "shuffle",
    "fairness",
    "rated",
    "rating_result",
)


@dataclass
class Room:
    code: str
    game: str
    options: dict[str, Any]
    seats: list[Seat]
    status: str = "waiting"  # waiting, playing, finished
    host: str = ""  # the host's token hash
    tickets: dict[str, TicketEntry] = field(default_factory=dict)
    version: int = 0  # the game's version: one per step
    last_event: int = 0  # events are numbered per room
    state_json: str = ""  # the engine's state: server side only
    views: dict[str, str] = field(default_factory=dict)  # each seat's view (JSON), by seat
    spectator_view: str = ""
    to_move: list[int] = field(default_factory=list)
    result: dict[str, Any] | None = None
    deadline: Deadline | None = None
    rematch: list[int] = field(default_factory=list)  # seats that voted for a rematch
    games_played: int = 0
    game_number: int = 0
    seed: str = ""  # hex; server side only until the game is over
    started_ms: int = 0
    created_ms: int = 0
    updated_ms: int = 0
    # The version at which each seat's legal moves last changed (stale-move check).
    choice_version: dict[str, int] | None = None
    stake: dict[str, Any] | None = None  # {"table", "amount", "players"} at a staked table
    # A private room: a seat (or watching) needs the code and the host's invitation token,
    # kept as its hash (the room document travels over the bus).
    private: bool = False
    invite: str = ""
    # The next game's server seed, its commitment and the values seats sent for it, by holder
    # (rulekit.fairness): {"server_seed", "commit", "values"}.
    shuffle: dict[str, Any] | None = None
    # This (or the last) game's chain: {"server_seed", "commit", "contributions"}.
    fairness: dict[str, Any] | None = None
    # A rated room: every seat an account's, each once (lobby/rated_rooms.py); its last game's
    # outcome for the result panel: {"changes": [RatingChange.public(), ...]} or {"unrated": code}.
    rated: bool = False
    rating_result: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    # The keys in the order the stored document had them: a room written back unchanged is
    # the same bytes (the order of `stake` and `choice_version` depends on the room's history).
    key_order: tuple[str, ...] = field(default=(), compare=False, repr=False)
    # Views decoded by `view_value`, by their JSON text: not part of the room.
    _decoded: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    # Each seat's legal moves as its view holds them, as a digest (`choice_digests`); None until
    # asked for. Not part of the room: set by `absorb`, or from a kept copy (lobby/latest.py).
    choices: dict[str, int] | None = field(default=None, compare=False, repr=False)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Room:
        """A room as the stores hold it (or as the bus carries it, without state and seed)."""
        return cls(
            code=data["code"],
            game=data["game"],
            options=data["options"],
            seats=[Seat.from_json(s) for s in data["seats"]],
            status=data["status"],
            host=data.get("host", ""),
            tickets={k: TicketEntry.from_json(v) for k, v in data.get("tickets", {}).items()},
            version=data.get("version", 0),
            last_event=data.get("last_event", 0),
            state_json=data.get("state_json", ""),
            views=data.get("views", {}),
            spectator_view=data.get("spectator_view", ""),
            to_move=list(data.get("to_move", [])),
            result=data.get("result"),
            deadline=Deadline.from_json(data.get("deadline")),
            rematch=list(data.get("rematch", [])),
            games_played=data.get("games_played", 0),
            game_number=data.get("game_number", data.get("games_played", 0)),
            seed=data.get("seed", ""),
            started_ms=data.get("started_ms", 0),
            created_ms=data.get("created_ms", 0),
            updated_ms=data.get("updated_ms", 0),
            choice_version=data.get("choice_version"),
            stake=data.get("stake"),
            private=bool(data.get("private")),
            invite=data.get("invite", ""),
            shuffle=data.get("shuffle"),
            fairness=data.get("fairness"),
            rated=bool(data.get("rated")),
            rating_result=data.get("rating_result"),
            extra={k: v for k, v in data.items() if k not in _ROOM_KEYS},
            key_order=tuple(data),
        )

    def to_json(self, server_side: bool = True) -> dict[str, Any]:
        """The stored document; without `server_side`, the state and its seeds are left out
        (what other replicas get: they render views and drive clocks, and Redis sees no secret)."""
        out: dict[str, Any] = {
            "code": self.code,
            "game": self.game,
            "options": self.options,
            "seats": [s.to_json() for s in self.seats],
            "status": self.status,
            "host": self.host,
            "tickets": {k: t.to_json() for k, t in self.tickets.items()},
            "version": self.version,
            "last_event": self.last_event,
            "state_json": self.state_json,
            "views": self.views,
            "spectator_view": self.spectator_view,
            "to_move": self.to_move,
            "result": self.result,
            "deadline": self.deadline.to_json() if self.deadline else None,
            "rematch": self.rematch,
            "games_played": self.games_played,
            "game_number": self.game_number,
            "seed": self.seed,
            "started_ms": self.started_ms,
            "created_ms": self.created_ms,
            "updated_ms": self.updated_ms,
        }
        if self.choice_version is not None:
            out["choice_version"] = self.choice_version
        if self.stake is not None:
            out["stake"] = self.stake
        if self.private:
            out["private"] = True
            out["invite"] = self.invite
        if self.shuffle is not None:
            out["shuffle"] = self.shuffle
        if self.fairness is not None:
            out["fairness"] = self.fairness
        if self.rated:
            out["rated"] = True
        if self.rating_result is not None:
            out["rating_result"] = self.rating_result
        out.update(self.extra)
        if self.key_order and tuple(out) != self.key_order:
            ordered = {k: out[k] for k in self.key_order if k in out}
            out = ordered | out
        if not server_side:
            del out["state_json"], out["seed"]
            # The server seeds stay here too: only their commitments travel.
            for key in ("shuffle", "fairness"):
                if key in out:
                    out[key] = {k: v for k, v in out[key].items() if k != "server_seed"}
        return out

    def view_value(self, view_json: str) -> Any:
        """A view's JSON (one this room holds or held) decoded, once per room object: the move
        path compares legal moves and the fan-out sends the views from one decoding. The value
        is shared by every caller: read it, never change it."""
        value = self._decoded.get(view_json)
        if value is None:
            value = self._decoded[view_json] = loads(view_json)
        return value

    def choice_digests(self) -> dict[str, int]:
        """Each seat's legal moves, as `choices_digest` of its view: the move path tells from
        them whose choices a step changed."""
        if self.choices is None:
            self.choices = {seat: choices_digest(self.view_value(view)) for seat, view in self.views.items()}
        return self.choices

    def seats_held_by(self, key: str) -> list[int]:
        entry = self.tickets.get(key)
        return entry.seats if entry else []

    def player_of(self, key: str | None) -> str:
        entry = self.tickets.get(key) if key else None
        return entry.player if entry else ""

    def someone_here(self) -> bool:
        """Whether any player is at the table (`Seat.here`). While none is, the table waits for
        them: no grace period ends and no absent seat is handed to a CPU (lobby/clocks.py)."""
        return any(seat.here for seat in self.seats)

    def cpu_seats_to_move(self) -> list[int]:
        """Seats to move that a CPU plays (its own, or for a holder who is away)."""
        return [s for s in self.to_move if self.seats[s].played_by_cpu]

    def renumber_tickets(self) -> None:
        """After the seats moved (start, rematch, settings): each ticket's seats again."""
        for key, entry in self.tickets.items():
            entry.seats = [i for i, s in enumerate(self.seats) if s.holder == key]


@dataclass(slots=True)  # one per connection, alive as long as it is
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
    sent_version: int = -1  # the game version of the last update sent (its views are the client's)


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
    """The nickname as kept (lobby.text's check, so every entry refuses the same text), or the
    fallback when none was given."""
    return clean_text(text or None, "nickname")[:MAX_NICKNAME] or fallback
