"""Categories over the real WebSocket: while a round is written, no frame carries another
seat's answers to anyone (the spectator included).

Three seats on sockets of their own and a spectator play one whole game of seeded random
legal moves (tests/support/frame_scan.py), typed answers through the lobby's text check. The
room's replay gives the true state at every version: every view received is the engine's
own, and no frame holds an answer of another seat before the answers are shown."""

from __future__ import annotations

from svc_words.categories import ENGINE
from svc_words.categories.declaration import hidden_from

from tests.support.frame_scan import Scan, judge_frames, play_over_sockets, states_by_version


async def test_answers_reach_only_their_writer_until_shown(stack) -> None:
    options = {"columns": 3, "rounds": 3, "language": "sv"}
    players, spectator, replay = await play_over_sockets(stack, ENGINE, 3, options, seed=4)
    states = states_by_version(ENGINE, replay, 3)
    scan = Scan()
    for client in [*players, spectator]:
        judge_frames(ENGINE, states, client, hidden_from, scan)
    assert len(scan.by_seat) == 4
    assert scan.views >= len(replay["moves"]) * 3
    assert scan.secrets_seen > 0
    assert any(move["move"].get("type") == "write" for move in replay["moves"])
