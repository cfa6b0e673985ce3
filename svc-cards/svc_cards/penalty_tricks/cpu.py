"""Penalty Tricks CPU players. Every level decides from the seat's view alone.

- easy: passes its most dangerous cards (the deal's penalty cards, hearts where heart tricks
  cost, then the highest), leads and follows with its lowest card, and throws its most
  dangerous card away when it cannot follow suit.
- strong: the passes of a rule-based player (`rules`: the same dangers, but keeping the low
  cards that duck later), then determinized Monte Carlo (rulekit.montecarlo) for every card
  played: MC_ROLLOUTS rollouts on samples of the seat's view (the unseen cards dealt again,
  respecting the suits each seat showed it lacks and where its own passed cards went), played
  out to the deal's end by `rules` (duck under the trick's best card with the highest card that
  still ducks, win a clean trick last to play with the highest, lead low from short suits) and
  scored by the deal's minus points against the others'. The rule-based move stands unless
  another scores MC_MARGIN better.
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
from .rules import ENGINE, NO_HEART_LEAD, card_points, danger

MC_ROLLOUTS = 40  # a cap: with 4 seats some 25 ms a card on a quiet core (a set: about 2.6 s)
MC_BUDGET_MS = 400  # a time cap too, for a loaded machine
MC_MARGIN = 0.01
PENALTY_SCALE = 400.0  # about the most one deal of "everything at once" can cost

Move = dict


def pass_value(card: Card, hand: list[Card], kind: str) -> tuple[float, int]:
    """How much `rules` wants to pass a card: its danger, and high cards of short suits (they
    win tricks late, when a seat cannot duck) before low ones, which are kept for ducking."""
    points, rank = danger(card, kind)
    suit = parse(card)[0]
    length = sum(1 for other in hand if parse(other)[0] == suit)
    # A queen of spades with many low spades guards itself; a lone ace or king does not.
    if kind in ("queens", "all") and suit == "S" and parse(card)[1] == "Q" and length >= 5:
        points -= 40
    if kind in ("queens", "all") and suit == "S" and parse(card)[1] in ("A", "K"):
        points += 20
    return (points + rank * (1.5 if length <= 3 else 1.0), rank)


def trick_cost(trick: list[Card], kind: str) -> int:
    """The penalty in the trick so far (hearts count once)."""
    cost = -sum(card_points(card, kind) for card in trick)
    if kind in NO_HEART_LEAD and any(parse(card)[0] == "H" for card in trick):
        cost += 10
    return cost


def play_choice(hand: list[Card], trick: list[Card], seats: int, kind: str, legal: list[Move], careful: bool) -> Move:
    cards = [move["card"] for move in legal]
    if not trick:
        if not careful:
            return {"type": "play", "card": min(cards, key=lambda c: (rank_value(c), c))}
        # Lead low from the suit where the lowest card is lowest; never lead a penalty card.
        safe = [card for card in cards if card_points(card, kind) == 0] or cards
        lengths = Counter(parse(card)[0] for card in hand)
        return {"type": "play", "card": min(safe, key=lambda c: (rank_value(c), lengths[parse(c)[0]], c))}
    led = parse(trick[0])[0]
    following = [card for card in cards if parse(card)[0] == led]
    if not following:
        return {"type": "play", "card": max(cards, key=lambda c: (danger(c, kind), c))}
    if not careful:
        return {"type": "play", "card": min(cards, key=lambda c: (rank_value(c), c))}
    best = max(rank_value(card) for card in trick if parse(card)[0] == led)
    ducks = [card for card in following if rank_value(card) < best]
    if ducks:
        return {"type": "play", "card": max(ducks, key=lambda c: (rank_value(c), c))}
    last = len(trick) == seats - 1
    clean = [card for card in following if card_points(card, kind) == 0] or following
    if last and trick_cost(trick, kind) == 0 and not (kind in ("king_last", "all") and len(hand) == 1):
        return {"type": "play", "card": max(clean, key=lambda c: (rank_value(c), c))}
    return {"type": "play", "card": min(clean, key=lambda c: (rank_value(c), c))}


def decide(public: dict, hand: list[Card], legal: list[Move], seats: int, careful: bool) -> Move:
    kind = legal[0]["type"]
    if kind not in ("pass", "play"):
        return legal[0]
    deal_kind = public["kinds"][public["deal"]]
    if kind == "pass":
        if careful:
            return max(legal, key=lambda m: (pass_value(m["card"], hand, deal_kind), m["card"]))
        return max(legal, key=lambda m: (danger(m["card"], deal_kind), m["card"]))
    return play_choice(hand, public["trick"], seats, deal_kind, legal, careful)


def own_hand(view: dict) -> list[Card]:
    """The hand less the cards already chosen to pass."""
    chosen = view["private"].get("passing") or []
    return [card for card in view["private"]["hand"] if card not in chosen]


def easy(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    view = ask.view
    return Choice(decide(view["public"], own_hand(view), legal, view["seats"], careful=False))


def rules(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    view = ask.view
    return Choice(decide(view["public"], own_hand(view), legal, view["seats"], careful=True))


def rollout(engine, state: State, seat: int, rnd: random.Random) -> Move:  # noqa: ANN001
    """The rule-based player on a sampled state, without building a view."""
    legal = engine.legal_moves(state, seat)
    hand = state["hands"][seat]
    if state["passing"] is not None:
        hand = [card for card in hand if card not in state["passing"][seat]]
    return decide(state, hand, legal, len(state["hands"]), careful=True)


def deal_value(root: State, state: State, seat: int, moves: int) -> float | None:
    """Once the sampled deal is scored: the seat's minus points against the mean of the
    others' (the set is a sum of deals, so a deal's points are what a move changes)."""
    if state["deal"] == root["deal"] and state["phase"] in ("passing", "playing"):
        return None
    points = state["history"][-1]["points"]  # the rollout stops where the root's deal is scored
    others = [p for other, p in enumerate(points) if other != seat]
    value = 0.5 + (points[seat] - sum(others) / len(others)) / (2 * PENALTY_SCALE)
    return min(1.0, max(0.0, value))


MONTE_CARLO = MonteCarlo(
    rollouts=MC_ROLLOUTS,
    budget_ms=MC_BUDGET_MS,
    policy=rollout,
    evaluate=deal_value,
    prior=rules,
    margin=MC_MARGIN,
)
monte_carlo = MONTE_CARLO.player(ENGINE)


def strong(ask: Ask) -> Choice:
    """The rule-based passes (a pass is valued only once the whole deal is played, too far for
    a few rollouts to tell thirteen cards apart), Monte Carlo for every card."""
    legal = legal_or_refuse(ask.view)
    if legal[0]["type"] != "play":
        return rules(ask)
    return monte_carlo(ask)


LEVELS = {"easy": easy, "strong": strong}
