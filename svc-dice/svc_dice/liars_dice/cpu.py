"""CPU players for Liar's Dice. Both decide from the seat's view alone: their own dice, the
number of dice under every other cup, and the bids.

- easy: counts on its own dice plus a sixth of the unseen dice, rounded; challenges a bid
  above that count plus one, otherwise raises as little as it can on the face it holds most
  of (now and then on another face, which makes it readable but not predictable).
- strong: the chance of a bid is binomial over the unseen dice (each shows a face with
  probability 1/6), after counting its own dice and reading every other player's latest bid
  of the round as one die of that face under that player's cup. It challenges when the
  standing bid is more likely false than its best raise is true, and otherwise makes the raise
  most likely to be true (the lowest of equals), opening a round the same way.
"""

from __future__ import annotations

import random
from typing import Any

from rulekit.players import Ask, Choice, legal_or_refuse

from .rules import FACES, bid_rank, chance_at_least


def _table(ask: Ask) -> tuple[dict[str, Any], list[int], int, int]:
    """The public table, the seat's own dice, every die on the table and the unseen ones."""
    legal_or_refuse(ask.view)
    pub = ask.view["public"]
    own = list(ask.view["private"]["dice"])
    total = pub["total_dice"]
    return pub, own, total, total - len(own)


def _least(bid: dict[str, int] | None, face: int) -> int:
    """The lowest quantity of `face` that beats `bid`."""
    if bid is None:
        return 1
    return bid["quantity"] if face > bid["face"] else bid["quantity"] + 1


def _bid(quantity: int, face: int) -> Choice:
    return Choice({"type": "bid", "quantity": quantity, "face": face})


def easy(ask: Ask) -> Choice:
    """Believes what its own dice and a sixth of the rest make likely, plus one."""
    pub, own, total, unseen = _table(ask)
    bid = pub["bid"]
    rnd = random.Random(ask.seed)
    if bid is not None:
        expected = own.count(bid["face"]) + round(unseen / FACES)
        if bid["quantity"] > expected + 1:
            return Choice({"type": "challenge"})
    favourite = max(range(1, FACES + 1), key=lambda f: (own.count(f), f))
    face = rnd.randint(1, FACES) if rnd.random() < 0.2 else favourite
    quantity = _least(bid, face)
    if bid is None:
        quantity = max(1, own.count(face))
    if quantity > total:
        return Choice({"type": "challenge"})
    return _bid(quantity, face)


def _known(pub: dict[str, Any], own: list[int], seat: int) -> tuple[list[int], int]:
    """Per face, the dice taken as known (own dice, and one die per other player's latest bid
    face this round), and how many dice are left unknown."""
    known = [0] * (FACES + 1)
    for face in own:
        known[face] += 1
    latest: dict[int, int] = {}
    for bid in pub["bids"]:
        if bid["seat"] != seat:
            latest[bid["seat"]] = bid["face"]
    read = 0
    for other, face in latest.items():
        if pub["dice_count"][other] > 0:
            known[face] += 1
            read += 1
    return known, pub["total_dice"] - len(own) - read


def strong(ask: Ask) -> Choice:
    """Challenges or raises, whichever is more likely to keep its dice."""
    pub, own, total, _ = _table(ask)
    known, unknown = _known(pub, own, ask.seat)
    bid = pub["bid"]

    def true_chance(quantity: int, face: int) -> float:
        return chance_at_least(quantity - known[face], unknown)

    raises = []
    for face in range(1, FACES + 1):
        least = _least(bid, face)
        if bid is None:
            # Open at the most the table likely holds of the face, so the next player has to
            # reach further.
            least = max(1, min(total, known[face] + unknown // FACES))
        if least <= total:
            raises.append((true_chance(least, face), -bid_rank(least, face), least, face))
    nodes = len(raises)
    if bid is not None:
        standing = true_chance(bid["quantity"], bid["face"])
        if not raises or 1 - standing > max(raises)[0]:
            return Choice({"type": "challenge"}, nodes)
    chance, _, quantity, face = max(raises)
    return Choice({"type": "bid", "quantity": quantity, "face": face}, nodes)


LEVELS = {"easy": easy, "strong": strong}
