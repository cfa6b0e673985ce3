"""What the platform knows of Femton (contract rummy) beyond its rules: CPU levels, test budget,
the cards a seat must not see, invariants, and how test games pick their moves.

The test player (`leaning`) is a purposeful random one: still a draw from the legal moves with
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
from typing import Any

from rulekit import Engine, Event, Move
from rulekit.declaration import Budget, GameDeclaration
from rulekit.playout import Chooser, Playout, final_result
from svc_cards.core import Card
from svc_cards.core.invariants import card_check
from svc_cards.core.melds import FIFTEEN, is_joker, lay_offs, valid

from . import ENGINE
from .cpu import LEVELS
from .rules import HAND, MOST_BUYS, hand_penalty, hidden_from, penalty, still_needed, the_window
from .state import ContractRummyState
from .tactics import AFTER_DOWN_NEED, contract_plan, distance, without

# A leaning game is some 2,000 (3 seats) to 7,000 moves (8 seats); a uniformly random one
# 20,000 or more. Longer means the chooser has stopped leaning.
LEANING_LONGEST = 15_000

RANDOM_SHARE = 0.1  # of the moves, drawn uniformly from every legal move
BUY_SHARE = 0.5  # of the chances to buy an open card that completes a meld


def leaning(engine: Engine[ContractRummyState, Any], state: ContractRummyState, seat: int, rnd: random.Random) -> Move:
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
        top = the_window(state)["card"]
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


def _better(state: ContractRummyState, seat: int, card: Card, need: dict[str, int]) -> bool:
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


def rules_check(
    before: ContractRummyState, after: ContractRummyState, seat: int, move: Move, events: list[Event]
) -> None:
    assert all(valid(meld, FIFTEEN) for meld in after["melds"])
    assert all(0 <= buys <= MOST_BUYS for buys in after["buys"])
    kind = move["type"]
    if kind in ("lay_off", "swap"):
        assert before["down"][seat]
    if kind == "buy":
        assert not before["down"][seat] and seat != before["turn"]
    for bought in (e for e in events if e["code"] == "bought"):
        assert bought["seat"] == bought["asked"][0]
        assert not before["down"][bought["seat"]]
    if any(e["code"] == "round_over" for e in events) and after["phase"] != "play":
        shown = after["shown_hands"]
        assert shown is not None
        assert after["round_points"] == [hand_penalty(hand) for hand in shown]


CHECK = card_check(ENGINE, rules_check)


def policy(index: int) -> Chooser[ContractRummyState]:
    return leaning


def finished(run: Playout[ContractRummyState]) -> None:
    result = final_result(ENGINE, run.final_state)
    assert min(result["placings"]) == 1 and run.final_state["round"] == 15
    assert run.steps < LEANING_LONGEST


DECLARATION = GameDeclaration(
    engine=ENGINE,
    # Fifteen rounds of leaning play: 2,000-7,000 moves, 1-5 CPU s a game with the contract
    # checks. One game per seat count with them is some 22 CPU s; scanning its views too would
    # be 35, so views are scanned in the soak and in the opening scan of the game's own tests.
    budget=Budget(1, thorough=1, scanned=0),
    levels=LEVELS,
    hidden_from=hidden_from,
    check=CHECK,
    finished=finished,
    policy=policy,
)
