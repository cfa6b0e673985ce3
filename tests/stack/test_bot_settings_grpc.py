"""A bot sets what it plays over real gRPC (`SetBot`, the same as `PUT /api/players/me/bot`):
with its bot token it marks its account a bot with its games and quick-seat flag, which REST and
the bots listing then show; what REST refuses gRPC refuses with the same code, nothing changed."""

from __future__ import annotations

from typing import Any

import aiohttp
import grpc
import pytest
from gameroom import play_pb2, play_pb2_grpc

from devstack import Stack
from tests.support.challenges import account, call, guest


def _channel(stack: Stack) -> grpc.aio.Channel:
    return grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}")


async def _refused(call_made) -> tuple[grpc.StatusCode, str]:  # type: ignore[no-untyped-def]
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await call_made
    metadata = dict(refused.value.trailing_metadata() or ())
    return refused.value.code(), str(metadata.get("gameroom-refusal", ""))


async def _bot_token(session: aiohttp.ClientSession, base: str, nickname: str) -> tuple[str, str, str]:
    """An account (not yet a bot) and a bot token of it: (account token, bot token, player id)."""
    token, player_id = await account(session, base, nickname)
    status, made = await call(session, base, "POST", "/api/players/me/bot-tokens", token, {"name": nickname})
    assert status == 201, made
    return token, made["token"], player_id


async def _as_bot(session: aiohttp.ClientSession, base: str, token: str) -> dict[str, Any]:
    """What REST says of the player as a bot."""
    status, me = await call(session, base, "GET", "/api/players/me", token)
    assert status == 200, me
    return {k: me["player"][k] for k in ("bot", "quick_seats", "bot_games")}


async def test_a_bot_sets_its_games_over_grpc_and_rest_and_the_listing_show_them(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session, _channel(stack) as channel:
        account_token, bot_token, robo_id = await _bot_token(session, base, "Robo")
        play = play_pb2_grpc.PlayStub(channel)
        answer = await play.SetBot(
            play_pb2.SetBotRequest(
                player_token=bot_token, bot=True, quick_seats=True, games=["reversi", "four-in-a-row", "reversi"]
            )
        )
        assert (answer.bot, answer.quick_seats, list(answer.games)) == (True, True, ["four-in-a-row", "reversi"])
        assert await _as_bot(session, base, account_token) == {
            "bot": True,
            "quick_seats": True,
            "bot_games": ["four-in-a-row", "reversi"],
        }
        status, listed = await call(session, base, "GET", "/api/bots", account_token)
        assert status == 200
        assert [b["games"] for b in listed["bots"] if b["player_id"] == robo_id] == [["four-in-a-row", "reversi"]]
        bots = await play.ListBots(play_pb2.ListBotsRequest())
        assert [list(b.games) for b in bots.bots if b.player_id == robo_id] == [["four-in-a-row", "reversi"]]

        # No games: any game again; no quick seats.
        answer = await play.SetBot(play_pb2.SetBotRequest(player_token=bot_token, bot=True))
        assert (answer.bot, answer.quick_seats, list(answer.games)) == (True, False, [])
        assert await _as_bot(session, base, account_token) == {"bot": True, "quick_seats": False, "bot_games": []}


async def test_what_rest_refuses_grpc_refuses_with_the_same_code_and_nothing_changes(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session, _channel(stack) as channel:
        account_token, bot_token, _ = await _bot_token(session, base, "Beep")
        visitor, _ = await guest(session, base, "Visitor")
        play = play_pb2_grpc.PlayStub(channel)
        await play.SetBot(play_pb2.SetBotRequest(player_token=bot_token, bot=True, games=["dice-poker"]))
        before = await _as_bot(session, base, account_token)
        assert before == {"bot": True, "quick_seats": False, "bot_games": ["dice-poker"]}

        too_many = [f"four-in-a-row-{n}" for n in range(201)]
        cases: list[tuple[str, dict[str, Any], play_pb2.SetBotRequest, grpc.StatusCode]] = [
            (
                bot_token,
                {"bot": True, "games": ["reversi", "no-such-game"]},
                play_pb2.SetBotRequest(player_token=bot_token, bot=True, games=["reversi", "no-such-game"]),
                grpc.StatusCode.NOT_FOUND,
            ),
            (
                bot_token,
                {"bot": True, "games": too_many},
                play_pb2.SetBotRequest(player_token=bot_token, bot=True, games=too_many),
                grpc.StatusCode.INVALID_ARGUMENT,
            ),
            (  # `bot` is not optional in either
                bot_token,
                {"games": ["reversi"]},
                play_pb2.SetBotRequest(player_token=bot_token, games=["reversi"]),
                grpc.StatusCode.INVALID_ARGUMENT,
            ),
            (
                "not-a-token",
                {"bot": True, "games": ["reversi"]},
                play_pb2.SetBotRequest(player_token="not-a-token", bot=True, games=["reversi"]),
                grpc.StatusCode.PERMISSION_DENIED,
            ),
            (
                visitor,
                {"bot": True},
                play_pb2.SetBotRequest(player_token=visitor, bot=True),
                grpc.StatusCode.FAILED_PRECONDITION,
            ),
        ]
        codes = []
        for token, body, request, status in cases:
            _, over_rest = await call(session, base, "PUT", "/api/players/me/bot", token, body)
            over_grpc = await _refused(play.SetBot(request))
            codes.append(over_grpc[1])
            assert over_grpc == (status, over_rest["refused"]["code"]), body
        assert codes == ["unknown_game", "bad_request", "bad_request", "bad_token", "not_account"]
        assert await _as_bot(session, base, account_token) == before
        _, me = await call(session, base, "GET", "/api/players/me", visitor)
        assert me["player"]["bot"] is False
