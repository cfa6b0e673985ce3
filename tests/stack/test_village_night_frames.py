"""Village Night over the real WebSocket: a role never reaches anyone but its holder (the
pack's roles only the pack, a card the seer looked at only the seer) before the end, the pack's
chat never reaches a villager or the spectator, and the dead cannot post.

Every seat on a socket of its own and a spectator play whole games of seeded random legal
moves (tests/support/frame_scan.py). The room's replay gives the true state at every version:
every view received is the engine's own, and no frame holds a role name, the pack's channel
or a power's move type its receiver may not know. In the second game the pack talks in its
channel every night and every dead seat tries to talk; each pack line is a secret of every
non-wolf for the whole game, and each dead seat's post must be refused."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import aiohttp
from svc_words.village_night import ENGINE
from svc_words.village_night.declaration import hidden_from

from rulekit import State
from rulekit.playout import instantiate
from tests.support.client import PlayClient, Refused, rest
from tests.support.frame_scan import Scan, judge_frames, play_over_sockets, states_by_version


async def test_roles_reach_only_their_holders(stack) -> None:
    seats = 7
    players, spectator, replay = await play_over_sockets(stack, ENGINE, seats, {}, seed=5)
    states = states_by_version(ENGINE, replay, seats)
    scan = Scan()
    for client in [*players, spectator]:
        judge_frames(ENGINE, states, client, hidden_from, scan)
    assert len(scan.by_seat) == seats + 1
    assert scan.views >= len(replay["moves"]) * seats // 2  # the dead get views too, the movers most
    assert scan.secrets_seen > scan.frames


async def test_pack_chat_stays_in_the_pack_and_the_dead_keep_quiet(stack) -> None:
    seats = 8
    rnd = random.Random(11)
    pack_lines: list[str] = []
    alive_when: dict[str, list[bool]] = {}  # who was alive when each pack line was sent
    refused_posts = 0
    async with aiohttp.ClientSession() as session:
        first = await PlayClient.create(session, stack.base_url, ENGINE.meta.id, [{"kind": "human"}] * seats)
        players = [first] + [
            await PlayClient.join(session, stack.base_url, first.code, f"Seat{n}") for n in range(1, seats)
        ]
        spectator = await PlayClient.join(session, stack.base_url, first.code, "Watcher", spectator=True)
        for client in [*players, spectator]:
            await client.connect()
        await first.send({"start": {}})
        for client in [*players, spectator]:
            await client.wait_until(lambda c: c.room["status"] == "playing" and (c.views or not c.seats))
        talked: set[tuple[int, str]] = set()
        moves = 0
        while first.room["status"] != "finished":
            assert moves < 1_000
            for client in players:
                view = client.view()
                step = (view["public"]["round"], view["public"]["phase"])
                seat = client.seats[0]
                if (seat, repr(step)) in talked:
                    continue
                talked.add((seat, repr(step)))
                if view["chat"]["post"] == ["pack"]:
                    text = f"pack secret {len(pack_lines)}"
                    pack_lines.append(text)
                    alive_when[text] = list(view["public"]["alive"])
                    await client.send({"chat": {"text": text, "channel": "pack"}})
                    await client.expect("chat", where=lambda line, t=text: line["text"] == t)
                elif not view["public"]["alive"][seat]:
                    for channel in ("room", "pack"):
                        await client.send({"chat": {"text": f"from the grave {seat}", "channel": channel}})
                        assert (await client.expect("refused"))["code"] == "chat_not_allowed"
                        refused_posts += 1
            mover = next((c for c in players if c.seats[0] in c.view()["to_move"] and c.view()["legal_moves"]), None)
            if mover is None:
                await asyncio.sleep(0.01)
                continue
            move = instantiate(rnd.choice(mover.view()["legal_moves"]), rnd)
            try:
                await mover.move_at_a_persons_pace(mover.seats[0], move)
                moves += 1
            except Refused as refused:
                if refused.code == "rate_limited":
                    await asyncio.sleep(0.2)
                    continue
                assert refused.code in ("stale_version", "not_your_turn"), refused
                await mover.wait_until(lambda c, v=mover.room["version"]: c.room["version"] != v, timeout=15)
        for client in [*players, spectator]:
            await client.wait_until(lambda c: c.room["status"] == "finished", timeout=30)
        replay = await rest(session, stack.base_url, "GET", f"/api/rooms/{first.code}/games/1")
        for client in [*players, spectator]:
            await client.close()

    states = states_by_version(ENGINE, replay, seats)
    roles = next(iter(states.values()))["roles"]

    def secrets(state: State, seat: int | None) -> list[Any]:
        outside = seat is None or roles[seat] != "wolf"
        return [*hidden_from(state, seat), *(pack_lines if outside else [])]

    scan = Scan()
    for client in [*players, spectator]:
        judge_frames(ENGINE, states, client, secrets, scan)
    assert pack_lines and refused_posts
    wolves = [c for c in players if roles[c.seats[0]] == "wolf"]
    for wolf in wolves:
        # Every pack line sent while this wolf lived (the dead read the room only).
        seat = wolf.seats[0]
        owed = {text for text in pack_lines if alive_when[text][seat]}
        assert owed <= {line["text"] for line in wolf.chat}
    assert not any(line["text"].startswith("from the grave") for c in [*players, spectator] for line in c.chat)
