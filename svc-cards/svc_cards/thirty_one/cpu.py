"""Thirty-One CPU players. Both decide from the seat's view alone (the middle, the cards others
were seen to take, the lives).

- easy: a beginner: swaps one card at a time (never all three), taking the swap that gives
  the most points right now, pushes when none improves, and knocks from 26 points.
- strong: the same greed, but it also counts what its swap leaves in the middle for the next
  player (the cards seen in that player's hand included). It knocks when, over sampled
  hands for the others (the cards seen in their hands kept, the rest drawn from the cards it
  has not seen, each given its best swap with the middle), it is rarely the lowest; the
  bar is stricter when it is swimming. On its last turn after a knock it takes whatever
  scores most.
Both knock once the deal has gone round four times, so a table of CPUs always ends a deal.
"""

from __future__ import annotations

import random

from svc_ai.ask import Ask, Choice

from ..core import Card, build_decks
from ..core.tactics import legal_or_refuse, next_in_view
from .rules import DECK, HAND, THIRTY_ONE, points_half

EASY_KNOCK = 52  # half points (26)
LONG_DEAL = 4  # rounds of turns after which a CPU knocks whatever it holds
SAMPLES = 24  # sampled deals behind a strong knock
KNOCK_FLOOR = 40  # half points (20) below which a strong player never thinks of knocking
KNOCK_RISK = 0.3  # knock when lowest in fewer than this share of the samples
KNOCK_RISK_SWIMMING = 0.2
GIFT = 0.3  # weight of what a swap leaves in the middle for the next player


def _after(move: dict, hand: list[Card], middle: list[Card]) -> tuple[list[Card], list[Card]]:
    """(own hand, middle) after a swap move."""
    if move["type"] == "swap_all":
        return list(middle), list(hand)
    give, take = move["give"], move["take"]
    return [take if c == give else c for c in hand], [give if c == take else c for c in middle]


def _best_swap(legal: list[dict], hand: list[Card], middle: list[Card]) -> tuple[dict | None, int]:
    best, best_points = None, points_half(hand)
    for move in legal:
        if move["type"] in ("swap", "swap_all"):
            points = points_half(_after(move, hand, middle)[0])
            if points > best_points:
                best, best_points = move, points
    return best, best_points


def _find(legal: list[dict], kind: str) -> dict | None:
    return next((move for move in legal if move["type"] == kind), None)


def _long_deal(view: dict) -> bool:
    public = view["public"]
    playing = view["seats"] - len(public["finished"])
    return public["turns"] >= LONG_DEAL * playing


def easy(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    hand, middle = view["private"]["hand"], view["public"]["middle"]
    knock = _find(legal, "knock")
    if knock and (points_half(hand) >= EASY_KNOCK or _long_deal(view)):
        return Choice(knock)
    singles = [move for move in legal if move["type"] != "swap_all"]
    best, _ = _best_swap(singles, hand, middle)
    return Choice(best or _find(legal, "push") or legal[0])


def _final_best(hand: list[Card], middle: list[Card]) -> int:
    """The most a hand can score with one swap (one card or all three) or a push."""
    best = max(points_half(hand), points_half(middle))
    for give in range(len(hand)):
        for take in middle:
            best = max(best, points_half([*hand[:give], take, *hand[give + 1 :]]))
    return best


def _lowest_share(view: dict, seat: int, hand: list[Card], rnd: random.Random) -> float:
    """How often this hand would be the lowest (or equal lowest) if it knocked now, over
    sampled hands of the others, each of which gets its best last turn with the middle."""
    public = view["public"]
    middle, known = public["middle"], public["known"]
    seen = set(hand) | set(middle) | {card for cards in known for card in cards}
    unseen = [card for card in build_decks(DECK, 1, first=public["first_deck"]) if card not in seen]
    others = [s for s in range(view["seats"]) if s != seat and s not in public["finished"]]
    mine = points_half(hand)
    lowest = 0
    for _ in range(SAMPLES):
        rnd.shuffle(unseen)
        taken, low = 0, THIRTY_ONE + 1
        for other in others:
            need = HAND - len(known[other])
            low = min(low, _final_best(known[other] + unseen[taken : taken + need], middle))
            taken += need
        lowest += mine <= low
    return lowest / SAMPLES


def _gift(middle: list[Card], known: list[Card]) -> int:
    """The best the next player could make from the middle and the cards seen in their hand."""
    pool = middle + known
    best = 0
    for i, a in enumerate(pool):
        for j in range(i + 1, len(pool)):
            for k in range(j + 1, len(pool)):
                best = max(best, points_half([a, pool[j], pool[k]]))
    return best


def strong(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    public = view["public"]
    hand, middle = view["private"]["hand"], public["middle"]
    current = points_half(hand)
    knock = _find(legal, "knock")
    push = _find(legal, "push") or legal[0]
    if public["knocker"] is not None:
        best, _ = _best_swap(legal, hand, middle)
        return Choice(best or push)
    if knock and _long_deal(view):
        return Choice(knock)
    if knock and current >= KNOCK_FLOOR:
        risk = KNOCK_RISK_SWIMMING if public["lives"][ask.seat] == 1 else KNOCK_RISK
        if _lowest_share(view, ask.seat, hand, random.Random(ask.seed)) < risk:
            return Choice(knock)
    following = next_in_view(view, ask.seat)
    known = public["known"][following]
    best_move, best_value = push, current - GIFT * _gift(middle, known)
    for move in legal:
        if move["type"] not in ("swap", "swap_all"):
            continue
        own, left = _after(move, hand, middle)
        value = points_half(own) - GIFT * _gift(left, known)
        if value > best_value:
            best_move, best_value = move, value
    return Choice(best_move)


LEVELS = {"easy": easy, "strong": strong}
