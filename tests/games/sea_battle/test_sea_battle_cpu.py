"""Sea Battle CPU levels: legal moves from any view (placing and firing), decisions from the
view alone, and the strong level beating random and easy."""

from __future__ import annotations

import random

from svc_ai.players import choose
from svc_boards.sea_battle import ENGINE
from svc_boards.sea_battle.cpu import density
from svc_boards.sea_battle.grid import cell

from rulekit.players import Ask
from tests.games.sea_battle.strength import match


def test_every_level_returns_a_legal_move() -> None:
    rnd = random.Random(3)
    state = ENGINE.setup(2, {}, b"cpu")
    ply = 0
    while ENGINE.result(state) is None:
        for seat in sorted(ENGINE.to_move(state)):
            view = ENGINE.view(state, seat)
            for level in ("easy", "strong"):
                move = choose(Ask("sea-battle", seat, view, level, f"{ply}".encode(), 100)).move
                assert move in view["legal_moves"], (level, ply)
        seat = rnd.choice(sorted(ENGINE.to_move(state)))
        state = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_moves(state, seat)), 0)[0]
        ply += 1


def test_the_odds_follow_a_hit_and_avoid_misses() -> None:
    weight = density(1, set(), set(), [])
    assert weight[cell(1, 4, 4)] > weight[cell(1, 0, 0)]  # the middle of the sea first
    hit = cell(1, 5, 5)
    weight = density(1, {hit, cell(1, 5, 6)}, {hit}, [])
    best = max(weight, key=weight.get)
    assert best in {cell(1, 4, 5), cell(1, 6, 5), cell(1, 5, 4)}
    assert cell(1, 5, 6) not in weight


def test_strong_beats_random_and_easy() -> None:
    """Over 12 games each, seats alternated (docs/cpu-strength.md has the 100-game figures)."""
    wins, _ = match("strong", "random", 12)
    assert wins >= 11
    wins, _ = match("strong", "easy", 12)
    assert wins >= 8
