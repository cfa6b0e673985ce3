"""Oh Hell over the real WebSocket: a quick match of two players and an easy CPU, with a
spectator. Every frame each of them receives is scanned: the only card ids it may carry are
the receiver's own cards of the deal and cards already played in it; no other hand and no
card of the stock ever appears. The host (seat 0) starts every next deal."""

from __future__ import annotations

import asyncio
import contextlib
import re
from typing import Any

import aiohttp

from tests.support.client import PlayClient, Refused

CARD = re.compile(r"^[SHDC](?:[2-9]|10|[JQKA])\.0$")


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in _leaves(item)]
    if isinstance(value, list):
        return [leaf for item in value for leaf in _leaves(item)]
    return [value]


def _scan(frames: list[dict[str, Any]], seat: int | None) -> int:
    """Frames checked; fails on a card the receiver may not know yet."""
    own: set[str] = set()
    played: set[str] = set()
    checked = 0
    for frame in frames:
        update = frame.get("update")
        if update is None:
            continue
        for item in update["events"]:
            event = item["event"]
            if event["code"] == "deal_started":
                own, played = set(), set()
            if event["code"] == "dealt" and event.get("seat") == seat:
                own = set(event["cards"])
            if event["code"] == "played":
                played.add(event["card"])
        for item in update["views"]:
            if item["view"]["seat"] == seat and seat is not None:
                own |= set(item["view"]["private"]["hand"])
        cards = {leaf for leaf in _leaves(frame) if isinstance(leaf, str) and CARD.match(leaf)}
        leaked = cards - own - played
        assert not leaked, (seat, sorted(leaked), frame)
        checked += 1
    return checked


async def _play(client: PlayClient, seat: int) -> None:
    while client.room["status"] != "finished":
        view = client.views.get(seat)
        if view and seat in view["to_move"] and view["legal_moves"] and not view["result"]:
            # A stale view is refused: the next update says what is to do.
            with contextlib.suppress(Refused):
                await client.move_at_a_persons_pace(seat, view["legal_moves"][-1])
            continue
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(client.inbox.get(), 5)


async def test_no_frame_carries_another_hand_or_the_stock(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(
            session,
            stack.base_url,
            "oh-hell",
            [{"kind": "human"}, {"kind": "human"}, {"kind": "cpu", "level": "easy"}],
            options={"length": "quick"},
        )
        ben = await PlayClient.join(session, stack.base_url, anna.code, "Ben")
        watcher = await PlayClient.join(session, stack.base_url, anna.code, "Cleo", spectator=True)
        for client in (anna, ben, watcher):
            await client.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing" and c.views)
        await ben.wait_until(lambda c: c.room["status"] == "playing" and c.views)
        await asyncio.wait_for(asyncio.gather(_play(anna, 0), _play(ben, 1)), 240)
        await watcher.wait_until(lambda c: c.room["status"] == "finished", timeout=60)
        final = anna.view()
        assert [deal["cards"] for deal in final["public"]["history"]] == [5, 4, 3, 2, 1]
        assert final["result"]["scores"] == final["public"]["scores"]
        # The first deal comes with the game's start; the host started the four after it.
        started = [e for e in anna.events.values() if e["code"] == "deal_started"]
        assert [e["deal"] for e in started] == [2, 3, 4, 5]
        assert _scan(anna.received, 0) > 20
        assert _scan(ben.received, 1) > 20
        assert _scan(watcher.received, None) > 20
        for client in (anna, ben, watcher):
            await client.close()
