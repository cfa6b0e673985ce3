"""Parchís CPU players. Easy runs its front piece home (coming out is forced anyway); strong
plays every legal piece move one step ahead through the engine and keeps the position worth
most (svc_dice.race.tactics): it captures (and takes the 20), escapes pieces standing within
reach of a rival, parks on safe squares, keeps out of a rival's exit while that rival has a
piece at home, and runs pieces into the corridor."""

from __future__ import annotations

from typing import cast

from rulekit.players import Ask, Choice, legal_or_refuse

from ..race import best_move, front_runner
from ..race.state import RaceView
from .rules import ENGINE, out_of_reach


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
    return Choice(best_move(ENGINE, state, ask.seat, legal, out_of_reach), nodes=len(legal))


LEVELS = {"easy": easy, "strong": strong}
