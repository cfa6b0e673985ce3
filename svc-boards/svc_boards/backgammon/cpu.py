"""Backgammon's pure-Python CPU levels: the fallback where GNU Backgammon is not installed
(svc-ai serves the GNU Backgammon levels of the same names first).

All three score positions with evaluation.evaluate (race and safety):
- easy: one ply, with a random error of about a quarter of a checker's worth per move, so it
  leaves blots and misses hits now and then;
- medium: one ply, the best-scored turn;
- strong: expectimax over the dice: the best few turns by one ply, each scored by the average
  over the other side's 21 rolls of its best reply, within the budget.
With the doubling cube on, all three take their cube decisions (roll or double, take or drop)
from cube.py's rough chance to win.
"""

from __future__ import annotations

import random
import time

from rulekit import Move
from rulekit.players import Ask, Choice, Player, legal_or_refuse

from .cube import should_double, should_take
from .evaluation import evaluate
from .rules import after, turns

ROLLS = [(a, b, 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7)]  # 21 rolls, weights /36
CANDIDATES = 5
STRONG_MS = 1500


def _position(ask: Ask) -> tuple[list[int], list[int]]:
    board = ask.view["public"]["board"]
    return board[ask.seat], board[1 - ask.seat]


def one_ply(ask: Ask, noise: float) -> Choice:
    legal = legal_or_refuse(ask.view)
    mine, theirs = _position(ask)
    rnd = random.Random(ask.seed)

    def score(move: Move) -> float:
        value = evaluate(*after(mine, theirs, move["steps"]))
        return value + (rnd.gauss(0.0, noise) if noise else 0.0)

    best: Move = max(legal, key=score)
    return Choice(dict(best), nodes=len(legal))


def reply_value(mine: list[int], theirs: list[int]) -> tuple[float, int]:
    """My position's value with the other side to roll: the dice-weighted average of its best
    reply, scored from my side; and the positions looked at."""
    total = 0.0
    nodes = 0
    if not any(mine):
        return evaluate(mine, theirs), 1
    for a, b, weight in ROLLS:
        replies = turns(theirs, mine, [a, b])
        best = None
        for steps in replies:
            t, m = after(theirs, mine, [list(s) for s in steps])
            # Their best reply is the one that leaves me worst off with me to roll: scored
            # from their side with me to roll, the highest.
            value = evaluate(t, m)
            if best is None or value > best:
                best = value
        nodes += len(replies)
        total += weight * -(best if best is not None else 0.0)
    return total / 36.0, nodes


def strong(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    if len(legal) == 1:
        return Choice(dict(legal[0]), nodes=1)
    mine, theirs = _position(ask)
    ranked = sorted(legal, key=lambda move: -evaluate(*after(mine, theirs, move["steps"])))
    deadline = time.monotonic() + min(ask.budget_ms, STRONG_MS) / 1000
    best_move, best_value, nodes = ranked[0], None, len(legal)
    for move in ranked[:CANDIDATES]:
        m, t = after(mine, theirs, move["steps"])
        value, looked = reply_value(m, t)
        nodes += looked
        if best_value is None or value > best_value:
            best_move, best_value = move, value
        if time.monotonic() > deadline:
            break
    return Choice(dict(best_move), nodes=nodes)


def cube_choice(ask: Ask) -> Choice | None:
    """The cube decision where the view asks for one (roll or double, take or drop), else
    None: the seat has a turn to play."""
    kinds = {move["type"] for move in legal_or_refuse(ask.view)}
    mine, theirs = _position(ask)
    if kinds == {"roll", "double"}:
        return Choice({"type": "double" if should_double(mine, theirs) else "roll"}, nodes=1)
    if kinds == {"take", "drop"}:
        return Choice({"type": "take" if should_take(mine, theirs) else "drop"}, nodes=1)
    return None


def with_cube(level: Player) -> Player:
    """`level` for the turns, cube_choice for the decisions before them."""

    def play(ask: Ask) -> Choice:
        return cube_choice(ask) or level(ask)

    return play


LEVELS = {
    "easy": with_cube(lambda ask: one_ply(ask, noise=6.0)),
    "medium": with_cube(lambda ask: one_ply(ask, noise=0.0)),
    "strong": with_cube(strong),
}
