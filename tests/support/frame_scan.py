"""A whole game over the real WebSocket, every frame kept, then judged against the game itself.

Every seat is a socket of its own (a player on their own device) and a spectator watches.
The seats play seeded random legal moves taken from the views they received, until the game
is over. Then the room's replay (`GET /api/rooms/{code}/games/{n}`, open once the game is
over: seed, options and every move) is played again through the engine, which gives the true
state at every version. Against it each frame is judged:

- the view a seat received at version v is exactly the engine's view of state v for that seat
  (so the gateway and the lobby add nothing and leave nothing stale), and
- no scalar anywhere in any frame a seat (or the spectator) received at version v, events and
  room information included, is a secret of that seat at v: `hidden_from(state_v, seat)`,
  the same function the playout tests scan the engine's views with.

The replay also has to end in the result the room announced, so the states judged against
are the ones the players really played.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from rulekit import Engine, State
from rulekit.playout import instantiate, leaves
from tests.support.client import PlayClient, Refused, rest

HiddenFrom = Callable[[State, int | None], Iterable[Any]]


@dataclass
class Scan:
    frames: int = 0  # frames judged
    views: int = 0  # views compared with the engine's
    secrets_seen: int = 0  # secret values that existed while frames were judged (the check bites)
    by_seat: dict[str, int] = field(default_factory=dict)
    secrets_by_seat: dict[str, int] = field(default_factory=dict)  # secrets_seen, by receiver


def _update_version(message: dict[str, Any]) -> int | None:
    update = message.get("update")
    return None if update is None else int(update["room"]["version"])


def _scalars(message: dict[str, Any]) -> set[Any]:
    return {v for v in leaves(message) if isinstance(v, (str, int)) and not isinstance(v, bool)}


async def play_over_sockets(
    stack: Any,
    engine: Engine,
    seats: int,
    options: dict[str, Any] | None = None,
    seed: int = 1,
    max_moves: int = 2_000,
    prefer: Callable[[dict[str, Any]], bool] | None = None,
    player_token: str = "",
    before_start: Callable[[list[PlayClient], PlayClient], Awaitable[None]] | None = None,
) -> tuple[list[PlayClient], PlayClient, dict[str, Any]]:
    """Play one game to its end, each seat on its own socket; (players, spectator, replay).
    With `prefer`, a seat picks among the legal moves it accepts when there are any (a card
    game played by "play a card when you can" ends in a few hundred moves, not thousands).
    With `player_token`, seat 0 is that player's. `before_start(players, spectator)` runs
    once everyone is connected, before the start."""
    rnd = random.Random(seed)
    game = engine.meta.id
    session = aiohttp.ClientSession()
    try:
        first = await PlayClient.create(
            session, stack.base_url, game, [{"kind": "human"}] * seats, options=options, player_token=player_token
        )
        players = [first]
        for index in range(1, seats):
            players.append(await PlayClient.join(session, stack.base_url, first.code, f"Seat{index}"))
        spectator = await PlayClient.join(session, stack.base_url, first.code, "Watcher", spectator=True)
        for client in [*players, spectator]:
            await client.connect()
        if before_start is not None:
            await before_start(players, spectator)
        await first.send({"start": {}})
        for client in [*players, spectator]:
            await client.wait_until(lambda c: c.room["status"] == "playing" and (c.views or not c.seats))
        moves = 0
        while first.room["status"] != "finished":
            assert moves < max_moves, f"{game}: no end after {moves} moves"
            mover = _someone_to_move(players)
            if mover is None:
                await asyncio.sleep(0.01)  # a frame is on its way to some socket
                continue
            client, seat = mover
            view = client.views[seat]
            chosen = [m for m in view["legal_moves"] if prefer(m)] if prefer else []
            move = instantiate(rnd.choice(chosen or view["legal_moves"]), rnd)
            try:
                await client.move(seat, move, version=int(client.room["version"]))
                moves += 1
            except Refused as refused:
                if refused.code == "rate_limited":  # faster than a person: wait as a client would
                    await asyncio.sleep(0.2)
                    continue
                if refused.code == "game_over":  # another seat's move ended it: the frame is on its way
                    await first.wait_until(lambda c: c.room["status"] == "finished", timeout=15)
                    continue
                # Another seat's move landed first (a simultaneous phase): take the newer view.
                assert refused.code in ("stale_version", "not_your_turn"), refused
                await client.wait_until(lambda c, v=client.room["version"]: c.room["version"] != v, timeout=15)
        for client in [*players, spectator]:
            await client.wait_until(lambda c: c.room["status"] == "finished", timeout=30)
        replay = await rest(session, stack.base_url, "GET", f"/api/rooms/{first.code}/games/1")
        for client in [*players, spectator]:
            await client.close()
        return players, spectator, replay
    finally:
        await session.close()


def _someone_to_move(players: list[PlayClient]) -> tuple[PlayClient, int] | None:
    for client in players:
        for seat in client.seats:
            view = client.views.get(seat)
            if view and seat in view["to_move"] and view["legal_moves"]:
                return client, seat
    return None


def states_by_version(engine: Engine, replay: dict[str, Any], seats: int) -> dict[int, State]:
    """Every state of the game by room version, played again from the replay's seed and moves
    (a move's record carries the version its result has; the setup is the one before)."""
    state = engine.setup(seats, replay["options"], bytes.fromhex(replay["seed"]), int(replay["started_ms"]))
    records = replay["moves"]
    assert records, "a game over without a single move"
    states = {int(records[0]["version"]) - 1: state}
    for record in records:
        if record["move"] == {"timeout": True}:
            state, _ = engine.apply_timeout(state, int(record["at_ms"]))
        else:
            state, _ = engine.apply(state, int(record["seat"]), record["move"], int(record["at_ms"]))
        states[int(record["version"])] = state
    assert engine.result(state) == replay["result"], "the replay ends elsewhere than the room did"
    return states


def judge_frames(
    engine: Engine,
    states: dict[int, State],
    client: PlayClient,
    hidden_from: HiddenFrom,
    scan: Scan,
) -> None:
    """Every frame `client` received against the true state of its version (see the module)."""
    held: list[int | None] = list(client.seats) or [None]
    name = "spectator" if held == [None] else f"seats {held}"
    version: int | None = None
    for message in client.received:
        version = _update_version(message) if "update" in message else version
        if version is None or version not in states:
            continue  # before the game started: the waiting room holds no secrets
        state = states[version]
        for item in message.get("update", {}).get("views", []):
            seat = None if int(item["seat"]) < 0 else int(item["seat"])
            expected = engine.view(state, seat)
            assert item["view"] == expected, f"{name}: the view at version {version} is not the engine's"
            scan.views += 1
        secret: set[Any] = set()
        for seat in held:
            secret.update(hidden_from(state, seat))
        leaked = secret & _scalars(message)
        assert not leaked, f"{name} received {sorted(map(str, leaked))[:5]} at version {version}: {message}"
        scan.secrets_seen += len(secret)
        scan.secrets_by_seat[name] = scan.secrets_by_seat.get(name, 0) + len(secret)
        scan.frames += 1
        scan.by_seat[name] = scan.by_seat.get(name, 0) + 1
