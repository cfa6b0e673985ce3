"""A player's event stream opening (lobby/challenges.py `open_stream`) on a real SQLite store: a
challenge made while the stream's backlog is being read is in the backlog and is held back as
an event as well; the player hears of it once, and of what happens to it afterwards."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from lobby.engines import Engines, GameCatalogue
from lobby.lobby import Lobby
from lobby.store import make_store

FOUR_IN_A_ROW = {"seat_counts": [2], "cpu_levels": [], "options": []}


class Sink:
    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    def send(self, event: dict[str, Any]) -> None:
        self.events.append(event)


async def test_a_challenge_made_while_the_backlog_is_read_is_told_once(tmp_path: Path) -> None:
    store = make_store(f"sqlite:///{tmp_path}/rooms.sqlite3")
    await store.open()
    try:
        lobby = Lobby(store, Engines())
        lobby.engines.catalogue = GameCatalogue({"four-in-a-row": FOUR_IN_A_ROW})  # no family services here
        (anna, anna_token), (ben, ben_token) = [await lobby.players.create(name) for name in ("Anna", "Ben")]
        now = int(time.time() * 1000)
        for player in (anna, ben):
            await store.mark_account(player.id, now)
        desk = lobby.challenges
        read_backlog = desk.mine
        made: list[dict[str, Any]] = []

        async def challenged_meanwhile(token: str) -> list[dict[str, Any]]:
            # Anna's challenge lands after Ben's stream is held and before his backlog is read.
            made.append(await desk.create(anna_token, ben.id, "four-in-a-row", {}))
            return await read_backlog(token)

        desk.mine = challenged_meanwhile  # type: ignore[method-assign]
        ben_stream = Sink()
        assert await desk.open_stream(ben_token, ben_stream) == ben.id
        desk.mine = read_backlog  # type: ignore[method-assign]
        (challenge,) = made
        told = [(e["id"], e["status"]) for e in ben_stream.events if e["kind"] == "challenge"]
        assert told == [(challenge["id"], "open")]
        await desk.answer(ben_token, challenge["id"], False)
        told = [(e["id"], e["status"]) for e in ben_stream.events if e["kind"] == "challenge"]
        assert told == [(challenge["id"], "open"), (challenge["id"], "declined")]
    finally:
        await store.close()
