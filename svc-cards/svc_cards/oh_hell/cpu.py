"""Oh Hell CPU players. Every level decides from the seat's view alone.

- easy: bids its aces and kings, then plays to that bid without looking ahead: while it needs
  tricks it wins a trick as cheaply as it can (or leads its highest card); once it has them it
  plays its lowest card.
- strong: determinized Monte Carlo (rulekit.montecarlo) over a rule-based player (`rules`):
  the bid is valued card by card (aces, guarded kings and queens, long suits in short deals
  less), play wins cheaply while it needs tricks and ducks under the trick's best card once it
  has them. MC_ROLLOUTS rollouts on samples of the seat's view (the unseen cards dealt again,
  respecting the suits each seat showed it lacks), played out to the deal's end by `rules` and
  scored by the deal's points against the others'. The rule-based move stands unless another
  scores MC_MARGIN better.
"""

from __future__ import annotations

import random
from collections import Counter

from rulekit import State
from rulekit.montecarlo import MonteCarlo
from rulekit.players import Ask, Choice

from ..core import Card, parse
from ..core.tactics import legal_or_refuse
from ..core.tricks import rank_value
from .rules import ENGINE, deal_points

MC_ROLLOUTS = 30  # a cap: with 4 seats about 10-30 ms a move (docs/cpu-strength.md)
MC_BUDGET_MS = 400  # a time cap too, for a loaded machine
MC_MARGIN = 0.02

Move = dict


def expected_tricks(hand: list[Card], seats: int) -> float:
    """How many tricks a hand should take, card by card: an ace nearly always, a king with a
    guard (another card of its suit) often, a queen with two guards sometimes; in a long deal
    the lengths of a suit add a little."""
    lengths = Counter(parse(card)[0] for card in hand)
    total = 0.0
    for card in hand:
        suit, rank = parse(card)
        length = lengths[suit]
        if rank == "A":
            total += 0.9 if length <= 5 else 0.7
        elif rank == "K":
            total += 0.65 if length >= 2 else 0.3
        elif rank == "Q":
            total += 0.35 if length >= 3 else 0.1
        elif rank == "J" and length >= 4:
            total += 0.2
    # More seats: more chances someone else holds the winners of a suit.
    return total * (1.0 if seats <= 4 else 0.85)


def nearest_bid(legal: list[Move], target: float) -> Move:
    return min(legal, key=lambda move: (abs(move["bid"] - target), move["bid"]))


def play_choice(hand_cards: list[Card], trick: list[Card], need: int, legal: list[Move]) -> Move:
    """The rule-based card: win cheaply while tricks are needed, duck once they are made."""
    cards = [move["card"] for move in legal]
    if not trick:
        pick = max(cards, key=rank_value) if need > 0 else min(cards, key=rank_value)
        return {"type": "play", "card": pick}
    led = parse(trick[0])[0]
    best = max(rank_value(card) for card in trick if parse(card)[0] == led)
    following = [card for card in cards if parse(card)[0] == led]
    winners = [card for card in following if rank_value(card) > best]
    if need > 0:
        if winners:
            pick = min(winners, key=rank_value)
        else:
            pick = min(cards, key=rank_value)
    else:
        losers = [card for card in cards if card not in winners]
        pick = max(losers, key=rank_value) if losers else min(cards, key=rank_value)
        if not following:
            # Out of the suit: throw the most dangerous card (the highest) away.
            pick = max(cards, key=rank_value)
    return {"type": "play", "card": pick}


def decide(public: dict, hand: list[Card], seat: int, legal: list[Move], seats: int, careful: bool) -> Move:
    kind = legal[0]["type"]
    if kind != "bid" and kind != "play":
        return legal[0]
    if kind == "bid":
        if careful:
            return nearest_bid(legal, expected_tricks(hand, seats))
        return nearest_bid(legal, sum(1 for card in hand if parse(card)[1] in ("A", "K")))
    need = public["bids"][seat] - public["tricks_won"][seat]
    return play_choice(hand, public["trick"], need, legal)


def easy(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    view = ask.view
    return Choice(decide(view["public"], view["private"]["hand"], ask.seat, legal, view["seats"], careful=False))


def rules(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    view = ask.view
    return Choice(decide(view["public"], view["private"]["hand"], ask.seat, legal, view["seats"], careful=True))


def rollout(engine, state: State, seat: int, rnd: random.Random) -> Move:  # noqa: ANN001
    """The rule-based player on a sampled state, without building a view."""
    legal = engine.legal_moves(state, seat)
    return decide(state, state["hands"][seat], seat, legal, len(state["hands"]), careful=True)


def deal_value(root: State, state: State, seat: int, moves: int) -> float | None:
    """Once the sampled deal is scored: the seat's points against the mean of the others'
    (the match is a sum of deals, so a deal's points are what a move changes)."""
    if state["phase"] in ("bidding", "playing") and state["deal"] == root["deal"]:
        return None
    history = state["history"][root["deal"]]
    points = [deal_points(bid, won) for bid, won in zip(history["bids"], history["tricks"], strict=True)]
    others = [p for other, p in enumerate(points) if other != seat]
    return 0.5 + (points[seat] - sum(others) / len(others)) / 42


MONTE_CARLO = MonteCarlo(
    rollouts=MC_ROLLOUTS,
    budget_ms=MC_BUDGET_MS,
    policy=rollout,
    evaluate=deal_value,
    prior=rules,
    margin=MC_MARGIN,
)
monte_carlo = MONTE_CARLO.player(ENGINE)
strong = monte_carlo

LEVELS = {"easy": easy, "strong": strong}
