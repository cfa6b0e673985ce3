"""Parchís's move clock: 30 / 15 / 8 s a move. Out of time, the clock rolls, or moves the piece
the strong CPU would move (a capture, an escape, a piece to safety or into the goal)."""

from __future__ import annotations

import pytest
from svc_dice.parchis import ENGINE
from svc_dice.parchis.cpu import strong

from rulekit import IllegalMove
from rulekit.players import Ask
from tests.games.clock.support import deadline_seconds, positions


def test_seconds_per_move() -> None:
    assert deadline_seconds(ENGINE, 2) == {"off": None, "relaxed": 30, "normal": 15, "fast": 8}
    assert deadline_seconds(ENGINE, 4, {"dice": "two"})["normal"] == 15


def test_out_of_time_the_clock_rolls() -> None:
    state = ENGINE.setup(3, {"move_clock": "fast"}, b"parchis-clock", 1_000)
    assert ENGINE.deadline(state) == {"at_ms": 9_000, "seat": 0, "seats": [0]}
    with pytest.raises(IllegalMove):
        ENGINE.apply_timeout(state, 8_999)
    after, events = ENGINE.apply_timeout(state, 9_000)
    assert [e["code"] for e in events][:2] == ["timed_out", "rolled"]
    assert ENGINE.deadline(after)["at_ms"] == 9_000 + 8_000


@pytest.mark.parametrize("options", [{}, {"dice": "two"}])
def test_the_clock_moves_as_the_strong_cpu_would(options: dict) -> None:  # type: ignore[type-arg]
    count = 0
    for state in positions(ENGINE, 3, 2, options):
        seat = state["turn"]
        chosen = ENGINE.timeout_move(state, seat)
        assert chosen in ENGINE.legal_moves(state, seat)
        if state["phase"] == "move":
            view = ENGINE.view(state, seat)
            assert chosen == strong(Ask("parchis", seat, view, "strong", b"t", 1000)).move
            count += 1
        with pytest.raises(IllegalMove):
            ENGINE.timeout_move(state, (seat + 1) % 3)
    assert count > 50
