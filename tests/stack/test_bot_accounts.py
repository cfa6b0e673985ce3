"""Bot accounts over the running platform: an account marks itself a bot, is shown as one (seats,
a player's ratings), and is not rated against people unless the rated room allows bots
(`bots_allowed`); bots may play each other rated."""

from __future__ import annotations

import asyncio

import aiohttp

from tests.support.challenges import EventSocket, account, call
from tests.support.client import rest

SEATS = [{"kind": "human"}, {"kind": "human"}]


async def _rated_room(session, base: str, token: str, bots_allowed: bool = False) -> dict:  # type: ignore[no-untyped-def, type-arg]
    body = {"game": "four-in-a-row", "seats": SEATS, "player_token": token, "rated": True}
    if bots_allowed:
        body["bots_allowed"] = True
    async with session.post(base + "/api/rooms", json=body) as answer:
        assert answer.status == 201, await answer.text()
        return await answer.json()


async def _join(session, base: str, code: str, token: str) -> tuple[int, dict]:  # type: ignore[no-untyped-def, type-arg]
    async with session.post(base + f"/api/rooms/{code}/join", json={"player_token": token, "nickname": ""}) as answer:
        return answer.status, await answer.json()


async def test_a_bot_meets_people_in_a_rated_room_only_where_bots_are_allowed(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session:
        robo, robo_id = await account(session, base, "Robo")
        droid, _ = await account(session, base, "Droid")
        anna, _ = await account(session, base, "Anna")
        for bot in (robo, droid):
            status, _ = await call(session, base, "PUT", "/api/players/me/bot", bot, {"bot": True})
            assert status == 200

        people_only = await _rated_room(session, base, anna)
        status, refused = await _join(session, base, people_only["code"], robo)
        assert status == 403 and refused["refused"]["code"] == "rated_no_bots"
        status, room = await call(session, base, "GET", f"/api/rooms/{people_only['code']}", anna)
        assert [s["taken"] for s in room["seats"]] == [True, False]  # nothing changed

        bots_room = await _rated_room(session, base, robo)
        assert bots_room["room"]["seats"][0]["bot"] is True
        status, refused = await _join(session, base, bots_room["code"], anna)  # a person among bots
        assert status == 403 and refused["refused"]["code"] == "rated_no_bots"
        status, joined = await _join(session, base, bots_room["code"], droid)  # bot against bot
        assert status == 200, joined
        assert [s.get("bot") for s in joined["room"]["seats"]] == [True, True]

        allowed = await _rated_room(session, base, anna, bots_allowed=True)
        assert allowed["room"]["bots_allowed"] is True
        status, joined = await _join(session, base, allowed["code"], robo)
        assert status == 200, joined
        assert [s.get("bot", False) for s in joined["room"]["seats"]] == [False, True]

        status, ratings = await call(session, base, "GET", f"/api/players/{robo_id}/ratings", anna)
        assert status == 200 and ratings["player"]["bot"] is True
        # A bot again a person: no longer shown as a bot in what comes next.
        status, flags = await call(session, base, "PUT", "/api/players/me/bot", robo, {"bot": False})
        assert status == 200 and flags["bot"] is False
        _, ratings = await call(session, base, "GET", f"/api/players/{robo_id}/ratings", anna)
        assert ratings["player"]["bot"] is False
        status, refused = await call(session, base, "PUT", "/api/players/me/bot", robo, {"bot": "yes"})
        assert status == 400 and refused["refused"]["code"] == "bad_request"


async def _until_online(session, base: str, token: str, wanted: set[str]) -> None:  # type: ignore[no-untyped-def]
    """Until the bots' streams are open (listed online): the server's state, asked again."""
    async with asyncio.timeout(60):
        while True:
            bots = (await call(session, base, "GET", "/api/bots", token))[1]["bots"]
            if wanted <= {b["player_id"] for b in bots if b["online"]}:
                return
            await asyncio.sleep(0.05)


async def test_quick_seating_seats_an_online_opted_in_bot_with_a_person_waiting_alone(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session:
        robo, robo_id = await account(session, base, "Robo")
        lazy, lazy_id = await account(session, base, "Lazy")
        anna, _ = await account(session, base, "Anna")
        assert (
            await call(
                session,
                base,
                "PUT",
                "/api/players/me/bot",
                robo,
                {"bot": True, "quick_seats": True, "games": ["reversi"]},
            )
        )[0] == 200
        assert (await call(session, base, "PUT", "/api/players/me/bot", lazy, {"bot": True, "quick_seats": False}))[
            0
        ] == 200
        ask = {"player_token": anna, "game": "reversi", "seats": 2, "stake": 0, "nickname": "Anna"}
        # No bot online yet: Anna waits, offered CPU seats.
        waiting = await rest(session, base, "POST", "/api/quick-seats", ask)
        assert waiting["status"] == "waiting" and waiting["cpu_offer"] is True
        await rest(session, base, "POST", f"/api/quick-seats/{waiting['id']}/cancel", {"secret": waiting["secret"]})
        lazy_socket = await EventSocket.open(session, base, lazy)  # online, but not opted in
        robo_socket = await EventSocket.open(session, base, robo)
        try:
            await _until_online(session, base, anna, {robo_id, lazy_id})
            seated = await rest(session, base, "POST", "/api/quick-seats", ask)
            assert seated["status"] == "seated", seated
            ticket = seated["ticket"]
            await robo_socket.wait_for(lambda f: any(e["kind"] == "game_started" for e in f))
            (started,) = [e for e in robo_socket.frames if e["kind"] == "game_started"]
            assert started["code"] == ticket["code"] and started["seats"] == [1] and started["game"] == "reversi"
            room = (await call(session, base, "GET", f"/api/rooms/{ticket['code']}", anna))[1]
            assert room["status"] == "playing"
            assert [(s["name"], s.get("bot", False)) for s in room["seats"]] == [("Anna", False), ("Robo", True)]
            assert not [e for e in lazy_socket.frames if e["kind"] == "game_started"]
        finally:
            await robo_socket.close()
            await lazy_socket.close()
