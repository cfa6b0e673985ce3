"""Past saturation a gateway sheds moves at once with `overloaded` instead of queueing them:
the refused move is not read, changes nothing, and the same move id sent again is played.

On a stack of its own whose gateway works on one player's move at a time
(GAMEROOM_MOVES_IN_FLIGHT=1), so moves sent together from many rooms must overlap."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from devstack import Stack
from tests.support.client import PlayClient, Refused, rest

ROOMS = 24


@pytest.fixture(scope="module")
def one_move_at_a_time(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("overload")
    running = Stack.on_free_ports(
        f"sqlite:///{folder}/rooms.sqlite3",
        extra_env={"GAMEROOM_MOVES_IN_FLIGHT": "1", "GAMEROOM_CPU_DELAY_MS": "20"},
        log_dir=folder / "logs",
    )
    running.start()
    yield running
    running.stop()


async def _started(session: aiohttp.ClientSession, base: str) -> PlayClient:
    player = await PlayClient.create(
        session, base, "four-in-a-row", [{"kind": "human"}, {"kind": "cpu", "level": "easy"}]
    )
    await player.connect()
    await player.send({"start": {}})
    await player.wait_until(lambda c: c.room["status"] == "playing" and 0 in c.room.get("to_move", [0]) and c.views)
    return player


async def _try(player: PlayClient, move_id: str, version: int) -> str:
    try:
        await player.move(0, {"type": "drop", "column": 3}, version=version, move_id=move_id)
    except Refused as refused:
        return refused.code
    return "accepted"


async def test_moves_past_the_limit_are_refused_unread_and_a_resend_is_played(one_move_at_a_time) -> None:
    base = one_move_at_a_time.base_url
    async with aiohttp.ClientSession() as session:
        players = await asyncio.gather(*(_started(session, base) for _ in range(ROOMS)))
        try:
            versions = [p.room["version"] for p in players]
            answers = await asyncio.gather(
                *(_try(p, f"drop-{i}", v) for i, (p, v) in enumerate(zip(players, versions, strict=True)))
            )
            assert set(answers) <= {"accepted", "overloaded"}, answers
            assert "accepted" in answers
            assert "overloaded" in answers, "24 moves sent at once never overlapped on one slot"
            for player, version, answer in zip(players, versions, answers, strict=True):
                if answer == "overloaded":
                    # Nothing was read or written: the room is where it was (and, seat 0 still
                    # to move, the CPU has nothing to play).
                    room = await rest(session, base, "GET", f"/api/rooms/{player.code}")
                    assert room["version"] == version == player.room["version"]
            # The same ids again, one at a time: each refused move is played now, and an id
            # that was played is answered again, not played twice.
            for i, (player, version) in enumerate(zip(players, versions, strict=True)):
                assert await _try(player, f"drop-{i}", version) == "accepted", (i, answers[i])
            for player in players:
                ours = [e for e in player.events.values() if e.get("code") == "dropped" and e.get("seat") == 0]
                assert len(ours) == 1, ours
        finally:
            for player in players:
                await player.close()
