"""Dots and Boxes' move clock: 30 / 15 / 8 s a line; out of time, the clock closes a box if it
can, else draws a safe line, else the line that hands the next player the fewest boxes."""

from __future__ import annotations

import random
from collections.abc import Iterator

from svc_boards.dots_and_boxes import ENGINE
from svc_boards.dots_and_boxes.rules import closes, is_safe, take_all

from rulekit import State
from tests.games.clock.support import deadline_seconds


def positions(seats: int, games: int) -> Iterator[State]:
    """Positions of 3 × 3 games where the clock plays most lines (random play leaves a box to
    close nearly always, so the last kind of choice would hardly come up)."""
    for game in range(games):
        rnd = random.Random(f"clock:{seats}:{game}")
        state = ENGINE.setup(seats, {"columns": 3, "rows": 3, "move_clock": "fast"}, f"clock:{game}".encode())
        while ENGINE.result(state) is None:
            yield state
            (seat,) = ENGINE.to_move(state)
            legal = ENGINE.legal_moves(state, seat)
            move = rnd.choice(legal) if rnd.random() < 0.2 else ENGINE.timeout_move(state, seat)
            state = ENGINE.apply(state, seat, move, 0)[0]


def test_seconds_per_line() -> None:
    for seats in (2, 4):
        assert deadline_seconds(ENGINE, seats) == {"off": None, "relaxed": 30, "normal": 15, "fast": 8}


def test_the_clock_closes_a_box_then_plays_safe_then_gives_least() -> None:
    kinds = {"closing": 0, "safe": 0, "least": 0}
    for seats in (2, 3):
        for state in positions(seats, 20):
            (seat,) = ENGINE.to_move(state)
            legal = ENGINE.legal_moves(state, seat)
            chosen = ENGINE.timeout_move(state, seat)
            assert chosen in legal
            if any(closes(state, m) for m in legal):
                assert closes(state, chosen)
                kinds["closing"] += 1
            elif any(is_safe(state, m) for m in legal):
                assert is_safe(state, chosen)
                kinds["safe"] += 1
            else:
                given = [take_all(ENGINE.successor(state, seat, m))[1] for m in legal]
                assert take_all(ENGINE.successor(state, seat, chosen))[1] == min(given)
                kinds["least"] += 1
    assert all(count > 20 for count in kinds.values()), kinds


def test_a_timeout_draws_the_line_and_passes_on() -> None:
    state = ENGINE.setup(2, {"move_clock": "fast"}, b"clock", 1_000)
    after, events = ENGINE.apply_timeout(state, 9_000)
    assert [e["code"] for e in events] == ["timed_out", "line_drawn"]
    assert ENGINE.to_move(after) == {1}
