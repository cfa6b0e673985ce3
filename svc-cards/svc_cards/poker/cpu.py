"""Poker CPU players. Every level decides from the seat's view alone: other hole cards are
never seen, they are sampled with the engine's `determinize`.

- easy: hand strength only. Its win chance against one random hand (EASY_SAMPLES samples);
  it calls or checks with a fair hand, folds a weak one to any bet, raises the minimum with
  a strong one. It does not look at the price.
- strong: Monte Carlo over `determinize` (STRONG_SAMPLES samples of the unseen cards: every
  opponent still in the hand gets hole cards, the board is completed) gives its win chance
  against the whole table; pot odds decide between fold and call (it calls when the chance
  beats the price plus a margin), and a chance well above its fair share against that many
  opponents raises, about the size of the pot, or goes all-in when the stack is short.
"""

from __future__ import annotations

import random
from typing import cast

from rulekit import Move, View
from rulekit.players import Ask, Choice, legal_or_refuse

from .hands import best_value
from .rules import ENGINE
from .state import PokerView

EASY_SAMPLES = 40
STRONG_SAMPLES = 150
CALL_MARGIN = 0.03  # a call must beat the pot odds by this much
RAISE_FACTOR = 1.6  # raise with at least this many times the fair share (1 / players)
SHOVE_STACK_BB = 10  # with fewer big blinds behind, a raise is all-in


def win_chance(view: View, seat: int, samples: int, seed: bytes, opponents: int | None = None) -> float:
    """The share of the pot this seat's cards win at showdown, over samples of the unseen
    cards drawn by `determinize` (ties count as shares). `opponents` limits how many of the
    players still in the hand are counted (easy counts one)."""
    public = view["public"]
    others = [s for s in range(view["seats"]) if s != seat and public["dealt"][s] and not public["folded"][s]]
    if opponents is not None:
        others = others[:opponents]
    missing = 5 - len(public["board"])
    total = 0.0
    # The seat's view as this engine wrote it; an ask carries it as plain JSON.
    typed_view = cast(PokerView, view)
    for number in range(samples):
        state = ENGINE.determinize(typed_view, seat, seed + b":%d" % number)
        board = state["board"] + state["deck"][:missing]
        mine = best_value(state["hole"][seat] + board)
        best, ties = 0, 0
        for other in others:
            value = best_value(state["hole"][other] + board)
            if value > best:
                best, ties = value, 0
            if value == best:
                ties += 1
        if mine > best:
            total += 1.0
        elif mine == best:
            total += 1.0 / (ties + 1)
    return total / samples if samples else 0.0


def _of(legal: list[Move], kind: str) -> Move | None:
    return next((move for move in legal if move["type"] == kind), None)


def _raise_to(legal: list[Move], target: int) -> Move | None:
    """A raise to about `target` within the listed range, or None when no raise is listed."""
    template = _of(legal, "raise")
    if template is None:
        return None
    low, high, step = template["range"]["amount"]
    amount = min(high, max(low, low + (target - low) // step * step))
    return {"type": "raise", "amount": amount}


def _passive(legal: list[Move]) -> Move:
    return _of(legal, "check") or _of(legal, "fold") or legal[0]


def easy(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    chance = win_chance(view, ask.seat, EASY_SAMPLES, ask.seed, opponents=1)
    if chance > 0.75:
        move = _raise_to(legal, 0) or _of(legal, "call") or _of(legal, "allin") or _passive(legal)
    elif chance > 0.45:
        move = _of(legal, "check") or _of(legal, "call") or legal[0]
    else:
        move = _passive(legal)
    return Choice(move, EASY_SAMPLES)


def strong(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    seat, public = ask.seat, view["public"]
    players = sum(1 for s in range(view["seats"]) if public["dealt"][s] and not public["folded"][s])
    chance = win_chance(view, seat, STRONG_SAMPLES, ask.seed)
    fair = 1.0 / players
    call = _of(legal, "call")
    to_call = call["amount"] if call else 0
    pot = public["pot"]
    price = to_call / (pot + to_call) if to_call else 0.0
    big_blind = public["blinds"][1]
    stack = public["stacks"][seat]
    # A little noise so the strong level cannot be read exactly from its bets.
    rnd = random.Random(ask.seed)
    if chance >= min(0.9, RAISE_FACTOR * fair) + rnd.uniform(-0.03, 0.03):
        if stack < SHOVE_STACK_BB * big_blind or chance > 0.85:
            move = _of(legal, "allin") or call or _passive(legal)
        else:
            target = public["bets"][seat] + to_call + pot + to_call
            move = _raise_to(legal, target) or _of(legal, "allin") or call or _passive(legal)
    elif call is None:
        move = _passive(legal)
    elif chance >= price + CALL_MARGIN:
        move = call
    else:
        move = _passive(legal)
    return Choice(move, STRONG_SAMPLES)


LEVELS = {"easy": easy, "strong": strong}
