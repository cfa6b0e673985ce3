"""CPU takeover on one machine (no Redis): a seat whose connections are all gone past the grace
period is played by a CPU until its player comes back, then handed back."""

from __future__ import annotations

import aiohttp

from devstack import Stack
from tests.support.client import PlayClient


async def _drop(player: PlayClient, column: int, version: int) -> None:
    """Wait until this device has seen `version`, then drop: as a person waits for their turn."""
    await player.wait_until(lambda c: c.room["version"] == version, timeout=60)
    await player.move(player.seats[0], {"type": "drop", "column": column})


async def test_a_seat_gone_past_the_grace_is_played_by_a_cpu_and_handed_back(tmp_path) -> None:
    stack = Stack.on_free_ports(
        f"sqlite:///{tmp_path}/rooms.sqlite3",
        # The grace is long beside a reconnect on a loaded machine: the short drop-out below
        # must stay inside it.
        extra_env={"GAMEROOM_TAKEOVER_GRACE_MS": "5000", "GAMEROOM_CPU_DELAY_MS": "20", "GAMEROOM_AI_BUDGET_MS": "100"},
        log_dir=tmp_path / "logs",
    )
    stack.start()
    try:
        async with aiohttp.ClientSession() as session:
            anna = await PlayClient.create(
                session, stack.base_url, "four-in-a-row", [{"kind": "human"}, {"kind": "human"}], "Anna"
            )
            ben = await PlayClient.join(session, stack.base_url, anna.code, "Ben")
            await anna.connect()
            await ben.connect()
            await anna.send({"start": {}})
            await ben.wait_until(lambda c: c.room["status"] == "playing" and c.views)
            await _drop(anna, 3, 1)
            await _drop(ben, 3, 2)

            # A short drop-out inside the grace period changes nothing.
            await anna.close()
            await ben.wait_until(lambda c: not c.room["seats"][0]["connected"])
            anna = PlayClient(session, stack.base_url, anna.ticket)
            await anna.connect(last_event=max(ben.events))
            await ben.wait_until(lambda c: c.room["seats"][0]["connected"])
            await _drop(anna, 4, 3)

            # Gone for good: after the grace the CPU plays her seat, every turn, until she is back.
            await anna.close()
            await _drop(ben, 4, 4)
            await ben.wait_until(lambda c: c.room["version"] == 6, timeout=60)
            took = [e for e in ben.events.values() if e["code"] == "cpu_took_over"]
            assert took == [{"code": "cpu_took_over", "seat": 0, "reason": "gone"}]
            assert ben.room["seats"][0]["level"]  # the CPU's level shows while it plays the seat
            await _drop(ben, 0, 6)
            await ben.wait_until(lambda c: c.room["version"] == 8, timeout=60)

            anna = PlayClient(session, stack.base_url, anna.ticket)
            await anna.connect(last_event=max(ben.events))
            assert anna.seats == [0]
            await ben.wait_until(lambda c: any(e["code"] == "seat_returned" for e in c.events.values()))
            assert ben.room["seats"][0]["level"] == ""
            await _drop(ben, 0, 8)
            await _drop(anna, 6, 9)  # her own move again, not the CPU's
            codes = [ben.events[n]["code"] for n in sorted(ben.events)]
            assert codes.count("cpu_took_over") == 1 and codes.count("seat_returned") == 1
            await anna.close()
            await ben.close()
    finally:
        stack.stop()
