"""Turn-based tables over a simulated week, through the running platform: days per move, the
clock's default move when they run out (with nobody at the table, and no CPU taking a seat
over), a vacation that holds a player's clock, the "your turn" list, and a gateway that
restarts in the middle (the rooms and their clocks come back from the store).

The lobby's clock runs 43,200 times as fast as real time here (GAMEROOM_CLOCK_RATE, a
test-only setting): a day passes in two seconds of the test's time, a week in fourteen. It
starts from one fixed moment (GAMEROOM_CLOCK_SINCE), so the restarted gateway goes on with the
same simulated time. The engines keep their own seconds and know nothing of days.
"""

from __future__ import annotations

import time
from typing import Any

import aiohttp
import grpc
import pytest
from gameroom import play_pb2, play_pb2_grpc

from devstack import Stack
from tests.support.client import PlayClient, Refused, rest

RATE = 43_200
DAY_MS = 86_400_000
# At this rate a second of the test's time is half a day of the lobby's: what "about" means
# below (a loaded machine takes that long between a step and the test's look at it).
SLACK_MS = 12 * 3_600_000


SINCE = time.time()


def lobby_now_ms() -> int:
    """The lobby's time now: it runs RATE times as fast as real time from SINCE."""
    return int((SINCE + (time.time() - SINCE) * RATE) * 1000)


@pytest.fixture
def stack(tmp_path):  # type: ignore[no-untyped-def]
    running = Stack.on_free_ports(
        f"sqlite:///{tmp_path}/rooms.sqlite3",
        extra_env={"GAMEROOM_CLOCK_RATE": str(RATE), "GAMEROOM_CLOCK_SINCE": repr(SINCE)},
        log_dir=tmp_path / "logs",
    )
    running.start()
    yield running
    running.stop()


async def _player(session: aiohttp.ClientSession, base: str, name: str) -> str:
    return str((await rest(session, base, "POST", "/api/players", {"nickname": name}))["token"])


async def _turns(session: aiohttp.ClientSession, base: str, token: str) -> list[dict[str, Any]]:
    async with session.get(base + "/api/players/me/turns", headers={"Authorization": f"Bearer {token}"}) as answer:
        assert answer.status == 200
        return list((await answer.json())["turns"])


async def _table(
    session: aiohttp.ClientSession, base: str, game: str, days: str, anna_token: str, ben_token: str
) -> tuple[PlayClient, PlayClient]:
    anna = await PlayClient.create(
        session,
        base,
        game,
        [{"kind": "human"}, {"kind": "human"}],
        "Anna",
        options={"turn_clock": days},
        player_token=anna_token,
    )
    ticket = await rest(
        session, base, "POST", f"/api/rooms/{anna.code}/join", {"nickname": "Ben", "player_token": ben_token}
    )
    ben = PlayClient(session, base, ticket)
    await anna.connect()
    await ben.connect()
    await anna.send({"start": {}})
    for client in (anna, ben):
        await client.wait_until(lambda c: c.room["status"] == "playing" and c.views)
    return anna, ben


def _codes(client: PlayClient, code: str) -> list[dict[str, Any]]:
    return [e for _, e in sorted(client.events.items()) if e["code"] == code]


async def test_a_four_in_a_row_table_plays_a_week_of_default_moves_across_a_gateway_restart(stack) -> None:
    async with aiohttp.ClientSession() as session:
        base = stack.base_url
        anna_token, ben_token = await _player(session, base, "Anna"), await _player(session, base, "Ben")
        anna, ben = await _table(session, base, "four-in-a-row", "1", anna_token, ben_token)
        assert anna.room["options"]["turn_clock"] == "1"
        [turn] = await _turns(session, base, anna_token)
        assert (turn["code"], turn["seat"], turn["game"], turn["turn_based"]) == (anna.code, 0, "four-in-a-row", True)
        # A day per move, not the engine's seconds.
        assert DAY_MS - SLACK_MS < turn["deadline_ms"] - turn["since_ms"] <= DAY_MS
        assert 0 < turn["left_ms"] <= turn["deadline_ms"] - turn["since_ms"]
        assert await _turns(session, base, ben_token) == []
        # The same over gRPC, the player's token in the request; an unknown one is refused.
        async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel:
            play = play_pb2_grpc.PlayStub(channel)
            [over_grpc] = (await play.GetTurns(play_pb2.GetTurnsRequest(player_token=anna_token))).turns
            assert (over_grpc.code, over_grpc.seat, over_grpc.since_ms) == (anna.code, 0, turn["since_ms"])
            assert over_grpc.deadline_ms == turn["deadline_ms"] and over_grpc.turn_based
            with pytest.raises(grpc.aio.AioRpcError) as refused:
                await play.GetTurns(play_pb2.GetTurnsRequest(player_token="not-a-token"))
            assert refused.value.details().startswith("bad_token")

        # Both go away. Absent players are normal here: every day the clock plays a default move.
        seen = max(anna.events)
        await anna.close()
        await ben.close()
        watcher = PlayClient(session, base, anna.ticket)
        await watcher.connect(last_event=seen)
        await watcher.wait_until(lambda c: len(_codes(c, "timed_out")) >= 3, timeout=60)
        await watcher.close()

        # The gateway dies in the middle of the week and comes back: the clock goes on.
        stack.kill("gateway")
        stack.start_service("gateway")
        watcher = PlayClient(session, base, anna.ticket)
        await watcher.connect(last_event=seen)
        await watcher.close()
        watcher = PlayClient(session, base, anna.ticket)
        await watcher.connect(last_event=seen)
        await watcher.wait_until(lambda c: len(_codes(c, "timed_out")) >= 7, timeout=90)
        timed_out = [e["seat"] for e in _codes(watcher, "timed_out")]
        assert timed_out[:7] == [0, 1, 0, 1, 0, 1, 0], timed_out
        assert not _codes(watcher, "cpu_took_over"), "a CPU took a seat at a turn-based table"
        assert not any(seat["cpu_plays"] for seat in watcher.room["seats"])
        # Each default move is a disc in the board: seven days, seven discs or more.
        board = watcher.view()["public"]["board"]
        assert sum(cell is not None for row in board for cell in row) >= 7
        await watcher.close()


async def test_a_mensch_table_holds_the_clock_of_a_player_on_vacation(stack) -> None:
    async with aiohttp.ClientSession() as session:
        base = stack.base_url
        anna_token, ben_token = await _player(session, base, "Anna"), await _player(session, base, "Ben")
        anna, ben = await _table(session, base, "mensch", "7", anna_token, ben_token)
        clients = {0: anna, 1: ben}
        tokens = {0: anna_token, 1: ben_token}
        mover = anna.view()["to_move"][0]
        [turn] = await _turns(session, base, tokens[mover])
        assert 7 * DAY_MS - SLACK_MS < turn["deadline_ms"] - turn["since_ms"] <= 7 * DAY_MS
        assert 0 < turn["left_ms"] <= 7 * DAY_MS
        assert await _turns(session, base, tokens[1 - mover]) == []

        # The seat to move plays once (the rules' first choice); the clock is its own again.
        client = clients[mover]
        version = client.room["version"]
        try:
            await client.move(mover, client.views[mover]["legal_moves"][0])
        except Refused as refused:  # seven days ran out first: only a very slow machine
            pytest.fail(f"a move within seven simulated days was refused: {refused}")
        await client.wait_until(lambda c: c.room["version"] > version)
        mover = client.view()["to_move"][0]
        [before] = await _turns(session, base, tokens[mover])

        # That player goes on vacation for three days: the others see it, the clock holds.
        async with session.post(
            base + "/api/players/me/vacation",
            json={"days": 3},
            headers={"Authorization": f"Bearer {tokens[mover]}", "Origin": base},
        ) as answer:
            assert answer.status == 201, await answer.text()
            vacation = await answer.json()
        assert vacation["days_left"] == 11
        other = clients[1 - mover]
        await other.wait_until(lambda c: c.room["seats"][mover].get("vacation_until_ms") == vacation["until_ms"])
        assert _codes(other, "on_vacation")[-1] == {
            "code": "on_vacation",
            "seat": mover,
            "until_ms": vacation["until_ms"],
        }
        [held] = await _turns(session, base, tokens[mover])
        assert held["deadline_ms"] - before["deadline_ms"] >= 3 * DAY_MS - SLACK_MS
        assert held["since_ms"] == before["since_ms"]  # still the same turn, the longest waiting

        # Asking for more days than the year has left is refused, and changes nothing.
        async with session.post(
            base + "/api/players/me/vacation",
            json={"days": 12},
            headers={"Authorization": f"Bearer {tokens[mover]}", "Origin": base},
        ) as answer:
            assert answer.status >= 400
            assert (await answer.json())["refused"]["code"] == "vacation_used_up"
        assert (await _turns(session, base, tokens[mover]))[0]["deadline_ms"] == held["deadline_ms"]

        # Nobody moves: the clock runs out only after the seven days and the three held ones.
        await other.wait_until(lambda c: _codes(c, "timed_out"), timeout=90)
        assert lobby_now_ms() >= before["deadline_ms"] + 3 * DAY_MS - SLACK_MS
        assert _codes(other, "timed_out")[0]["seat"] == mover
        assert not _codes(other, "cpu_took_over")
        await anna.close()
        await ben.close()


async def test_a_finished_turn_based_game_replays_with_its_default_move(stack) -> None:
    """The finished game's record holds the options its engine was set up with (no lobby
    setting), so its replay plays it again, the day-long clock's default move included."""
    async with aiohttp.ClientSession() as session:
        base = stack.base_url
        anna_token, ben_token = await _player(session, base, "Anna"), await _player(session, base, "Ben")
        anna, ben = await _table(session, base, "four-in-a-row", "3", anna_token, ben_token)
        # Anna lets her first three days run out: the clock drops a disc for her.
        await ben.wait_until(lambda c: _codes(c, "timed_out"), timeout=60)
        assert _codes(ben, "timed_out")[0]["seat"] == 0
        # Then Anna fills the first empty column she can and Ben another, until one wins.
        while anna.room["status"] == "playing":
            for client, seat in ((anna, 0), (ben, 1)):
                view = client.views[seat]
                if client.room["status"] == "playing" and seat in view["to_move"]:
                    legal = view["legal_moves"]
                    column = 0 if seat == 0 else 6
                    move = next((m for m in legal if m["column"] == column), legal[0])
                    version = client.room["version"]
                    await client.move(seat, move)
                    await anna.wait_until(lambda c, v=version: c.room["version"] > v)
                    await ben.wait_until(lambda c, v=version: c.room["version"] > v)
        assert anna.room["status"] == "finished"
        assert await _turns(session, base, anna_token) == [] == await _turns(session, base, ben_token)
        replay = await rest(session, base, "GET", f"/api/rooms/{anna.code}/games/1/replay?seat=all")
        assert "turn_clock" not in replay["options"] and replay["options"]["move_clock"] == "relaxed"
        # Played again by the engine alone: the same board and result as the table's.
        last = replay["frames"][-1]
        assert last["view"]["public"]["board"] == anna.view(0)["public"]["board"]
        assert last["events"][-1] == {"code": "game_over", "result": _codes(anna, "game_over")[-1]["result"]}
        assert any(e["code"] == "timed_out" for f in replay["frames"] for e in f["events"])
        await anna.close()
        await ben.close()
