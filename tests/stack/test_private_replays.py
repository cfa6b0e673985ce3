"""A private room's finished game over the running platform: its record and its replay are
refused to whoever has only the code (REST and gRPC, with nothing of the game in the answer),
and served with the room's invitation or the token of a player who sat in it."""

from __future__ import annotations

import aiohttp
import grpc
import pytest
from gameroom import play_pb2, play_pb2_grpc

from tests.support.client import PlayClient, rest

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]


async def _get(session: aiohttp.ClientSession, url: str, token: str = "", invite: str = "") -> tuple[int, dict, str]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if invite:
        headers["Gameroom-Invite"] = invite
    async with session.get(url, headers=headers) as answer:
        text = await answer.text()
        return answer.status, await answer.json(), text


async def _player(session: aiohttp.ClientSession, base: str, nickname: str) -> str:
    return (await rest(session, base, "POST", "/api/players", {"nickname": nickname}))["token"]


async def _play_to_a_win(anna: PlayClient, ben: PlayClient) -> None:
    """Four-in-a-row: Anna stacks column 0, Ben column 1, Anna has four down after seven discs."""
    try:
        await anna.connect()
        await ben.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing" and c.views)
        for turn in range(7):
            player, column = (anna, 0) if turn % 2 == 0 else (ben, 1)
            await player.wait_until(lambda c, v=turn + 1: c.room["version"] == v)
            await player.move_at_a_persons_pace(player.seats[0], {"type": "drop", "column": column})
        await anna.wait_until(lambda c: c.room["status"] == "finished")
    finally:
        await anna.close()
        await ben.close()


async def private_game_played(session: aiohttp.ClientSession, base: str, anna_token: str, ben_token: str):  # type: ignore[no-untyped-def]
    """Anna's private room, Ben invited, four-in-a-row played to Anna's win: (code, invite)."""
    body = {"game": "four-in-a-row", "seats": TWO_HUMANS, "nickname": "Anna", "player_token": anna_token}
    anna = PlayClient(session, base, await rest(session, base, "POST", "/api/rooms", {**body, "private": True}))
    invite = anna.ticket["invite"]
    joined = {"nickname": "Ben", "player_token": ben_token, "invite": invite}
    ben = PlayClient(session, base, await rest(session, base, "POST", f"/api/rooms/{anna.code}/join", joined))
    await _play_to_a_win(anna, ben)
    return anna.code, invite


async def test_a_private_rooms_game_opens_only_with_its_invitation_or_to_its_players(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session:
        anna_token, ben_token, eve_token = [await _player(session, base, n) for n in ("Anna", "Ben", "Eve")]
        code, invite = await private_game_played(session, base, anna_token, ben_token)
        record_url = f"{base}/api/rooms/{code}/games/1"
        replay_url = f"{record_url}/replay"

        # The code alone, a guessed invitation, another player, a made-up token: refused alike.
        for url in (record_url, f"{replay_url}?seat=all", f"{replay_url}?seat=0"):
            for token, guess in (("", ""), ("", "guessed"), (eve_token, ""), ("not-a-token", ""), ("", invite[:-1])):
                status, answer, text = await _get(session, url, token, guess)
                assert (status, answer["refused"]["code"]) == (403, "invitation_needed"), (url, token, guess)
                assert list(answer) == ["refused"] and "Anna" not in text and "Ben" not in text

        # The invitation opens it; so does either player's own token.
        status, record, _ = await _get(session, record_url, invite=invite)
        assert status == 200 and record["names"] == ["Anna", "Ben"] and len(record["moves"]) == 7
        assert record["private"] is True
        for token, seat in ((anna_token, "0"), (ben_token, "1"), ("", "all")):
            status, replay, _ = await _get(session, f"{replay_url}?seat={seat}", token, "" if token else invite)
            assert status == 200, replay
            assert replay["seat"] == seat and replay["names"] == ["Anna", "Ben"] and replay["moves"] == 7
        status, by_token, _ = await _get(session, record_url, ben_token)
        assert status == 200 and by_token == record

        # Ben's list of games names it, and the link it gives opens with his token.
        mine = await _get(session, f"{base}/api/players/me/games", ben_token)
        assert [(g["code"], g["number"], g["seats"]) for g in mine[1]["games"]] == [(code, 1, [1])]

        async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel:
            play = play_pb2_grpc.PlayStub(channel)
            for request in (
                play_pb2.GetReplayRequest(code=code, number=1),
                play_pb2.GetReplayRequest(code=code, number=1, invite="guessed", player_token=eve_token),
            ):
                with pytest.raises(grpc.aio.AioRpcError) as failed:
                    await play.GetReplay(request)
                assert failed.value.details().startswith("invitation_needed")
                assert "Anna" not in failed.value.details()
            by_invite = await play.GetReplay(play_pb2.GetReplayRequest(code=code, number=1, invite=invite))
            assert list(by_invite.names) == ["Anna", "Ben"] and by_invite.moves == 7
            as_anna = await play.GetReplay(
                play_pb2.GetReplayRequest(code=code, number=1, seat=0, player_token=anna_token)
            )
            assert as_anna.seat == "0" and len(as_anna.frames) == 8


async def test_a_public_rooms_game_still_opens_with_the_code_alone(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(session, base, "four-in-a-row", TWO_HUMANS, "Anna")
        ben = await PlayClient.join(session, base, anna.code, "Ben")
        await _play_to_a_win(anna, ben)
        status, record, _ = await _get(session, f"{base}/api/rooms/{anna.code}/games/1")
        assert status == 200 and record["names"] == ["Anna", "Ben"] and "private" not in record
