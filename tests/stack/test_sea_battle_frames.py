"""Sea Battle over the real WebSocket: a player against the strong CPU and a spectator
watching. Every frame either of them receives before the end is scanned: none carries a cell
of a fleet they may not see that has not been hit by then (the other fleet for the player,
both fleets for the spectator), and no frame shows the other fleet, until the game is over."""

from __future__ import annotations

import random
from typing import Any

import aiohttp

from tests.support.client import PlayClient

# Counters that are not cells: a log entry's number, the room's last event or a view's version
# may equal a cell number (111 is both the 111th event and row 1, column 1 of the first fleet)
# without telling anything.
_COUNTERS = {"number", "last_event", "version", "from_version", "to_version", "game_number"}


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [leaf for key, item in value.items() if key not in _COUNTERS for leaf in _leaves(item)]
    if isinstance(value, list):
        return [leaf for item in value for leaf in _leaves(item)]
    return [value]


def _views(frame: dict[str, Any]) -> list[dict[str, Any]]:
    return [item["view"] for item in frame.get("update", {}).get("views", [])]


def _scan(frames: list[dict[str, Any]], fleets: list[list[dict[str, Any]]], unseen: list[int]) -> int:
    """Frames before the end checked; fails on a fleet cell not hit yet or a shown fleet."""
    hit = set()
    checked = 0
    for frame in frames:
        views = _views(frame)
        if any(view.get("result") for view in views):
            break
        for view in views:
            for seat_hits in view["public"]["hits"]:
                hit.update(seat_hits)
            assert view["public"]["fleets"] is None
            if view["seat"] is not None:
                assert view["seat"] not in unseen  # only this client's own private part
        secret = {c for owner in unseen for ship in fleets[owner] for c in ship["cells"]} - hit
        leaked = secret.intersection(v for v in _leaves(frame) if isinstance(v, int) and not isinstance(v, bool))
        assert not leaked, (sorted(leaked), frame)
        checked += 1
    return checked


async def test_no_frame_carries_the_other_fleet_before_the_end(stack) -> None:
    rnd = random.Random(5)
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(
            session, stack.base_url, "sea-battle", [{"kind": "human"}, {"kind": "cpu", "level": "strong"}]
        )
        watcher = await PlayClient.join(session, stack.base_url, anna.code, "Cleo", spectator=True)
        await anna.connect()
        await watcher.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing" and c.views)
        # Anna places two ships by hand, the rest at random, and locks her fleet.
        for move in (
            {"type": "place", "ship": "carrier", "row": 0, "col": 0, "dir": "h"},
            {"type": "place", "ship": "battleship", "row": 1, "col": 0, "dir": "v"},
            {"type": "random"},
            {"type": "ready"},
        ):
            await anna.move(0, move)
        shots = 0
        while anna.room["status"] != "finished" and shots < 100:
            view = anna.view()
            if 0 in view["to_move"] and view["public"]["phase"] == "firing":
                await anna.move(0, rnd.choice(view["legal_moves"]))
                shots += 1
            else:
                await anna.inbox.get()
        await anna.wait_until(lambda c: c.room["status"] == "finished", timeout=60)
        await watcher.wait_until(lambda c: c.room["status"] == "finished", timeout=60)
        final = anna.view()
        fleets = final["public"]["fleets"]
        assert fleets is not None and all(len(fleet) == 5 for fleet in fleets)  # shown at the end
        assert fleets[0][0]["cells"] == [100, 101, 102, 103, 104]  # Anna's carrier, A1–E1
        assert _scan(anna.received, fleets, unseen=[1]) > 20
        assert _scan(watcher.received, fleets, unseen=[0, 1]) > 20
        await anna.close()
        await watcher.close()
