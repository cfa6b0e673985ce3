"""Coin stakes at a Hau Hau table, through the running platform: the stakes go into escrow
when the match starts, the winner takes the pot when it ends, and a table that cannot be
staked is refused with its code and takes no coin."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time
import uuid
from typing import Any

import aiohttp
import pytest

from devstack import Stack
from lobby.ledger import Ledger, wallet_account
from lobby.store import MINT, Posting, Transfer, make_store
from tests.support.client import PlayClient, Refused, rest

HUMANS = [{"kind": "human"}, {"kind": "human"}]


async def _me(session: aiohttp.ClientSession, base: str, token: str) -> dict[str, Any]:
    async with session.get(f"{base}/api/players/me", headers={"Authorization": f"Bearer {token}"}) as answer:
        return await answer.json()


async def _coins(session: aiohttp.ClientSession, base: str, token: str) -> int:
    return (await _me(session, base, token))["coins"]


def _escrowed(stack, code: str) -> list[tuple[str, int, int]]:  # type: ignore[no-untyped-def]
    """(status, stake, coins held) of each escrow of the room, read from the stack's SQLite file."""
    with sqlite3.connect(stack.store_url.removeprefix("sqlite:///")) as db:
        return db.execute(
            "SELECT e.status, e.amount, a.balance FROM ledger_escrows e JOIN ledger_accounts a"
            " ON a.account = 'escrow:' || e.table_id WHERE e.table_id LIKE ? ORDER BY e.opened_ms",
            (f"{code}:%",),
        ).fetchall()


async def _give(stack, player: str, coins: int) -> None:  # type: ignore[no-untyped-def]
    """Coins from the mint into a player's wallet, written straight into the stack's store."""
    store = make_store(stack.store_url)
    await store.open()
    try:
        key = f"gift:{player}:{uuid.uuid4().hex}"
        postings = (Posting(MINT, -coins), Posting(wallet_account(player), coins))
        await store.ledger_transfer(Transfer(key, "gift", postings, 0))
    finally:
        await store.close()


async def _host(
    session: aiohttp.ClientSession, base: str, stake: int, seats: list[dict[str, Any]] = HUMANS
) -> tuple[PlayClient, dict[str, Any]]:
    """Anna, a player, hosts a Hau Hau table at `stake`: her connected client and her player."""
    anna = await rest(session, base, "POST", "/api/players", {"nickname": "Anna"})
    created = await rest(
        session,
        base,
        "POST",
        "/api/rooms",
        {"game": "hau-hau", "seats": seats, "options": {"stake": stake}, "player_token": anna["token"]},
    )
    host = PlayClient(session, base, created)
    await host.connect()
    return host, anna


async def _table(
    session: aiohttp.ClientSession, base: str, stake: int
) -> tuple[PlayClient, PlayClient, dict[str, Any], dict[str, Any]]:
    """Anna hosts a Hau Hau table at `stake`, Ben (a player too) joins; both connected."""
    host, anna = await _host(session, base, stake)
    ben = await rest(session, base, "POST", "/api/players", {"nickname": "Ben"})
    joined = await rest(session, base, "POST", f"/api/rooms/{host.code}/join", {"player_token": ben["token"]})
    guest = PlayClient(session, base, joined)
    await guest.connect()
    return host, guest, anna, ben


async def test_the_winner_takes_the_pot(stack) -> None:
    async with aiohttp.ClientSession() as session:
        host, guest, anna, ben = await _table(session, stack.base_url, 1000)
        assert host.room["stake"] == 1000
        await host.send({"start": {}})
        started = await host.expect(
            "update", where=lambda u: any(e["event"]["code"] == "game_started" for e in u["events"])
        )
        event = next(e["event"] for e in started["events"] if e["event"]["code"] == "game_started")
        assert event["stake"] == 1000 and event["pot"] == 2000
        # Both leave: CPUs play their seats (and stakes) to the end of the match.
        await guest.send({"leave": {}})
        await host.send({"leave": {}})
        await host.close()
        await guest.close()
        watcher = await PlayClient.join(session, stack.base_url, host.code, "Cleo", spectator=True)
        await watcher.connect()
        await watcher.wait_until(lambda c: c.room["status"] == "finished", timeout=120)
        over = next(e for e in watcher.events.values() if e["code"] == "game_over" and "result" in e)
        placings = over["result"]["placings"]
        winner = placings.index(1)
        assert over["pot"] == {str(winner): 2000}
        # The winner holds both stakes; the loser's wallet was emptied, and today's top-up
        # came with the day's first look (before the stake), so it stays empty until tomorrow.
        tokens = [anna["token"], ben["token"]]
        assert await _coins(session, stack.base_url, tokens[winner]) == 2000
        assert await _coins(session, stack.base_url, tokens[1 - winner]) == 0
        assert _escrowed(stack, host.code) == [("settled", 1000, 0)]
        await watcher.close()


async def test_a_stake_above_the_wallets_is_refused_and_takes_nothing(stack) -> None:
    async with aiohttp.ClientSession() as session:
        host, guest, anna, ben = await _table(session, stack.base_url, 5000)
        await host.send({"start": {}})
        refused = await host.expect("refused")
        assert refused["code"] == "insufficient_coins"
        assert await _coins(session, stack.base_url, anna["token"]) == 1000
        assert await _coins(session, stack.base_url, ben["token"]) == 1000
        assert (await rest(session, stack.base_url, "GET", f"/api/rooms/{host.code}"))["status"] == "waiting"
        assert _escrowed(stack, host.code) == []
        # The host lowers the stake: the table starts and each wallet pays 1,000 into the pot.
        await host.send({"settings": {"options": {"stake": 1000}}})
        await host.wait_until(lambda c: c.room["stake"] == 1000)
        await host.send({"start": {}})
        await host.wait_until(lambda c: c.room["status"] == "playing")
        assert _escrowed(stack, host.code) == [("open", 1000, 2000)]
        await host.close()
        await guest.close()


@pytest.mark.parametrize(
    "seats",
    [
        [{"kind": "human"}, {"kind": "cpu", "level": "easy"}],
        [{"kind": "human", "local": True}, {"kind": "human", "local": True}],
    ],
    ids=["cpu-seat", "two-seats-one-player"],
)
async def test_a_staked_table_needs_a_player_in_every_seat(stack, seats: list[dict[str, Any]]) -> None:
    async with aiohttp.ClientSession() as session:
        host, anna = await _host(session, stack.base_url, 1000, seats)
        await host.send({"start": {}})
        assert (await host.expect("refused"))["code"] == "stake_needs_players"
        assert await _coins(session, stack.base_url, anna["token"]) == 1000
        await host.close()


async def test_a_guest_without_a_player_cannot_sit_at_a_staked_table(stack) -> None:
    async with aiohttp.ClientSession() as session:
        host, _ = await _host(session, stack.base_url, 1000)
        guest = await PlayClient.join(session, stack.base_url, host.code, "Ben")  # no player token
        await guest.connect()
        await host.send({"start": {}})
        assert (await host.expect("refused"))["code"] == "stake_needs_players"
        assert (await rest(session, stack.base_url, "GET", f"/api/rooms/{host.code}"))["status"] == "waiting"
        await host.close()
        await guest.close()


async def test_a_start_that_fails_after_the_escrow_gives_the_stakes_back(tmp_path) -> None:
    """The cards service is down when the host starts: the stakes were already in escrow, the
    setup fails, and the escrow is refunded; once the service is back the table starts."""
    # The service stays down: the start is refused once the lobby's retries give up (3 s here).
    stack = Stack.on_free_ports(
        f"sqlite:///{tmp_path}/rooms.sqlite3", log_dir=tmp_path / "logs", extra_env={"GAMEROOM_ENGINE_RETRY_S": "3"}
    )
    stack.start()
    try:
        async with aiohttp.ClientSession() as session:
            host, guest, anna, ben = await _table(session, stack.base_url, 1000)
            stack.kill("cards")
            began = time.monotonic()
            await host.send({"start": {}})
            assert (await host.expect("refused", timeout=60))["code"] in ("unavailable", "internal")
            assert time.monotonic() - began < 12, "the lobby waited past its retry window"
            assert _escrowed(stack, host.code) == [("refunded", 1000, 0)]
            assert await _coins(session, stack.base_url, anna["token"]) == 1000
            assert await _coins(session, stack.base_url, ben["token"]) == 1000
            stack.start_service("cards")
            await host.send({"start": {}})
            await host.wait_until(lambda c: c.room["status"] == "playing")
            assert [status for status, _, _ in _escrowed(stack, host.code)] == ["refunded", "open"]
            await host.close()
            await guest.close()
    finally:
        stack.stop()


async def test_an_escrow_left_by_a_dead_process_is_refunded(tmp_path) -> None:
    """A process that died between taking the stakes and writing the start leaves an open
    escrow no game uses: the gateway's sweep gives the stakes back. The escrow of a game in
    play is left alone however old it is."""
    stack = Stack.on_free_ports(
        f"sqlite:///{tmp_path}/rooms.sqlite3",
        log_dir=tmp_path / "logs",
        extra_env={"GAMEROOM_STAKE_SWEEP_MS": "1000"},
    )
    stack.start()
    try:
        async with aiohttp.ClientSession() as session:
            host, guest, anna, ben = await _table(session, stack.base_url, 1000)
            await host.send({"start": {}})
            await host.wait_until(lambda c: c.room["status"] == "playing")
            # What the dead process wrote: the stakes for a game that never reached the store
            # (from two other wallets: Anna's and Ben's coins are all in the game's pot).
            store = make_store(stack.store_url)
            await store.open()
            try:
                players = [f"left-{host.code}-{n}" for n in range(2)]
                for player in players:
                    await Ledger(store).open_wallet(player)
                await Ledger(store).escrow_stakes(f"{host.code}:2:0123456789abcdef", players, 100)
            finally:
                await store.close()
            assert sorted(_escrowed(stack, host.code)) == [("open", 100, 200), ("open", 1000, 2000)]
            async with asyncio.timeout(60):  # the sweep's next round, however late it runs
                while ("refunded", 100, 0) not in _escrowed(stack, host.code):
                    await asyncio.sleep(0.1)
            assert sorted(_escrowed(stack, host.code)) == [("open", 1000, 2000), ("refunded", 100, 0)]
            await host.close()
            await guest.close()
    finally:
        stack.stop()


async def test_a_rematch_pays_the_last_pot_and_stakes_again(stack) -> None:
    """Two players play a staked match to the end, then a rematch: the first pot was paid,
    the second match takes both stakes again (the loser's empty wallet is given 1,000 coins:
    today's top-up came before the first stake)."""
    rnd = random.Random(5)
    async with aiohttp.ClientSession() as session:
        host, guest, anna, ben = await _table(session, stack.base_url, 1000)
        await host.send({"start": {}})
        await host.wait_until(lambda c: c.room["status"] == "playing")
        while host.room["status"] == "playing":
            acted = False
            for client in (host, guest):
                seat = client.seats[0]
                view = client.views.get(seat, {})
                if client.room["status"] != "playing" or seat not in view.get("to_move", []):
                    continue
                legal = view["legal_moves"]
                plays = [m for m in legal if m["type"] == "play"]  # play when it can: shorter matches
                move = rnd.choice(plays if plays and rnd.random() < 0.9 else legal)
                try:
                    await client.move(seat, move)
                except Refused as refused:
                    if refused.code == "rate_limited":  # faster than 20 messages a second
                        await asyncio.sleep(0.2)
                    assert refused.code in ("stale_version", "not_your_turn", "game_over", "rate_limited")
                acted = True
            if not acted:
                await asyncio.sleep(0.01)
        await guest.wait_until(lambda c: c.room["status"] == "finished")
        over = next(e for e in host.events.values() if e["code"] == "game_over" and "result" in e)
        winner = over["result"]["placings"].index(1)
        assert _escrowed(stack, host.code) == [("settled", 1000, 0)]
        tokens = [anna["token"], ben["token"]]
        assert await _coins(session, stack.base_url, tokens[1 - winner]) == 0
        await _give(stack, (await _me(session, stack.base_url, tokens[1 - winner]))["player"]["id"], 1000)
        await asyncio.sleep(2.5)  # the rate limit's bucket refills after the burst of moves
        for client in (host, guest):
            await client.send({"rematch": {}})
        await host.wait_until(lambda c: c.room["status"] == "playing")
        assert [status for status, _, _ in _escrowed(stack, host.code)] == ["settled", "open"]
        wallets = {player["token"]: await _coins(session, stack.base_url, player["token"]) for player in (anna, ben)}
        assert wallets[tokens[winner]] == 1000  # 1,000 + the pot of 2,000 - the new stake
        assert wallets[tokens[1 - winner]] == 0  # given 1,000, staked again
        await host.close()
        await guest.close()


async def _delete_account(session: aiohttp.ClientSession, base: str, token: str) -> dict[str, Any]:
    async with session.delete(f"{base}/api/players/me", headers={"Authorization": f"Bearer {token}"}) as answer:
        assert answer.status == 200
        return await answer.json()


def _balances(stack) -> dict[str, int]:  # type: ignore[no-untyped-def]
    with sqlite3.connect(stack.store_url.removeprefix("sqlite:///")) as db:
        return dict(db.execute("SELECT account, balance FROM ledger_accounts").fetchall())


async def test_a_player_deleted_mid_match_is_stored_as_deleted_and_paid_to_the_mint(stack) -> None:
    """Ben deletes his account while his stake is in play: the match ends with a deleted
    player in his seat, and whatever the pot owes him goes back to the mint, not to his wallet."""
    async with aiohttp.ClientSession() as session:
        host, guest, anna, ben = await _table(session, stack.base_url, 1000)
        ben_id = (await _me(session, stack.base_url, ben["token"]))["player"]["id"]
        await host.send({"start": {}})
        await host.wait_until(lambda c: c.room["status"] == "playing")
        assert await _delete_account(session, stack.base_url, ben["token"]) == {"deleted": True, "coins_returned": 0}
        mint_before = _balances(stack)["mint"]
        await guest.send({"leave": {}})
        await host.send({"leave": {}})
        await host.close()
        await guest.close()
        watcher = await PlayClient.join(session, stack.base_url, host.code, "Cleo", spectator=True)
        await watcher.connect()
        await watcher.wait_until(lambda c: c.room["status"] == "finished", timeout=120)
        over = next(e for e in watcher.events.values() if e["code"] == "game_over" and "result" in e)
        winner = over["result"]["placings"].index(1)
        assert over["pot"] == {str(winner): 2000}  # the game's rules decide the pot as ever
        finished = await rest(session, stack.base_url, "GET", f"/api/rooms/{host.code}/games/1")
        assert finished["names"] == ["Anna", ""]
        assert _escrowed(stack, host.code) == [("settled", 1000, 0)]
        balances = _balances(stack)
        assert sum(balances.values()) == 0
        assert balances.get(wallet_account(ben_id), 0) == 0
        anna_won = winner == 0
        assert await _coins(session, stack.base_url, anna["token"]) == (2000 if anna_won else 0)
        assert balances["mint"] == mint_before + (0 if anna_won else 2000)
        await watcher.close()


async def test_a_waiting_staked_table_with_a_deleted_player_does_not_start(stack) -> None:
    async with aiohttp.ClientSession() as session:
        host, guest, anna, ben = await _table(session, stack.base_url, 1000)
        ben_id = (await _me(session, stack.base_url, ben["token"]))["player"]["id"]
        await _delete_account(session, stack.base_url, ben["token"])
        await host.send({"start": {}})
        refused = await host.expect("refused")
        assert refused["code"] == "stake_needs_players"
        assert (await rest(session, stack.base_url, "GET", f"/api/rooms/{host.code}"))["status"] == "waiting"
        assert _escrowed(stack, host.code) == []
        assert await _coins(session, stack.base_url, anna["token"]) == 1000
        assert _balances(stack).get(wallet_account(ben_id), 0) == 0
        await host.close()
        await guest.close()
