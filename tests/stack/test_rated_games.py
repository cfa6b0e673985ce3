"""Rated rooms through the real gateway, lobby and engines (gRPC), on SQLite and PostgreSQL.

A seeded series of rated games (several titles, a team game, a six-player game) is played over
WebSockets by accounts; the ratings the store then holds are computed again here with
`openskill` itself from the finished games' results, in the order they ended. And each rated
room's refusal, with nothing changed."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import grpc
import pytest
from gameroom import play_pb2, play_pb2_grpc
from openskill.models import PlackettLuce

from devstack import Stack, free_port
from lobby.store import Store, make_store
from rulekit.playout import instantiate
from tests.support.client import PlayClient, Refused, rest
from tests.support.services import (
    POSTGRES_URL,
    check_postgres,
    drop_schema,
    need,
    postgres_store_url,
    run_aside,
    unique_name,
)


@dataclass
class Rig:
    base: str
    store: Store
    session: aiohttp.ClientSession


@pytest.fixture(params=["sqlite", "postgres"])
async def rig(request, stack, tmp_path) -> AsyncIterator[Rig]:  # type: ignore[no-untyped-def]
    """A gateway on the session's families: the session's own (SQLite) or one of this test's
    own on a fresh PostgreSQL schema; the test opens the same store to make accounts and read."""
    own: Stack | None = None
    schema = ""
    if request.param == "sqlite":
        base, url = stack.base_url, stack.store_url
    else:
        need(check_postgres, f"PostgreSQL at {POSTGRES_URL}")
        schema = unique_name("t")
        url = postgres_store_url(schema, pool_max=5)
        own = Stack(
            store_url=url,
            http_port=free_port(),
            ports={**stack.ports, "play": free_port()},
            metrics_ports={**stack.metrics_ports, "gateway": free_port()},
            extra_env={"GAMEROOM_CPU_DELAY_MS": "20"},
            log_dir=tmp_path / "logs",
        )
        own.start(services=("gateway",))
        base = own.base_url
    store = make_store(url)
    await store.open()
    session = aiohttp.ClientSession()
    try:
        yield Rig(base, store, session)
    finally:
        await session.close()
        await store.close()
        if own is not None:
            own.stop()
            run_aside(drop_schema, schema)


async def account(rig: Rig, name: str) -> tuple[str, str]:
    """A player made an account (as a passkey would): (id, token)."""
    made = await rest(rig.session, rig.base, "POST", "/api/players", {"nickname": name})
    await rig.store.mark_account(made["player"]["id"], 1_000)
    return made["player"]["id"], made["token"]


async def guest(rig: Rig, name: str) -> tuple[str, str]:
    made = await rest(rig.session, rig.base, "POST", "/api/players", {"nickname": name})
    return made["player"]["id"], made["token"]


async def create(
    rig: Rig, game: str, seats: list[dict[str, Any]], token: str, rated: bool = True, **extra: Any
) -> PlayClient:
    body = {"game": game, "seats": seats, "nickname": "Host", "player_token": token, "rated": rated, **extra}
    return PlayClient(rig.session, rig.base, await rest(rig.session, rig.base, "POST", "/api/rooms", body))


async def join(rig: Rig, code: str, token: str, spectator: bool = False) -> PlayClient:
    body = {"nickname": "Guest", "player_token": token, "spectator": spectator}
    return PlayClient(rig.session, rig.base, await rest(rig.session, rig.base, "POST", f"/api/rooms/{code}/join", body))


async def room_count(rig: Rig) -> int:
    async def work(tx: Any) -> int:
        row = await tx.fetchone("SELECT count(*) FROM rooms")
        return int(row[0])

    return await rig.store.games._backend.read(work)  # type: ignore[attr-defined]


async def play_rated(
    rig: Rig, game: str, tokens: list[str], rnd: random.Random, options: dict[str, Any] | None = None
) -> list[PlayClient]:
    """One rated game of `game`, seat i held by tokens[i], played to its end with seeded random
    legal moves; the clients (closed), once every one of them has seen the end."""
    seats = [{"kind": "human"}] * len(tokens)
    body_options = options or {}
    first = PlayClient(
        rig.session,
        rig.base,
        await rest(
            rig.session,
            rig.base,
            "POST",
            "/api/rooms",
            {
                "game": game,
                "seats": seats,
                "nickname": "P0",
                "player_token": tokens[0],
                "rated": True,
                "options": body_options,
            },
        ),
    )
    clients = [first] + [await join(rig, first.code, token) for token in tokens[1:]]
    for client in clients:
        await client.connect()
    await first.send({"start": {}})
    for client in clients:
        await client.wait_until(lambda c: c.room["status"] == "playing" and c.views)
    for _ in range(3_000):
        if first.room["status"] == "finished":
            break
        # Every socket is at the newest version: whoever has legal moves may move.
        newest = max(int(c.room["version"]) for c in clients)
        for client in clients:
            await client.wait_until(lambda c, v=newest: int(c.room["version"]) >= v or c.room["status"] == "finished")
        movers = [(c, s) for c in clients for s in c.seats if c.views.get(s, {}).get("legal_moves")]
        if not movers or first.room["status"] == "finished":
            await first.wait_until(lambda c: c.room["status"] == "finished")
            break
        client, seat = movers[0]
        legal = client.views[seat]["legal_moves"]
        preferred = [m for m in legal if m.get("type") != "end_guessing"] or legal  # Word Agents ends sooner
        try:
            await client.move_at_a_persons_pace(
                seat, instantiate(rnd.choice(preferred), rnd), version=int(client.room["version"])
            )
        except Refused as refused:
            # A random clue the lobby's text check refuses, or another seat's move came first.
            assert refused.code in (
                "illegal_move",
                "malformed_move",
                "stale_version",
                "not_your_turn",
                "game_over",
                "bad_text",
            ), refused
    for client in clients:
        await client.wait_until(lambda c: c.room["status"] == "finished")
        await client.close()
    return clients


def openskill_series(
    games: list[tuple[str, list[str], list[int], bool]],
) -> dict[tuple[str, str], tuple[float, float, int]]:
    """The ratings `openskill` gives after these games in this order: (title, seat players,
    placings, team game by even and odd seats)."""
    model = PlackettLuce()
    ratings: dict[tuple[str, str], Any] = {}
    counts: dict[tuple[str, str], int] = {}
    for title, players, placings, teams in games:
        current = [ratings.get((title, p)) or model.rating() for p in players]
        if teams:
            sides = [[s for s in range(len(players)) if s % 2 == side] for side in (0, 1)]
            ranks = [placings[side[0]] for side in sides]
        else:
            sides = [[s] for s in range(len(players))]
            ranks = list(placings)
        after = model.rate([[current[s] for s in side] for side in sides], ranks=ranks)
        for side, team in zip(sides, after, strict=True):
            for s, rating in zip(side, team, strict=True):
                ratings[(title, players[s])] = rating
                counts[(title, players[s])] = counts.get((title, players[s]), 0) + 1
    return {key: (r.mu, r.sigma, counts[key]) for key, r in ratings.items()}


async def test_a_series_of_rated_games_gives_openskills_ratings(rig: Rig) -> None:
    rnd = random.Random(20261206)
    people = [await account(rig, f"Acc{n}") for n in range(8)]
    ids = [p for p, _ in people]
    tokens = {p: t for p, t in people}
    # (title, seat players, options): every pair of four players twice at four-in-a-row;
    # six reversi games; Word Agents' two teams three times; a six-player dice poker three times.
    series: list[tuple[str, list[str], dict[str, Any]]] = []
    four = ids[:4]
    for a in range(4):
        for b in range(a + 1, 4):
            series += [("four-in-a-row", [four[a], four[b]], {}), ("four-in-a-row", [four[b], four[a]], {})]
    pairs = [(4, 5), (6, 4), (5, 7), (7, 6), (4, 7), (5, 6)]
    series += [("reversi", [ids[a], ids[b]], {}) for a, b in pairs]
    agents = ids[2:6]
    series += [("word-agents", rnd.sample(agents, 4), {"language": "en"}) for _ in range(3)]
    six = ids[1:7]
    series += [("dice-poker", rnd.sample(six, 6), {}) for _ in range(3)]
    played: list[tuple[str, list[str], list[int], bool]] = []
    for title, players, options in series:
        clients = await play_rated(rig, title, [tokens[p] for p in players], rnd, options)
        finished = await rig.store.finished_game(clients[0].code, 1)
        assert finished is not None and finished.players == players
        played.append((title, players, finished.result["placings"], title == "word-agents"))
        outcome = clients[0].room["rating_result"]
        assert [c["seat"] for c in outcome["changes"]] == list(range(len(players)))
    expected = openskill_series(played)
    assert len(played) == 24 and len(expected) == 4 + 4 + 4 + 6
    for (title, player), (mu, sigma, games) in expected.items():
        stored = (await rig.store.current_ratings(title, [player]))[player]
        assert stored.mu == pytest.approx(mu, abs=1e-9) and stored.sigma == pytest.approx(sigma, abs=1e-9), (
            title,
            player,
        )
        assert stored.games == games
    # The player's page: a rating per title played, as stored.
    me = await rig.session.get(rig.base + "/api/players/me", headers={"Authorization": f"Bearer {tokens[ids[4]]}"})
    ratings = {r["game"]: r for r in (await me.json())["ratings"]}
    assert set(ratings) == {"reversi", "word-agents", "dice-poker"}
    mu, sigma, games = expected[("reversi", ids[4])]
    assert ratings["reversi"]["games"] == games == 3 and ratings["reversi"]["provisional"] is True
    assert ratings["reversi"]["shown"] == round(1000 + 40 * (mu - 3 * sigma))
    # A fourth rated game of the same six today is played unrated, and changes no rating.
    before = await rig.store.current_ratings("dice-poker", six)
    clients = await play_rated(rig, "dice-poker", [tokens[p] for p in six], rnd)
    assert clients[0].room["rating_result"] == {"unrated": "rated_repeat_limit", "limit": 3}
    assert await rig.store.current_ratings("dice-poker", six) == before
    assert await rig.store.finished_game(clients[0].code, 1) is not None  # the game itself counts


async def test_rated_rooms_refuse_what_would_break_them(rig: Rig) -> None:
    anna, anna_token = await account(rig, "Anna")
    _, ben_token = await account(rig, "Ben")
    _, guest_token = await guest(rig, "Gus")
    human = {"kind": "human"}
    refusals = {
        "rated_no_cpu": dict(seats=[human, {"kind": "cpu"}], token=anna_token),
        "rated_same_player": dict(seats=[human, {"kind": "human", "local": True}], token=anna_token),
        "rated_needs_accounts": dict(seats=[human, human], token=guest_token),
    }
    rooms_before = await room_count(rig)
    for code, spec in refusals.items():
        with pytest.raises(Refused) as refused:
            await create(rig, "four-in-a-row", spec["seats"], spec["token"])
        assert refused.value.code == code
    with pytest.raises(Refused) as refused:
        await create(rig, "four-in-a-row", [human, human], "")  # no player at all
    assert refused.value.code == "rated_needs_accounts"
    assert await room_count(rig) == rooms_before  # no room was made
    host = await create(rig, "four-in-a-row", [human, human], anna_token)
    assert host.room["rated"] is True and host.room["seats"][0]["rating"] == 1000
    # A guest, and Anna again on another device, may not sit; a guest may watch.
    for token, code in (
        (guest_token, "rated_needs_accounts"),
        (anna_token, "rated_same_player"),
        ("", "rated_needs_accounts"),
    ):
        with pytest.raises(Refused) as refused:
            await join(rig, host.code, token)
        assert refused.value.code == code
    watcher = await join(rig, host.code, guest_token, spectator=True)
    assert watcher.seats == []
    # The host's settings may not add a CPU seat.
    await host.connect()
    before = await rest(rig.session, rig.base, "GET", f"/api/rooms/{host.code}")
    await host.send({"settings": {"seats": [human, {"kind": "cpu"}]}})
    refusal = await host.expect("refused")
    assert refusal["code"] == "rated_no_cpu"
    after = await rest(rig.session, rig.base, "GET", f"/api/rooms/{host.code}")
    assert after["seats"] == before["seats"] and after["version"] == before["version"]
    ben = await join(rig, host.code, ben_token)
    assert ben.seats == [1] and ben.room["seats"][1]["rating"] == 1000 and ben.room["seats"][1]["provisional"]
    await host.close()
    # A casual room takes anyone, as before.
    casual = await create(rig, "four-in-a-row", [human, {"kind": "cpu"}], guest_token, rated=False)
    assert "rated" not in casual.room
    assert anna


async def test_a_player_who_leaves_a_rated_game_counts_as_last(rig: Rig) -> None:
    """A CPU plays the leaver's seat so the other can finish; whatever it achieves there, the
    leaver is rated as placed after everyone who stayed (docs/playing.md)."""
    anna, anna_token = await account(rig, "Anna")
    ben, ben_token = await account(rig, "Ben")
    host = await create(rig, "four-in-a-row", [{"kind": "human"}] * 2, anna_token)
    other = await join(rig, host.code, ben_token)
    for client in (host, other):
        await client.connect()
    await host.send({"start": {}})
    await other.wait_until(lambda c: c.room["status"] == "playing")
    await other.send({"leave": {}})
    await host.wait_until(lambda c: c.room["seats"][1]["cpu_plays"])
    rnd = random.Random(7)
    while host.room["status"] != "finished":
        legal = host.view(0).get("legal_moves") or []
        if not legal:  # the CPU's turn: its move is on its way
            await host.wait_until(lambda c: c.room["status"] == "finished" or c.view(0).get("legal_moves"))
            continue
        try:
            await host.move_at_a_persons_pace(0, rnd.choice(legal), version=int(host.room["version"]))
        except Refused as refused:
            assert refused.code in ("game_over", "not_your_turn", "stale_version"), refused
            await host.wait_until(lambda c, v=host.room["version"]: c.room["version"] != v)
    changes = host.room["rating_result"]["changes"]
    assert changes[0]["change"] > 0 > changes[1]["change"]
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    stored = await rig.store.current_ratings("four-in-a-row", [anna, ben])
    assert stored[anna].mu == pytest.approx(expected[0][0].mu) and stored[ben].mu == pytest.approx(expected[1][0].mu)
    await host.close()
    await other.close()


async def test_a_rated_game_whose_player_deleted_the_account_ends_unrated(rig: Rig) -> None:
    """Ben leaves and deletes his account; the game Anna finishes against the CPU in his seat
    stores a deleted player there, rates nobody, and leaves Ben no rating behind."""
    anna, anna_token = await account(rig, "Anna")
    ben, ben_token = await account(rig, "Ben")
    host = await create(rig, "four-in-a-row", [{"kind": "human"}] * 2, anna_token)
    other = await join(rig, host.code, ben_token)
    for client in (host, other):
        await client.connect()
    await host.send({"start": {}})
    await other.wait_until(lambda c: c.room["status"] == "playing")
    await other.send({"leave": {}})
    await host.wait_until(lambda c: c.room["seats"][1]["cpu_plays"])
    headers = {"Authorization": f"Bearer {ben_token}"}
    async with rig.session.delete(f"{rig.base}/api/players/me", headers=headers) as answer:
        assert answer.status == 200
    rnd = random.Random(7)
    while host.room["status"] != "finished":
        legal = host.view(0).get("legal_moves") or []
        if not legal:  # the CPU's turn: its move is on its way
            await host.wait_until(lambda c: c.room["status"] == "finished" or c.view(0).get("legal_moves"))
            continue
        try:
            await host.move_at_a_persons_pace(0, rnd.choice(legal), version=int(host.room["version"]))
        except Refused as refused:
            assert refused.code in ("game_over", "not_your_turn", "stale_version"), refused
            await host.wait_until(lambda c, v=host.room["version"]: c.room["version"] != v)
    assert host.room["rating_result"] == {"unrated": "rated_needs_accounts"}
    finished = await rig.store.finished_game(host.code, 1)
    assert finished is not None and finished.players == [anna, ""] and finished.names[1] == ""
    assert await rig.store.current_ratings("four-in-a-row", [anna, ben]) == {}
    assert await rig.store.player_stats(ben) == []
    await host.close()
    await other.close()


async def test_the_grpc_create_path_takes_rated(stack) -> None:
    """Bots create rated rooms too: refused for a guest, and the room info says rated."""
    async with aiohttp.ClientSession() as session:
        made = await rest(session, stack.base_url, "POST", "/api/players", {"nickname": "Bot"})
    store = make_store(stack.store_url)
    await store.open()
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{stack.ports['play']}") as channel:
            play = play_pb2_grpc.PlayStub(channel)
            request = play_pb2.CreateRoomRequest(
                game="four-in-a-row",
                nickname="Bot",
                seats=[play_pb2.SeatSpec(kind="human"), play_pb2.SeatSpec(kind="human")],
                player_token=made["token"],
                rated=True,
            )
            with pytest.raises(grpc.aio.AioRpcError) as error:
                await play.CreateRoom(request)
            assert error.value.details().startswith("rated_needs_accounts")
            assert error.value.code() == grpc.StatusCode.PERMISSION_DENIED
            await store.mark_account(made["player"]["id"], 1_000)
            ticket = await play.CreateRoom(request)
            assert ticket.room.rated and ticket.room.seats[0].rating == 1000 and ticket.room.seats[0].provisional
            assert not ticket.room.seats[1].HasField("rating")  # an open seat has no player yet
    finally:
        await store.close()


async def test_a_finish_sent_again_rates_nothing_twice(rig: Rig) -> None:
    """The move that ended a rated game, sent again with its id (its answer was lost): the
    same answer, and each player still has one rated game."""
    anna, anna_token = await account(rig, "Anna")
    ben, ben_token = await account(rig, "Ben")
    host = await create(rig, "four-in-a-row", [{"kind": "human"}] * 2, anna_token)
    other = await join(rig, host.code, ben_token)
    for client in (host, other):
        await client.connect()
    await host.send({"start": {}})
    await other.wait_until(lambda c: c.room["status"] == "playing")
    # Anna drops in column 0, Ben in column 6: Anna's fourth disc wins.
    for turn in range(7):
        client, seat, column = (host, 0, 0) if turn % 2 == 0 else (other, 1, 6)
        await client.wait_until(lambda c, s=seat: bool(c.view(s).get("legal_moves")))
        version = int(client.room["version"])
        await client.move(seat, {"type": "drop", "column": column}, version=version, move_id=f"drop-{turn}")
    await host.wait_until(lambda c: c.room["status"] == "finished")
    first = host.room["rating_result"]
    again = await host.move(0, {"type": "drop", "column": 0}, version=version, move_id="drop-6")
    assert again["room"]["status"] == "finished" and again["room"]["rating_result"] == first
    stored = await rig.store.current_ratings("four-in-a-row", [anna, ben])
    assert stored[anna].games == stored[ben].games == 1 and stored[anna].mu > 25 > stored[ben].mu
    assert await rig.store.rated_meetings("four-in-a-row", [anna, ben], 0) == 1
    await host.close()
    await other.close()


async def test_a_lone_player_against_the_house_is_not_rated(rig: Rig) -> None:
    """Blackjack against the dealer with one seat: nobody to rate against, so the game ends
    unrated (and ends: the finish is written), with the code that says why."""
    player, token = await account(rig, "Solo")
    clients = await play_rated(rig, "blackjack", [token], random.Random(3), {"rounds": 1})
    assert clients[0].room["rating_result"] == {"unrated": "rated_alone"}
    assert await rig.store.finished_game(clients[0].code, 1) is not None
    assert await rig.store.current_ratings("blackjack", [player]) == {}
