"""Blackjack CPU players. Both decide from the seat's view alone (the dealer's open card and
the seat's own hand); neither ever sees the hidden card or the shoe.

- easy: bets one unit (a twentieth of the starting chips), hits below 17, never doubles.
- strong: bets the same unit and plays basic strategy for this table (dealer stands on every
  17, double on any two cards, no split): the standard chart of hard and soft totals against
  the dealer's open card, doubling where the chart says so and chips allow.
"""

from __future__ import annotations

from rulekit import Move, View
from rulekit.players import Ask, Choice, legal_or_refuse

from ..core.blackjack import card_points, hand_total
from .rules import BET_STEP, MIN_BET

UNIT_SHARE = 20  # a unit bet is this fraction of the starting chips
HIT, STAND, DOUBLE, DOUBLE_OR_STAND = "H", "S", "D", "Ds"


def unit_bet(view: View, seat: int) -> Move:
    """One unit, within what the seat may bet."""
    (template,) = view["legal_moves"]
    low, high, step = template["range"]["amount"]
    unit = max(MIN_BET, view["public"]["start_chips"] // UNIT_SHARE // BET_STEP * BET_STEP)
    return {"type": "bet", "amount": max(low, min(high, unit))}


def dealer_value(view: View) -> int:
    """The dealer's open card: 2-10, an ace 11."""
    up = view["public"]["dealer_shown"][0]
    points = card_points(up)
    return 11 if points == 1 else points


def basic_strategy(total: int, soft: bool, up: int) -> str:
    """The chart's action (H, S, D = double else hit, Ds = double else stand)."""
    if soft:
        if total >= 19:
            return STAND
        if total == 18:
            if 3 <= up <= 6:
                return DOUBLE_OR_STAND
            return STAND if up in (2, 7, 8) else HIT
        if total == 17:
            return DOUBLE if 3 <= up <= 6 else HIT
        if total >= 15:
            return DOUBLE if 4 <= up <= 6 else HIT
        return DOUBLE if 5 <= up <= 6 else HIT
    if total >= 17:
        return STAND
    if total >= 13:
        return STAND if up <= 6 else HIT
    if total == 12:
        return STAND if 4 <= up <= 6 else HIT
    if total == 11:
        return DOUBLE if up <= 10 else HIT
    if total == 10:
        return DOUBLE if up <= 9 else HIT
    if total == 9:
        return DOUBLE if 3 <= up <= 6 else HIT
    return HIT


def easy(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    if legal[0]["type"] == "bet":
        return Choice(unit_bet(view, ask.seat))
    total = hand_total(view["public"]["hands"][ask.seat])[0]
    return Choice({"type": "hit" if total < 17 else "stand"})


def strong(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    if legal[0]["type"] == "bet":
        return Choice(unit_bet(view, ask.seat))
    total, soft = hand_total(view["public"]["hands"][ask.seat])
    action = basic_strategy(total, soft, dealer_value(view))
    if action in (DOUBLE, DOUBLE_OR_STAND):
        if {"type": "double"} in legal:
            return Choice({"type": "double"})
        action = HIT if action == DOUBLE else STAND
    return Choice({"type": "hit" if action == HIT else "stand"})


LEVELS = {"easy": easy, "strong": strong}
