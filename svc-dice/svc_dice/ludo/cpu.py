"""Ludo CPU players. Easy runs its front piece home; strong plays every legal piece move one
step ahead through the engine and keeps the position worth most (svc_dice.race.tactics):
it captures, escapes pieces that stand within a roll of an opponent, avoids stopping in
front of one, and brings pieces out when that pays."""

from __future__ import annotations

from typing import cast

from rulekit.players import Ask, Choice, legal_or_refuse

from ..race import best_move, front_runner
from ..race.state import RaceView
from .rules import ENGINE


def easy(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    if legal[0]["type"] == "roll":
        return Choice(dict(legal[0]))
    return Choice(front_runner(ask.view["public"], ask.seat, legal))


def strong(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    if legal[0]["type"] == "roll":
        return Choice(dict(legal[0]))
    state = ENGINE.determinize(cast(RaceView, ask.view), ask.seat, ask.seed)
    return Choice(best_move(ENGINE, state, ask.seat, legal), nodes=len(legal))


LEVELS = {"easy": easy, "strong": strong}
