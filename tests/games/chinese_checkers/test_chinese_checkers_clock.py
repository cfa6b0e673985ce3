"""Chinese Checkers' move clock: 60 / 30 / 15 s a move. Out of time the clock makes the move
that brings a peg furthest towards the target's tip, the rearmost peg first among equals."""

from __future__ import annotations

from svc_boards.chinese_checkers import ENGINE
from svc_boards.chinese_checkers.board import TIPS, distance
from svc_boards.chinese_checkers.rules import target

from tests.games.clock.support import deadline_seconds, positions


def test_seconds_per_move() -> None:
    assert deadline_seconds(ENGINE, 2) == {"off": None, "relaxed": 60, "normal": 30, "fast": 15}


def test_the_default_move_gains_most() -> None:
    for state in positions(ENGINE, 3, 1):
        (seat,) = ENGINE.to_move(state)
        move = ENGINE.timeout_move(state, seat)
        legal = ENGINE.legal_moves(state, seat)
        assert move in legal
        tip = TIPS[target(state["homes"][seat])]
        gain = distance(move["from"], tip) - distance(move["to"], tip)
        assert gain == max(distance(m["from"], tip) - distance(m["to"], tip) for m in legal)
        if state["moves"] > 60:
            break


def test_the_clock_alone_brings_everyone_home() -> None:
    state = ENGINE.setup(2, {"move_clock": "fast"}, b"clock", 1_000)
    now = 1_000
    while ENGINE.result(state) is None:
        now += 20_000
        state = ENGINE.apply_timeout(state, now)[0]
    assert state["winner"] is not None
