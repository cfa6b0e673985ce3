"""CPU seats through svc-ai, chat, reconnects, and rooms that survive every process dying."""

from __future__ import annotations

import random

import aiohttp

from devstack import SERVICES, Stack
from rulekit.playout import instantiate
from tests.support.client import PlayClient


async def _play_random_until_done(client: PlayClient, rnd: random.Random, max_moves: int = 2000) -> int:
    moves = 0
    while client.room["status"] != "finished" and moves < max_moves:
        seat = client.seats[0]
        view = client.views.get(seat)
        if view and seat in view["to_move"] and view["legal_moves"]:
            await client.move_at_a_persons_pace(seat, instantiate(rnd.choice(view["legal_moves"]), rnd))
            moves += 1
        else:
            await client.inbox.get()
    return moves


async def test_dice_poker_against_a_cpu_to_the_end(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(
            session, stack.base_url, "dice-poker", [{"kind": "human"}, {"kind": "cpu", "level": "strong"}]
        )
        await anna.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing")
        moves = await _play_random_until_done(anna, random.Random(7))
        await anna.wait_until(lambda c: c.room["status"] == "finished", timeout=60)
        view = anna.view()
        totals = view["public"]["totals"]
        sheet = view["public"]["sheet"]
        assert all(points is not None for seat_sheet in sheet for points in seat_sheet.values())
        assert sorted(view["result"]["placings"]) in ([1, 2], [1, 1])
        assert moves >= 13 * 2  # at least one roll and one score per round for the human
        # The CPU filled all 13 rows by itself.
        assert sum(1 for e in anna.events.values() if e["code"] == "scored" and e["seat"] == 1) == 13
        assert totals[1]["total"] == sum(v for v in sheet[1].values()) + totals[1]["bonus"]
        await anna.close()


async def test_cpu_against_cpu_can_be_watched(stack) -> None:
    async with aiohttp.ClientSession() as session:
        host = await PlayClient.create(
            session,
            stack.base_url,
            "four-in-a-row",
            [{"kind": "cpu", "level": "easy"}, {"kind": "cpu", "level": "random"}],
        )
        assert host.seats == []
        await host.connect()
        await host.send({"start": {}})
        await host.wait_until(lambda c: c.room["status"] == "finished", timeout=60)
        assert host.views[-1]["result"] is not None
        await host.close()


async def test_chat_reaches_everyone_and_is_replayed(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(
            session, stack.base_url, "four-in-a-row", [{"kind": "human"}, {"kind": "human"}], "Anna"
        )
        ben = await PlayClient.join(session, stack.base_url, anna.code, "Ben")
        await anna.connect()
        await ben.connect()
        await anna.send({"chat": {"text": "  hello   Ben  "}})
        line = await ben.expect("chat")
        assert (line["name"], line["text"], line["seat"]) == ("Anna", "hello Ben", 0)
        await anna.send({"chat": {"text": ""}})
        assert (await anna.expect("refused"))["code"] == "bad_request"
        late = PlayClient(session, stack.base_url, ben.ticket)
        await late.connect()
        await late.wait_until(lambda c: any(m["text"] == "hello Ben" for m in c.chat))
        for client in (anna, ben, late):
            await client.close()


async def test_reconnect_lands_in_the_same_seat_with_missed_events(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(session, stack.base_url, "four-in-a-row", [{"kind": "human"}, {"kind": "human"}])
        ben = await PlayClient.join(session, stack.base_url, anna.code)
        await anna.connect()
        await ben.connect()
        await anna.send({"start": {}})
        await ben.wait_until(lambda c: c.room["status"] == "playing")
        seen = max(ben.events)
        await ben.close()
        await anna.move(0, {"type": "drop", "column": 2})
        again = PlayClient(session, stack.base_url, ben.ticket)
        await again.connect(last_event=seen)
        assert again.seats == [1]
        assert min(again.events) == seen + 1  # only what was missed
        assert again.view()["public"]["board"][0][2] == 0
        assert again.view()["to_move"] == [1]
        await again.move(1, {"type": "drop", "column": 2})
        await anna.close()
        await again.close()


async def test_rooms_survive_every_process_dying(tmp_path) -> None:
    stack = Stack.on_free_ports(
        f"sqlite:///{tmp_path}/rooms.sqlite3", extra_env={"GAMEROOM_CPU_DELAY_MS": "20"}, log_dir=tmp_path / "logs"
    )
    stack.start()
    try:
        async with aiohttp.ClientSession() as session:
            anna = await PlayClient.create(
                session, stack.base_url, "four-in-a-row", [{"kind": "human"}, {"kind": "human"}]
            )
            ben = await PlayClient.join(session, stack.base_url, anna.code)
            await anna.connect()
            await ben.connect()
            await anna.send({"start": {}})
            await anna.wait_until(lambda c: c.room["status"] == "playing")
            await anna.move(0, {"type": "drop", "column": 4})
            await anna.close()
            await ben.close()
            for name in SERVICES:
                stack.kill(name)
            stack.start()
            anna = PlayClient(session, stack.base_url, anna.ticket)
            ben = PlayClient(session, stack.base_url, ben.ticket)
            await anna.connect()
            await ben.connect()
            assert ben.room["version"] == 2 and ben.view()["public"]["board"][0][4] == 0
            await ben.move(1, {"type": "drop", "column": 4})
            await anna.wait_until(lambda c: c.room["version"] == 3)
            assert anna.view()["public"]["board"][1][4] == 1
            await anna.close()
            await ben.close()
    finally:
        stack.stop()


async def test_family_service_restart_mid_game(tmp_path) -> None:
    stack = Stack.on_free_ports(f"sqlite:///{tmp_path}/rooms.sqlite3", log_dir=tmp_path / "logs")
    stack.start()
    try:
        async with aiohttp.ClientSession() as session:
            anna = await PlayClient.create(
                session, stack.base_url, "four-in-a-row", [{"kind": "human"}, {"kind": "human"}]
            )
            ben = await PlayClient.join(session, stack.base_url, anna.code)
            await anna.connect()
            await ben.connect()
            await anna.send({"start": {}})
            await anna.wait_until(lambda c: c.room["status"] == "playing")
            await anna.move(0, {"type": "drop", "column": 1})
            stack.kill("boards")
            stack.start_service("boards")
            await ben.wait_until(lambda c: c.room["version"] == 2)
            await ben.move(1, {"type": "drop", "column": 1})
            await anna.close()
            await ben.close()
    finally:
        stack.stop()
