"""Hau Hau CPU players. Every level decides from the seat's view alone.

- easy: throws at random, plays any fitting card (drawing only when none fits), wishes its
  majority suit, takes a penalty rather than stacking.
- strong: rule-based (`strong`; also the prior of `monte_carlo`): throws at random (there is nothing
  to read), passes every +2/+4 on (a K before an A), keeps 10s and aces for when nothing
  else fits but plays an ace against a player about to go out, plays K against the next
  player, Q and J when the turn comes straight back and it has a card to follow, prefers the
  card after which it holds the most of the suit in force, never draws while it can play,
  wishes its majority suit.
- `monte_carlo` (not a level yet; measured weaker or no better): determinized Monte Carlo
  (rulekit.montecarlo) over that rule-based play: MC_ROLLOUTS rollouts on samples of the
  seat's view; rollouts play a card whenever one fits and stop when the round is won (or
  after HORIZON moves, scored by hand sizes); the opening throw is always at random. The
  rule-based move stands unless another scores MC_MARGIN better (bench/mc_strength.py,
  docs/cpu-strength.md).
"""

from __future__ import annotations

import random

from rulekit import State
from rulekit.montecarlo import MonteCarlo, lead_value, prefer
from rulekit.players import Ask, Choice

from ..core import SUITS, Card, parse
from ..core.tactics import by_card, fewest_cards, legal_or_refuse, majority_suit, next_in_view, of_type, with_choice
from .rules import ENGINE

MC_ROLLOUTS = 40  # about 10-30 ms a move (0.3-0.7 ms a rollout): see the table in docs/cpu-strength.md
MC_BUDGET_MS = 250  # a time cap too, for a loaded machine
MC_MARGIN = 0.1  # the rule-based move stands unless a move beats it by this much
HORIZON = 10  # rollout moves, after which the hand sizes decide
CARD_SCALE = 2.0  # a lead of this many cards is worth about 3 wins in 4

# Weights of the strong level's card value.
COLOUR_WEIGHT = 0.6  # per card left in the suit the played card sets
ACE_ATTACK = 6.0  # +4 against a player about to go out
ACE_KEEP = -15.0  # otherwise the ace is kept: it always fits, and stacks
TEN_KEEP = -20.0  # a 10 is kept for when nothing else fits


def _finish(moves: list[dict], hand: list[Card], card: Card) -> dict:
    return with_choice(moves, "suit", majority_suit(hand, SUITS, leaving=card))


def _fallback(legal: list[dict]) -> dict:
    return of_type(legal, "pass") or of_type(legal, "draw") or legal[0]


def easy(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    rnd = random.Random(ask.seed)
    if legal[0]["type"] == "rps":
        return Choice(rnd.choice(legal))
    if ask.view["public"]["pending"]:
        return Choice(of_type(legal, "draw") or legal[0])
    plays = by_card(legal)
    if not plays:
        return Choice(_fallback(legal))
    card = rnd.choice(sorted(plays))
    return Choice(_finish(plays[card], ask.view["private"]["hand"], card))


def _value(card: Card, hand: list[Card], view: dict, seat: int) -> float:
    suit, rank = parse(card)
    counts = view["public"]["hand_counts"]
    following = next_in_view(view, seat)
    closing = counts[following] <= 2  # the next player is about to go out
    threatened = closing or counts[following] == fewest_cards(view, seat)
    rest = [other for other in hand if other != card]
    if rank == "A":
        return ACE_ATTACK if closing else ACE_KEEP
    if rank == "10":
        return TEN_KEEP
    value = COLOUR_WEIGHT * sum(1 for other in rest if parse(other)[0] == suit)
    if rank == "K":
        value += 4.0 if threatened else 1.0
    elif rank in ("Q", "J") and view["seats"] == 2:
        # The turn comes straight back: worth it with a card to follow.
        value += 2.0 if any(parse(o)[0] == suit or parse(o)[1] in (rank, "10", "A") for o in rest) else 0.0
    elif rank == "Q" and threatened:
        value += 3.0
    return value


def strong(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    if legal[0]["type"] == "rps":
        return Choice(random.Random(ask.seed).choice(legal))
    hand = view["private"]["hand"]
    plays = by_card(legal)
    if not plays:
        return Choice(_fallback(legal))
    if view["public"]["pending"]:
        kings = sorted(card for card in plays if parse(card)[1] == "K")
        card = kings[0] if kings else sorted(plays)[0]
        return Choice(_finish(plays[card], hand, card))
    card = max(sorted(plays), key=lambda c: _value(c, hand, view, ask.seat))
    return Choice(_finish(plays[card], hand, card))


def fewer_cards(state: State, seat: int) -> float:
    """Rollout value once the horizon is reached: fewer cards in hand than the others."""
    playing = [other for other in range(len(state["hands"])) if other not in state["finished"]]
    return lead_value([-len(hand) for hand in state["hands"]], seat, CARD_SCALE, playing)


def round_won(root: State, state: State, seat: int, moves: int) -> float | None:
    """Rollouts stop when the round is won (1 if by `seat`), or at the horizon. A whole
    random match runs to thousands of moves; the round is what the move decides."""
    if state["round_winners"] != root["round_winners"]:
        return 1.0 if state["round_winners"][len(root["round_winners"])] == seat else 0.0
    return fewer_cards(state, seat) if moves >= HORIZON else None


# Determinized Monte Carlo: rollouts cap (and time cap) per move; see rulekit.montecarlo.
MONTE_CARLO = MonteCarlo(
    rollouts=MC_ROLLOUTS,
    budget_ms=MC_BUDGET_MS,
    policy=prefer("play"),
    evaluate=round_won,
    random_types=frozenset({"rps"}),
    prior=strong,
    margin=MC_MARGIN,
)
monte_carlo = MONTE_CARLO.player(ENGINE)

# The strong level stays rule-based: at 40 rollouts a move the Monte Carlo player did not beat
# it over 500 games (docs/cpu-strength.md, bench/mc_strength.py); `monte_carlo` is kept, tested and measured
# so that a better rollout policy or evaluation can make it the strong level.
LEVELS = {"easy": easy, "strong": strong}
