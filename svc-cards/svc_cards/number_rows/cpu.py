"""Number Rows CPU players. Every level decides from the seat's view alone.

Laying is compulsory, so the only choice is which fitting card to lay.
- easy: lays the card that opens the fewest numbers it does not hold itself (a card whose
  next number it holds, or that ends a row at 1 or 20, opens none; an 11 opens two).
- strong: rule-based (`strong`; also the prior of `monte_carlo`): weighs each card: the run of its
  own cards it opens (laid on the next turns without giving anything away), how many of its
  cards further along that row the card brings nearer, and a penalty when the next number is
  one it does not hold (an opponent may lay it). Holding a blocking card is what makes
  opponents draw.
- `monte_carlo` (not a level yet; measured weaker or no better): determinized Monte Carlo
  (rulekit.montecarlo) over that rule-based play: MC_ROLLOUTS rollouts on samples of the
  seat's view; rollouts lay a random fitting card and stop after HORIZON moves, scored by
  hand sizes (or at the end). The rule-based move stands unless another scores MC_MARGIN
  better (bench/mc_strength.py, docs/cpu-strength.md).
"""

from __future__ import annotations

from rulekit import State
from rulekit.montecarlo import MonteCarlo, horizon, lead_value, prefer
from rulekit.players import Ask, Choice

from ..core import Card, parse
from ..core.tactics import legal_or_refuse
from .rules import ENGINE, HIGHEST, OPENER

MC_ROLLOUTS = 40  # about 10-30 ms a move (0.3-0.7 ms a rollout): see the table in docs/cpu-strength.md
MC_BUDGET_MS = 250  # a time cap too, for a loaded machine
MC_MARGIN = 0.1  # the rule-based move stands unless a move beats it by this much
HORIZON = 10  # rollout moves, after which the hand sizes decide
CARD_SCALE = 2.0  # a lead of this many cards is worth about 3 wins in 4


def _mine(hand: list[Card]) -> dict[str, set[int]]:
    out: dict[str, set[int]] = {}
    for card in hand:
        colour, rank = parse(card)
        out.setdefault(colour or "", set()).add(int(rank))
    return out


def _lays(legal: list[dict]) -> list[dict]:
    return [move for move in legal if move["type"] == "lay"]


def _gives(card: Card, mine: dict[str, set[int]], rows: dict) -> int:
    """How many numbers laying `card` opens that this hand does not hold (an 11 opens two)."""
    colour, rank = parse(card)
    number = int(rank)
    own = mine.get(colour or "", set())
    row = rows[colour]
    if row is None:
        return sum(1 for n in (OPENER - 1, OPENER + 1) if n not in own)
    step = -1 if number < row[0] else 1
    return int(1 <= number + step <= HIGHEST and number + step not in own)


def easy(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    lays = _lays(legal)
    if len(lays) <= 1:
        return Choice(legal[0])
    mine = _mine(ask.view["private"]["hand"])
    rows = ask.view["public"]["rows"]
    return Choice(min(lays, key=lambda move: _gives(move["card"], mine, rows)))


def _side(number: int, step: int, own: set[int]) -> float:
    """Value of extending a row past `number` in direction `step` (+1 or -1)."""
    value = 0.0
    run = 0
    nxt = number + step
    while nxt in own:
        run += 1
        nxt += step
    value += 2.0 * run
    further = [n for n in own if (n - number) * step > 0]
    value += 0.5 * len(further)
    if not 1 <= number + step <= HIGHEST:
        return value
    if number + step not in own:
        # The next number goes to whoever holds it; worse when I have nothing further on.
        value -= 1.0 if further else 2.0
    return value


def _value(card: Card, mine: dict[str, set[int]], rows: dict) -> float:
    colour, rank = parse(card)
    number = int(rank)
    own = mine.get(colour or "", set()) - {number}
    row = rows[colour]
    if row is None:  # an 11 opens both ways
        return _side(OPENER, 1, own) + _side(OPENER, -1, own)
    step = -1 if number < row[0] else 1
    return _side(number, step, own)


def strong(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    lays = _lays(legal)
    if len(lays) <= 1:
        return Choice(legal[0])
    mine = _mine(view["private"]["hand"])
    rows = view["public"]["rows"]
    return Choice(max(lays, key=lambda move: _value(move["card"], mine, rows)))


def fewer_cards(state: State, seat: int) -> float:
    """Rollout value once the horizon is reached: fewer cards in hand than the others."""
    playing = [other for other in range(len(state["hands"])) if other not in state["finished"]]
    return lead_value([-len(hand) for hand in state["hands"]], seat, CARD_SCALE, playing)


# Determinized Monte Carlo: rollouts cap (and time cap) per move; see rulekit.montecarlo.
MONTE_CARLO = MonteCarlo(
    rollouts=MC_ROLLOUTS,
    budget_ms=MC_BUDGET_MS,
    policy=prefer("lay"),
    evaluate=horizon(HORIZON, fewer_cards),
    prior=strong,
    margin=MC_MARGIN,
)
monte_carlo = MONTE_CARLO.player(ENGINE)


# The strong level stays rule-based: at 40 rollouts a move the Monte Carlo player did not beat
# it over 500 games (docs/cpu-strength.md, bench/mc_strength.py); `monte_carlo` is kept, tested and measured
# so that a better rollout policy or evaluation can make it the strong level.
LEVELS = {"easy": easy, "strong": strong}
