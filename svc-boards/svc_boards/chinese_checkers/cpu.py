"""Chinese Checkers CPU levels (the board is open: the view is the whole game).

easy: the move that brings a peg furthest towards its target's tip, at random among equals.
strong: looks one own move further: the move whose best follow-up gains most in all, less a
penalty for the rearmost peg left behind (a straggler costs many lone steps at the end), and
once its pegs are home it fills the target's deepest holes first.
"""

from __future__ import annotations

import random

from rulekit import Move, View
from rulekit.players import Ask, Choice, legal_or_refuse

from .board import POINTS, TIPS, destinations, distance
from .rules import target

STRAGGLER = 0.6  # per step the rearmost peg is behind the mean


def _tip(view: View) -> int:
    return TIPS[target(view["public"]["homes"][view["seat"]])]


def _gain(move: Move, tip: int) -> int:
    return distance(move["from"], tip) - distance(move["to"], tip)


def easy(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    tip = _tip(ask.view)
    best = max(_gain(m, tip) for m in legal)
    return Choice(random.Random(ask.seed).choice([m for m in legal if _gain(m, tip) == best]))


def _spread(board: list[int], seat: int, tip: int) -> float:
    far = [distance(h, tip) for h, owner in enumerate(board) if owner == seat]
    return max(far) - sum(far) / len(far)


def strong(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    view = ask.view
    seat = view["seat"]
    board = view["public"]["board"]
    tip = _tip(view)
    goal = set(POINTS[target(view["public"]["homes"][seat])])

    def value(move: Move) -> float:
        after = list(board)
        after[move["from"]], after[move["to"]] = -1, seat
        follow = 0
        for hole, owner in enumerate(after):
            if owner == seat:
                for to in destinations(after, hole):
                    follow = max(follow, distance(hole, tip) - distance(to, tip))
        # Leaving the target point is a step back whatever the geometry says.
        left_goal = move["from"] in goal and move["to"] not in goal
        return _gain(move, tip) + 0.5 * follow - STRAGGLER * _spread(after, seat, tip) - 5 * left_goal

    rnd = random.Random(ask.seed)
    scored = [(value(m), rnd.random(), m) for m in legal]
    return Choice(max(scored, key=lambda item: (item[0], item[1]))[2])


LEVELS = {"easy": easy, "strong": strong}
