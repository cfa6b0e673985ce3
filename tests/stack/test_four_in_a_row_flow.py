"""Two people on two devices: create a room, share the code, play four-in-a-row to a win,
through the real gateway, lobby, store and gRPC family service."""

from __future__ import annotations

import aiohttp
import pytest

from tests.support.client import PlayClient, Refused, rest


async def _drop(player: PlayClient, column: int, version: int) -> dict:
    """Wait until this device has seen `version`, then drop: as a person waits for their turn."""
    await player.wait_until(lambda c: c.room["version"] == version)
    return await player.move(player.seats[0], {"type": "drop", "column": column})


async def _start_two_player_room(stack):  # type: ignore[no-untyped-def]
    session = aiohttp.ClientSession()
    anna = await PlayClient.create(
        session, stack.base_url, "four-in-a-row", [{"kind": "human"}, {"kind": "human"}], "Anna"
    )
    ben = await PlayClient.join(session, stack.base_url, anna.code, "Ben")
    await anna.connect()
    await ben.connect()
    await anna.send({"start": {}})
    await anna.wait_until(lambda c: c.room["status"] == "playing" and c.views)
    await ben.wait_until(lambda c: c.views)
    return session, anna, ben


async def test_two_devices_play_to_a_win(stack) -> None:
    session, anna, ben = await _start_two_player_room(stack)
    try:
        assert anna.seats == [0] and ben.seats == [1]
        assert [s["name"] for s in anna.room["seats"]] == ["Anna", "Ben"]
        # Anna stacks column 0, Ben column 1: Anna has four down after seven discs.
        for turn in range(7):
            player, column = (anna, 0) if turn % 2 == 0 else (ben, 1)
            update = await _drop(player, column, turn + 1)  # start is version 1
            assert update["room"]["version"] == turn + 2
        await ben.wait_until(lambda c: c.room["status"] == "finished")
        result = ben.view()["result"]
        assert result["placings"] == [1, 2]
        codes = [e["code"] for e in ben.events.values()]
        assert codes.count("dropped") == 7 and "won" in codes and codes[-1] == "game_over"
        # Both sides saw the same numbered, gap-free event stream.
        assert sorted(ben.events) == list(range(1, max(ben.events) + 1))
        assert anna.events == ben.events
        with pytest.raises(Refused) as refused:
            await anna.move(0, {"type": "drop", "column": 3})
        assert refused.value.code == "game_over"
    finally:
        await anna.close()
        await ben.close()
        await session.close()


async def test_rematch_needs_every_player_and_rotates_the_start(stack) -> None:
    session, anna, ben = await _start_two_player_room(stack)
    try:
        for turn in range(7):
            player, column = (anna, 0) if turn % 2 == 0 else (ben, 1)
            await _drop(player, column, turn + 1)
        await anna.wait_until(lambda c: c.room["status"] == "finished")
        await anna.send({"rematch": {}})
        await ben.wait_until(lambda c: c.room["rematch_votes"] == 1)
        assert ben.room["status"] == "finished"
        await ben.send({"rematch": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing")
        # Seats moved on by one: Ben now holds seat 0 and starts. His new seats come in a welcome
        # and their view in the update right behind it: wait for both, not the welcome alone.
        await ben.wait_until(lambda c: c.seats == [0] and 0 in c.views)
        assert anna.seats == [1]
        assert ben.view()["to_move"] == [0]
    finally:
        await anna.close()
        await ben.close()
        await session.close()


async def test_spectator_sees_the_board_and_cannot_move(stack) -> None:
    session, anna, ben = await _start_two_player_room(stack)
    try:
        carl = await PlayClient.join(session, stack.base_url, anna.code, "Carl", spectator=True)
        assert carl.seats == []
        await carl.connect()
        await anna.move(0, {"type": "drop", "column": 3})
        await carl.wait_until(lambda c: -1 in c.views and c.views[-1]["public"]["moves"] == 1)
        assert carl.views[-1]["legal_moves"] == []
        with pytest.raises(Refused) as refused:
            await carl.move(0, {"type": "drop", "column": 2})
        assert refused.value.code == "bad_token"
        info = await rest(session, stack.base_url, "GET", f"/api/rooms/{anna.code.lower()}")
        assert info["status"] == "playing" and info["version"] == 2
    finally:
        for client in (anna, ben):
            await client.close()
        await session.close()
