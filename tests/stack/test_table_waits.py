"""A table nobody is at waits for its players (docs/catalogue.md, Oh Hell: "scores survive a pause (leave
and come back days later)"). While no player is connected, no grace period ends and no seat is
handed to a CPU, so a match left in the evening is where it was when they come back; the CPU
seats play up to the first human turn and stop there. The first player back gives everyone
still away a whole grace period from then, and after it a CPU plays their seats as usual.

Days are many grace periods here: nothing the lobby does depends on how long ago the table
emptied, only on whether anyone is at it."""

from __future__ import annotations

import asyncio
import contextlib
import time

import aiohttp
import pytest

from devstack import Stack
from tests.support.client import PlayClient, Refused, anna_and_ben_playing

# Long beside the moment between the two players' sockets closing, which a loaded machine
# stretches: the first to leave must not run out of grace while the other is still there.
GRACE_MS = 3000
SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "cpu", "level": "easy"}]


@pytest.fixture
def stack(tmp_path):  # type: ignore[no-untyped-def]
    running = Stack.on_free_ports(
        f"sqlite:///{tmp_path}/rooms.sqlite3",
        extra_env={
            "GAMEROOM_TAKEOVER_GRACE_MS": str(GRACE_MS),
            "GAMEROOM_CPU_DELAY_MS": "20",
            "GAMEROOM_AI_BUDGET_MS": "100",
        },
        log_dir=tmp_path / "logs",
    )
    running.start()
    yield running
    running.stop()


async def _play_some(client: PlayClient, seat: int, moves: int) -> None:
    """`moves` of the seat's own moves (the last legal one each time), waiting for its turns."""
    played = 0
    while played < moves:
        view = client.views.get(seat)
        if view and seat in view["to_move"] and view["legal_moves"]:
            with contextlib.suppress(Refused):  # a stale view: the next update says what is to do
                await client.move_at_a_persons_pace(seat, view["legal_moves"][-1])
                played += 1
            continue
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(client.inbox.get(), 5)


def _codes(client: PlayClient) -> list[str]:
    return [client.events[n]["code"] for n in sorted(client.events)]


async def test_an_oh_hell_table_everyone_left_waits_and_goes_on_when_they_are_back(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna, ben = await anna_and_ben_playing(session, stack.base_url, "oh-hell", SEATS, {"length": "quick"})
        await asyncio.wait_for(asyncio.gather(_play_some(anna, 0, 3), _play_some(ben, 1, 3)), 60)

        # Both leave. The CPU seat plays up to the first human turn, then the table waits.
        await asyncio.gather(anna.close(), ben.close())
        await asyncio.sleep(3 * GRACE_MS / 1000)
        anna = PlayClient(session, stack.base_url, anna.ticket)
        # Ben's grace runs from Anna's hello, which comes after this (the welcome and the
        # update after it may reach her late on a loaded machine: they start no clock).
        back = time.monotonic()
        await anna.connect()
        waited_at = anna.room["version"]
        assert anna.room["status"] == "playing"
        assert "cpu_took_over" not in _codes(anna), "a CPU took a seat while nobody was at the table"
        assert all(not seat["level"] for seat in anna.room["seats"][:2])
        scores = anna.view()["public"]["scores"]

        # Anna is back, Ben is not: his grace runs from now, not from when he left.
        await anna.wait_until(lambda c: "cpu_took_over" in _codes(c), timeout=30)
        assert time.monotonic() - back >= GRACE_MS / 1000 - 0.1
        took = [e for e in anna.events.values() if e["code"] == "cpu_took_over"]
        assert took == [{"code": "cpu_took_over", "seat": 1, "reason": "gone"}]
        assert anna.view()["public"]["scores"] == scores  # the match's scores survived the pause
        assert anna.room["version"] >= waited_at

        # The match goes on with her, and Ben takes his seat back when he returns.
        await asyncio.wait_for(_play_some(anna, 0, 2), 60)
        ben = PlayClient(session, stack.base_url, ben.ticket)
        await ben.connect(last_event=max(anna.events))
        await anna.wait_until(lambda c: "seat_returned" in _codes(c), timeout=15)
        assert ben.seats == [1] and not ben.room["seats"][1]["level"]
        await anna.close()
        await ben.close()
