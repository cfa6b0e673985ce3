"""Kalaha's move clock: 45 / 20 / 10 s a move; out of time, the clock sows the pit that ends
in the store (another turn), else the one that brings the most seeds into the store."""

from __future__ import annotations

from svc_boards.kalaha import ENGINE
from svc_boards.kalaha.rules import STORE

from rulekit import State
from tests.games.clock.support import deadline_seconds, positions


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 2) == {"off": None, "relaxed": 45, "normal": 20, "fast": 10}


def test_the_clock_takes_the_extra_turn() -> None:
    state = ENGINE.setup(2, {"move_clock": "fast"}, b"clock", 1_000)
    # Four seeds in pit 2 (the third) end in the store: the usual opening move.
    assert ENGINE.timeout_move(state, 0) == {"type": "sow", "pit": 2}
    after, events = ENGINE.apply_timeout(state, 11_000)
    assert [e["code"] for e in events] == ["timed_out", "sowed", "extra_turn"]
    assert after["turn"] == 0


def outcome(state: State, move: dict) -> tuple[bool, int]:
    """Whether the mover goes again, and the seeds the move brings into its store."""
    seat = state["turn"]
    child: State = ENGINE.successor(state, seat, move)
    again = not child["over"] and child["turn"] == seat
    return again, child["pits"][STORE[seat]] - state["pits"][STORE[seat]]


def test_the_clock_takes_the_most_seeds_otherwise() -> None:
    checked = 0
    for state in positions(ENGINE, 2, 40):
        seat = state["turn"]
        chosen = ENGINE.timeout_move(state, seat)
        assert chosen in ENGINE.legal_moves(state, seat)
        best = max(outcome(state, m) for m in ENGINE.legal_moves(state, seat))
        assert outcome(state, chosen) == best, (state["pits"], seat, chosen)
        checked += 1
    assert checked > 500
