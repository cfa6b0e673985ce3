"""Mensch's move clock: fixed at 15 s a move by the text, never off. Out of time, the clock
takes the first colour choice, rolls, or moves the piece the strong CPU would move."""

from __future__ import annotations

import pytest
from svc_dice.mensch import ENGINE
from svc_dice.mensch.cpu import strong

from rulekit import IllegalMove
from rulekit.players import Ask
from tests.games.clock.support import deadline_seconds, positions


def test_fifteen_seconds_always() -> None:
    assert set(deadline_seconds(ENGINE, 2).values()) == {15}
    assert ENGINE.meta.clock is not None and ENGINE.meta.clock.choices == ("fixed",)


def test_out_of_time_the_clock_chooses_then_rolls() -> None:
    state = ENGINE.setup(4, {}, b"mensch-clock", 1_000)
    assert ENGINE.deadline(state)["at_ms"] == 16_000
    after, events = ENGINE.apply_timeout(state, 16_000)
    assert [e["code"] for e in events][:2] == ["timed_out", "chose"] and after["colour"] == 0
    after, events = ENGINE.apply_timeout(after, 31_000)
    assert [e["code"] for e in events][:2] == ["timed_out", "rolled"]


def test_the_clock_moves_as_the_strong_cpu_would() -> None:
    count = 0
    for state in positions(ENGINE, 2, 3):
        seat = state["turn"]
        chosen = ENGINE.timeout_move(state, seat)
        assert chosen in ENGINE.legal_moves(state, seat)
        if state["phase"] == "move":
            view = ENGINE.view(state, seat)
            assert chosen == strong(Ask("mensch", seat, view, "strong", b"t", 1000)).move
            count += 1
        with pytest.raises(IllegalMove):
            ENGINE.timeout_move(state, 1 - seat)
    assert count > 50
