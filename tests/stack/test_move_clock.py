"""The move clock over the running platform: the lobby arms the engine's deadline, applies the
default move when it passes, hands a seat whose player let it pass three times in a row to a
CPU, and gives it back when the player plays again.

The gateway's clock runs ten times as fast as real time here (GAMEROOM_CLOCK_RATE, a test-only
setting): the lobby is the only keeper of time, so every game keeps its own seconds (15 s
"fast", Hau Hau's fixed 10 s) and the engines stay as they are, while a clock runs out in
1.5 s (1 s) of the test's time.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

import aiohttp

from devstack import Stack
from tests.support.client import PlayClient, Refused, rest

RATE = 10


def _stack(tmp_path, cpu_delay_ms: int) -> Stack:  # type: ignore[no-untyped-def]
    return Stack.on_free_ports(
        f"sqlite:///{tmp_path}/rooms.sqlite3",
        extra_env={
            "GAMEROOM_CLOCK_RATE": str(RATE),
            "GAMEROOM_CPU_DELAY_MS": str(cpu_delay_ms),
            "GAMEROOM_AI_BUDGET_MS": "100",
            "GAMEROOM_TAKEOVER_GRACE_MS": "3600000",  # nobody here is disconnected
        },
        log_dir=tmp_path / "logs",
    )


def _events(client: PlayClient, code: str, seat: int | None = None) -> list[dict[str, Any]]:
    return [
        e for _, e in sorted(client.events.items()) if e["code"] == code and (seat is None or e.get("seat") == seat)
    ]


def _to_move(client: PlayClient, seat: int) -> bool:
    view = client.views.get(seat)
    return bool(client.room["status"] == "playing" and view and seat in view["to_move"] and view["legal_moves"])


# What Ben, who keeps playing, does at once on his turn: nothing that ends the game early.
def _centre_most(legal: list[dict[str, Any]]) -> dict[str, Any]:
    return min(legal, key=lambda m: abs(m["column"] - 3))


def _push(legal: list[dict[str, Any]]) -> dict[str, Any]:
    return next(m for m in legal if m["type"] == "push")  # never knocks: the deal goes on


def _first(legal: list[dict[str, Any]]) -> dict[str, Any]:
    return legal[0]


async def _keep_playing(ben: PlayClient, choose: Callable[[list[dict[str, Any]]], dict[str, Any]]) -> None:
    seat = ben.seats[0]
    while True:
        await ben.wait_until(lambda c: _to_move(c, seat) or c.room["status"] != "playing", timeout=120)
        if ben.room["status"] != "playing":
            return
        try:
            await ben.move(seat, choose(ben.views[seat]["legal_moves"]))
        except Refused:
            await asyncio.sleep(0.05)  # the clock moved first: look again


async def _stops_playing_then_comes_back(session: aiohttp.ClientSession, base: str, game: str, choose) -> None:  # type: ignore[no-untyped-def]
    anna = await PlayClient.create(
        session, base, game, [{"kind": "human"}, {"kind": "human"}], "Anna", options={"move_clock": "fast"}
    )
    ben = await PlayClient.join(session, base, anna.code, "Ben")
    await anna.connect()
    await ben.connect()
    await anna.send({"start": {}})
    await anna.wait_until(lambda c: c.room["status"] == "playing" and c.views)
    ben_plays = asyncio.get_running_loop().create_task(_keep_playing(ben, choose))
    try:
        # Anna is connected but does nothing: the clock moves for her, three times in a row,
        # then a CPU takes her seat over.
        await anna.wait_until(lambda c: _events(c, "cpu_took_over", 0), timeout=90)
        order = [(e["code"], e.get("reason")) for _, e in sorted(anna.events.items()) if e.get("seat") == 0]
        took = order.index(("cpu_took_over", "timeouts"))
        assert order[:took].count(("timed_out", None)) == 3, f"{game}: {order}"
        assert anna.room["seats"][0]["cpu_plays"] and anna.room["seats"][0]["connected"]
        # While it was her turn the update named her seat's clock.
        mine = [m["update"] for m in anna.received if "update" in m and m["update"].get("deadline_seats") == [0]]
        assert mine and all(int(u["deadline_ms"]) > 0 and u["deadline_seat"] == 0 for u in mine), game

        # She plays again: her move is accepted and the seat is hers.
        while not _events(anna, "seat_returned", 0):
            await anna.wait_until(lambda c: _to_move(c, 0), timeout=90)
            try:
                await anna.move(0, anna.views[0]["legal_moves"][0])
            except Refused as refused:
                assert refused.code in ("stale_version", "not_your_turn"), f"{game}: {refused}"
        assert not anna.room["seats"][0]["cpu_plays"], game
        took = len(_events(anna, "timed_out", 0))

        # Her count starts again: her next silence costs one default move, not the seat.
        await anna.wait_until(lambda c: len(_events(c, "timed_out", 0)) > took, timeout=90)
        assert len(_events(anna, "cpu_took_over", 0)) == 1 and not anna.room["seats"][0]["cpu_plays"], game
        assert ben.room["status"] == "playing", f"{game} ended before the test did"
    finally:
        ben_plays.cancel()
        await anna.close()
        await ben.close()


async def test_a_player_who_stops_playing_loses_turns_then_the_seat_and_gets_it_back_by_playing(tmp_path) -> None:
    # The CPU waits a second before each move, so Anna's move can come first.
    stack = _stack(tmp_path, cpu_delay_ms=1000)
    stack.start()
    try:
        async with aiohttp.ClientSession() as session:
            await asyncio.gather(
                _stops_playing_then_comes_back(session, stack.base_url, "four-in-a-row", _centre_most),
                _stops_playing_then_comes_back(session, stack.base_url, "thirty-one", _push),
                _stops_playing_then_comes_back(session, stack.base_url, "dice-poker", _first),
            )
    finally:
        stack.stop()


async def test_a_hau_hau_match_where_nobody_throws_still_ends(tmp_path) -> None:
    stack = _stack(tmp_path, cpu_delay_ms=20)
    stack.start()
    try:
        async with aiohttp.ClientSession() as session:
            anna = await PlayClient.create(
                session, stack.base_url, "hau-hau", [{"kind": "human"}, {"kind": "human"}], "Anna"
            )
            ben = await PlayClient.join(session, stack.base_url, anna.code, "Ben")
            await anna.connect()
            await ben.connect()
            assert anna.room["options"]["move_clock"] == "fixed"
            await anna.send({"start": {}})
            # Both throw at once, so both clocks run out together.
            first = await anna.expect("update", where=lambda u: u["room"]["status"] == "playing")
            assert first["deadline_seats"] == [0, 1] and int(first["deadline_ms"]) > 0
            # Ben says he is back (the web client's "Play again") once the CPU plays for him,
            # then does nothing again: the clock takes his seat a second time.
            await ben.wait_until(lambda c: c.room["seats"][1]["cpu_plays"], timeout=60)
            await ben.send({"resume": {}})
            await ben.wait_until(lambda c: _events(c, "seat_returned", 1), timeout=30)
            await anna.wait_until(lambda c: c.room["status"] == "finished", timeout=300)
            for seat in (0, 1):
                order = [e["code"] for _, e in sorted(anna.events.items()) if e.get("seat") == seat]
                took = order.index("cpu_took_over")
                assert order[:took].count("timed_out") == 3, order[: took + 1]
            assert _events(anna, "cpu_took_over", 0) == [{"code": "cpu_took_over", "seat": 0, "reason": "timeouts"}]
            # Ben's count started again when he came back: three more, then the CPU again.
            order = [e["code"] for _, e in sorted(anna.events.items()) if e.get("seat") == 1]
            back = order.index("seat_returned")
            assert order[back:].count("cpu_took_over") == 1, order[back:]
            assert order[back : order.index("cpu_took_over", back)].count("timed_out") == 3
            # The lobby's game_over (the engine may say one of its own first) has the result.
            assert sorted(next(e for e in _events(anna, "game_over") if "result" in e)["result"]["placings"]) == [1, 2]
            await anna.close()
            await ben.close()
    finally:
        stack.stop()


async def test_a_move_sent_before_the_clock_played_for_the_seat_is_stale_and_changes_nothing(tmp_path) -> None:
    """Anna, alone at blackjack, chose her bet at the version she saw; the clock ran out first
    and bet for her, and the cards are dealt: the same seat is to move, and her bet is now
    illegal too (unless a blackjack ended the round at once, and a new one waits for bets).
    The version is checked before the engine is asked, so she hears that her move was stale,
    and the room stays as the clock left it."""
    stack = _stack(tmp_path, cpu_delay_ms=100)
    stack.start()
    try:
        async with aiohttp.ClientSession() as session:
            # Relaxed: 60 s of game time, 6 s here, between the clock's bet and its next move.
            anna = await PlayClient.create(
                session, stack.base_url, "blackjack", [{"kind": "human"}], "Anna", options={"move_clock": "relaxed"}
            )
            await anna.connect()
            await anna.send({"start": {}})
            await anna.wait_until(lambda c: c.room["status"] == "playing" and c.views)
            chosen_at = anna.room["version"]
            bet = {"type": "bet", "amount": anna.views[0]["legal_moves"][0]["range"]["amount"][0]}

            await anna.wait_until(lambda c: _events(c, "timed_out", 0) and 0 in c.views[0]["to_move"], timeout=60)
            if anna.views[0]["public"]["phase"] == "play":
                assert bet not in anna.views[0]["legal_moves"]
            before = await rest(session, stack.base_url, "GET", f"/api/rooms/{anna.code}")
            assert before["version"] > chosen_at

            try:
                await anna.move(0, bet, version=chosen_at)
            except Refused as refused:
                assert refused.code == "stale_version", refused
            else:
                raise AssertionError("a move chosen before the clock's was accepted")
            after = await rest(session, stack.base_url, "GET", f"/api/rooms/{anna.code}")
            assert (after["version"], after["last_event"]) == (before["version"], before["last_event"])
            assert [e for e in _events(anna, "bet", 0)] == [{"code": "bet", "seat": 0, "amount": bet["amount"]}]
            await anna.close()
    finally:
        stack.stop()
