"""The lobby's face: all the gateway (WebSocket, REST, the gRPC play API) may ask of the lobby
or take from it. The gateway imports this module and no other of the lobby
(tests/unit/test_lobby_face.py), so the lobby's insides can be rearranged behind it.

    LobbyFace        what a client may ask (create, join, connect, move, chat, ...)
    PlayerDesk       guest players: their profile, games, transfer codes, house rules
    AccountDesk      passkey accounts: passkeys, sign-in, recovery codes, devices, bot tokens,
                     deletion; RelyingParty, the site the passkeys belong to
    PushDesk         Web Push: the server's key, a player's subscriptions and quiet hours
    ChallengeDesk    bots online: bot accounts, challenges, a player's event stream (EventSink)
    RatingDesk       leaderboards, a player's ratings and their history
    Subscriber       a connection as the lobby sees it; Ticket, its credentials in a room
    clean_text, normalise_code, is_code, token_hash, json_text, REFUSALS
    make_lobby, open_lobby, lobby_from_env   a lobby from its parts (store, engines, bus,
                     settings), or from the process's environment
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, Protocol

from .accounts import RelyingParty
from .bus import LocalBus, RedisBus, make_bus
from .codes import is_code, normalise_code, token_hash
from .context import LobbySettings
from .engines import Engines
from .hub import Subscriber
from .jsontext import dumps as json_text
from .lobby import Lobby
from .metrics import REFUSALS
from .push_keys import PushSettings
from .room import Ticket
from .store import Player, Store, make_store
from .text import clean_text

__all__ = [
    "REFUSALS",
    "AccountDesk",
    "ChallengeDesk",
    "EventSink",
    "RelyingParty",
    "ConnectedRooms",
    "LobbyFace",
    "LobbySettings",
    "Player",
    "PlayerDesk",
    "PushDesk",
    "RatingDesk",
    "Subscriber",
    "Ticket",
    "clean_text",
    "is_code",
    "json_text",
    "lobby_from_env",
    "make_lobby",
    "normalise_code",
    "open_lobby",
    "settings_from_env",
    "token_hash",
]


class PlayerDesk(Protocol):
    """Guest players (lobby/players.py), as the REST API offers them."""

    async def create(self, nickname: str) -> tuple[Player, str]: ...

    async def profile(self, token: str) -> dict[str, Any]: ...

    async def finished_games(self, token: str) -> list[dict[str, Any]]: ...

    async def transfer_code(self, token: str) -> dict[str, Any]: ...

    async def claim(self, code: str) -> tuple[Player, str]: ...

    async def house_rules(self, token: str, game: str | None) -> list[dict[str, Any]]: ...

    async def save_house_rules(self, token: str, game: str, name: str, options: dict[str, Any]) -> None: ...

    async def delete_house_rules(self, token: str, game: str, name: str) -> bool: ...


class AccountDesk(Protocol):
    """Passkey accounts (lobby/accounts.py), as the REST API offers them. `token` is the
    asking device's player token; `device_label` a short name of its browser."""

    async def account(self, token: str) -> dict[str, Any]: ...

    async def registration_options(self, token: str, rp: RelyingParty) -> dict[str, Any]: ...

    async def register(
        self, token: str, rp: RelyingParty, credential: Any, name: str, device_label: str
    ) -> dict[str, Any]: ...

    async def passkeys(self, token: str) -> list[dict[str, Any]]: ...

    async def delete_passkey(self, token: str, passkey_id: str) -> None: ...

    async def sign_in_options(self, rp: RelyingParty) -> dict[str, Any]: ...

    async def sign_in(
        self, rp: RelyingParty, credential: Any, device_label: str, current_token: str
    ) -> dict[str, Any]: ...

    async def recover(self, code: str, device_label: str, current_token: str) -> dict[str, Any]: ...

    async def sign_out(self, token: str) -> None: ...

    async def devices(self, token: str) -> list[dict[str, Any]]: ...

    async def revoke_device(self, token: str, session_id: str) -> None: ...

    async def new_recovery_codes(self, token: str) -> list[str]: ...

    async def bot_tokens(self, token: str) -> list[dict[str, Any]]: ...

    async def create_bot_token(self, token: str, name: str) -> dict[str, Any]: ...

    async def revoke_bot_token(self, token: str, bot_id: str) -> None: ...

    async def delete(self, token: str) -> dict[str, Any]: ...


class PushDesk(Protocol):
    """Web Push subscriptions and quiet hours (lobby/push.py), as the REST API offers them.
    `device_label` a short name of the subscribing browser, as for `AccountDesk`."""

    def public_key(self) -> str: ...

    async def subscribe(self, token: str, body: dict[str, Any], device_label: str) -> dict[str, Any]: ...

    async def subscriptions(self, token: str) -> dict[str, Any]: ...

    async def unsubscribe(self, token: str, subscription_id: str) -> bool: ...

    async def save_quiet_hours(self, token: str, body: dict[str, Any]) -> dict[str, Any]: ...


class RatingDesk(Protocol):
    """Ratings (lobby/leaderboards.py): leaderboards, a player's ratings, the history of one."""

    async def board(self, game: str, board: str = "top", limit: int | None = None) -> dict[str, Any]: ...

    async def tops(self) -> dict[str, list[dict[str, Any]]]: ...

    async def player(self, player_id: str) -> dict[str, Any]: ...

    async def mine(self, token: str) -> dict[str, Any]: ...

    async def history(self, token: str, game: str, limit: int = 100) -> dict[str, Any]: ...


class EventSink(Protocol):
    """A player's open event stream, as the lobby sees it: `send` never blocks (it queues)."""

    def send(self, event: dict[str, Any]) -> None: ...


class ChallengeDesk(Protocol):
    """Bots online (lobby/challenges.py): bot accounts, challenges and a player's event stream."""

    async def set_bot(self, token: str, body: dict[str, Any]) -> dict[str, Any]: ...

    async def bots(self) -> list[dict[str, Any]]: ...

    async def create(
        self, token: str, to_player: Any, game: Any, options: Any, rated: Any = False
    ) -> dict[str, Any]: ...

    async def answer(self, token: str, challenge_id: Any, accept: bool) -> dict[str, Any]: ...

    async def cancel(self, token: str, challenge_id: Any) -> dict[str, Any]: ...

    async def mine(self, token: str) -> list[dict[str, Any]]: ...

    async def open_stream(self, token: str, sink: EventSink) -> str: ...

    async def close_stream(self, player_id: str, sink: EventSink) -> None: ...


class ConnectedRooms(Protocol):
    """The rooms with a connection in this process (for the rooms-by-status gauge)."""

    def rooms(self) -> list[tuple[str, list[Subscriber]]]: ...


class LobbyFace(Protocol):
    """What a client may ask of the lobby. A refusal is a `rulekit.Refusal` with its code."""

    accepting_rooms: bool  # False: draining, new rooms are refused

    @property
    def players(self) -> PlayerDesk: ...

    @property
    def accounts(self) -> AccountDesk: ...

    @property
    def push(self) -> PushDesk: ...

    @property
    def ratings(self) -> RatingDesk: ...

    @property
    def hub(self) -> ConnectedRooms: ...

    @property
    def challenges(self) -> ChallengeDesk: ...

    async def start(self) -> None: ...

    async def close(self) -> None: ...

    # -- what anyone may look at
    def list_games(self) -> list[dict[str, Any]]: ...

    async def game_of(self, code: str) -> str | None: ...

    async def get_room(self, code: str) -> dict[str, Any]: ...

    async def finished_game(
        self, code: str, number: int, invite: str = "", player_token: str = ""
    ) -> dict[str, Any]: ...

    async def replay(
        self, code: str, number: int, seat: str = "all", invite: str = "", player_token: str = ""
    ) -> dict[str, Any]: ...

    def resolve_options(self, game: str, options: dict[str, Any]) -> dict[str, Any]: ...

    # -- a player's tables
    async def turns(self, player_token: str) -> list[dict[str, Any]]: ...

    async def start_vacation(self, player_token: str, days: Any) -> dict[str, Any]: ...

    async def vacation(self, player_token: str) -> dict[str, Any]: ...

    # -- rooms and seats
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
    ) -> dict[str, Any]: ...

    async def join_room(
        self,
        code: str,
        nickname: str,
        spectator: bool = False,
        player_token: str = "",
        invite: str = "",
        request_id: str = "",
    ) -> dict[str, Any]: ...

    async def quick_seat(
        self,
        player_token: str,
        game: str,
        seats: int,
        stake: int,
        nickname: str = "",
        cpu_after_s: int = 60,
        language: str = "",
    ) -> dict[str, Any]: ...

    async def quick_seat_look(self, entry_id: str, secret: str, cpu_after_s: int = 60) -> dict[str, Any]: ...

    async def quick_seat_with_cpus(self, entry_id: str, secret: str) -> dict[str, Any]: ...

    async def quick_seat_cancel(self, entry_id: str, secret: str) -> bool: ...

    # -- a connection to a room
    async def connect(self, subscriber: Subscriber, code: str, token: str, last_event: int) -> None: ...

    def disconnect(self, subscriber: Subscriber) -> None: ...

    async def start_game(self, subscriber: Subscriber) -> None: ...

    async def contribute(self, subscriber: Subscriber, value: str, commit: str) -> None: ...

    async def change_settings(
        self, subscriber: Subscriber, options: dict[str, Any] | None, seats: list[dict[str, Any]] | None
    ) -> None: ...

    async def rematch(self, subscriber: Subscriber) -> None: ...

    async def leave(self, subscriber: Subscriber) -> None: ...

    async def remove_player(self, subscriber: Subscriber, seat: int) -> None: ...

    async def move(self, subscriber: Subscriber, seat: int, move: Any, client_move_id: str, version: int) -> None: ...

    async def resume(self, subscriber: Subscriber) -> None: ...

    async def resync(self, subscriber: Subscriber) -> None: ...

    async def chat(self, subscriber: Subscriber, text: str, channel: str = "") -> None: ...


def make_lobby(
    store: Store | None = None,
    engines: Engines | None = None,
    settings: LobbySettings | None = None,
    bus: LocalBus | RedisBus | None = None,
) -> LobbyFace:
    """A lobby, not started yet (`await lobby.start()`): the store of GAMEROOM_STORE, the family
    services of the environment, the bus of GAMEROOM_REDIS, unless given."""
    return Lobby(
        store if store is not None else make_store(),
        engines if engines is not None else Engines(),
        settings,
        bus if bus is not None else make_bus(),
    )


def settings_from_env(game_titles: Mapping[str, Mapping[str, str]] | None = None) -> LobbySettings:
    """The lobby's settings from the environment; `game_titles` (game -> language -> title) are
    the games' names its push notices say."""
    env = os.environ.get
    return LobbySettings.at_rate(
        # Test-only: the lobby's clock this many times as fast as real time (move clocks).
        float(env("GAMEROOM_CLOCK_RATE", "1")),
        # Test-only: the real time (s) the fast clock starts from: a restarted process goes on.
        since=float(env("GAMEROOM_CLOCK_SINCE")) if env("GAMEROOM_CLOCK_SINCE") else None,
        cpu_delay_ms=int(env("GAMEROOM_CPU_DELAY_MS", "700")),
        ai_budget_ms=int(env("GAMEROOM_AI_BUDGET_MS", "1000")),
        takeover_grace_ms=int(env("GAMEROOM_TAKEOVER_GRACE_MS", "60000")),
        stake_sweep_ms=int(env("GAMEROOM_STAKE_SWEEP_MS", "120000")),
        retention_ms=int(float(env("GAMEROOM_RETENTION_DAYS", "30")) * 86_400_000),
        moves_in_flight=int(env("GAMEROOM_MOVES_IN_FLIGHT", "64")),
        kept_rooms=int(env("GAMEROOM_KEPT_ROOMS", "1024")),
        push=PushSettings.from_env(game_titles),
        challenge_ttl_ms=int(float(env("GAMEROOM_CHALLENGE_TTL_S", "300")) * 1000),
        leaderboards_cache_ms=int(float(env("GAMEROOM_LEADERBOARDS_CACHE_S", "30")) * 1000),
        # Benchmark-only: "off" keeps players' events on this replica (bench/player_events_fanout.py).
        player_events_bus=env("GAMEROOM_PLAYER_EVENTS_BUS", "on") != "off",
    )


async def open_lobby(
    store: Store | None = None,
    engines: Engines | None = None,
    settings: LobbySettings | None = None,
    bus: LocalBus | RedisBus | None = None,
) -> LobbyFace:
    """A running lobby (`make_lobby`, started: store open, catalogue loaded, bus joined)."""
    lobby = make_lobby(store, engines, settings, bus)
    await lobby.start()
    return lobby


async def lobby_from_env(game_titles: Mapping[str, Mapping[str, str]] | None = None) -> LobbyFace:
    """The gateway process's lobby, running: its store, family services, bus and settings all
    from the environment (docs/configuration.md); `game_titles` as for `settings_from_env`."""
    return await open_lobby(
        # How long a step waits for its family service to come back (a replica restarting).
        engines=Engines(retry_for=float(os.environ.get("GAMEROOM_ENGINE_RETRY_S", "15"))),
        settings=settings_from_env(game_titles),
    )
