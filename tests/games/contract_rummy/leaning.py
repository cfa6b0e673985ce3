"""A purposeful random Femton player for the playouts: still a draw from the legal moves with
the game's generator, but most moves are drawn from those that bring a round to its end.

Uniformly random players almost never lay a contract down, so a random game of fifteen rounds
runs to tens of thousands of moves. `leaning` lays a contract down only when its hand holds the
whole of it (so a proposal is never taken back for want of a meld), then lays off, swaps
jokers and lays further melds, takes or buys an open card that completes a meld, and discards
the card least likely to join one. RANDOM_SHARE of its moves stay uniformly random, so the odd
paths (a proposal taken back, a late buy, a withdrawn request, a useful card thrown away) are
still played.
"""

from __future__ import annotations

import random

from svc_cards.contract_rummy.rules import HAND, penalty, still_needed
from svc_cards.contract_rummy.tactics import AFTER_DOWN_NEED, contract_plan, distance, without
from svc_cards.core import Card
from svc_cards.core.melds import FIFTEEN, is_joker, lay_offs

from rulekit import Engine, Move, State

RANDOM_SHARE = 0.1  # of the moves, drawn uniformly from every legal move
BUY_SHARE = 0.5  # of the chances to buy an open card that completes a meld


def leaning(engine: Engine, state: State, seat: int, rnd: random.Random) -> Move:
    """A legal move of `seat`: RANDOM_SHARE of the time any, otherwise one that plays on
    towards the round's end (the module's docstring says how)."""
    legal = engine.legal_moves(state, seat)
    if len(legal) == 1 or rnd.random() < RANDOM_SHARE:
        return rnd.choice(legal)
    by_kind: dict[str, list[Move]] = {}
    for move in legal:
        by_kind.setdefault(move["type"], []).append(move)
    hand = state["hands"][seat]
    down = state["down"][seat]
    need = AFTER_DOWN_NEED if down else still_needed(state, seat)
    if "draw" in by_kind:
        top = state["discard_pile"][-1] if state["discard_pile"] else None
        wanted = top is not None and "take" in by_kind and _better(state, seat, top, need)
        return by_kind["take" if wanted else "draw"][0]
    if "buy" in by_kind:
        top = state["window"]["card"]
        wanted = rnd.random() < BUY_SHARE and len(hand) <= HAND and distance([*hand, top], need) < distance(hand, need)
        return by_kind["buy" if wanted else "pass"][0]
    if "keep" in by_kind:
        return by_kind["keep"][0]
    if down:
        for kind in ("lay_off", "meld", "swap"):
            if kind in by_kind:
                return rnd.choice(by_kind[kind])
    elif "meld" in by_kind:
        plan = contract_plan(hand, need, rnd)
        if plan:
            first = plan[0]
            return next(m for m in by_kind["meld"] if m["kind"] == first["kind"] and m["cards"] == first["cards"])
    if "take_back" in by_kind:
        return by_kind["take_back"][0]
    return _discard(by_kind["discard"], hand, need, rnd)


def _better(state: State, seat: int, card: Card, need: dict[str, int]) -> bool:
    """Whether the open card is worth more than the hand's worst: a joker, once down a card
    that lays off, or one that brings the hand nearer its melds (`distance`) for a card let go."""
    hand = state["hands"][seat]
    if is_joker(card) or (state["down"][seat] and lay_offs([card], state["melds"], FIFTEEN)):
        return True
    grown = [*hand, card]
    return min(distance(without(grown, other), need) for other in grown) < distance(hand, need)


def _discard(discards: list[Move], hand: list[Card], need: dict[str, int], rnd: random.Random) -> Move:
    """The card whose loss leaves the hand nearest the melds `need` asks for (`distance`),
    dearest first, never a joker while another card can go; ties drawn at random."""

    def keep(move: Move) -> tuple[bool, int, int, float]:
        card = move["card"]
        return (is_joker(card), distance(without(hand, card), need), -penalty(card), rnd.random())

    return min(discards, key=keep)
