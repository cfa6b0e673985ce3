"""Backgammon's pure-Python CPU levels: the fallback where GNU Backgammon is not installed
(svc-ai serves the GNU Backgammon levels of the same names first).

- easy: one ply on evaluation.evaluate (race and safety), with a random error of about a
  quarter of a checker's worth per move, so it leaves blots and misses hits now and then;
- medium: one ply on evaluation.evaluate, the best-scored turn;
- strong: one ply on strong_eval.strong_value, a wider set of features (blots by the rolls
  that hit them, primes, anchors, the bar against the home board, builders, stacking, a
  race formula) whose weights were tuned by self-play. The expectimax over the other side's
  21 replies that strong used to play on top of evaluate was dropped: at about half a second a
  move it won no more than medium (50/50 in 100 games), and on the new evaluation (the best
  three turns, each over the 21 replies) it won 101/99, -0.01 points a game in 200 games
  against this one ply, at 81 ms a move against one or two.
With the doubling cube on, all three take their cube decisions (roll or double, take or drop)
from cube.py's rough chance to win.
"""

from __future__ import annotations

import random

from rulekit import Move
from rulekit.players import Ask, Choice, Player, legal_or_refuse

from .cube import should_double, should_take
from .evaluation import evaluate
from .rules import after
from .strong_eval import strong_value


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


def strong(ask: Ask) -> Choice:
    """One ply on strong_eval's self-play-tuned evaluation: the best-scored turn."""
    legal = legal_or_refuse(ask.view)
    mine, theirs = _position(ask)
    best: Move = max(legal, key=lambda move: strong_value(*after(mine, theirs, move["steps"])))
    return Choice(dict(best), nodes=len(legal))


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
