"""Snakes and Ladders' move clock: 30 / 15 / 8 s a move. Out of time, the clock rolls."""

from __future__ import annotations

import pytest
from svc_dice.snakes_and_ladders import ENGINE

from rulekit import IllegalMove
from tests.games.clock.support import deadline_seconds, positions


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 2) == {"off": None, "relaxed": 30, "normal": 15, "fast": 8}


def test_out_of_time_the_clock_rolls() -> None:
    state = ENGINE.setup(3, {"move_clock": "fast"}, b"snakes-clock", 1_000)
    assert ENGINE.deadline(state) == {"at_ms": 9_000, "seat": 0, "seats": [0]}
    with pytest.raises(IllegalMove):
        ENGINE.apply_timeout(state, 8_999)
    after, events = ENGINE.apply_timeout(state, 9_000)
    assert [e["code"] for e in events][:2] == ["timed_out", "rolled"]
    assert events[0]["seat"] == events[1]["seat"] == 0 and after["squares"][0] > 0


def test_the_clock_move_is_always_the_roll() -> None:
    count = 0
    for state in positions(ENGINE, 2, 5):
        seat = state["turn"]
        assert ENGINE.timeout_move(state, seat) == {"type": "roll"} == ENGINE.legal_moves(state, seat)[0]
        with pytest.raises(IllegalMove):
            ENGINE.timeout_move(state, 1 - seat)
        count += 1
    assert count > 50
