"""Chinese Checkers CPU levels: legal moves from any view, and the strong level beating random
and easy (docs/cpu-strength.md has the 100-game figures)."""

from __future__ import annotations

import random

from svc_ai.players import choose
from svc_boards.chinese_checkers import ENGINE

from rulekit.players import Ask
from tests.games.chinese_checkers.strength import match


def test_every_level_returns_a_legal_move() -> None:
    for seats in (2, 3, 4, 6):
        rnd = random.Random(seats)
        state = ENGINE.setup(seats, {}, b"cpu")
        for ply in range(60):
            (seat,) = ENGINE.to_move(state)
            view = ENGINE.view(state, seat)
            for level in ("easy", "strong"):
                move = choose(Ask("chinese-checkers", seat, view, level, f"{ply}".encode(), 100)).move
                assert move in view["legal_moves"], (level, ply)
            state = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_moves(state, seat)), 0)[0]


def test_strong_beats_random_and_easy() -> None:
    wins, _, _, _ = match("strong", "random", 4)
    assert wins == 4
    wins, _, _, _ = match("strong", "easy", 6)
    assert wins >= 5
