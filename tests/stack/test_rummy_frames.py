"""Rummy over the real WebSocket: a player against the strong CPU and a spectator watching,
a whole game to the end. Every frame either receives is scanned: a card id may appear only
where that client may see it - its own hand (the player), the table (melds, the discard top,
the cards seen going into a hand, the hands shown at the end) and the public events - never
another hand or the stock."""

from __future__ import annotations

from typing import Any

import aiohttp
from svc_cards.core import build_decks
from svc_cards.rummy.cpu import strong

from rulekit.players import Ask
from tests.support.client import PlayClient

CARDS = frozenset(build_decks("rummy55", 2))
PUBLIC_EVENTS = ("took", "discarded", "melded", "laid_off", "swapped", "hands_shown")


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in _leaves(item)]
    if isinstance(value, list):
        return [leaf for item in value for leaf in _leaves(item)]
    return [value]


def _cards(value: Any) -> set[str]:
    return {leaf for leaf in _leaves(value) if isinstance(leaf, str) and leaf in CARDS}


def _scan(frames: list[dict[str, Any]], seat: int | None) -> int:
    """Frames checked; fails on a card id outside what `seat` may see (None: a spectator)."""
    seen: set[str] = set()  # cards that have been public or in this seat's hand
    checked = 0
    for frame in frames:
        update = frame.get("update")
        if not update:
            continue
        allowed = set(seen)
        for item in update["views"]:
            view = item["view"]
            assert item["seat"] == (-1 if seat is None else seat), "a frame carries another seat's view"
            public = view["public"]
            assert "draw_pile" not in public and "hands" not in public and "rng" not in public
            allowed |= _cards(public.get("melds")) | _cards(public.get("known")) | _cards(public.get("shown_hands"))
            if public.get("discard_top"):
                allowed.add(public["discard_top"])
            if seat is not None:
                allowed |= _cards(view["private"]["hand"])
        for item in update["events"]:
            event = item["event"]
            if event["code"] in PUBLIC_EVENTS:
                allowed |= _cards(event)
            elif event["code"] in ("drawn", "dealt"):
                assert seat is not None and event["seat"] == seat, event
                allowed |= _cards(event)
        leaked = _cards(frame) - allowed
        assert not leaked, (sorted(leaked), frame)
        seen = allowed
        checked += 1
    return checked


async def test_no_frame_carries_another_hand_or_the_stock(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(
            session, stack.base_url, "rummy", [{"kind": "human"}, {"kind": "cpu", "level": "strong"}]
        )
        watcher = await PlayClient.join(session, stack.base_url, anna.code, "Cleo", spectator=True)
        await anna.connect()
        await watcher.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing" and c.views)
        moves = 0
        while anna.room["status"] != "finished" and moves < 2000:
            view = anna.view()
            if 0 in view["to_move"] and not view.get("result"):
                choice = strong(Ask("rummy", 0, view, "strong", b"anna:%d" % moves, 1000))
                await anna.move_at_a_persons_pace(0, choice.move)
                moves += 1
            else:
                await anna.inbox.get()
        await anna.wait_until(lambda c: c.room["status"] == "finished", timeout=60)
        await watcher.wait_until(lambda c: c.room["status"] == "finished", timeout=60)
        final = anna.view()
        assert final["result"] is not None and final["public"]["shown_hands"] is not None
        # A whole game's frames with views were scanned: a short game against the strong CPU
        # gives under twenty since presence changes carry no views any more (`room_only`).
        assert _scan(anna.received, 0) > 10
        assert _scan(watcher.received, None) > 10
        await anna.close()
        await watcher.close()
