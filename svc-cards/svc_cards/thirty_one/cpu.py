"""Thirty-One CPU players. Every level decides from the seat's view alone (the middle, the
cards others were seen to take, the lives).

- easy: a beginner: swaps one card at a time (never all three), taking the swap that gives
  the most points right now, pushes when none improves, and knocks from 26 points.
- `strong` (the function; the Monte Carlo level's prior): considers all three cards too, and
  weighs each swap by what it leaves in the middle for the next player (the best hand that
  player could make from the middle and the cards seen in their hand). It knocks early, from
  24 points: measured against easy, waiting for a better hand gives the others the time to
  build theirs (26 points: 57 %, 24: 58 %, 20: 39 % of games won; a sampled estimate of
  being lowest did worse, 54 %). It takes 31 whenever a swap gives it (the deal ends at
  once), and on its last turn after a knock it takes whatever scores most.
- strong (the level): determinized Monte Carlo (rulekit.montecarlo) over that rule-based
  play: MC_ROLLOUTS rollouts on samples of the seat's view; rollouts play the easy level's
  greedy swaps and stop at the first showdown (the deal's lost lives decide). The rule-based
  move stands unless another scores MC_MARGIN better (bench/mc_strength.py, docs/cpu-strength.md).
Both knock once the deal has gone round four times, so a table of CPUs always ends a deal.
"""

from __future__ import annotations

import random

from rulekit import Engine, Move, State
from rulekit.montecarlo import MonteCarlo
from rulekit.players import Ask, Choice

from ..core import Card, active_seats
from ..core.tactics import legal_or_refuse, next_in_view
from .rules import ENGINE, THIRTY_ONE, points_half

MC_ROLLOUTS = 40  # about 10-30 ms a move (0.3-0.7 ms a rollout): see the table in docs/cpu-strength.md
MC_BUDGET_MS = 250  # a time cap too, for a loaded machine
MC_MARGIN = 0.1  # the rule-based move stands unless a move beats it by this much

EASY_KNOCK = 52  # half points (26)
STRONG_KNOCK = 48  # half points (24)
LONG_DEAL = 4  # rounds of turns after which a CPU knocks whatever it holds
GIFT = 0.3  # weight of what a swap leaves in the middle for the next player


def _after(move: dict, hand: list[Card], middle: list[Card]) -> tuple[list[Card], list[Card]]:
    """(own hand, middle) after a swap move."""
    if move["type"] == "swap_all":
        return list(middle), list(hand)
    give, take = move["give"], move["take"]
    return [take if c == give else c for c in hand], [give if c == take else c for c in middle]


def _best_swap(legal: list[dict], hand: list[Card], middle: list[Card]) -> tuple[dict | None, int]:
    best, best_points = None, points_half(hand)
    for move in legal:
        if move["type"] in ("swap", "swap_all"):
            points = points_half(_after(move, hand, middle)[0])
            if points > best_points:
                best, best_points = move, points
    return best, best_points


def _find(legal: list[dict], kind: str) -> dict | None:
    return next((move for move in legal if move["type"] == kind), None)


def _long_deal(view: dict) -> bool:
    public = view["public"]
    playing = view["seats"] - len(public["finished"])
    return public["turns"] >= LONG_DEAL * playing


def easy(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    hand, middle = view["private"]["hand"], view["public"]["middle"]
    knock = _find(legal, "knock")
    if knock and (points_half(hand) >= EASY_KNOCK or _long_deal(view)):
        return Choice(knock)
    singles = [move for move in legal if move["type"] != "swap_all"]
    best, _ = _best_swap(singles, hand, middle)
    return Choice(best or _find(legal, "push") or legal[0])


def _gift(middle: list[Card], known: list[Card]) -> int:
    """The best the next player could make from the middle and the cards seen in their hand."""
    pool = middle + known
    best = 0
    for i, a in enumerate(pool):
        for j in range(i + 1, len(pool)):
            for k in range(j + 1, len(pool)):
                best = max(best, points_half([a, pool[j], pool[k]]))
    return best


def strong(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    public = view["public"]
    hand, middle = view["private"]["hand"], public["middle"]
    current = points_half(hand)
    knock = _find(legal, "knock")
    push = _find(legal, "push") or legal[0]
    best, best_points = _best_swap(legal, hand, middle)
    if public["knocker"] is not None or best_points == THIRTY_ONE:
        return Choice(best or push)
    if knock and (current >= STRONG_KNOCK or _long_deal(view)):
        return Choice(knock)
    following = next_in_view(view, ask.seat)
    known = public["known"][following]
    best_move, best_value = push, current - GIFT * _gift(middle, known)
    for move in legal:
        if move["type"] not in ("swap", "swap_all"):
            continue
        own, left = _after(move, hand, middle)
        value = points_half(own) - GIFT * _gift(left, known)
        if value > best_value:
            best_move, best_value = move, value
    return Choice(best_move)


def greedy_rollout(engine: Engine, state: State, seat: int, rnd: random.Random) -> Move:
    """Rollout policy, the easy level's play on the sampled state: the swap that gives the
    most points now, knock from 26 points (or a long deal), else push. Random swaps and
    knocks would make every deal a lottery."""
    legal = engine.legal_moves(state, seat)
    hand, middle = state["hands"][seat], state["middle"]
    knock = _find(legal, "knock")
    if knock and (points_half(hand) >= EASY_KNOCK or state["turns"] >= LONG_DEAL * len(active_seats(state))):
        return knock
    best, _ = _best_swap(legal, hand, middle)
    return best or _find(legal, "push") or rnd.choice(legal)


def deal_value(root: State, state: State, seat: int, moves: int) -> float | None:
    """Rollouts stop at the first showdown: 1 if only others lost a life, 0 if only `seat`
    did, ties share (as placings do). Each deal is its own contest."""
    if state["lives"] == root["lives"]:
        return None
    lost = [before - after for before, after in zip(root["lives"], state["lives"], strict=True)]
    playing = [other for other in range(len(lost)) if root["out_at"][other] is None]
    if len(playing) < 2:
        return 1.0
    fewer = sum(1 for other in playing if lost[other] > lost[seat])
    same = sum(1 for other in playing if lost[other] == lost[seat]) - 1
    return (fewer + same / 2) / (len(playing) - 1)


# Determinized Monte Carlo: rollouts cap (and time cap) per move; see rulekit.montecarlo.
MONTE_CARLO = MonteCarlo(
    rollouts=MC_ROLLOUTS,
    budget_ms=MC_BUDGET_MS,
    policy=greedy_rollout,
    evaluate=deal_value,
    prior=strong,
    margin=MC_MARGIN,
)
monte_carlo = MONTE_CARLO.player(ENGINE)


# "strong" (the level name rooms already use) is the Monte Carlo search over the rule-based
# play: it won 58 % of 500 games against it (docs/cpu-strength.md); `strong` above stays its prior.
LEVELS = {"easy": easy, "strong": monte_carlo}
