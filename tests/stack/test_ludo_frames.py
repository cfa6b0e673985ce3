"""Ludo over the real WebSocket: a player against the strong CPU on a 4-colour board, a
spectator watching, to the end. Ludo is fully open, so what is checked is that the game plays
through the socket to a result both see alike, every move Anna sends is one her view listed,
no view carries the generator and no
frame before the end its seed."""

from __future__ import annotations

import random
from typing import Any

import aiohttp

from tests.support.client import PlayClient


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {key for item in value.values() for key in _keys(item)}
    if isinstance(value, list):
        return {key for item in value for key in _keys(item)}
    return set()


async def test_a_game_of_ludo_plays_to_the_end_over_the_socket(stack) -> None:
    rnd = random.Random(7)
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(
            session, stack.base_url, "ludo", [{"kind": "human"}, {"kind": "cpu", "level": "strong"}]
        )
        watcher = await PlayClient.join(session, stack.base_url, anna.code, "Cleo", spectator=True)
        await anna.connect()
        await watcher.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing" and c.views)
        moves = 0
        while anna.room["status"] != "finished" and moves < 2000:
            view = anna.view()
            if 0 in view["to_move"] and view["legal_moves"]:
                await anna.move_at_a_persons_pace(0, rnd.choice(view["legal_moves"]))
                moves += 1
            else:
                await anna.inbox.get()
        await anna.wait_until(lambda c: c.room["status"] == "finished", timeout=60)
        await watcher.wait_until(lambda c: c.room["status"] == "finished", timeout=60)
        final = anna.view()
        assert final["result"] is not None and sorted(final["result"]["placings"]) == [1, 2]
        assert watcher.views[-1]["result"] == final["result"]
        assert watcher.views[-1]["legal_moves"] == []
        assert moves > 20
        for client in (anna, watcher):
            views = [item["view"] for frame in client.received for item in frame.get("update", {}).get("views", [])]
            assert len(views) > 20 and not any("rng" in _keys(view) for view in views)
            # The seed is revealed with the result (the commit-reveal audit), never before.
            running = [
                frame for frame in client.received if frame.get("update", {}).get("room", {}).get("status") == "playing"
            ]
            assert running and not any("seed" in _keys(frame) or "rng" in _keys(frame) for frame in running)
        await anna.close()
        await watcher.close()
