"""Bingo's move clock: 30 / 15 / 8 s for the drawer only (a call is never forced). Out of time
the drawer draws; with the drum empty every pattern is complete and the clock calls Bingo."""

from __future__ import annotations

from svc_dice.bingo import ENGINE
from svc_dice.bingo.rules import BALLS

from tests.games.clock.support import deadline_seconds


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 2) == {"off": None, "relaxed": 30, "normal": 15, "fast": 8}


def test_only_the_drawer_is_on_the_clock_and_draws() -> None:
    state = ENGINE.setup(3, {"move_clock": "fast"}, b"bingo-clock", 1_000)
    state, _ = ENGINE.apply(state, 0, {"type": "draw"}, 2_000)
    deadline = ENGINE.deadline(state)
    assert deadline == {"at_ms": 10_000, "seat": 1, "seats": [1]}
    after, events = ENGINE.apply_timeout(state, 10_000)
    assert [e["code"] for e in events] == ["timed_out", "drawn"] and len(after["drawn"]) == 2


def test_with_the_drum_empty_the_clock_calls() -> None:
    state = ENGINE.setup(2, {"move_clock": "fast", "pattern": "full_card"}, b"bingo-empty", 1_000)
    for _ in range(BALLS):
        state, _ = ENGINE.apply(state, state["drawer"], {"type": "draw"}, 1_000)
    drawer = state["drawer"]
    assert ENGINE.timeout_move(state, drawer) == {"type": "bingo"}
    after, events = ENGINE.apply_timeout(state, 100_000)
    assert after["winner"] == drawer and events[-1]["code"] == "game_over"
