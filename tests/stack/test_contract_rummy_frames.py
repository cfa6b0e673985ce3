"""Femton over the real WebSocket: three players, each on a socket of their own, and a spectator
play the first few hundred moves of a game (seeded random legal moves from the views they
received, buy requests in the windows included, the lobby's timer closing the windows). Every
frame each client receives is scanned: a card id may appear only where that client may see it -
its own hand (a player), the table (melds, the discard top, the buy window's card, the cards
seen going into a hand, the hands shown at a round's end) and the public events - never
another hand or the stock. A whole game of fifteen rounds is too long for a socket test, so
the replay judge of tests/support/frame_scan.py (which needs a finished game) is not used."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import aiohttp
from svc_cards.core import build_decks

from rulekit.playout import instantiate
from tests.support.client import PlayClient, Refused

CARDS = frozenset(card for first in range(0, 45, 3) for card in build_decks("contract6", 3, first=first))
PUBLIC_EVENTS = ("took", "discarded", "melded", "laid_off", "swapped", "bought", "buy_window", "round_over")
MOVES = 300


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
    seen: set[str] = set()
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
            for key in ("melds", "known", "shown_hands", "window"):
                allowed |= _cards(public.get(key))
            if public.get("discard_top"):
                allowed.add(public["discard_top"])
            if seat is not None:
                allowed |= _cards(view["private"])
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


def _someone_to_move(players: list[PlayClient], rnd: random.Random) -> tuple[PlayClient, int] | None:
    ready = [
        (client, seat)
        for client in players
        for seat in client.seats
        if (view := client.views.get(seat)) and seat in view["to_move"] and view["legal_moves"]
    ]
    return rnd.choice(ready) if ready else None


async def test_no_frame_carries_another_hand_or_the_stock(stack) -> None:
    rnd = random.Random(7)
    async with aiohttp.ClientSession() as session:
        first = await PlayClient.create(session, stack.base_url, "contract-rummy", [{"kind": "human"}] * 3)
        players = [first]
        for index in (1, 2):
            players.append(await PlayClient.join(session, stack.base_url, first.code, f"Seat{index}"))
        watcher = await PlayClient.join(session, stack.base_url, first.code, "Watcher", spectator=True)
        for client in [*players, watcher]:
            await client.connect()
        await first.send({"start": {}})
        for client in [*players, watcher]:
            await client.wait_until(lambda c: c.room["status"] == "playing" and (c.views or not c.seats))
        moves = bought = 0
        while moves < MOVES:
            mover = _someone_to_move(players, rnd)
            if mover is None:
                await asyncio.sleep(0.05)  # a frame is on its way, or a buy window is running
                continue
            client, seat = mover
            legal = client.views[seat]["legal_moves"]
            # Mostly what a person does (draw, ask to buy, discard), sometimes anything legal.
            plain = [m for m in legal if m["type"] in ("draw", "buy", "discard", "meld", "lay_off", "next_round")]
            move = instantiate(rnd.choice(plain if plain and rnd.random() < 0.8 else legal), rnd)
            try:
                update = await client.move(seat, move, version=int(client.room["version"]))
                moves += 1
                bought += sum(1 for item in update["events"] if item["event"]["code"] == "bought")
            except Refused as refused:
                if refused.code == "rate_limited":
                    await asyncio.sleep(0.2)
                    continue
                assert refused.code in ("stale_version", "not_your_turn", "illegal_move"), refused
                await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)
        for seat, client in enumerate(players):
            assert _scan(client.received, seat) > 50
        assert _scan(watcher.received, None) > 50
        events = [e for client in players for e in client.events.values()]
        assert any(e["code"] == "buy_window" for e in events)
        assert any(e["code"] == "buy_asked" for e in events)
        for client in [*players, watcher]:
            await client.close()
