"""Backgammon's move clock: 60 / 30 / 15 s a turn; out of time, the clock plays the turn the
race-and-safety evaluation scores best (the same one for the same position); with the cube on,
each decision has its own time, and the clock rolls or takes."""

from __future__ import annotations

from svc_boards.backgammon import ENGINE
from svc_boards.backgammon.evaluation import evaluate
from svc_boards.backgammon.rules import after

from tests.games.clock.support import deadline_seconds, positions


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 2) == {"off": None, "relaxed": 60, "normal": 30, "fast": 15}


def test_the_clock_plays_a_whole_turn() -> None:
    state = ENGINE.setup(2, {"move_clock": "fast"}, b"clock", 1_000)
    seat = state["turn"]
    after_timeout, events = ENGINE.apply_timeout(state, 16_000)
    assert [e["code"] for e in events][:2] == ["timed_out", "moved"]
    assert events[1]["seat"] == seat and ENGINE.to_move(after_timeout) == {1 - seat}


def test_the_clock_takes_the_best_scored_turn() -> None:
    checked = 0
    for state in positions(ENGINE, 2, 8):
        seat = state["turn"]
        legal = ENGINE.legal_moves(state, seat)
        chosen = ENGINE.timeout_move(state, seat)
        assert chosen in legal
        mine, theirs = state["board"][seat], state["board"][1 - seat]
        best = max(evaluate(*after(mine, theirs, m["steps"])) for m in legal)
        assert evaluate(*after(mine, theirs, chosen["steps"])) == best
        assert ENGINE.timeout_move(state, seat) == chosen
        checked += 1
    assert checked > 300


def test_with_the_cube_each_decision_has_its_own_time() -> None:
    """Cube on: the decision before the roll and the answer to a double each get the clock's
    15 s from when they begin; out of time the clock rolls, and facing a double it takes."""
    state = ENGINE.setup(2, {"move_clock": "fast", "cube": True}, b"clock-cube", 1_000)
    seat = state["turn"]
    state, _ = ENGINE.apply(state, seat, ENGINE.legal_moves(state, seat)[0], 2_000)
    other = 1 - seat
    assert state["phase"] == "decide" and ENGINE.deadline(state) == {"at_ms": 17_000, "seat": other, "seats": [other]}
    rolled, events = ENGINE.apply_timeout(state, 17_000)
    assert [e["code"] for e in events][:2] == ["timed_out", "rolled"] and rolled["phase"] == "move"
    assert ENGINE.to_move(rolled) == {other} and ENGINE.deadline(rolled)["at_ms"] == 32_000
    doubled, _ = ENGINE.apply(state, other, {"type": "double"}, 5_000)
    assert ENGINE.deadline(doubled) == {"at_ms": 20_000, "seat": seat, "seats": [seat]}
    taken, events = ENGINE.apply_timeout(doubled, 20_000)
    assert [e["code"] for e in events][:3] == ["timed_out", "taken", "rolled"]
    assert taken["cube"] == 2 and taken["cube_owner"] == seat and ENGINE.result(taken) is None
