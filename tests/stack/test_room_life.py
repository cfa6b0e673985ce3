"""A room's life before and around the game: settings, seats, pass-and-play, leaving."""

from __future__ import annotations

import aiohttp

from tests.support.client import PlayClient, anna_and_ben_playing


async def test_host_changes_settings_and_seats_while_waiting(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(session, stack.base_url, "four-in-a-row", [{"kind": "human"}, {"kind": "human"}])
        ben = await PlayClient.join(session, stack.base_url, anna.code, "Ben")
        await anna.connect()
        await ben.connect()
        await anna.send({"settings": {"options": {"variant": "9x7-5"}}})
        # Every game has a move clock setting (off by default in four-in-a-row), and a game
        # where players take turns the turn-based setting (off by default).
        await ben.wait_until(
            lambda c: c.room["options"] == {"variant": "9x7-5", "move_clock": "off", "turn_clock": "off"}
        )
        # Ben's seat is taken: the host cannot turn it into a CPU.
        await anna.send({"settings": {"seats": [{"kind": "human"}, {"kind": "cpu"}]}})
        assert (await anna.expect("refused"))["code"] == "seat_taken"
        await ben.send({"settings": {"options": {"variant": "7x6-4"}}})
        assert (await ben.expect("refused"))["code"] == "not_host"
        await anna.send({"settings": {"options": {"variant": "5x5-3"}}})
        assert (await anna.expect("refused"))["code"] == "bad_option"
        await anna.send({"start": {}})
        await ben.wait_until(lambda c: c.room["status"] == "playing" and c.views)
        assert ben.view()["public"]["columns"] == 9 and ben.view()["public"]["connect"] == 5
        for client in (anna, ben):
            await client.close()


async def test_open_and_empty_seats_are_dropped_at_start(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(
            session,
            stack.base_url,
            "dice-poker",
            [{"kind": "empty"}, {"kind": "human"}, {"kind": "human"}, {"kind": "cpu", "level": "easy"}],
        )
        assert anna.seats == [1]
        await anna.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing" and c.views)
        # The empty seat and the open human seat nobody took are gone; Anna is now seat 0.
        assert anna.seats == [0]
        assert [s["kind"] for s in anna.room["seats"]] == ["human", "cpu"]
        assert anna.view()["seats"] == 2
        await anna.close()


async def test_pass_and_play_holds_several_seats(stack) -> None:
    async with aiohttp.ClientSession() as session:
        home = await PlayClient.create(
            session, stack.base_url, "four-in-a-row", [{"kind": "human"}, {"kind": "human", "local": True}], "Oma"
        )
        assert home.seats == [0, 1]
        await home.connect()
        await home.send({"start": {}})
        await home.wait_until(lambda c: len(c.views) == 2)
        await home.move(0, {"type": "drop", "column": 3})
        update = await home.move(1, {"type": "drop", "column": 3}, version=2)
        assert {v["seat"] for v in update["views"]} == {0, 1}
        # Nobody else can join a seat: the room is full, and a joiner who asks to watch watches.
        guest = await PlayClient.join(session, stack.base_url, home.code, "Guest", spectator=True)
        assert guest.seats == []
        await home.close()


async def test_leaving_mid_game_hands_the_seat_to_a_cpu_until_return(stack) -> None:
    async with aiohttp.ClientSession() as session:
        anna = await PlayClient.create(session, stack.base_url, "four-in-a-row", [{"kind": "human"}, {"kind": "human"}])
        ben = await PlayClient.join(session, stack.base_url, anna.code, "Ben")
        await anna.connect()
        await ben.connect()
        await anna.send({"start": {}})
        await anna.wait_until(lambda c: c.room["status"] == "playing")
        await anna.move(0, {"type": "drop", "column": 0})
        await ben.wait_until(lambda c: c.room["version"] == 2)
        await ben.send({"leave": {}})
        # Ben's turn is played by a CPU now.
        await anna.wait_until(lambda c: c.room["version"] == 3)
        assert any(e["code"] == "cpu_took_over" and e["seat"] == 1 for e in anna.events.values())
        back = PlayClient(session, stack.base_url, ben.ticket)
        await back.connect()
        assert back.seats == [1]
        await anna.move(0, {"type": "drop", "column": 0})
        await back.wait_until(lambda c: c.room["version"] == 4)
        # Handed back: the CPU no longer moves for seat 1; Ben does.
        await back.move(1, {"type": "drop", "column": 6})
        for client in (anna, back):
            await client.close()


async def test_a_simultaneous_move_is_not_stale_when_only_another_seat_moved(stack) -> None:
    """Hau Hau opens with rock-paper-scissors: both throw at once. Anna's throw changes the
    version, yet Ben's throw, chosen from the same options, still counts; a move chosen from
    options that have since changed is still stale."""
    async with aiohttp.ClientSession() as session:
        anna, ben = await anna_and_ben_playing(session, stack.base_url, "hau-hau", [{"kind": "human"}] * 2)
        started = ben.room["version"]
        assert sorted(ben.view()["to_move"]) == [0, 1]
        await anna.move(0, anna.view()["legal_moves"][0])
        update = await ben.move(1, ben.view()["legal_moves"][0], version=started)
        assert update["room"]["version"] == started + 2
        for client in (anna, ben):
            await client.close()
