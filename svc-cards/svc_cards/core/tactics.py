"""Helpers the CPU players of the shedding games share. They read a seat's view only, but for
the Monte Carlo player's rollouts, which play sampled full states (`rulekit.montecarlo`)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from rulekit import Engine, Move, Refusal, State, View
from rulekit.montecarlo import MonteCarlo, greedy_level, horizon, lead_value
from rulekit.players import Ask, Choice, Player

from .cards import Card, parse


def legal_or_refuse(view: View) -> list[Move]:
    """The view's legal moves; a CPU asked while not to move is refused like any player."""
    legal = view.get("legal_moves") or []
    if not legal:
        raise Refusal("not_your_turn", "the view lists no legal move for this seat")
    return legal


def next_in_view(view: View, seat: int, steps: int = 1) -> int:
    """The seat `steps` places on in the direction of play, skipping finished seats."""
    public = view["public"]
    seats, direction, finished = view["seats"], public["direction"], public.get("finished", [])
    if len(finished) >= seats - 1:
        return seat
    for _ in range(steps):
        seat = (seat + direction) % seats
        while seat in finished:
            seat = (seat + direction) % seats
    return seat


def fewest_cards(view: View, seat: int) -> int:
    """The smallest hand among the other seats still playing."""
    public = view["public"]
    finished = public.get("finished", [])
    counts = [n for s, n in enumerate(public["hand_counts"]) if s != seat and s not in finished]
    return min(counts) if counts else 0


def majority_suit(hand: list[Card], choices: tuple[str, ...], leaving: Card | None = None) -> str:
    """The colour or suit the hand holds most of (after playing `leaving`); ties go to the
    first in `choices`. Wilds do not count."""
    counts = Counter(parse(card)[0] for card in hand if card != leaving)
    return max(choices, key=lambda suit: (counts[suit], -choices.index(suit)))


def by_card(legal: list[Move]) -> dict[Card, list[Move]]:
    """Play moves grouped by card (a wild or wish card has one move per colour or suit)."""
    grouped: dict[Card, list[Move]] = {}
    for move in legal:
        if move["type"] == "play":
            grouped.setdefault(move["card"], []).append(move)
    return grouped


def with_choice(moves: list[Move], key: str, value: str) -> Move:
    """The move among one card's moves that names `value` (or the only move)."""
    for move in moves:
        if move.get(key) == value:
            return move
    return moves[0]


def of_type(legal: list[Move], kind: str) -> Move | None:
    return next((move for move in legal if move["type"] == kind), None)


def without_play(legal: list[Move]) -> Move:
    """The move of a seat with no card to lay: draw, else pass, else the one move there is."""
    return of_type(legal, "draw") or of_type(legal, "pass") or legal[0]


def play_naming_majority(moves: list[Move], hand: list[Card], card: Card, key: str, choices: tuple[str, ...]) -> Move:
    """The move for `card`; a wild or wishing card names what the rest of the hand holds most of."""
    return with_choice(moves, key, majority_suit(hand, choices, leaving=card))


def shedding_easy(key: str, choices: tuple[str, ...]) -> Player:
    """The easy level of a game laying one card at a time: any playable card (the drawn one
    whenever it fits), naming under `key` the colour or suit the hand holds most of."""

    def easy(ask: Ask) -> Choice:
        legal = legal_or_refuse(ask.view)
        plays = by_card(legal)
        if not plays:
            return Choice(without_play(legal))
        card = random.Random(ask.seed).choice(sorted(plays))
        return Choice(play_naming_majority(plays[card], ask.view["private"]["hand"], card, key, choices))

    return easy


def suit_counts(hand: list[Card]) -> Counter[Any]:
    return Counter(parse(card)[0] for card in hand)


# The shedding games' determinized Monte Carlo player (`rulekit.montecarlo`, not a level yet:
# measured weaker or no better than the rule-based play it searches over, docs/cpu-strength.md).
MC_ROLLOUTS = 60  # about 35 ms a move on an idle core (0.5-2 ms a rollout to the end)
MC_BUDGET_MS = 100  # a time cap too, for a loaded machine
MC_MARGIN = 0.05  # the rule-based move stands unless a move wins this much more often
MC_EPSILON = 0.1  # share of rollout moves made at random, so rollouts of one sample differ
# Rollouts play to the end of the game; this many moves is only a net for a rare long one,
# scored by hand sizes.
PLAYOUT_LIMIT = 200
CARD_SCALE = 2.0  # a lead of this many cards is worth about 3 wins in 4


def fewer_cards(state: State, seat: int) -> float:
    """Value of a rollout stopped at the limit: fewer cards in hand than the others."""
    playing = [other for other in range(len(state["hands"])) if other not in state["finished"]]
    return lead_value([-len(hand) for hand in state["hands"]], seat, CARD_SCALE, playing)


def shedding_monte_carlo(engine: Engine, strong: Player) -> MonteCarlo:
    """MC_ROLLOUTS rollouts on samples of the seat's view, played out to the end with the
    rule-based level `strong` (a random legal move one time in ten, MC_EPSILON), a win scoring
    1 and a loss 0; `strong`'s move stands unless another wins MC_MARGIN more often."""
    return MonteCarlo(
        rollouts=MC_ROLLOUTS,
        budget_ms=MC_BUDGET_MS,
        policy=greedy_level(strong, engine.meta.id, MC_EPSILON),
        evaluate=horizon(PLAYOUT_LIMIT, fewer_cards),
        prior=strong,
        margin=MC_MARGIN,
    )
