"""Femton tactics over a hand and what the contract still asks (`need`, as `still_needed`
gives it): whether the hand holds the whole contract (`contract_plan`) and about how many cards
it lacks (`distance`). The CPU players decide with them, and so do the playouts' leaning
players (tests/games/contract_rummy/leaning.py), so both play towards a round's end."""

from __future__ import annotations

import random
from typing import Any

from ..core import Card, parse
from ..core.melds import HIGH, LOW, VALUE, Meld, Rules, is_joker, possible_melds

# The search for a whole contract in a hand stops after this many melds tried: a hand full of
# jokers has thousands of ways, and one found is enough.
PLAN_TRIES = 100
# Once down, what a hand still builds towards: the further melds of the rules (AFTER_DOWN).
AFTER_DOWN_NEED = {"sets": 1, "runs": 1, "set_size": 3, "run_length": 4}


def contract_rules(need: dict[str, int]) -> Rules:
    """The sizes of the melds a contract asks for (any number of equal cards in a set)."""
    return Rules(set_max=None, distinct_suits=False, run_min=need["run_length"], set_min=need["set_size"])


def contract_plan(hand: list[Card], need: dict[str, int], rnd: random.Random) -> list[Meld] | None:
    """Melds of `hand` that together meet what the contract still asks (`need`, as
    `still_needed` gives it), each of its least size, drawn in a random order; None when the
    hand does not hold the whole contract (or none was found within PLAN_TRIES melds)."""
    rules = contract_rules(need)
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
    """The most values of one suit within `length` places (one card a value): the first suit
    (in the cards' order) and the lowest window holding that most."""
    # A suit's values as the bits of one integer (an ace sets both its places), so a window's
    # count is one popcount: this runs for every discard a playout weighs (the soak's hot path).
    masks: dict[str | None, int] = {}
    for suit, rank in cards:
        masks[suit] = masks.get(suit, 0) | _BITS[rank]
    best, best_suit, best_first = 0, None, 0
    window = (1 << length) - 1
    for suit, mask in masks.items():
        if mask.bit_count() <= best:  # no window of this suit can hold more
            continue
        for first in range(LOW, HIGH - length + 2):
            count = (mask >> first & window).bit_count()
            if first == LOW and first + length - 1 >= HIGH and mask & _LOW_BIT:
                count -= 1  # an ace once
            if count > best:
                best, best_suit, best_first = count, suit, first
    if not best:
        return []
    mask = masks[best_suit]
    ranks = {_RANK_AT[v] for v in range(best_first, best_first + length) if mask >> v & 1}
    return [(best_suit, rank) for rank in ranks]


_BITS = {rank: (1 << LOW | 1 << HIGH) if rank == "A" else 1 << value for rank, value in VALUE.items()}
_LOW_BIT = 1 << LOW
_RANK_AT = {**{value: rank for rank, value in VALUE.items()}, HIGH: "A"}


def without(hand: list[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest
