"""Sea Battle CPU levels, from the seat's view alone (the enemy fleet is never in it).

Both levels place their fleet at random and lock it.
easy: hunts at random and, after a hit, fires next to it until the ship sinks.
strong: fires where an unseen ship is most likely to be: it counts every position of every
ship not yet sunk that fits the misses and the sunk ships, and, while a hit is open, only
the positions through open hits (weighted by how many they cover). This finds the
checkerboard, the middle of the sea and the line of a wounded ship by itself.
"""

from __future__ import annotations

import random
from typing import Any

from rulekit import Move, View
from rulekit.players import Ask, Choice, legal_or_refuse

from .grid import FLEET, SIZE, cell, placements, row_col


def _placing(legal: list[Move]) -> Move | None:
    if {"type": "ready"} in legal:
        return {"type": "ready"}
    if {"type": "random"} in legal:
        return {"type": "random"}
    return None


def _sea(view: View) -> tuple[int, set[int], set[int], list[dict[str, Any]]]:
    """Whose waters we fire at, our shots, our hits, and that seat's sunk ships."""
    seat = view["seat"]
    pub = view["public"]
    return 1 - seat, set(pub["shots"][seat]), set(pub["hits"][seat]), pub["sunk"][1 - seat]


def easy(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    rnd = random.Random(ask.seed)
    placing = _placing(legal)
    if placing is not None:
        return Choice(placing)
    target, shots, hits, sunk = _sea(ask.view)
    sunk_cells = {c for ship in sunk for c in ship["cells"]}
    beside = []
    for h in sorted(hits - sunk_cells):
        r, c = row_col(h)
        for rr, cc in ((r, c + 1), (r, c - 1), (r + 1, c), (r - 1, c)):
            if 0 <= rr < SIZE and 0 <= cc < SIZE and cell(target, rr, cc) not in shots:
                beside.append({"type": "fire", "row": rr, "col": cc})
    return Choice(rnd.choice(beside or legal))


def density(target: int, shots: set[int], hits: set[int], sunk: list[dict[str, Any]]) -> dict[int, float]:
    """For every cell not fired at: the weight of the unseen ships' positions covering it."""
    sunk_cells = {c for ship in sunk for c in ship["cells"]}
    sunk_names = {ship["name"] for ship in sunk}
    open_hits = hits - sunk_cells
    blocked = (shots - hits) | sunk_cells
    weight: dict[int, float] = {}
    for name, size in FLEET:
        if name in sunk_names:
            continue
        for _, _, _, cells in placements(target, size, blocked):
            through = len(open_hits.intersection(cells))
            if through == len(cells) or (open_hits and not through):
                continue
            w = 1.0 if not open_hits else 50.0**through
            for c in cells:
                if c not in shots:
                    weight[c] = weight.get(c, 0.0) + w
    return weight


def strong(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    rnd = random.Random(ask.seed)
    placing = _placing(legal)
    if placing is not None:
        return Choice(placing)
    target, shots, hits, sunk = _sea(ask.view)
    weight = density(target, shots, hits, sunk)
    if not weight:
        return Choice(rnd.choice(legal))
    best = max(weight.values())
    choices = sorted(c for c, w in weight.items() if w == best)
    r, c = row_col(rnd.choice(choices))
    return Choice({"type": "fire", "row": r, "col": c})


LEVELS = {"easy": easy, "strong": strong}
