"""Dominoes over the real WebSocket: a player against the strong CPU in a duel to 50, and a
spectator watching. Once the match is over, its record (the revealed seed and every move)
is replayed through the engine, and every frame either of them received is scanned against
the true state it was sent in: no frame to the player carries a tile of the CPU's hand while
a round is played or a tile of the boneyard, and no frame to the spectator carries a tile of
any hand or of the boneyard. Then the same judged with every seat on its own socket."""

from __future__ import annotations

import json
import re
from typing import Any

import aiohttp
import pytest
from svc_boards.dominoes import ENGINE

from rulekit import State
from tests.support.client import PlayClient, rest
from tests.support.frame_scan import Scan, judge_frames, play_over_sockets, states_by_version

TILE = re.compile(r"^[0-6]-[0-6]$")


def _tiles(value: Any) -> set[str]:
    if isinstance(value, dict):
        return {tile for key, item in value.items() for tile in _tiles(key) | _tiles(item)}
    if isinstance(value, list):
        return {tile for item in value for tile in _tiles(item)}
    return {value} if isinstance(value, str) and TILE.match(value) else set()


def hidden_from(state: State, seat: int | None) -> set[str]:
    hidden = set(state["boneyard"])
    if state["phase"] == "playing":
        hidden |= {tile for owner, hand in enumerate(state["hands"]) if owner != seat for tile in hand}
    return hidden


def _replay(record: dict[str, Any]) -> list[State]:
    """Every state of the recorded game, from the deal to the end."""
    state = ENGINE.setup(len(record["names"]), record["options"], bytes.fromhex(record["seed"]))
    states = [state]
    for move in record["moves"]:
        state = ENGINE.apply(state, move["seat"], move["move"], 0)[0]
        states.append(state)
    return states


def _scan(frames: list[dict[str, Any]], states: list[State], seat: int | None) -> int:
    """Frames of the game checked, each against the state whose view it carries."""
    checked = 0
    at = 0
    for frame in frames:
        update = frame.get("update")
        if not update or not update["views"] or update["room"]["status"] == "waiting":
            continue
        (item,) = update["views"]  # one view per connection: its own seat's
        assert item["seat"] == (-1 if seat is None else seat) and item["view"]["seat"] == seat
        view = item["view"]
        while at < len(states) and json.loads(json.dumps(ENGINE.view(states[at], seat))) != view:
            at += 1
        assert at < len(states), ("no state of the record gives this view", view)
        leaked = _tiles(frame) & hidden_from(states[at], seat)
        assert not leaked, (sorted(leaked), frame)
        checked += 1
    return checked


async def test_no_frame_carries_a_hidden_tile(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(
            session,
            stack.base_url,
            "dominoes",
            [{"kind": "human"}, {"kind": "cpu", "level": "strong"}],
            options={"variant": "duel"},
        )
        watcher = await PlayClient.join(session, stack.base_url, anna.code, "Cleo", spectator=True)
        await anna.connect()
        await watcher.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing" and c.views)
        moves = 0
        while anna.room["status"] != "finished" and moves < 500:
            view = anna.view()
            if 0 in view["to_move"] and not view["result"]:
                legal = view["legal_moves"]
                # Anna lays her heaviest tile, or draws, passes or starts the round.
                plays = [m for m in legal if m["type"] == "play"]
                move = max(plays, key=lambda m: int(m["tile"][0]) + int(m["tile"][2])) if plays else legal[0]
                await anna.move_at_a_persons_pace(0, move)
                moves += 1
            else:
                await anna.inbox.get()
        await anna.wait_until(lambda c: c.room["status"] == "finished", timeout=60)
        await watcher.wait_until(lambda c: c.room["status"] == "finished", timeout=60)
        final = anna.view()
        assert max(final["public"]["points"]) >= 50 and final["result"] is not None
        record = await rest(session, stack.base_url, "GET", f"/api/rooms/{anna.code}/games/1")
        states = _replay(record)
        assert ENGINE.result(states[-1]) == final["result"]
        # Usually several rounds, each with a new boneyard; one blocked round of 50 pips can end it.
        assert states[-1]["round"] > 1 or max(final["public"]["points"]) >= 50
        # Every accepted move sends each connection an update with its view: as many frames
        # checked as moves, however short the match (a first round of 50 pips can end it).
        moves_played = len(record["moves"])
        assert moves_played > 0
        assert _scan(anna.received, states, 0) >= moves_played
        assert _scan(watcher.received, states, None) >= moves_played
        # Drawn tiles went to the drawer alone.
        drawn = [e for frame in watcher.received for e in frame.get("update", {}).get("events", [])]
        assert all(item["event"]["code"] != "drew_tiles" for item in drawn)
        await anna.close()
        await watcher.close()


@pytest.mark.parametrize(("seats", "options"), [(2, {"variant": "duel"}), (4, {})], ids=["duel", "house-4"])
async def test_every_seat_on_its_own_socket_sees_only_its_own_tiles(stack, seats, options) -> None:
    """Every seat a socket of its own and a spectator (tests/support/frame_scan.py): each
    view is the engine's view of its version, and no frame carries a tile of another hand
    (while a round is played) or of the boneyard."""
    players, spectator, replay = await play_over_sockets(stack, ENGINE, seats, options, seed=3)
    states = states_by_version(ENGINE, replay, seats)
    scan = Scan()
    for client in [*players, spectator]:
        judge_frames(ENGINE, states, client, hidden_from, scan)
    assert len(scan.by_seat) == seats + 1
    assert scan.views >= len(replay["moves"]) * seats
    assert scan.secrets_seen > scan.frames
