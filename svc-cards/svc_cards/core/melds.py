"""The meld core of the rummy games: sets, runs, jokers, laying off, joker swaps, and every
meld a hand could lay right now.

A meld is a plain dict `{"kind": "set" | "run", "cards": [...], "owner": seat}`. A run's cards
are listed low to high and a joker stands for the value of its place; a set's order carries
no meaning. Values: ace 1 (low, in A-2-3) or 14 (high, in Q-K-A), 2-10, J 11, Q 12, K 13; a
run is one stretch of 1..14, so it never wraps round (never K-A-2). Jokers are never the
majority of a meld: at least as many natural cards as jokers.

`Rules` carries what differs between the games: the largest set (4 in Rummy: four suits; none
in Fifteen Rounds) and whether a set's natural cards must differ in suit.

Pure: standard library only, on card ids (`cards.py`); jokers are the face "X".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from .cards import JOKER, SUITS, Card, parse

Meld = dict[str, Any]
# A meld only read (a table meld of a typed state or a plain one).
ReadMeld = Mapping[str, Any]

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
VALUE = {rank: index + 1 for index, rank in enumerate(RANKS)}  # ace 1 here; 14 when high
LOW, HIGH = 1, 14


@dataclass(frozen=True)
class Rules:
    set_max: int | None = 4  # the most cards in a set (None: no limit)
    distinct_suits: bool = True  # a set's natural cards differ in suit
    run_min: int = 3
    set_min: int = 3


RUMMY = Rules()
# Fifteen Rounds (contract-rummy): sets of any size, identical cards of the decks allowed.
FIFTEEN = Rules(set_max=None, distinct_suits=False)


def is_joker(card: Card) -> bool:
    # `parse(card)[1] == JOKER` without the lookup: a joker's id is its face "X", then a dot.
    return card.startswith(_JOKER_ID) or card == JOKER


_JOKER_ID = JOKER + "."


def _naturals(cards: list[Card]) -> list[Card]:
    return [card for card in cards if not is_joker(card)]


def jokers_ok(cards: list[Card]) -> bool:
    """Jokers never the majority: at least as many natural cards as jokers."""
    jokers = sum(1 for card in cards if is_joker(card))
    return jokers <= len(cards) - jokers


def run_start(cards: list[Card]) -> int | None:
    """The value of the first place of a valid run of `cards` (low to high), else None."""
    naturals = [(i, parse(card)) for i, card in enumerate(cards) if not is_joker(card)]
    if not naturals or len({suit for _, (suit, _) in naturals}) != 1:
        return None
    for ace in (LOW, HIGH):
        starts = {(ace if rank == "A" else VALUE[rank]) - i for i, (_, rank) in naturals}
        if len(starts) == 1:
            start = starts.pop()
            if start >= LOW and start + len(cards) - 1 <= HIGH:
                return start
    # Two aces (a run of fourteen, A low and A high) is the one case the loop above misses.
    if len(cards) == HIGH:
        ok = all((VALUE[rank] if rank != "A" else (LOW if i == 0 else HIGH)) == i + 1 for i, (_, rank) in naturals)
        return LOW if ok else None
    return None


def run_suit(meld: ReadMeld) -> str:
    return next(parse(card)[0] for card in meld["cards"] if not is_joker(card))  # type: ignore[return-value]


def set_rank(meld: ReadMeld) -> str:
    return next(parse(card)[1] for card in meld["cards"] if not is_joker(card))


def valid_set(cards: list[Card], rules: Rules = RUMMY) -> bool:
    naturals = _naturals(cards)
    if len(cards) < rules.set_min or not naturals or not jokers_ok(cards):
        return False
    if rules.set_max is not None and len(cards) > rules.set_max:
        return False
    if len({parse(card)[1] for card in naturals}) != 1:
        return False
    return not rules.distinct_suits or len({parse(card)[0] for card in naturals}) == len(naturals)


def valid_run(cards: list[Card], rules: Rules = RUMMY) -> bool:
    return len(cards) >= rules.run_min and jokers_ok(cards) and run_start(cards) is not None


def valid(meld: ReadMeld, rules: Rules = RUMMY) -> bool:
    if meld["kind"] == "set":
        return valid_set(meld["cards"], rules)
    return valid_run(meld["cards"], rules)


def card_points(card: Card, as_value: int | None = None) -> int:
    """A card's worth in a meld: 2-10 their number, J/Q/K 10, ace 11 (1 when low in A-2-3).
    `as_value` is the value a card (or joker) stands for in a run."""
    value = as_value if as_value is not None else (HIGH if parse(card)[1] == "A" else VALUE[parse(card)[1]])
    if value == LOW:
        return 1
    if value == HIGH:
        return 11
    return min(value, 10)


def meld_points(meld: ReadMeld) -> int:
    """What a meld counts towards an opening minimum: each card (a joker too) as the card it
    stands for."""
    cards = meld["cards"]
    if meld["kind"] == "set":
        return card_points(next(c for c in cards if not is_joker(c))) * len(cards)
    start = run_start(cards)
    assert start is not None
    return sum(card_points(card, start + i) for i, card in enumerate(cards))


def stands_for(meld: ReadMeld, index: int, rules: Rules = RUMMY) -> list[str]:
    """The faces ("H7", ...) the joker at `index` may stand for: in a run the one of its place,
    in a set every suit of the rank that no natural card of the set holds (every suit of the
    rank where a set's suits need not differ)."""
    cards = meld["cards"]
    if meld["kind"] == "run":
        value = run_start(cards) + index  # type: ignore[operator]
        rank = RANKS[0] if value == HIGH else RANKS[value - 1]
        return [run_suit(meld) + rank]
    rank = set_rank(meld)
    held = {parse(card)[0] for card in cards if not is_joker(card)} if rules.distinct_suits else set()
    return [suit + rank for suit in SUITS if suit not in held]


# -- what a hand can do ----------------------------------------------------------------------


def _first_of_each_face(hand: list[Card]) -> dict[str, Card]:
    """One card per face (the first in hand order): two identical cards make the same melds."""
    faces: dict[str, Card] = {}
    for card in hand:
        if not is_joker(card):
            faces.setdefault(card.split(".", 1)[0], card)
    return faces


def possible_melds(hand: list[Card], rules: Rules = RUMMY, max_run: int = 14) -> list[Meld]:
    """Every meld `hand` could lay now, once per choice of faces and joker places (identical
    cards and jokers are taken in hand order). Sets first (by rank), then runs (by suit and
    start, shorter first).

    The same hand is asked for its melds many times over (the legal moves, their check, every
    view of a step), so the answer is kept per hand and rules; each call gets fresh dicts and
    lists, so a caller may change what it gets."""
    key = (tuple(hand), rules, max_run)
    found = _MELDS.get(key)
    if found is None:
        found = tuple((meld["kind"], tuple(meld["cards"])) for meld in _generate_melds(hand, rules, max_run))
        if len(_MELDS) >= _MELDS_KEPT:
            _MELDS.clear()
        _MELDS[key] = found
    return [{"kind": kind, "cards": list(cards)} for kind, cards in found]


_MELDS: dict[tuple[tuple[Card, ...], Rules, int], tuple[tuple[str, tuple[Card, ...]], ...]] = {}
_MELDS_KEPT = 256  # hands; a step asks for a few per seat


def _generate_melds(hand: list[Card], rules: Rules, max_run: int) -> list[Meld]:
    """`possible_melds` without the memo: each card parsed once, runs built from a table of
    the suit's faces by value."""
    faces: dict[str, Card] = {}
    jokers: list[Card] = []
    by_rank: dict[str, list[Card]] = {}
    second_aces: dict[str | None, Card] = {}  # suit -> a second ace of it, for A-2-...-K-A
    for card in hand:
        suit, rank = parse(card)
        if rank == JOKER:
            jokers.append(card)
            continue
        face = card.split(".", 1)[0]
        if face in faces and rank == "A":
            second_aces.setdefault(suit, card)
        faces.setdefault(face, card)
        if not rules.distinct_suits:
            by_rank.setdefault(rank, []).append(card)
    joker_count = len(jokers)
    melds: list[Meld] = []
    set_max, set_min, run_min = rules.set_max, rules.set_min, rules.run_min
    for rank in RANKS:
        if rules.distinct_suits:
            held = [faces[suit + rank] for suit in SUITS if suit + rank in faces]
        else:
            held = by_rank.get(rank, [])
        if not held or len(held) + joker_count < set_min:
            continue  # too few for a set even with every joker
        top = len(held) if set_max is None else min(len(held), set_max)
        for size in range(1, top + 1):
            most = size if set_max is None else min(size, set_max - size)
            extras = min(most, joker_count)
            if size + extras < set_min:
                continue
            for chosen in combinations(held, size):
                for extra in range(max(0, set_min - size), extras + 1):
                    melds.append({"kind": "set", "cards": [*chosen, *jokers[:extra]]})
    for suit in SUITS:
        # by_value[v]: the suit's card of value v in hand (the first of identical ones), or None.
        by_value: list[Card | None] = [None] * (HIGH + 1)
        for value in range(LOW, HIGH + 1):
            by_value[value] = faces.get(_FACES[suit][value])
        if not any(by_value):
            continue
        # below[v]: how many held values lie under v, so a stretch's naturals count at once.
        below = [0] * (HIGH + 2)
        for value in range(LOW, HIGH + 1):
            below[value + 1] = below[value] + (by_value[value] is not None)
        for start in range(LOW, HIGH - run_min + 2):
            for length in range(run_min, min(max_run, HIGH - start + 1) + 1):
                count = below[start + length] - below[start]
                # A run from A low to A high holds the ace twice: by_value has the first ace in
                # both places, so without a second ace the high place is missing.
                high = by_value[HIGH]
                if start == LOW and length == HIGH and high is not None:
                    high = second_aces.get(suit)
                    count -= high is None
                missing = length - count
                if missing > joker_count:
                    break  # a longer stretch misses as many places or more
                if missing > count:
                    continue
                places = range(start, start + length)
                natural = [value for value in places if (high if value == HIGH else by_value[value]) is not None]
                # Jokers fill every missing place and may also stand in for held cards, as
                # long as they stay no majority.
                spare = min(joker_count, length // 2) - missing
                for more in range(0, spare + 1):
                    if count - more <= 0 or missing + more > length - missing - more:
                        continue  # no natural left, or the jokers a majority
                    for replaced in combinations(natural, more):
                        cards, used = [], 0
                        for value in places:
                            placed = high if value == HIGH else by_value[value]
                            if placed is not None and value not in replaced:
                                cards.append(placed)
                            else:
                                cards.append(jokers[used])
                                used += 1
                        melds.append({"kind": "run", "cards": cards})
    return melds


def _face(suit: str, value: int) -> str:
    return suit + (RANKS[0] if value == HIGH else RANKS[value - 1])


# _FACES[suit][value]: the face of that suit and value (index 0 unused).
_FACES = {suit: ["", *(_face(suit, value) for value in range(LOW, HIGH + 1))] for suit in SUITS}


def lay_offs(hand: list[Card], melds: Sequence[ReadMeld], rules: Rules = RUMMY) -> list[dict[str, Any]]:
    """Every card of `hand` that fits onto a meld on the table: `{"meld": index, "card": id}`
    plus `"end": "low" | "high"` for a run. Identical cards and jokers: the first in hand
    order."""
    faces = _first_of_each_face(hand)
    candidates = list(faces.values())
    joker = next((card for card in hand if is_joker(card)), None)
    if joker is not None:
        candidates.append(joker)
    out: list[dict[str, Any]] = []
    for index, meld in enumerate(melds):
        cards = meld["cards"]
        # Only a joker or a card of the set's rank (the run's suit) can fit: the rest is skipped
        # before the full check, which is most of a turn's cost on a full table.
        fits = set_rank(meld) if meld["kind"] == "set" else run_suit(meld)
        at = 1 if meld["kind"] == "set" else 0
        for card in candidates:
            if not is_joker(card) and parse(card)[at] != fits:
                continue
            if meld["kind"] == "set":
                if valid_set(cards + [card], rules):
                    out.append({"meld": index, "card": card})
                continue
            for end, grown in (("low", [card] + cards), ("high", cards + [card])):
                if valid_run(grown, rules):
                    out.append({"meld": index, "card": card, "end": end})
    return out


def lay_off(meld: Mapping[str, Any], card: Card, end: str | None) -> None:
    """Add `card` to `meld` (at a run's `end`); only its card list changes, in place."""
    if end == "low":
        meld["cards"].insert(0, card)
    else:
        meld["cards"].append(card)


def joker_swaps(hand: list[Card], melds: Sequence[ReadMeld], rules: Rules = RUMMY) -> list[dict[str, Any]]:
    """Every swap of a natural card from `hand` for a joker on the table that stands for it:
    `{"meld": index, "joker": id, "card": id}` (identical cards: the first in hand order)."""
    faces = _first_of_each_face(hand)
    out: list[dict[str, Any]] = []
    for index, meld in enumerate(melds):
        for place, joker in enumerate(meld["cards"]):
            if not is_joker(joker):
                continue
            for face in stands_for(meld, place, rules):
                if face in faces:
                    out.append({"meld": index, "joker": joker, "card": faces[face]})
    return out


def swap_joker(meld: Mapping[str, Any], joker: Card, card: Card) -> None:
    """Put `card` where `joker` was in `meld` (the caller moves the joker to the hand)."""
    cards = meld["cards"]
    cards[cards.index(joker)] = card
