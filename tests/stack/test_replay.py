"""Replays through the running platform: a card game played to its end over the sockets,
then watched again from seat 0 (nothing of the other hand or the pile in any of its frames),
and with everything revealed (ending where the game ended), over REST and over gRPC; the
refusals; and the game in its player's list of finished games."""

from __future__ import annotations

import aiohttp
import grpc
from gameroom import play_pb2, play_pb2_grpc
from google.protobuf import json_format
from svc_cards.core import hidden_from
from svc_cards.registry import REGISTRY

from tests.support.client import Refused, rest
from tests.support.frame_scan import _scalars, play_over_sockets, states_by_version

GAME, SEATS = "crazy-eights", 2


async def _get(session: aiohttp.ClientSession, url: str, token: str = "") -> tuple[int, dict]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with session.get(url, headers=headers) as answer:
        return answer.status, await answer.json()


async def test_a_finished_card_game_replays_from_a_seat_and_revealed(stack) -> None:
    engine = REGISTRY.get(GAME)
    async with aiohttp.ClientSession() as session:
        made = await rest(session, stack.base_url, "POST", "/api/players", {"nickname": "Anna"})
        players, spectator, record = await play_over_sockets(
            stack,
            engine,
            SEATS,
            {},
            seed=11,
            prefer=lambda move: move.get("type") == "play",
            player_token=made["token"],
        )
        code = players[0].code
        base = f"{stack.base_url}/api/rooms/{code}/games/1/replay"
        states = [state for _, state in sorted(states_by_version(engine, record, SEATS).items())]

        status, seat0 = await _get(session, f"{base}?seat=0")
        assert status == 200, seat0
        assert seat0["seat"] == "0" and seat0["moves"] == len(record["moves"]) == len(seat0["frames"]) - 1
        secrets = 0
        for frame, state in zip(seat0["frames"], states, strict=True):
            assert frame["view"] == engine.view(state, 0), frame["step"]
            hidden = set(hidden_from(state, 0))
            leaked = hidden & _scalars(frame)
            assert not leaked, f"step {frame['step']} shows seat 0 {sorted(map(str, leaked))[:5]}"
            secrets += len(hidden)
            if frame.get("seat") == 1:
                assert "move" not in frame  # another seat's move is not seat 0's to see
        assert secrets > len(states)  # there was always something to hide
        assert any("move" in f for f in seat0["frames"] if f.get("seat") == 0)

        status, revealed = await _get(session, f"{base}?seat=all")
        assert status == 200 and revealed["seat"] == "all"
        last = revealed["frames"][-1]
        assert last["view"] == spectator.views[-1]
        assert [v["view"] for v in last["views"]] == [p.views[i] for i, p in enumerate(players)]
        assert last["events"][-1] == {"code": "game_over", "result": record["result"]}
        # Revealed means revealed: seat 1's hand at the start is in the first frame.
        assert set(hidden_from(states[0], 0)) & _scalars(revealed["frames"][0])

        async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel:
            play = play_pb2_grpc.PlayStub(channel)
            # The seat is a number like every other seat of the API; unset or -1 reveals everything.
            for request, answer in (
                (play_pb2.GetReplayRequest(code=code.lower(), number=1, seat=0), seat0),
                (play_pb2.GetReplayRequest(code=code.lower(), number=1), revealed),
                (play_pb2.GetReplayRequest(code=code.lower(), number=1, seat=-1), revealed),
            ):
                reply = await play.GetReplay(request)
                assert reply == json_format.ParseDict(answer, play_pb2.Replay())
            for request, refusal, status_code in (
                (play_pb2.GetReplayRequest(code="ZZZZZ", number=1), "unknown_room", grpc.StatusCode.NOT_FOUND),
                (play_pb2.GetReplayRequest(code=code, number=2), "not_started", grpc.StatusCode.INVALID_ARGUMENT),
                (play_pb2.GetReplayRequest(code=code, number=1, seat=2), "bad_request", None),
                (play_pb2.GetReplayRequest(code=code, number=1, seat=-2), "bad_request", None),
            ):
                try:
                    await play.GetReplay(request)
                except grpc.aio.AioRpcError as error:
                    assert dict(error.trailing_metadata() or ())["gameroom-refusal"] == refusal
                    assert status_code is None or error.code() == status_code
                else:
                    raise AssertionError(f"{request} was answered")

        for path, code_expected in (
            ("/api/rooms/ZZZZZ/games/1/replay", "unknown_room"),
            (f"/api/rooms/{code}/games/2/replay", "not_started"),
            (f"/api/rooms/{code}/games/1/replay?seat=7", "bad_request"),
            (f"/api/rooms/{code}/games/one/replay", "bad_request"),
        ):
            status, answer = await _get(session, stack.base_url + path)
            assert status >= 400 and answer["refused"]["code"] == code_expected, path

        status, mine = await _get(session, f"{stack.base_url}/api/players/me/games", made["token"])
        assert status == 200
        assert mine["games"][0]["code"] == code and mine["games"][0]["number"] == 1
        assert mine["games"][0]["game"] == GAME and mine["games"][0]["seats"] == [0]
        assert mine["games"][0]["placings"] == record["result"]["placings"]
        status, answer = await _get(session, f"{stack.base_url}/api/players/me/games", "not-a-token")
        assert status == 403 and answer["refused"]["code"] == "bad_token"


async def test_a_game_still_running_has_no_replay(stack) -> None:
    async with aiohttp.ClientSession() as session:
        ticket = await rest(
            session,
            stack.base_url,
            "POST",
            "/api/rooms",
            {"game": "four-in-a-row", "seats": [{"kind": "human"}, {"kind": "human"}], "nickname": "Anna"},
        )
        try:
            await rest(session, stack.base_url, "GET", f"/api/rooms/{ticket['code']}/games/1/replay?seat=all")
        except Refused as refused:
            assert refused.code == "not_started"
        else:
            raise AssertionError("a game not finished was replayed")
