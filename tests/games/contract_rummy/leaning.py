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
from typing import Any

from svc_cards.contract_rummy.rules import HAND, penalty, still_needed
from svc_cards.core import Card, parse
from svc_cards.core.melds import FIFTEEN, HIGH, LOW, VALUE, Meld, Rules, is_joker, lay_offs, possible_melds

from rulekit import Engine, Move, State

RANDOM_SHARE = 0.1  # of the moves, drawn uniformly from every legal move
BUY_SHARE = 0.5  # of the chances to buy an open card that completes a meld
# The search for a whole contract in a hand stops after this many melds tried: a hand full of
# jokers has thousands of ways, and one found is enough.
PLAN_TRIES = 100
# Once down, what a hand still builds towards: the further melds of the rules (AFTER_DOWN).
AFTER_DOWN_NEED = {"sets": 1, "runs": 1, "set_size": 3, "run_length": 4}


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


def _contract_rules(need: dict[str, int]) -> Rules:
    """The sizes of the melds a contract asks for (any number of equal cards in a set)."""
    return Rules(set_max=None, distinct_suits=False, run_min=need["run_length"], set_min=need["set_size"])


def _better(state: State, seat: int, card: Card, need: dict[str, int]) -> bool:
    """Whether the open card is worth more than the hand's worst: a joker, once down a card
    that lays off, or one that brings the hand nearer its melds (`distance`) for a card let go."""
    hand = state["hands"][seat]
    if is_joker(card) or (state["down"][seat] and lay_offs([card], state["melds"], FIFTEEN)):
        return True
    grown = [*hand, card]
    return min(distance(_without(grown, other), need) for other in grown) < distance(hand, need)


def contract_plan(hand: list[Card], need: dict[str, int], rnd: random.Random) -> list[Meld] | None:
    """Melds of `hand` that together meet what the contract still asks (`need`, as
    `still_needed` gives it), each of its least size, drawn in a random order; None when the
    hand does not hold the whole contract (or none was found within PLAN_TRIES melds)."""
    rules = _contract_rules(need)
    tries = [PLAN_TRIES]

    def search(cards: list[Card], sets: int, runs: int) -> list[Meld] | None:
        if sets <= 0 and runs <= 0:
            return []
        # Sets before runs: the same plan is not searched once per order of its melds.
        kind, size = ("set", need["set_size"]) if sets > 0 else ("run", need["run_length"])
        options = _distinct(m for m in possible_melds(cards, rules, max_run=size) if _fits(m, kind, size))
        rnd.shuffle(options)
        for meld in options:
            tries[0] -= 1
            if tries[0] < 0:
                return None
            rest = list(cards)
            for card in meld["cards"]:
                rest.remove(card)
            found = search(rest, sets - (kind == "set"), runs - (kind == "run"))
            if found is not None:
                return [meld, *found]
        return None

    return search(list(hand), need["sets"], need["runs"])


def _fits(meld: Meld, kind: str, size: int) -> bool:
    return meld["kind"] == kind and len(meld["cards"]) == size


def _distinct(melds: Any) -> list[Meld]:
    """One meld per choice of faces: identical cards of the three decks make the same melds."""
    seen: dict[tuple[str, ...], Meld] = {}
    for meld in melds:
        seen.setdefault(tuple(card.split(".", 1)[0] for card in meld["cards"]), meld)
    return list(seen.values())


def distance(hand: list[Card], need: dict[str, int]) -> int:
    """About how many cards `hand` lacks for the melds `need` asks for: the fullest sets (equal
    ranks) and runs (values of a suit within a run's length) taken greedily, each card in one
    of them, less the jokers; the better of sets first and runs first."""
    naturals = tuple(parse(card) for card in hand if not is_joker(card))
    jokers = len(hand) - len(naturals)
    # The greedy picks depend on the cards' order, so the key keeps it; the copies of a card
    # in three decks read alike, so a discard's candidates often ask the same.
    key = (naturals, need["sets"], need["runs"], need["set_size"], need["run_length"])
    lacking = _LACKING.get(key)
    if lacking is None:
        if len(_LACKING) > 50_000:
            _LACKING.clear()
        cards = list(naturals)
        lacking = _LACKING[key] = min(_lacking(cards, need, sets_first=True), _lacking(cards, need, sets_first=False))
    return max(0, lacking - jokers)


_LACKING: dict[tuple[Any, ...], int] = {}


def _lacking(cards: list[tuple[str | None, str]], need: dict[str, int], sets_first: bool) -> int:
    left = list(cards)
    lacking = 0
    for kind in ("set", "run") if sets_first else ("run", "set"):
        size = need["set_size"] if kind == "set" else need["run_length"]
        for _ in range(need["sets" if kind == "set" else "runs"]):
            used = _fullest_set(left, size) if kind == "set" else _fullest_run(left, size)
            lacking += size - len(used)
            for card in used:
                left.remove(card)
    return lacking


def _fullest_set(cards: list[tuple[str | None, str]], size: int) -> list[tuple[str | None, str]]:
    """The most cards of one rank, at most `size` of them."""
    by_rank: dict[str, list[tuple[str | None, str]]] = {}
    for card in cards:
        by_rank.setdefault(card[1], []).append(card)
    return max(by_rank.values(), key=len, default=[])[:size]


def _fullest_run(cards: list[tuple[str | None, str]], length: int) -> list[tuple[str | None, str]]:
    """The most values of one suit within `length` places (one card a value)."""
    best: list[tuple[str | None, str]] = []
    by_suit: dict[str | None, dict[int, tuple[str | None, str]]] = {}
    for card in cards:
        for value in _values(card[1]):
            by_suit.setdefault(card[0], {}).setdefault(value, card)
    for held in by_suit.values():
        if len(held) <= len(best):  # no window of this suit can hold more (the soak's hot path)
            continue
        # Cards held up to each value, so a window is counted without building it.
        upto = [0] * (HIGH + 2)
        for value in range(LOW, HIGH + 1):
            upto[value + 1] = upto[value] + (value in held)
        for first in range(LOW, HIGH - length + 2):
            last = first + length - 1
            count = upto[last + 1] - upto[first]
            if first == LOW and last >= HIGH and LOW in held:
                count -= 1  # an ace once
            if count > len(best):
                best = list({held[v] for v in range(first, last + 1) if v in held})
    return best


def _values(rank: str) -> tuple[int, ...]:
    return (LOW, HIGH) if rank == "A" else (VALUE[rank],)


def _discard(discards: list[Move], hand: list[Card], need: dict[str, int], rnd: random.Random) -> Move:
    """The card whose loss leaves the hand nearest the melds `need` asks for (`distance`),
    dearest first, never a joker while another card can go; ties drawn at random."""

    def keep(move: Move) -> tuple[bool, int, int, float]:
        card = move["card"]
        return (is_joker(card), distance(_without(hand, card), need), -penalty(card), rnd.random())

    return min(discards, key=keep)


def _without(hand: list[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest
