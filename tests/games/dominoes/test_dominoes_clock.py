"""Dominoes' move clock: 60 / 30 / 15 s a move. Out of time the clock lays the heaviest tile
that fits (a double first among equals), else draws, passes or starts the next round."""

from __future__ import annotations

from svc_boards.dominoes import ENGINE

from tests.games.clock.support import deadline_seconds, positions


def test_seconds_per_move() -> None:
    assert deadline_seconds(ENGINE, 2) == {"off": None, "relaxed": 60, "normal": 30, "fast": 15}


def test_the_heaviest_tile_goes_first() -> None:
    state = ENGINE.setup(2, {"move_clock": "fast"}, b"clock", 1_000)
    state.update(hands=[["0-3", "1-2", "2-6", "3-3"], ["0-0"]], line=[[3, 2]], turn=0, opening=None)
    assert ENGINE.timeout_move(state, 0) == {"type": "play", "tile": "2-6", "end": "right"}
    after, events = ENGINE.apply_timeout(state, 20_000)
    assert [e["code"] for e in events] == ["timed_out", "played"] and after["line"][-1] == [2, 6]
    state["hands"][0] = ["1-5", "3-3"]
    assert ENGINE.timeout_move(state, 0)["tile"] == "3-3"  # 6 pips, a double, beats 1-5


def test_every_position_gets_a_legal_default() -> None:
    for seats, variant in ((2, "duel"), (4, "house")):
        kinds = set()
        for state in positions(ENGINE, seats, 6, {"variant": variant}):
            (seat,) = ENGINE.to_move(state)
            move = ENGINE.timeout_move(state, seat)
            assert move in ENGINE.legal_moves(state, seat)
            kinds.add(move["type"])
        assert {"play", "draw"} <= kinds
