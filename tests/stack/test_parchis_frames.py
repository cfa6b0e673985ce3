"""Parchís over the real WebSocket: a whole game with two dice, both seats on sockets of their
own and a spectator watching. Parchís is fully open, so what is checked is that every view any
socket received is exactly the engine's view of that version (nothing added, nothing stale),
that the dice's generator (its seed) is in no frame before the game ends, and that the replay
ends where the room did."""

from __future__ import annotations

from typing import Any

from svc_dice.registry import REGISTRY

from rulekit import State
from tests.support.frame_scan import Scan, judge_frames, play_over_sockets, states_by_version


def generator_key(state: State, seat: int | None) -> list[Any]:
    """The generator's seed while the game runs; the room reveals it once the game is over."""
    if state["over"]:
        return []
    return [value for value in state["rng"].values() if isinstance(value, str)]


async def test_a_whole_game_over_sockets_with_a_spectator(stack) -> None:
    engine = REGISTRY.get("parchis")
    players, spectator, replay = await play_over_sockets(stack, engine, 2, options={"dice": "two"}, seed=3)
    states = states_by_version(engine, replay, 2)
    scan = Scan()
    for client in [*players, spectator]:
        judge_frames(engine, states, client, generator_key, scan)
    assert len(scan.by_seat) == 3
    assert scan.views >= len(replay["moves"]) * 2
    # The check bites: every receiver had the generator kept from its frames before the end.
    assert all(scan.secrets_by_seat.get(name) for name in scan.by_seat), scan
    final = states[max(states)]
    result = engine.result(final)
    assert result is not None and sorted(result["placings"]) == [1, 2] and 4 in result["scores"]
    last_view = next(
        item["view"] for message in reversed(spectator.received) for item in message.get("update", {}).get("views", [])
    )
    assert last_view["public"]["pieces"] == final["pieces"] and "rng" not in last_view["public"]
