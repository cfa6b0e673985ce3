"""Helpers for the games' clock tests: the seconds of every choice, and seeded positions."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from rulekit import Engine, State
from rulekit.playout import instantiate

START_MS = 1_000_000


def deadline_seconds(engine: Engine, seats: int, options: dict[str, Any] | None = None) -> dict[str, int | None]:
    """For each clock choice, the seconds until the first deadline of a game set up at START_MS."""
    assert engine.meta.clock is not None
    out: dict[str, int | None] = {}
    for choice in engine.meta.clock.choices:
        state = engine.setup(seats, {**(options or {}), "move_clock": choice}, b"clock", START_MS)
        deadline = engine.deadline(state)
        out[choice] = None if deadline is None else (deadline["at_ms"] - START_MS) // 1000
    return out


def positions(engine: Engine, seats: int, games: int, options: dict[str, Any] | None = None) -> Iterator[State]:
    """Every position of `games` seeded random games (the clock on, the seats to move known)."""
    assert engine.meta.clock is not None
    choice = engine.meta.clock.choices[-1]
    for game in range(games):
        rnd = random.Random(f"clock-positions:{engine.meta.id}:{game}")
        state = engine.setup(seats, {**(options or {}), "move_clock": choice}, f"clock:{game}".encode(), START_MS)
        now = START_MS
        while engine.result(state) is None:
            yield state
            seat = rnd.choice(sorted(engine.to_move(state)))
            now += 1000
            state, _ = engine.apply(state, seat, instantiate(rnd.choice(engine.legal_moves(state, seat)), rnd), now)
