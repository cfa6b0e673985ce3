"""Poker over the real WebSocket: a player against two CPUs, a spectator watching, played to
the end of the sit-and-go. Every frame each of them receives is scanned for card ids: the
player may only ever see its own hole cards, the board and the cards shown at a showdown; the
spectator only the board and the shown cards. Any other card in a frame would be another
seat's hole card or the deck."""

from __future__ import annotations

import re
from typing import Any

import aiohttp
import pytest
from svc_cards.poker import ENGINE

from devstack import Stack
from tests.support.client import PlayClient, Refused, rest

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


@pytest.fixture(scope="module")
def fast_stack(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """Game time ten times as fast (a test-only setting): the CPUs wait out every 5 s showdown
    as a person would, which at real time makes a table of two CPUs take minutes."""
    folder = tmp_path_factory.mktemp("poker-frames")
    running = Stack.on_free_ports(
        f"sqlite:///{folder}/rooms.sqlite3",
        extra_env={"GAMEROOM_CLOCK_RATE": "10", "GAMEROOM_CPU_DELAY_MS": "20", "GAMEROOM_AI_BUDGET_MS": "100"},
        log_dir=folder / "logs",
    )
    running.start()
    yield running
    running.stop()


async def test_no_frame_carries_another_seats_hole_cards(fast_stack) -> None:
    stack = fast_stack
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
        replay = await rest(session, stack.base_url, "GET", f"/api/rooms/{anna.code}/games/1")
        await anna.close()
        await watcher.close()
    # The CPUs wait out each showdown's 5 s as a person would: no CPU move lands before the
    # shown cards' time is up (the replay's states and move times, in game time). A game whose
    # every hand ended in folds, or whose showdowns Anna answered first, has none to wait out.
    # Set up at the game's own start: the blinds' clock starts there (a later start would keep
    # the replay's blinds lower than the game's on a slow machine, where game time runs on).
    state = ENGINE.setup(3, replay["options"], bytes.fromhex(replay["seed"]), int(replay["started_ms"]))
    for record in replay["moves"]:
        if record["move"] == {"timeout": True}:  # a seat's clock ran out (a slow, loaded machine)
            state, _ = ENGINE.apply_timeout(state, int(record["at_ms"]))
            continue
        pause = state.get("pause_until_ms")
        if record["seat"] != 0 and pause:
            assert int(record["at_ms"]) >= pause, record
        state, _ = ENGINE.apply(state, record["seat"], record["move"], int(record["at_ms"]))
