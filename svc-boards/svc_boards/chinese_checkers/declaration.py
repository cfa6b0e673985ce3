"""What the platform knows of Chinese Checkers beyond its rules: CPU levels, test budget,
invariants, and how test games pick their moves.

Uniformly random pegs wander: each takes a random walk over the star, and ten of them never
gather in the target, so such a game runs to the 300-round limit (1,800 moves at six seats,
a second or more per game with every check). One game in RANDOM_EVERY stays uniformly random
and covers that end; the others lean forward (still random, but most moves are drawn from
those that bring a peg nearer its target's tip) and end with a winner in about a hundred
rounds, which covers winning and the crowded targets that wandering pegs never reach.
"""

from __future__ import annotations

import random
from typing import Any

from rulekit import Engine, Event, Move
from rulekit.declaration import Budget, GameDeclaration
from rulekit.playout import Chooser, random_choice

from . import ENGINE
from .board import TIPS, distance
from .cpu import LEVELS
from .rules import MAX_ROUNDS, has_won, target
from .state import ChineseCheckersState

RANDOM_EVERY = 10
FORWARD_SHARE = 0.8


def leaning_forward(
    engine: Engine[ChineseCheckersState, Any], state: ChineseCheckersState, seat: int, rnd: random.Random
) -> Move:
    """A random legal move, drawn FORWARD_SHARE of the time from those that bring a peg
    nearer its target's tip (when there is one)."""
    legal = engine.legal_moves(state, seat)
    if rnd.random() < FORWARD_SHARE:
        tip = TIPS[target(state["homes"][seat])]
        ahead = [m for m in legal if distance(m["to"], tip) < distance(m["from"], tip)]
        if ahead:
            return rnd.choice(ahead)
    return rnd.choice(legal)


def policy(index: int) -> Chooser[ChineseCheckersState]:
    return random_choice if index % RANDOM_EVERY == 0 else leaning_forward


def check(
    before: ChineseCheckersState, after: ChineseCheckersState, seat: int, move: Move, events: list[Event]
) -> None:
    for owner in range(len(after["homes"])):
        assert after["board"].count(owner) == 10
    assert before["board"][move["from"]] == seat and before["board"][move["to"]] == -1
    changed = [h for h in range(len(after["board"])) if after["board"][h] != before["board"][h]]
    assert sorted(changed) == sorted([move["from"], move["to"]])
    won = has_won(after["board"], seat, after["homes"][seat])
    assert (after["winner"] == seat) == won
    assert (after["turn"] is None) == (won or after["moves"] >= MAX_ROUNDS * len(after["homes"]))


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 90, 3: 60, 4: 45, 6: 30}, thorough=5, scanned=2),
    levels=LEVELS,
    check=check,
    policy=policy,
)
