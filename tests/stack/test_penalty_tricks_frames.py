"""Penalty Tricks over the real WebSocket: a one-round set (four deals) of two players and an
easy CPU, with a spectator. Every frame each of them receives is scanned: the only card ids it
may carry are the receiver's own cards of the deal (dealt, received in the pass, or passed on
by it), the cards already played in the deal and the cards taken out of the deck; no other
hand, no card chosen for passing before the exchange (it is still in its chooser's hand) and
nothing of the stock ever appears. The host (seat 0) starts every next deal."""

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


def _scan(frames: list[dict[str, Any]], seat: int | None) -> tuple[int, int]:
    """(frames checked, exchanges seen); fails on a card the receiver may not know yet."""
    own: set[str] = set()
    played: set[str] = set()
    removed: set[str] = set()
    checked = exchanges = 0
    for frame in frames:
        update = frame.get("update")
        if update is None:
            continue
        for item in update["events"]:
            event = item["event"]
            if event["code"] == "deal_started":
                own, played = set(), set()
            if event["code"] in ("dealt", "received") and event.get("seat") == seat:
                own |= set(event["cards"])
            if event["code"] == "cards_passed":
                exchanges += 1
            if event["code"] == "played":
                played.add(event["card"])
        for item in update["views"]:
            view = item["view"]
            removed = set(view["public"]["removed"])
            if view["seat"] == seat and seat is not None:
                own |= set(view["private"]["hand"]) | set(view["private"]["passed"])
        cards = {leaf for leaf in _leaves(frame) if isinstance(leaf, str) and CARD.match(leaf)}
        leaked = cards - own - played - removed
        assert not leaked, (seat, sorted(leaked), frame)
        checked += 1
    return checked, exchanges


async def _play(client: PlayClient, seat: int) -> None:
    while client.room["status"] != "finished":
        view = client.views.get(seat)
        if view and seat in view["to_move"] and view["legal_moves"] and not view["result"]:
            # A stale view is refused (the other seat passed at the same time): the next
            # update says what is to do.
            with contextlib.suppress(Refused):
                await client.move_at_a_persons_pace(seat, view["legal_moves"][-1])
            continue
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(client.inbox.get(), 5)


async def test_no_frame_carries_another_hand_a_pass_or_the_stock(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(
            session,
            stack.base_url,
            "penalty-tricks",
            [{"kind": "human"}, {"kind": "human"}, {"kind": "cpu", "level": "easy"}],
            options={"cycles": 1},
        )
        ben = await PlayClient.join(session, stack.base_url, anna.code, "Ben")
        watcher = await PlayClient.join(session, stack.base_url, anna.code, "Cleo", spectator=True)
        for client in (anna, ben, watcher):
            await client.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing" and c.views)
        await ben.wait_until(lambda c: c.room["status"] == "playing" and c.views)
        await asyncio.wait_for(asyncio.gather(_play(anna, 0), _play(ben, 1)), 400)
        await watcher.wait_until(lambda c: c.room["status"] == "finished", timeout=60)
        final = anna.view()
        assert [deal["kind"] for deal in final["public"]["history"]] == ["hearts", "queens", "king_last", "all"]
        assert final["result"]["scores"] == final["public"]["scores"]
        started = [e for e in anna.events.values() if e["code"] == "deal_started"]
        assert [e["deal"] for e in started] == [2, 3, 4]
        for client, seat in ((anna, 0), (ben, 1), (watcher, None)):
            checked, exchanges = _scan(client.received, seat)
            assert checked > 40 and exchanges == 4, (seat, checked, exchanges)
        for client in (anna, ben, watcher):
            await client.close()
