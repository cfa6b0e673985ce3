"""Guest players over REST: a token, statistics from finished games, a coin wallet, saved house
rules, and a finished game's move list for replay."""

from __future__ import annotations

import aiohttp
import pytest

from tests.support.client import PlayClient, Refused, rest


async def _me(session: aiohttp.ClientSession, base: str, token: str, path: str = "", method: str = "GET", body=None):  # type: ignore[no-untyped-def]
    async with session.request(
        method, f"{base}/api/players/me{path}", json=body, headers={"Authorization": f"Bearer {token}"}
    ) as answer:
        data = await answer.json()
        if answer.status >= 400:
            raise Refused(data["refused"]["code"], data["refused"].get("detail", ""))
        return data


async def test_finished_games_count_in_the_players_statistics(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await rest(session, stack.base_url, "POST", "/api/players", {"nickname": "Anna"})
        ben = await rest(session, stack.base_url, "POST", "/api/players", {"nickname": "Ben"})
        assert anna["player"]["nickname"] == "Anna" and anna["token"] != ben["token"]
        ticket = await rest(
            session,
            stack.base_url,
            "POST",
            "/api/rooms",
            {"game": "four-in-a-row", "seats": [{"kind": "human"}, {"kind": "human"}], "player_token": anna["token"]},
        )
        assert ticket["room"]["seats"][0]["name"] == "Anna"  # the player's nickname by default
        joined = await rest(
            session, stack.base_url, "POST", f"/api/rooms/{ticket['code']}/join", {"player_token": ben["token"]}
        )
        host, guest = PlayClient(session, stack.base_url, ticket), PlayClient(session, stack.base_url, joined)
        await host.connect()
        await guest.connect()
        await host.send({"start": {}})
        for turn, (player, column) in enumerate([(host, 0), (guest, 1)] * 3 + [(host, 0)]):
            await player.wait_until(lambda c, v=turn + 1: c.room["version"] == v)
            await player.move(player.seats[0], {"type": "drop", "column": column})
        await guest.wait_until(lambda c: c.room["status"] == "finished")

        mine = await _me(session, stack.base_url, anna["token"])
        assert mine["player"] == {
            **anna["player"],
            "created_ms": mine["player"]["created_ms"],
            "account": False,
            "bot": False,
            "quick_seats": False,
            "bot_games": [],
        }
        assert mine["stats"] == [{"game": "four-in-a-row", "played": 1, "won": 1, "placings": {"1": 1}}]
        assert mine["coins"] == 1000
        theirs = await _me(session, stack.base_url, ben["token"])
        assert theirs["stats"] == [{"game": "four-in-a-row", "played": 1, "won": 0, "placings": {"2": 1}}]

        replay = await rest(session, stack.base_url, "GET", f"/api/rooms/{ticket['code']}/games/1")
        assert [m["move"]["column"] for m in replay["moves"]] == [0, 1, 0, 1, 0, 1, 0]
        assert replay["names"] == ["Anna", "Ben"] and len(replay["seed"]) == 64
        with pytest.raises(Refused) as missing:
            await rest(session, stack.base_url, "GET", f"/api/rooms/{ticket['code']}/games/2")
        assert missing.value.code == "not_started"
        with pytest.raises(Refused) as unknown:
            await _me(session, stack.base_url, "not-a-token")
        assert unknown.value.code == "bad_token"
        await host.close()
        await guest.close()


async def test_house_rules_are_saved_checked_and_deleted(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await rest(session, stack.base_url, "POST", "/api/players", {"nickname": "Anna"})
        token = anna["token"]
        saved = await _me(
            session, stack.base_url, token, "/house-rules/four-in-a-row/big", "PUT", {"options": {"variant": "9x7-5"}}
        )
        # The game's default clock and turn-based setting (lobby/turn_based.py) included.
        options = {"variant": "9x7-5", "move_clock": "off", "turn_clock": "off"}
        assert saved == {"game": "four-in-a-row", "name": "big", "options": options}
        with pytest.raises(Refused) as bad:
            await _me(
                session,
                stack.base_url,
                token,
                "/house-rules/four-in-a-row/odd",
                "PUT",
                {"options": {"variant": "3x3-3"}},
            )
        assert bad.value.code == "bad_option"
        with pytest.raises(Refused) as unknown:
            await _me(session, stack.base_url, token, "/house-rules/no-such-game/x", "PUT", {"options": {}})
        assert unknown.value.code == "unknown_game"
        listed = await _me(session, stack.base_url, token, "/house-rules?game=four-in-a-row")
        assert [(r["name"], r["options"]) for r in listed["house_rules"]] == [("big", options)]
        assert (await _me(session, stack.base_url, token, "/house-rules/four-in-a-row/big", "DELETE")) == {
            "deleted": True
        }
        assert (await _me(session, stack.base_url, token, "/house-rules"))["house_rules"] == []
