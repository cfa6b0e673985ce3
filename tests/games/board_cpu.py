"""CPU checks shared by the two-player board games: a legal move from any
view, and the strongest level beating random. Each game's test module names its engine."""

from __future__ import annotations

import random

from svc_ai.players import choose

from rulekit import Engine
from rulekit.players import Ask

LEVELS = ("easy", "medium", "strong")
# Small budgets keep the tests quick; bench/ai_strength.py measures the levels at real budgets.
BUDGET_MS = 15


def check_every_level_returns_a_legal_move(engine: Engine, game: str) -> None:
    """Along a random game, every seventh position (and every forced one) asks each level."""
    rnd = random.Random(4)
    state = engine.setup(2, {}, b"cpu")
    ply = 0
    while engine.result(state) is None:
        (seat,) = engine.to_move(state)
        view = engine.view(state, seat)
        if ply % 7 == 0 or len(view["legal_moves"]) == 1:
            for level in LEVELS:
                move = choose(Ask(game, seat, view, level, f"{ply}".encode(), BUDGET_MS)).move
                assert move in view["legal_moves"], (level, ply)
        state = engine.apply(state, seat, rnd.choice(view["legal_moves"]), 0)[0]
        ply += 1


def strong_wins_against_random(engine: Engine, game: str, games: int = 40) -> int:
    """Games the strong level wins against random, colours alternated."""
    wins = 0
    for number in range(games):
        strong_seat = number % 2
        state = engine.setup(2, {}, f"strength:{number}".encode())
        ply = 0
        while engine.result(state) is None:
            (seat,) = engine.to_move(state)
            level = "strong" if seat == strong_seat else "random"
            ask = Ask(game, seat, engine.view(state, seat), level, f"{number}:{ply}".encode(), BUDGET_MS)
            state = engine.apply(state, seat, choose(ask).move, 0)[0]
            ply += 1
        placings = engine.result(state)["placings"]
        wins += placings[strong_seat] < placings[1 - strong_seat]
    return wins
