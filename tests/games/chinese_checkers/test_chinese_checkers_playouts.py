"""Seeded random Chinese Checkers games through the engine interface (the count is in
tests/budget.py): pegs are never created or lost, a move takes one peg of the mover from one
hole to another, and the game ends exactly when a seat's target is full with one of its pegs,
or at the round limit.

Uniformly random pegs wander: each takes a random walk over the star, and ten of them never
gather in the target, so such a game runs to the 300-round limit (1,800 moves at six seats,
a second or more per game with every check). One game in RANDOM_EVERY stays uniformly random
and covers that end; the others lean forward (still random, but most moves are drawn from
those that bring a peg nearer its target's tip) and end with a winner in about a hundred
rounds, which covers winning and the crowded targets that wandering pegs never reach.
"""

from __future__ import annotations

import random

import pytest
from svc_boards.chinese_checkers import ENGINE
from svc_boards.chinese_checkers.board import TIPS, distance
from svc_boards.chinese_checkers.rules import MAX_ROUNDS, has_won, target

from rulekit import Engine, Event, Move, State
from rulekit.playout import Chooser, Playout, random_choice
from tests import budget

RANDOM_EVERY = 10
FORWARD_SHARE = 0.8


def leaning_forward(engine: Engine, state: State, seat: int, rnd: random.Random) -> Move:
    """A random legal move, drawn FORWARD_SHARE of the time from those that bring a peg
    nearer its target's tip (when there is one)."""
    legal = engine.legal_moves(state, seat)
    if rnd.random() < FORWARD_SHARE:
        tip = TIPS[target(state["homes"][seat])]
        ahead = [m for m in legal if distance(m["to"], tip) < distance(m["from"], tip)]
        if ahead:
            return rnd.choice(ahead)
    return rnd.choice(legal)


def policy(index: int) -> Chooser:
    return random_choice if index % RANDOM_EVERY == 0 else leaning_forward


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    for owner in range(len(after["homes"])):
        assert after["board"].count(owner) == 10
    assert before["board"][move["from"]] == seat and before["board"][move["to"]] == -1
    changed = [h for h in range(len(after["board"])) if after["board"][h] != before["board"][h]]
    assert sorted(changed) == sorted([move["from"], move["to"]])
    won = has_won(after["board"], seat, after["homes"][seat])
    assert (after["winner"] == seat) == won
    assert (after["turn"] is None) == (won or after["moves"] >= MAX_ROUNDS * len(after["homes"]))


@pytest.mark.parametrize("block", range(budget.BLOCKS))
@pytest.mark.parametrize("seats", [2, 3, 4, 6])
def test_random_games(seats: int, block: int) -> None:
    endings = {"won": 0, "round limit": 0}

    def ended(run: Playout) -> None:
        endings["won" if run.final_state["winner"] is not None else "round limit"] += 1

    played = budget.playouts(
        ENGINE, seats=seats, block=block, blocks=budget.BLOCKS, check=check, policy=policy, after_game=ended
    )
    assert played.games == played.planned
    # Both ends are reached: the forward-leaning games are won, the uniform ones hit the limit.
    assert endings["won"] > 0 and endings["round limit"] > 0, endings
