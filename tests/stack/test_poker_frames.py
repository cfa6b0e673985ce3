"""Poker over the real WebSocket: a player against two CPUs, a spectator watching, played to
the end of the sit-and-go. Every frame each of them receives is scanned for card ids: the
player may only ever see its own hole cards, the board and the cards shown at a showdown; the
spectator only the board and the shown cards. Any other card in a frame would be another
seat's hole card or the deck."""

from __future__ import annotations

import re
from typing import Any

import aiohttp

from tests.support.client import PlayClient, Refused

CARD = re.compile(r"^[SHDC](10|[2-9JQKA])\.\d+$")


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in _leaves(item)]
    if isinstance(value, list):
        return [leaf for item in value for leaf in _leaves(item)]
    return [value]


def _allowed(frames: list[dict[str, Any]], seat: int | None) -> set[str]:
    """The cards this client may see: the board, shown hands and (a player) its own hole cards
    as its own view and its own "dealt" events give them."""
    seen: set[str] = set()
    for frame in frames:
        update = frame.get("update", {})
        for item in update.get("views", []):
            view = item["view"]
            public = view["public"]
            seen.update(public["board"])
            last = public.get("last_hand") or {}
            seen.update(last.get("board", []))
            for hand in last.get("shown", []):
                if hand:
                    seen.update(hand["cards"])
            if seat is not None and view["seat"] == seat:
                seen.update(view["private"]["hand"])
        for item in update.get("events", []):
            event = item["event"]
            if event["code"] == "board":
                seen.update(event["cards"])
            if event["code"] == "showdown":
                seen.update(c for hand in event["hands"] if hand for c in hand["cards"])
            if event["code"] == "dealt" and seat is not None and event["seat"] == seat:
                seen.update(event["cards"])
    return seen


def _scan(frames: list[dict[str, Any]], seat: int | None) -> int:
    allowed = _allowed(frames, seat)
    cards = 0
    for frame in frames:
        for item in frame.get("update", {}).get("views", []):
            assert item["view"]["seat"] == seat  # only this client's own view
        for item in frame.get("update", {}).get("events", []):
            event = item["event"]
            if event["code"] == "dealt":
                assert event["seat"] == seat  # nobody receives another seat's deal
        found = {leaf for leaf in _leaves(frame) if isinstance(leaf, str) and CARD.match(leaf)}
        assert found <= allowed, (sorted(found - allowed), frame)
        cards += len(found)
    return cards


def _anna_move(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """All-in whenever she may (the table ends soon), else call, else check."""
    by_type = {move["type"]: move for move in legal}
    return by_type.get("allin") or by_type.get("call") or by_type.get("check") or legal[0]


async def test_no_frame_carries_another_seats_hole_cards(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(
            session,
            stack.base_url,
            "poker",
            [{"kind": "human"}, {"kind": "cpu", "level": "strong"}, {"kind": "cpu", "level": "easy"}],
        )
        watcher = await PlayClient.join(session, stack.base_url, anna.code, "Cleo", spectator=True)
        await anna.connect()
        await watcher.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing" and c.views)
        moves = 0
        while anna.room["status"] != "finished" and moves < 400:
            view = anna.view()
            if 0 in view["to_move"] and view["legal_moves"]:
                try:
                    await anna.move(0, _anna_move(view["legal_moves"]))
                    moves += 1
                except Refused:
                    pass
            else:
                await anna.inbox.get()
        await anna.wait_until(lambda c: c.room["status"] == "finished", timeout=120)
        await watcher.wait_until(lambda c: c.room["status"] == "finished", timeout=60)
        result = anna.view()["result"]
        assert sorted(result["placings"])[0] == 1 and sum(result["scores"]) == 3000
        assert _scan(anna.received, 0) > 0
        assert _scan(watcher.received, None) > 0
        hands = {e["hand"] for e in anna.events.values() if e["code"] == "hand_started"}
        assert len(hands) >= 1
        await anna.close()
        await watcher.close()
