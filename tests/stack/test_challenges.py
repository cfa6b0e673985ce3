"""Challenges and a player's event stream over the running platform, on real gRPC: one account
challenges another, the challenged sees it on `Events` and accepts, both are told the game
started with their own ticket, play it to the end through `Connect`, and are told of their turns
and of the end; declines, withdrawals, every refusal (with nothing changed) and the limits; a
bot whose stream reconnects is told its open challenges and its turns again."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import grpc
import pytest
from gameroom import play_pb2, play_pb2_grpc

from devstack import Stack
from tests.stack.test_play_api_stream import Stream
from tests.support.challenges import Events, account, call, guest


def _channel(stack: Stack) -> grpc.aio.Channel:
    return grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}")


async def _refused(call_made) -> tuple[grpc.StatusCode, str]:  # type: ignore[no-untyped-def]
    with pytest.raises(grpc.aio.AioRpcError) as refused:
        await call_made
    metadata = dict(refused.value.trailing_metadata() or ())
    return refused.value.code(), str(metadata.get("gameroom-refusal", ""))


async def _play_seat(stream: Stream, events: Events) -> dict[str, Any]:
    """Play the first legal move each time the player's event stream says it is their turn
    (at a version the Connect stream has reached); the finished update."""
    played: set[int] = set()
    number = 0
    while True:

        def ready(s: Stream) -> bool:
            if any(u["room"]["status"] == "finished" for u in s.updates()) or s.ended is not None:
                return True
            turns = {t["version"] for t in events.of("your_turn")} - played
            return any(s.to_move()[0] == v for v in turns)

        async with asyncio.timeout(60):
            while not ready(stream):
                # Either stream may bring what is missing: wait for whichever comes next.
                stream.arrived.clear()
                events.arrived.clear()
                waits = [asyncio.ensure_future(stream.arrived.wait()), asyncio.ensure_future(events.arrived.wait())]
                try:
                    await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    for wait in waits:
                        wait.cancel()
        finished = [u for u in stream.updates() if u["room"]["status"] == "finished"]
        if finished:
            return finished[0]
        assert stream.ended is None, stream.received[-3:]
        update = stream.latest()
        assert update is not None
        version = update["room"]["version"]
        played.add(version)
        seat = update["views"][0].get("seat", 0)  # proto3 leaves a 0 out
        number += 1
        move = play_pb2.MoveRequest(seat=seat, version=version, client_move_id=f"m{number}")
        move.move.update(update["views"][0]["view"]["legal_moves"][0])
        await stream.send(move=move)


async def test_a_challenge_accepted_is_played_to_the_end_with_turns_and_end_on_both_streams(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session, _channel(stack) as channel:
        anna, anna_id = await account(session, base, "Anna")
        ben, ben_id = await account(session, base, "Ben")
        play = play_pb2_grpc.PlayStub(channel)
        anna_events, ben_events = Events(play, anna), Events(play, ben)
        try:
            await anna_events.live()
            await ben_events.live()
            made = await play.CreateChallenge(
                play_pb2.CreateChallengeRequest(player_token=anna, to_player=ben_id, game="four-in-a-row")
            )
            assert (made.from_player, made.from_name, made.to_player, made.to_name) == (anna_id, "Anna", ben_id, "Ben")
            assert made.status == "open" and not made.from_bot and not made.to_bot and made.room_code == ""
            await ben_events.wait_for(lambda e: any(c["id"] == made.id for c in e.of("challenge")))
            seen = ben_events.of("challenge")[0]
            assert seen["status"] == "open" and seen["from_name"] == "Anna" and seen["game"] == "four-in-a-row"
            listed = await play.ListChallenges(play_pb2.ListChallengesRequest(player_token=ben))
            assert [c.id for c in listed.challenges] == [made.id]

            accepted = await play.AnswerChallenge(
                play_pb2.AnswerChallengeRequest(player_token=ben, challenge_id=made.id, accept=True)
            )
            assert accepted.status == "accepted" and accepted.room_code
            code = accepted.room_code
            for events in (anna_events, ben_events):
                await events.wait_for(lambda e: len(e.of("game_started")) == 1)
                assert [c["status"] for c in events.of("challenge")][-1] == "accepted"
            anna_start, ben_start = anna_events.of("game_started")[0], ben_events.of("game_started")[0]
            assert (anna_start["code"], anna_start["seats"], anna_start["game"]) == (code, [0], "four-in-a-row")
            assert (ben_start["code"], ben_start["seats"]) == (code, [1])
            assert anna_start["token"] != ben_start["token"]
            assert not (await play.ListChallenges(play_pb2.ListChallengesRequest(player_token=ben))).challenges

            anna_stream, ben_stream = Stream(play), Stream(play)
            await anna_stream.send(hello=play_pb2.Hello(code=code, token=anna_start["token"]))
            await ben_stream.send(hello=play_pb2.Hello(code=code, token=ben_start["token"]))
            anna_end, ben_end = await asyncio.gather(
                _play_seat(anna_stream, anna_events), _play_seat(ben_stream, ben_events)
            )
            assert anna_end["room"]["version"] == ben_end["room"]["version"]
            for events in (anna_events, ben_events):
                await events.wait_for(lambda e: len(e.of("game_ended")) == 1)
                ended = events.of("game_ended")[0]
                assert ended["code"] == code and ended["result"]["placings"] and ended["game_number"] == 1
                versions = [t["version"] for t in events.of("your_turn")]
                assert versions and versions == sorted(set(versions)), versions  # one per version
            # They take turns: each version is one player's turn, one after the other.
            assert all(t["seats"] == [0] and t["code"] == code for t in anna_events.of("your_turn"))
            assert all(t["seats"] == [1] and t["code"] == code for t in ben_events.of("your_turn"))
            anna_turns = {t["version"] for t in anna_events.of("your_turn")}
            ben_turns = {t["version"] for t in ben_events.of("your_turn")}
            assert not anna_turns & ben_turns and min(anna_turns) < min(ben_turns)
            every = sorted(anna_turns | ben_turns)
            assert every == list(range(every[0], every[0] + len(every))), every
            await anna_stream.close()
            await ben_stream.close()
        finally:
            await anna_events.close()
            await ben_events.close()


async def test_decline_and_withdraw_are_told_to_both_and_close_the_challenge(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session, _channel(stack) as channel:
        anna, _ = await account(session, base, "Anna")
        ben, ben_id = await account(session, base, "Ben")
        play = play_pb2_grpc.PlayStub(channel)
        anna_events = Events(play, anna)
        try:
            await anna_events.live()
            first = await play.CreateChallenge(
                play_pb2.CreateChallengeRequest(player_token=anna, to_player=ben_id, game="four-in-a-row")
            )
            declined = await play.AnswerChallenge(
                play_pb2.AnswerChallengeRequest(player_token=ben, challenge_id=first.id, accept=False)
            )
            assert declined.status == "declined" and declined.room_code == ""
            await anna_events.wait_for(lambda e: [c["status"] for c in e.of("challenge")] == ["open", "declined"])
            # Answered already: a second answer, and a withdrawal, are refused.
            answer = play_pb2.AnswerChallengeRequest(player_token=ben, challenge_id=first.id, accept=True)
            assert (await _refused(play.AnswerChallenge(answer)))[1] == "challenge_closed"
            withdraw = play_pb2.AnswerChallengeRequest(player_token=anna, challenge_id=first.id)
            assert (await _refused(play.CancelChallenge(withdraw)))[1] == "challenge_closed"

            second = await play.CreateChallenge(
                play_pb2.CreateChallengeRequest(player_token=anna, to_player=ben_id, game="four-in-a-row")
            )
            # Only the challenger withdraws; only the challenged answers.
            assert (
                await _refused(
                    play.CancelChallenge(play_pb2.AnswerChallengeRequest(player_token=ben, challenge_id=second.id))
                )
            )[1] == "not_your_challenge"
            assert (
                await _refused(
                    play.AnswerChallenge(
                        play_pb2.AnswerChallengeRequest(player_token=anna, challenge_id=second.id, accept=True)
                    )
                )
            )[1] == "not_your_challenge"
            cancelled = await play.CancelChallenge(
                play_pb2.AnswerChallengeRequest(player_token=anna, challenge_id=second.id)
            )
            assert cancelled.status == "cancelled"
            await anna_events.wait_for(lambda e: [c["status"] for c in e.of("challenge")][-1:] == ["cancelled"])
            assert not (await play.ListChallenges(play_pb2.ListChallengesRequest(player_token=ben))).challenges
            assert not anna_events.of("game_started")
        finally:
            await anna_events.close()


async def test_every_refusal_has_its_code_and_changes_nothing(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session, _channel(stack) as channel:
        anna, anna_id = await account(session, base, "Anna")
        ben, ben_id = await account(session, base, "Ben")
        visitor, visitor_id = await guest(session, base, "Visitor")
        play = play_pb2_grpc.PlayStub(channel)

        def challenge(token: str, to: str, game: str = "four-in-a-row", rated: bool = False):  # type: ignore[no-untyped-def]
            return play.CreateChallenge(
                play_pb2.CreateChallengeRequest(player_token=token, to_player=to, game=game, rated=rated)
            )

        assert await _refused(challenge(visitor, anna_id)) == (grpc.StatusCode.FAILED_PRECONDITION, "not_account")
        assert (await _refused(challenge(anna, visitor_id)))[1] == "not_account"
        assert (await _refused(challenge(anna, anna_id)))[1] == "self_challenge"
        assert await _refused(challenge(anna, "no-such-player")) == (grpc.StatusCode.NOT_FOUND, "unknown_player")
        assert (await _refused(challenge(anna, ben_id, game="no-such-game")))[1] == "unknown_game"
        assert (await _refused(challenge("not-a-token", ben_id)))[1] == "bad_token"
        unknown = play_pb2.AnswerChallengeRequest(player_token=ben, challenge_id="nope", accept=True)
        assert await _refused(play.AnswerChallenge(unknown)) == (grpc.StatusCode.NOT_FOUND, "unknown_challenge")
        # A bot and a person are not rated against each other.
        status, _ = await call(session, base, "PUT", "/api/players/me/bot", ben, {"bot": True})
        assert status == 200
        assert await _refused(challenge(anna, ben_id, rated=True)) == (
            grpc.StatusCode.PERMISSION_DENIED,
            "rated_no_bots",
        )
        # Nothing was made by any of these.
        for token in (anna, ben):
            assert not (await play.ListChallenges(play_pb2.ListChallengesRequest(player_token=token))).challenges
        # Over REST the same codes, in the REST shape.
        status, refused = await call(
            session, base, "POST", "/api/challenges", anna, {"to_player": anna_id, "game": "four-in-a-row"}
        )
        assert status == 409 and refused["refused"]["code"] == "self_challenge"
        status, refused = await call(session, base, "PUT", "/api/players/me/bot", visitor, {"bot": True})
        assert status == 409 and refused["refused"]["code"] == "not_account"
        _, me = await call(session, base, "GET", "/api/players/me", visitor)
        assert me["player"]["bot"] is False


async def test_at_most_ten_open_and_thirty_a_minute(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session, _channel(stack) as channel:
        anna, _ = await account(session, base, "Anna")
        _, ben_id = await account(session, base, "Ben")
        play = play_pb2_grpc.PlayStub(channel)
        request = play_pb2.CreateChallengeRequest(player_token=anna, to_player=ben_id, game="four-in-a-row")
        made = [await play.CreateChallenge(request) for _ in range(10)]
        code, refusal = await _refused(play.CreateChallenge(request))
        assert (code, refusal) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "rate_limited")
        assert len((await play.ListChallenges(play_pb2.ListChallengesRequest(player_token=anna))).challenges) == 10
        created = 10
        while created < 30:
            for challenge in made:
                await play.CancelChallenge(
                    play_pb2.AnswerChallengeRequest(player_token=anna, challenge_id=challenge.id)
                )
            made = [await play.CreateChallenge(request) for _ in range(10)]
            created += 10
        for challenge in made:
            await play.CancelChallenge(play_pb2.AnswerChallengeRequest(player_token=anna, challenge_id=challenge.id))
        # Thirty made within the minute: the thirty-first is refused though none is open.
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await play.CreateChallenge(request)
        assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert "a minute" in (refused.value.details() or "")
        assert not (await play.ListChallenges(play_pb2.ListChallengesRequest(player_token=anna))).challenges


async def test_a_bot_reconnecting_is_told_its_open_challenges_and_turns_again(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session, _channel(stack) as channel:
        robo, robo_id = await account(session, base, "Robo")
        anna, anna_id = await account(session, base, "Anna")
        cleo, _ = await account(session, base, "Cleo")
        status, flags = await call(
            session, base, "PUT", "/api/players/me/bot", robo, {"bot": True, "quick_seats": True}
        )
        assert status == 200 and flags == {"bot": True, "quick_seats": True, "games": []}
        _, me = await call(session, base, "GET", "/api/players/me", robo)
        assert me["player"]["bot"] is True and me["player"]["quick_seats"] is True
        play = play_pb2_grpc.PlayStub(channel)
        # The bot challenges Anna (over REST); she accepts: the bot is on seat 0, to move.
        status, made = await call(
            session, base, "POST", "/api/challenges", robo, {"to_player": anna_id, "game": "four-in-a-row"}
        )
        assert status == 201 and made["from_bot"] is True and made["to_bot"] is False
        status, accepted = await call(session, base, "POST", f"/api/challenges/{made['id']}/accept", anna)
        assert status == 200 and accepted["status"] == "accepted"
        assert accepted["ticket"]["seats"] == [1] and accepted["ticket"]["code"] == accepted["room_code"]
        seats = accepted["ticket"]["room"]["seats"]
        assert seats[0]["bot"] is True and "bot" not in seats[1]
        room = await play.GetRoom(play_pb2.GetRoomRequest(code=accepted["room_code"]))
        assert room.seats[0].bot and not room.seats[1].bot
        # Cleo's challenge to the bot waits.
        cleo_challenge = await play.CreateChallenge(
            play_pb2.CreateChallengeRequest(player_token=cleo, to_player=robo_id, game="four-in-a-row")
        )
        assert cleo_challenge.to_bot
        for _ in range(2):  # the first stream, then the one after a restart
            events = Events(play, robo)
            try:
                await events.live()
                await events.wait_for(lambda e: e.of("challenge") and e.of("your_turn"))
                assert [c["id"] for c in events.of("challenge")] == [cleo_challenge.id]
                (turn,) = events.of("your_turn")
                assert (turn["code"], turn["seats"]) == (accepted["room_code"], [0])
                bots = await play.ListBots(play_pb2.ListBotsRequest())
                listed = {b.player_id: b for b in bots.bots}
                assert listed[robo_id].online and listed[robo_id].nickname == "Robo"
                assert bots.bots[0].online  # online ones first
            finally:
                await events.close()
        status, listed_rest = await call(session, base, "GET", "/api/bots", anna)
        assert status == 200 and robo_id in {b["player_id"] for b in listed_rest["bots"]}
