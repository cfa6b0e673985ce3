"""Mensch ärgere dich nicht over the real WebSocket: a whole game 1 vs 1 (two colours each)
and one for four, every seat on a socket of its own and a spectator watching
(tests/support/frame_scan.py). Mensch is fully open, so what is checked is that every view any
socket received is exactly the engine's view of that version (nothing added, nothing stale),
that the dice's generator (its seed) is in no frame before the game ends, and that the replay
ends where the room did: the 15-second clock that cannot be switched off included."""

from __future__ import annotations

from typing import Any

import pytest
from svc_dice.race import in_goal
from svc_dice.registry import REGISTRY

from rulekit import State
from tests.support.frame_scan import Scan, judge_frames, play_over_sockets, states_by_version


def generator_key(state: State, seat: int | None) -> list[Any]:
    """The generator's seed while the game runs (the dice to come follow from it); the room
    reveals it once the game is over, for the audit."""
    if state["over"]:
        return []
    return [value for value in state["rng"].values() if isinstance(value, str)]


@pytest.mark.parametrize("seats", [2, 4])
async def test_a_whole_game_over_sockets_with_a_spectator(stack, seats: int) -> None:
    engine = REGISTRY.get("mensch")
    players, spectator, replay = await play_over_sockets(stack, engine, seats, seed=3)
    states = states_by_version(engine, replay, seats)
    scan = Scan()
    for client in [*players, spectator]:
        judge_frames(engine, states, client, generator_key, scan)
    assert len(scan.by_seat) == seats + 1
    assert scan.views >= len(replay["moves"]) * seats
    # The check bites: the generator was there to leak in every receiver's frames before the end.
    assert all(scan.secrets_by_seat.get(name) for name in scan.by_seat), scan
    final = states[max(states)]
    result = engine.result(final)
    assert result is not None and replay["moves"][0]["move"]["type"] == "choose"
    winner = result["placings"].index(1)
    track = engine.track(final)
    assert any(in_goal(track, final["pieces"][colour]) for colour in final["colours"][winner])
