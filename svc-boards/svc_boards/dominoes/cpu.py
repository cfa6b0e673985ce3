"""Dominoes CPU levels, from the seat's view alone (other hands and the boneyard are never in it).

Drawing, passing and starting the next round are forced; only which tile at which end is a
choice.
easy: lays the heaviest tile that fits (pips left in hand are what a blocked round and the
duel's score count), any end.
strong: weighs every play: the pips it sheds, a double (which fits only one value) shed
early, how many of its own tiles fit the new open ends (so it can play next turn instead of
drawing), how few of the tiles it has not seen do (so the others may have to draw), and ends
showing a value another player has passed on (they cannot follow). Going out wins at once.
"""

from __future__ import annotations

import random

from rulekit import Move, View
from rulekit.players import Ask, Choice, legal_or_refuse

from .rules import TILES, halves, pips

# Weights of the strong level, tuned by the strength script (docs/cpu-strength.md).
SHED = 1.0  # per pip laid
DOUBLE = 4.0  # a double laid
OWN_FOLLOW = 2.5  # per own tile that fits a new open end
UNSEEN_FOLLOW = 1.0  # per unseen tile that fits a new open end
LOCKED = 6.0  # per other seat that has passed on both new end values


def _plays(legal: list[Move]) -> list[Move]:
    return [move for move in legal if move["type"] == "play"]


def easy(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    plays = _plays(legal)
    if not plays:
        return Choice(legal[0])
    heaviest = max(pips(move["tile"]) for move in plays)
    return Choice(random.Random(ask.seed).choice([move for move in plays if pips(move["tile"]) == heaviest]))


def new_ends(line: list[list[int]], tile: str, end: str) -> tuple[int, int]:
    """The open end values once `tile` lies at `end`."""
    a, b = halves(tile)
    if not line:
        return a, b
    left, right = line[0][0], line[-1][1]
    if end == "left":
        return (a if b == left else b), right
    return left, (b if a == right else a)


def score(view: View, move: Move) -> float:
    """How much the strong level likes a play (higher is better)."""
    pub = view["public"]
    seat = view["seat"]
    hand = view["private"]["hand"]
    tile = move["tile"]
    rest = [other for other in hand if other != tile]
    if not rest:
        return 1e9
    left, right = new_ends(pub["line"], tile, move["end"])
    seen = set(hand) | {f"{min(pair)}-{max(pair)}" for pair in pub["line"]} | {tile}
    unseen = [other for other in TILES if other not in seen]

    def follow(tiles: list[str]) -> int:
        return sum(1 for other in tiles if left in halves(other) or right in halves(other))

    a, b = halves(tile)
    locked = sum(1 for other, lacks in enumerate(pub["lacks"]) if other != seat and left in lacks and right in lacks)
    return (
        SHED * pips(tile)
        + DOUBLE * (a == b)
        + OWN_FOLLOW * follow(rest)
        - UNSEEN_FOLLOW * follow(unseen)
        + LOCKED * locked
    )


def strong(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    plays = _plays(legal)
    if not plays:
        return Choice(legal[0])
    # Ties keep the order of the legal moves: deterministic for a view.
    return Choice(max(plays, key=lambda move: score(ask.view, move)))


LEVELS = {"easy": easy, "strong": strong}
