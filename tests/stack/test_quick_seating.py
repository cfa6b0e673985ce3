"""Quick seating ("Play now") through the running platform: players asking for the same game,
table size and stake are seated together first come, first seated; a staked table escrows
every stake once when it fills; a player is never seated with themselves; a player alone is
offered CPU seats at once, with others waiting after the wait the player chose, and CPU seats
fill the table without coins; a word game is queued and played in the asker's language; the
queue refuses what it cannot seat."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from tests.stack.test_stakes import _coins, _escrowed, _give
from tests.support.client import PlayClient, Refused, rest


async def _player(session: aiohttp.ClientSession, base: str, name: str) -> dict[str, Any]:
    made = await rest(session, base, "POST", "/api/players", {"nickname": name})
    return {**made["player"], "token": made["token"]}


async def _ask(session, base: str, player: dict[str, Any], **body: Any) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    return await rest(
        session,
        base,
        "POST",
        "/api/quick-seats",
        {"player_token": player["token"], "nickname": player["nickname"], **body},
    )


async def _look(session, base: str, entry: dict[str, Any], **body: Any) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    return await rest(session, base, "POST", f"/api/quick-seats/{entry['id']}", {"secret": entry["secret"], **body})


async def test_two_players_asking_for_a_staked_duel_sit_together_and_the_stakes_go_in_once(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session:
        anna, ben = await _player(session, base, "Anna"), await _player(session, base, "Ben")
        first = await _ask(session, base, anna, game="hau-hau", seats=2, stake=1000)
        # Alone, Anna is offered computer players at once (she may wait for people instead).
        assert first["status"] == "waiting" and first["waiting"] == 1 and first["cpu_offer"]
        second = await _ask(session, base, ben, game="hau-hau", seats=2, stake=1000)
        assert second["status"] == "seated"
        seated = await _look(session, base, first)
        assert seated["status"] == "seated"
        tickets = [seated["ticket"], second["ticket"]]
        assert tickets[0]["code"] == tickets[1]["code"] and {t["seats"][0] for t in tickets} == {0, 1}
        # The match started at once: each stake in one escrow, the wallets down by the stake.
        assert _escrowed(stack, tickets[0]["code"]) == [("open", 1000, 2000)]
        assert await _coins(session, base, anna["token"]) == 0 and await _coins(session, base, ben["token"]) == 0
        clients = [PlayClient(session, base, {**ticket, "room": {}}) for ticket in tickets]
        for client in clients:
            await client.connect()
        assert clients[0].room["status"] == "playing" and clients[0].room["game"] == "hau-hau"
        names = sorted(seat["name"] for seat in clients[1].room["seats"])
        assert names == ["Anna", "Ben"]
        for client in clients:
            await client.close()


async def test_nobody_is_seated_with_themselves_and_a_second_ask_keeps_the_place(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session:
        anna = await _player(session, base, "Anna")
        first = await _ask(session, base, anna, game="four-in-a-row", seats=2, stake=0)
        again = await _ask(session, base, anna, game="four-in-a-row", seats=2, stake=0)
        assert again["id"] == first["id"] and again["status"] == "waiting" and again["waiting"] == 1
        # The first tab's secret was handed over to the second ask.
        with pytest.raises(Refused) as refused:
            await _look(session, base, first)
        assert refused.value.code == "bad_token"
        assert (
            await rest(session, base, "POST", f"/api/quick-seats/{again['id']}/cancel", {"secret": again["secret"]})
        )["cancelled"]
        assert (await _look(session, base, again))["status"] == "cancelled"


async def test_cpu_seats_at_once_for_a_player_alone_after_the_chosen_wait_with_others(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session:
        anna, ben = await _player(session, base, "Anna"), await _player(session, base, "Ben")
        alone = await _ask(session, base, anna, game="ludo", seats=3, stake=0, cpu_after_s=30)
        assert alone["status"] == "waiting" and alone["waiting"] == 1 and alone["cpu_offer"]
        # Two wait for a table of three: computer players only after the wait they chose.
        together = await _ask(session, base, ben, game="ludo", seats=3, stake=0, cpu_after_s=30)
        assert together["waiting"] == 2 and not together["cpu_offer"]
        assert not (await _look(session, base, alone, cpu_after_s=30))["cpu_offer"]
        for entry in (alone, together):
            await rest(session, base, "POST", f"/api/quick-seats/{entry['id']}/cancel", {"secret": entry["secret"]})


async def test_cpu_seats_without_coins(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session:
        anna = await _player(session, base, "Anna")
        entry = await _ask(session, base, anna, game="hau-hau", seats=2, stake=1000, cpu_after_s=30)
        assert entry["cpu_offer"]
        # Asked never to be offered computer players, the same place is not offered them.
        looked = await _look(session, base, entry, cpu_after_s=0)
        assert looked["status"] == "waiting" and not looked["cpu_offer"]  # 0: never offered
        seated = await rest(session, base, "POST", f"/api/quick-seats/{entry['id']}/cpu", {"secret": entry["secret"]})
        assert seated["status"] == "seated"
        client = PlayClient(session, base, {**seated["ticket"], "room": {}})
        await client.connect()
        kinds = [seat["kind"] for seat in client.room["seats"]]
        assert kinds == ["human", "cpu"] and client.room["status"] == "playing"
        assert not _escrowed(stack, seated["ticket"]["code"]) and await _coins(session, base, anna["token"]) == 1000
        await client.close()


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"game": "hau-hau", "seats": 3, "stake": 0}, "bad_seat_count"),
        ({"game": "hau-hau", "seats": 2, "stake": 700}, "bad_option"),
        ({"game": "chess", "seats": 2, "stake": 1000}, "bad_option"),
        ({"game": "nope", "seats": 2, "stake": 0}, "unknown_game"),
        ({"game": "hau-hau", "seats": "2", "stake": 0}, "bad_request"),
        ({"game": "hau-hau", "seats": 2, "stake": 0, "cpu_after_s": 7}, "bad_request"),
        ({"game": "hangman", "seats": 2, "stake": 0, "language": "fr"}, "bad_option"),
        ({"game": "hangman", "seats": 2, "stake": 0, "language": 3}, "bad_request"),
        ({"game": "hau-hau", "seats": 2, "stake": 5000}, "insufficient_coins"),
    ],
)
async def test_what_cannot_be_seated_is_refused_with_its_code(stack, body: dict[str, Any], code: str) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session:
        anna = await _player(session, base, "Anna")
        with pytest.raises(Refused) as refused:
            await _ask(session, base, anna, **body)
        assert refused.value.code == code
        with pytest.raises(Refused) as refused:
            await rest(session, base, "POST", "/api/quick-seats", {"player_token": "wrong", **body, "game": "hau-hau"})
        assert refused.value.code in ("bad_token", "bad_seat_count", "bad_option", "bad_request")


async def test_a_wallet_emptied_while_waiting_leaves_the_queue_and_the_others_wait_on(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session:
        anna, ben = [await _player(session, base, name) for name in ("Anna", "Ben")]
        await _give(stack, anna["id"], 4000)  # Anna can stake 5,000; Ben and Cleo cannot
        with pytest.raises(Refused):
            await _ask(session, base, ben, game="hau-hau", seats=2, stake=5000)
        await _give(stack, ben["id"], 4000)
        waiting_ben = await _ask(session, base, ben, game="hau-hau", seats=2, stake=5000)
        assert waiting_ben["status"] == "waiting"
        # Ben spends his coins elsewhere before Anna arrives: his place is dropped, Anna waits.
        await _give(stack, ben["id"], -4500)
        anna_entry = await _ask(session, base, anna, game="hau-hau", seats=2, stake=5000)
        assert anna_entry["status"] == "waiting"
        assert (await _look(session, base, waiting_ben))["status"] == "cancelled"
        assert await _coins(session, base, anna["token"]) == 5000 and await _coins(session, base, ben["token"]) == 500


async def test_a_word_game_is_queued_and_played_in_the_askers_language(stack) -> None:
    base = stack.base_url
    async with aiohttp.ClientSession() as session:
        anna, ben = await _player(session, base, "Anna"), await _player(session, base, "Ben")
        spanish = await _ask(session, base, anna, game="hangman", seats=2, stake=0, language="es")
        # Another language is another queue: Ben (Swedish) is not seated with Anna.
        swedish = await _ask(session, base, ben, game="hangman", seats=2, stake=0, language="sv")
        assert spanish["status"] == swedish["status"] == "waiting" and swedish["waiting"] == 1
        seated = await rest(
            session, base, "POST", f"/api/quick-seats/{spanish['id']}/cpu", {"secret": spanish["secret"]}
        )
        client = PlayClient(session, base, {**seated["ticket"], "room": {}})
        await client.connect()
        assert client.room["options"]["language"] == "es"
        await client.close()
        # A game without a language option ignores the language asked in.
        chess = await _ask(session, base, anna, game="chess", seats=2, stake=0, language="es")
        assert chess["status"] == "waiting"
        await rest(session, base, "POST", f"/api/quick-seats/{swedish['id']}/cancel", {"secret": swedish["secret"]})
        await rest(session, base, "POST", f"/api/quick-seats/{chess['id']}/cancel", {"secret": chess["secret"]})
