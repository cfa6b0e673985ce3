"""Mensch CPU players. Easy runs its front piece home; strong plays every legal piece move one
step ahead through the engine and keeps the position worth most (`Mensch.standing` over the
race core's `colour_value`): it captures, escapes pieces within a roll of an opponent, counts
start fields as safe where nobody can come out onto them, and, 1 vs 1, backs its leading
colour (one complete colour wins) and hits the opponent's leading colour first. The colour
choice is the first one offered: the board is symmetric."""

from __future__ import annotations

from typing import cast

from rulekit.players import Ask, Choice, legal_or_refuse

from ..race import best_move, front_runner
from ..race.state import RaceView
from .rules import ENGINE


def easy(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    if legal[0]["type"] != "move":
        return Choice(dict(legal[0]))
    return Choice(front_runner(ask.view["public"], ask.seat, legal))


def strong(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    if legal[0]["type"] != "move":
        return Choice(dict(legal[0]))
    state = ENGINE.determinize(cast(RaceView, ask.view), ask.seat, ask.seed)
    return Choice(best_move(ENGINE, state, ask.seat, legal, value=ENGINE.standing), nodes=len(legal))


LEVELS = {"easy": easy, "strong": strong}
