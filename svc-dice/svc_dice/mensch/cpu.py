"""Mensch CPU players. Easy runs its front piece home; strong plays every legal piece move one
step ahead through the engine and keeps the position worth most (svc_dice.race.tactics): it
captures, escapes pieces within a roll of an opponent, sits on start fields where nobody can
hit it, and never hits its own second colour unless that is the only move (the rules already
allow it only then). The colour choice is the first one offered: the board is symmetric."""

from __future__ import annotations

from rulekit.players import Ask, Choice, legal_or_refuse

from ..race import best_move, front_runner
from .rules import ENGINE, safe_start


def easy(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    if legal[0]["type"] != "move":
        return Choice(dict(legal[0]))
    return Choice(front_runner(ask.view["public"], ask.seat, legal))


def strong(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    if legal[0]["type"] != "move":
        return Choice(dict(legal[0]))
    state = ENGINE.determinize(ask.view, ask.seat, ask.seed)
    return Choice(best_move(ENGINE, state, ask.seat, legal, safe_start), nodes=len(legal))


LEVELS = {"easy": easy, "strong": strong}
