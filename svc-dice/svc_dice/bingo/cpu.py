"""CPU players for Bingo. Both decide from the seat's view alone: their own card, the drawn
balls and the winning pattern. Luck decides who completes a pattern first; a player's only
skill is to call at once and not to miss it.

- strong: calls Bingo the moment the drawn balls complete its pattern, else draws when it is
  its turn to draw and passes otherwise.
- easy: notices a complete pattern only half the time it looks (it looks again after every
  ball), so it sometimes calls a ball or two late.
"""

from __future__ import annotations

import random

from rulekit.players import Ask, Choice, legal_or_refuse

from .rules import winning_cells


def _complete(ask: Ask) -> bool:
    pub = ask.view["public"]
    return winning_cells(pub["cards"][ask.seat], pub["drawn"], pub["options"]["pattern"]) is not None


def _without_call(legal: list[dict]) -> Choice:
    """Draw when it is this seat's turn to draw, else pass."""
    for kind in ("draw", "pass", "bingo"):
        if {"type": kind} in legal:
            return Choice({"type": kind})
    raise AssertionError("no legal move")


def strong(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    if {"type": "bingo"} in legal and _complete(ask):
        return Choice({"type": "bingo"}, 1)
    return _without_call(legal)


def easy(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    noticed = random.Random(ask.seed).random() < 0.5
    # With the drum empty the call is the only move left: then it is made.
    if {"type": "bingo"} in legal and _complete(ask) and (noticed or legal == [{"type": "bingo"}]):
        return Choice({"type": "bingo"}, 1)
    return _without_call(legal)


LEVELS = {"easy": easy, "strong": strong}
