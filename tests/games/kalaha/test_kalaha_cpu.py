"""Kalaha CPU levels: each returns a legal move from a view; the strongest beats random."""

from __future__ import annotations

import random

from svc_ai.players import Ask, choose, levels_of
from svc_boards.kalaha import ENGINE

GAME = "kalaha"
LEVELS = ("easy", "medium", "strong")
# Small budgets keep the test quick; the bench measures the levels at their real budgets.
BUDGET_MS = 15


def test_levels_are_registered() -> None:
    assert levels_of(GAME) == ["random", *LEVELS]


def test_every_level_returns_a_legal_move() -> None:
    rnd = random.Random(4)
    state = ENGINE.setup(2, {}, b"cpu")
    ply = 0
    while ENGINE.result(state) is None:
        (seat,) = ENGINE.to_move(state)
        view = ENGINE.view(state, seat)
        if ply % 7 == 0 or len(view["legal_moves"]) == 1:
            for level in LEVELS:
                move = choose(Ask(GAME, seat, view, level, f"{ply}".encode(), BUDGET_MS)).move
                assert move in view["legal_moves"], (level, ply)
        state = ENGINE.apply(state, seat, rnd.choice(view["legal_moves"]), 0)[0]
        ply += 1


def test_strong_beats_random() -> None:
    """At least 95% of 40 games, colours alternated."""
    wins = 0
    for game in range(40):
        strong_seat = game % 2
        state = ENGINE.setup(2, {}, f"strength:{game}".encode())
        ply = 0
        while ENGINE.result(state) is None:
            (seat,) = ENGINE.to_move(state)
            level = "strong" if seat == strong_seat else "random"
            ask = Ask(GAME, seat, ENGINE.view(state, seat), level, f"{game}:{ply}".encode(), BUDGET_MS)
            state = ENGINE.apply(state, seat, choose(ask).move, 0)[0]
            ply += 1
        placings = ENGINE.result(state)["placings"]
        wins += placings[strong_seat] < placings[1 - strong_seat]
    assert wins >= 38, f"strong won only {wins} of 40"
