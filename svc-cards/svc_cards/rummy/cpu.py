"""Rummy CPU players. Both decide from the seat's view alone (own hand, the table, the
discard top, the possible melds the view lists).

- easy: a beginner: takes the discard top only when it makes a meld at once, lays the first
  melds it finds once they reach the opening minimum, lays off what fits, discards the
  highest card that is in no meld, never a joker.
- strong: plans the hand: the disjoint melds that cover most points (a small search over the
  possible melds), takes the discard top when it grows that plan, opens as soon as the plan
  reaches the minimum, swaps jokers, lays off naturals before jokers, and discards the card
  least likely to join a meld (no pair, no neighbour in its suit), dearest first, keeping
  jokers. With an opponent close to going out it discards dear cards sooner.
"""

from __future__ import annotations

from typing import Any

from rulekit import Move
from rulekit.players import Ask, Choice

from ..core import Card, parse
from ..core.melds import RUMMY, is_joker, meld_points, possible_melds
from ..core.tactics import legal_or_refuse
from .rules import penalty

PLAN_NODES = 400  # search nodes for the meld plan: hands are small


def plan(hand: list[Card], nodes: int = PLAN_NODES) -> tuple[int, list[dict[str, Any]]]:
    """The disjoint melds from `hand` that together count most points (searched greedily
    first, then a bounded depth-first search)."""
    melds = sorted(possible_melds(hand, RUMMY), key=lambda m: -meld_points(m))
    best: tuple[int, list[dict[str, Any]]] = (0, [])
    budget = [nodes]

    def search(start: int, used: frozenset[Card], points: int, chosen: list[dict[str, Any]]) -> None:
        nonlocal best
        if points > best[0]:
            best = (points, list(chosen))
        for index in range(start, len(melds)):
            if budget[0] <= 0:
                return
            meld = melds[index]
            if used.isdisjoint(meld["cards"]):
                budget[0] -= 1
                chosen.append(meld)
                search(index + 1, used.union(meld["cards"]), points + meld_points(meld), chosen)
                chosen.pop()

    search(0, frozenset(), 0, [])
    return best


def _find(legal: list[Move], kind: str) -> Move | None:
    return next((move for move in legal if move["type"] == kind), None)


def _same(move: Move, meld: dict[str, Any]) -> bool:
    return move["type"] == "meld" and move["kind"] == meld["kind"] and move["cards"] == meld["cards"]


def _usefulness(card: Card, hand: list[Card]) -> int:
    """How close a card is to a meld: pairs and neighbours in its suit (jokers: always)."""
    if is_joker(card):
        return 100
    suit, rank = parse(card)
    score = 0
    faces = {c.split(".", 1)[0] for c in hand if c != card}
    order = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    for other in hand:
        if other == card or is_joker(other):
            continue
        other_suit, other_rank = parse(other)
        if other_rank == rank and other_suit != suit:
            score += 3
    at = order.index(rank)
    for step, weight in ((1, 3), (2, 1)):
        for index in (at - step, at + step):
            if 0 <= index < len(order) and f"{suit}{order[index]}" in faces:
                score += weight
    return score


def _discard(legal: list[Move], hand: list[Card], keep: set[Card], hurry: bool) -> Move:
    discards = [move for move in legal if move["type"] == "discard"]

    def cost(move: Move) -> tuple[int, int, int]:
        card = move["card"]
        in_plan = card in keep
        use = _usefulness(card, hand)
        return (in_plan, use if not hurry else use // 2 - penalty(card) // 4, -penalty(card))

    return min(discards, key=cost)


def _opening(legal: list[Move], view: dict, hand: list[Card]) -> Move | None:
    """The next meld of a plan that reaches the opening minimum, if any."""
    public = view["public"]
    needed = view["options"]["opening_minimum"] - public["staged_points"]
    points, melds = plan(hand)
    if not melds or points < needed:
        return None
    return next((move for move in legal if _same(move, melds[0])), None)


def strong(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    public, hand = view["public"], view["private"]["hand"]
    seat = ask.seat
    if public["phase"] == "draw":
        top = public["discard_top"]
        if top is not None:
            before, _ = plan(hand)
            after, melds = plan(hand + [top])
            if after > before and any(top in meld["cards"] for meld in melds):
                return Choice({"type": "take"})
        return Choice({"type": "draw"})
    opened = public["opened"][seat]
    if not opened:
        move = _opening(legal, view, hand)
        if move is not None:
            return Choice(move)
        back = _find(legal, "take_back")
        if back is not None:
            return Choice(back)
    else:
        swap = _find(legal, "swap")
        if swap is not None:
            return Choice(swap)
        _, melds = plan(hand)
        for meld in melds:
            move = next((m for m in legal if _same(m, meld)), None)
            if move is not None:
                return Choice(move)
        lays = [move for move in legal if move["type"] == "lay_off"]
        natural = [move for move in lays if not is_joker(move["card"])]
        if natural:
            return Choice(natural[0])
        if lays and len(hand) <= 2:
            return Choice(lays[0])
    keep = {card for meld in plan(hand)[1] for card in meld["cards"]}
    counts = public["hand_counts"]
    hurry = any(n <= 3 for other, n in enumerate(counts) if other != seat)
    return Choice(_discard(legal, hand, keep, hurry))


def easy(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    public, hand = view["public"], view["private"]["hand"]
    seat = ask.seat
    if public["phase"] == "draw":
        top = public["discard_top"]
        melds_with = [m for m in possible_melds(hand + [top], RUMMY) if top in m["cards"]] if top else []
        return Choice({"type": "take"} if melds_with else {"type": "draw"})
    opened = public["opened"][seat]
    melds = [move for move in legal if move["type"] == "meld"]
    if opened:
        if melds:
            return Choice(max(melds, key=lambda m: len(m["cards"])))
        lay = next((m for m in legal if m["type"] == "lay_off" and not is_joker(m["card"])), None)
        if lay is not None:
            return Choice(lay)
    else:
        needed = view["options"]["opening_minimum"] - public["staged_points"]
        # A beginner lays the first meld it sees when that alone reaches the minimum.
        for move in melds:
            if meld_points(move) >= needed:
                return Choice(move)
        back = _find(legal, "take_back")
        if back is not None:
            return Choice(back)
    in_melds = {card for meld in possible_melds(hand, RUMMY) for card in meld["cards"]}
    discards = [m for m in legal if m["type"] == "discard"]
    return Choice(max(discards, key=lambda m: (m["card"] not in in_melds, not is_joker(m["card"]), penalty(m["card"]))))


LEVELS = {"easy": easy, "strong": strong}
