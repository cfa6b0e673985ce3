"""A player's event stream on two gateway replicas over one PostgreSQL and one Redis: what
happens on one replica reaches a stream the other holds (the bus's player channels), each turn
once although both replicas may observe the step."""

from __future__ import annotations

import aiohttp

from tests.support.challenges import EventSocket, account, call
from tests.support.client import PlayClient


async def test_events_reach_the_stream_the_other_replica_holds(make_replicas) -> None:
    stack = make_replicas(2)
    first, second = stack.url_of("gateway"), stack.url_of("gateway-2")
    async with aiohttp.ClientSession() as session:
        anna, _ = await account(session, first, "Anna")
        ben, ben_id = await account(session, second, "Ben")
        anna_events = await EventSocket.open(session, first, anna)
        ben_events = await EventSocket.open(session, second, ben)
        try:
            # Made on the first replica, seen on the stream the second holds.
            status, made = await call(
                session, first, "POST", "/api/challenges", anna, {"to_player": ben_id, "game": "four-in-a-row"}
            )
            assert status == 201
            await ben_events.wait_for(lambda f: any(e.get("id") == made["id"] for e in f))
            # Accepted on the second: the first replica's stream hears the start with Anna's ticket.
            status, accepted = await call(session, second, "POST", f"/api/challenges/{made['id']}/accept", ben)
            assert status == 200
            await anna_events.wait_for(lambda f: any(e["kind"] == "game_started" for e in f))
            (started,) = [e for e in anna_events.frames if e["kind"] == "game_started"]
            assert started["code"] == accepted["room_code"] and started["seats"] == [0]
            # Anna moves through the first replica: Ben's turn reaches his stream on the second.
            anna_room = PlayClient(
                session,
                first,
                {"code": started["code"], "token": started["token"], "seats": [0], "room": accepted["ticket"]["room"]},
            )
            await anna_room.connect()
            await anna_room.wait_until(lambda c: 0 in c.views and 0 in c.view(0)["to_move"])
            answer = await anna_room.move(0, anna_room.view(0)["legal_moves"][0])
            version = answer["room"]["version"]
            await ben_events.wait_for(lambda f: any(e["kind"] == "your_turn" and e["version"] == version for e in f))
            turns = [(e["code"], e["version"]) for e in ben_events.frames if e["kind"] == "your_turn"]
            assert turns.count((started["code"], version)) == 1
            await anna_room.close()
        finally:
            await anna_events.close()
            await ben_events.close()
