"""The shuffle anyone can check, through the running platform: a card game played to its end
over the sockets; the hash every seat was told at the start is the hash of the seed revealed
at the end, and the room's replay verifies move by move with the rule engines alone."""

from __future__ import annotations

import hashlib

from svc_cards.registry import REGISTRY

from tests.support.frame_scan import play_over_sockets
from verifier import verify_replay


async def test_a_finished_card_game_verifies_from_its_revealed_seed(stack) -> None:
    engine = REGISTRY.get("crazy-eights")
    players, spectator, replay = await play_over_sockets(
        stack, engine, 2, {}, seed=5, prefer=lambda move: move.get("type") == "play"
    )
    started = [e for client in [*players, spectator] for e in client.events.values() if e.get("code") == "game_started"]
    ended = [
        e
        for client in [*players, spectator]
        for e in client.events.values()
        if e.get("code") == "game_over" and "seed" in e
    ]
    assert len(started) == 3 and len({e["seed_sha256"] for e in started}) == 1
    announced = started[0]["seed_sha256"]
    assert ended and {e["seed"] for e in ended} == {replay["seed"]}
    assert hashlib.sha256(bytes.fromhex(replay["seed"])).hexdigest() == announced == replay["seed_sha256"]
    verdict = verify_replay(replay, expect_hash=announced)
    assert verdict.ok, verdict.problem
    assert verdict.moves == len(replay["moves"]) > 0
    # The seed never reached anyone before the end: no earlier event carries it.
    for client in [*players, spectator]:
        for number, event in client.events.items():
            if event.get("code") != "game_over":
                assert replay["seed"] not in str(event), number
