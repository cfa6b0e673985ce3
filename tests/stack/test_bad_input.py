"""Bad input gets a clear, stable code and changes nothing."""

from __future__ import annotations

import json

import aiohttp
import pytest

from tests.support.client import PlayClient, Refused, rest


async def _unchanged(session, stack, anna, version: int, board) -> None:  # type: ignore[no-untyped-def]
    info = await rest(session, stack.base_url, "GET", f"/api/rooms/{anna.code}")
    assert info["version"] == version
    # A fresh connection sees the same board: nothing was written.
    fresh = PlayClient(session, stack.base_url, anna.ticket)
    await fresh.connect()
    assert fresh.view(0)["public"]["board"] == board
    await fresh.close()


async def test_move_out_of_turn(stack, game) -> None:
    session, anna, ben = game
    board = anna.view()["public"]["board"]
    with pytest.raises(Refused) as refused:
        await ben.move(1, {"type": "drop", "column": 3})
    assert refused.value.code == "not_your_turn"
    await _unchanged(session, stack, anna, 1, board)


async def test_illegal_move(stack, game) -> None:
    session, anna, _ = game
    board = anna.view()["public"]["board"]
    for bad in ({"type": "drop", "column": 7}, {"type": "drop", "column": "3"}, {"type": "fly"}, {"column": 3}):
        with pytest.raises(Refused) as refused:
            await anna.move(0, bad)
        assert refused.value.code in ("illegal_move", "malformed_move"), bad
    with pytest.raises(Refused) as refused:
        await anna.move(0, {"type": "drop", "column": 9})
    assert refused.value.code == "illegal_move"
    await _unchanged(session, stack, anna, 1, board)


async def test_stale_version(stack, game) -> None:
    session, anna, ben = game
    await anna.move(0, {"type": "drop", "column": 3})
    await ben.wait_until(lambda c: c.room["version"] == 2)
    board = ben.view()["public"]["board"]
    with pytest.raises(Refused) as refused:
        await ben.move(1, {"type": "drop", "column": 3}, version=1)
    assert refused.value.code == "stale_version"
    await _unchanged(session, stack, anna, 2, board)


async def test_duplicate_move_id_gets_the_first_answer(stack, game) -> None:
    session, anna, ben = game
    first = await anna.move(0, {"type": "drop", "column": 3}, move_id="same-id")
    again = await anna.move(0, {"type": "drop", "column": 4}, move_id="same-id", version=1)
    assert first["room"]["version"] == again["room"]["version"] == 2
    board = again["views"][0]["view"]["public"]["board"]
    assert board[0][3] == 0 and board[0][4] == -1  # applied once, the second body ignored
    # A refused move id stays refused, even if the same id later carries a legal move.
    with pytest.raises(Refused):
        await ben.move(1, {"type": "drop", "column": 99}, move_id="bad-id")
    with pytest.raises(Refused) as refused:
        await ben.move(1, {"type": "drop", "column": 2}, move_id="bad-id")
    assert refused.value.code == "illegal_move"
    await _unchanged(session, stack, anna, 2, board)


async def test_wrong_token(stack, game) -> None:
    session, anna, _ = game
    impostor = PlayClient(session, stack.base_url, {**anna.ticket, "token": "not-a-token"})
    impostor.ws = await session.ws_connect(stack.base_url + "/ws")
    await impostor.ws.send_str(json.dumps({"hello": {"code": anna.code, "token": "not-a-token", "last_event": 0}}))
    answer = json.loads((await impostor.ws.receive()).data)
    assert answer["refused"]["code"] == "bad_token"
    # Without a hello, a move is refused too.
    await impostor.ws.send_str(
        json.dumps({"move": {"seat": 0, "move": {"type": "drop", "column": 0}, "client_move_id": "x", "version": 1}})
    )
    answer = json.loads((await impostor.ws.receive()).data)
    assert answer["refused"]["code"] == "bad_request"
    await impostor.ws.close()
    # A ticket holds only its own seats.
    with pytest.raises(Refused) as refused:
        await anna.move(1, {"type": "drop", "column": 0})
    assert refused.value.code == "bad_token"
    await _unchanged(session, stack, anna, 1, anna.view()["public"]["board"])


async def test_malformed_and_oversized_frames(stack, game) -> None:
    session, anna, _ = game
    for frame, code in (
        ("{not json", "malformed_frame"),
        ("[1, 2]", "malformed_frame"),
        (json.dumps({"dance": {}}), "malformed_frame"),
        (json.dumps({"move": {"seat": "zero"}}), "malformed_frame"),
        (json.dumps({"chat": {"text": "x"}, "move": {}}), "malformed_frame"),
        (json.dumps({"chat": {"text": "x" * 20_000}}), "frame_too_large"),
    ):
        await anna.send_raw(frame)
        refused = await anna.expect("refused")
        assert refused["code"] == code, frame
    # The connection still works afterwards.
    await anna.move(0, {"type": "drop", "column": 0})


async def test_foreign_origin_is_refused(stack, game) -> None:
    session, anna, _ = game
    with pytest.raises(aiohttp.WSServerHandshakeError) as error:
        await session.ws_connect(stack.base_url + "/ws", headers={"Origin": "https://evil.example"})
    assert error.value.status == 403
    async with session.post(
        stack.base_url + "/api/rooms",
        json={"game": "four-in-a-row", "seats": [{"kind": "human"}]},
        headers={"Origin": "https://evil.example"},
    ) as answer:
        assert answer.status == 403
        assert (await answer.json())["refused"]["code"] == "bad_origin"
    # The page's own origin is welcome.
    ws = await session.ws_connect(stack.base_url + "/ws", headers={"Origin": stack.base_url})
    await ws.close()


async def test_rate_limit(stack, game) -> None:
    session, anna, _ = game
    for nonce in range(60):
        await anna.send({"ping": {"nonce": nonce}})
    refused = await anna.expect("refused", where=lambda r: r["code"] == "rate_limited")
    assert refused["code"] == "rate_limited"
    # A limited move is named, so the client knows which one to send again.
    for index in range(60):
        await anna.send(
            {
                "move": {
                    "seat": 0,
                    "move": {"type": "drop", "column": 9},
                    "client_move_id": f"flood-{index}",
                    "version": 1,
                }
            }
        )
    refused = await anna.expect("refused", where=lambda r: r["code"] == "rate_limited" and r["client_move_id"])
    assert refused["client_move_id"].startswith("flood-")


async def test_rest_refusals(stack) -> None:
    async with aiohttp.ClientSession() as session:
        for body, code in (
            ({"game": "no-such-game", "seats": [{"kind": "human"}]}, "unknown_game"),
            ({"game": "four-in-a-row", "seats": [{"kind": "robot"}]}, "bad_request"),
            ({"game": "four-in-a-row", "seats": [{"kind": "human"}] * 3}, "bad_seat_count"),
            ({"game": "four-in-a-row", "seats": [{"kind": "human"}], "options": {"variant": "3x3-3"}}, "bad_option"),
            ({"game": "four-in-a-row", "seats": [{"kind": "human"}], "options": {"colour": "red"}}, "bad_option"),
        ):
            with pytest.raises(Refused) as refused:
                await rest(session, stack.base_url, "POST", "/api/rooms", body)
            assert refused.value.code == code, body
        with pytest.raises(Refused) as refused:
            await rest(session, stack.base_url, "GET", "/api/rooms/ZZZZZ")
        assert refused.value.code == "unknown_room"
        async with session.post(stack.base_url + "/api/rooms", data=b"x" * 40_000) as answer:
            assert answer.status == 413


async def test_only_the_host_starts(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(session, stack.base_url, "four-in-a-row", [{"kind": "human"}, {"kind": "human"}])
        ben = await PlayClient.join(session, stack.base_url, anna.code, "Ben")
        await ben.connect()
        await ben.send({"start": {}})
        assert (await ben.expect("refused"))["code"] == "not_host"
        await anna.connect()
        await anna.send(
            {"move": {"seat": 0, "move": {"type": "drop", "column": 0}, "client_move_id": "early", "version": 0}}
        )
        assert (await anna.expect("refused"))["code"] == "not_started"
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing")
        await anna.send({"start": {}})
        assert (await anna.expect("refused"))["code"] == "already_started"
        await anna.close()
        await ben.close()
