"""Chat channels across gateway replicas (one PostgreSQL, one Redis): a pack line written on
one replica reaches the other wolf on the other replica and no villager or spectator on
either; the replica that relays a line checks its own connections against the room's views."""

from __future__ import annotations

import aiohttp

from tests.support.client import PlayClient

SEATS = 8  # two wolves


def texts(client: PlayClient) -> list[str]:
    return [line["text"] for line in client.chat]


async def test_a_pack_line_crosses_replicas_only_to_the_pack(replicas) -> None:
    stack = replicas
    urls = [stack.url_of("gateway"), stack.url_of("gateway-2")]
    async with aiohttp.ClientSession() as session:
        host = await PlayClient.create(session, urls[0], "village-night", [{"kind": "human"}] * SEATS)
        players = [host]
        for index in range(1, SEATS):
            players.append(await PlayClient.join(session, urls[index % 2], host.code, f"P{index}"))
        watchers = [await PlayClient.join(session, url, host.code, "Watcher", spectator=True) for url in urls]
        for client in [*players, *watchers]:
            await client.connect()
        await host.wait_until(lambda c: all(s["connected"] for s in c.room["seats"]))
        await host.send({"start": {}})
        for client in players:
            await client.wait_until(lambda c: c.room["status"] == "playing" and c.views)
        wolves = [c for c in players if c.view()["private"]["role"] == "wolf"]
        villagers = [c for c in players if c.view()["private"]["role"] != "wolf"]
        assert len(wolves) == 2
        # The second wolf listens on the replica the first one does not write to.
        writer, listener = wolves
        other_url = urls[1] if writer.base == urls[0] else urls[0]
        remote_wolf = PlayClient(session, other_url, listener.ticket)
        await remote_wolf.connect()

        await writer.send({"chat": {"text": "the miller tonight", "channel": "pack"}})
        await remote_wolf.wait_until(lambda c: "the miller tonight" in texts(c))
        line = next(line for line in remote_wolf.chat if line["text"] == "the miller tonight")
        assert line["channel"] == "pack"
        await watchers[1].send({"chat": {"text": "marker"}})
        for client in [*players, *watchers, remote_wolf]:
            await client.wait_until(lambda c: "marker" in texts(c))
        for client in [*villagers, *watchers]:
            assert "the miller tonight" not in texts(client), client.base
        # A villager's post at night is refused on either replica.
        for villager in villagers[:2]:
            await villager.send({"chat": {"text": "psst"}})
            assert (await villager.expect("refused"))["code"] == "chat_not_allowed"
        for client in [*players, *watchers, remote_wolf]:
            await client.close()
