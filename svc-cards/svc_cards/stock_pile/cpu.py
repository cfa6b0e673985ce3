"""Stock Pile CPU players. Every level decides from the seat's view alone (its hand, the open
tops of every stock pile, every discard pile and the building piles).

- easy: plays its stock top whenever it fits, otherwise a random number card that fits (never
  a wild card unless nothing else is left), and ends the turn with a random discard.
- strong: plans towards its stock top. It plays the stock top when it fits; else it looks for
  the shortest chain from a building pile up to the stock top with the cards it can reach
  (hand, discard tops, wild cards) and plays its first step; else it builds with number cards
  from its discard piles and hand as long as that does not leave a pile one below the next
  player's stock top; and it discards onto the pile that already shows that number or the one
  above it, keeping wild cards.
"""

from __future__ import annotations

import random

from rulekit import Move, View
from rulekit.players import Ask, Choice

from ..core.tactics import legal_or_refuse
from .rules import discard_slot, face_value, is_wild, number_of


def _builds(legal: list[Move]) -> list[Move]:
    return [move for move in legal if move["type"] == "build"]


def _discards(legal: list[Move]) -> list[Move]:
    return [move for move in legal if move["type"] == "discard"]


def _end_turn(legal: list[Move], view: View, seat: int) -> Move:
    """The discard a careful player makes (or the pass with an empty hand)."""
    discards = _discards(legal)
    if not discards:
        return next(move for move in legal if move["type"] == "pass")
    hand = view["private"]["hand"]
    numbers = [card for card in hand if not is_wild(card)]
    card = max(numbers, key=lambda c: number_of(c) or 0) if numbers else hand[0]
    slot = discard_slot(view["public"]["discards"][seat], card)
    return {"type": "discard", "card": card, "slot": slot}


def easy(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    rnd = random.Random(ask.seed)
    builds = _builds(legal)
    from_stock = [move for move in builds if move["from"] == "stock"]
    if from_stock:
        return Choice(from_stock[0])
    plain = [move for move in builds if not is_wild(move["card"])]
    if plain:
        return Choice(rnd.choice(plain))
    hand = ask.view["private"]["hand"]
    if builds and hand and all(is_wild(card) for card in hand):
        return Choice(rnd.choice(builds))
    discards = _discards(legal)
    return Choice(rnd.choice(discards) if discards else legal[0])


def _chain_first_step(view: View, seat: int, legal: list[Move]) -> Move | None:
    """The first play of the shortest chain that brings a building pile to one below the
    stock top, with the cards this seat can reach; None if no pile can get there."""
    public = view["public"]
    top = public["stock_tops"][seat]
    if top is None or is_wild(top):
        return None
    target = face_value(top)
    hand = view["private"]["hand"]
    tops = [pile[-1] for pile in public["discards"][seat] if pile]
    best: tuple[int, Move] | None = None
    for index, pile in enumerate(public["building"]):
        count = len(pile)
        if count >= target - 1 and count != target - 1:
            continue
        needed = list(range(count + 1, target))
        spare_hand, spare_tops = list(hand), list(tops)
        first: tuple[str, str] | None = None
        for value in needed:
            card, origin = _reach(value, spare_hand, spare_tops)
            if card is None:
                first = None
                break
            if first is None:
                first = (card, origin)
        if first is None or not needed:
            continue
        move = _as_move(first, index, view, seat, legal)
        if move is not None and (best is None or len(needed) < best[0]):
            best = (len(needed), move)
    return best[1] if best else None


def _reach(value: int, hand: list[str], tops: list[str]) -> tuple[str | None, str]:
    """A card for `value`: a number from the discard tops, then the hand, then a wild card."""
    for pool, origin in ((tops, "discard"), (hand, "hand")):
        for card in pool:
            if number_of(card) == value:
                pool.remove(card)
                return card, origin
    for pool, origin in ((hand, "hand"), (tops, "discard")):
        for card in pool:
            if is_wild(card):
                pool.remove(card)
                return card, origin
    return None, ""


def _as_move(found: tuple[str, str], pile: int, view: View, seat: int, legal: list[Move]) -> Move | None:
    card, origin = found
    for move in _builds(legal):
        if move["pile"] != pile:
            continue
        same = move["card"] == card or (
            origin == "hand" and move["from"] == "hand" and _face(move["card"]) == _face(card)
        )
        if same and (move["from"] == "hand") == (origin == "hand"):
            return move
    return None


def _face(card: str) -> str:
    return card.split(".", 1)[0]


def _helps_next(view: View, seat: int, move: Move) -> bool:
    """Whether the build leaves a pile one below the next player's stock top."""
    public = view["public"]
    following = (seat + 1) % view["seats"]
    top = public["stock_tops"][following]
    if top is None or is_wild(top):
        return False
    count = len(public["building"][move["pile"]]) + 1
    return count % 12 == face_value(top) - 1


def strong(ask: Ask) -> Choice:
    view, seat = ask.view, ask.seat
    legal = legal_or_refuse(view)
    builds = _builds(legal)
    from_stock = [move for move in builds if move["from"] == "stock"]
    if from_stock:
        # The fullest pile first: it comes nearer to being set aside.
        return Choice(max(from_stock, key=lambda m: len(view["public"]["building"][m["pile"]])))
    chain = _chain_first_step(view, seat, legal)
    if chain is not None:
        return Choice(chain)
    safe = [move for move in builds if not is_wild(move["card"]) and not _helps_next(view, seat, move)]
    if safe:
        # Discard tops first (they uncover the next card), then hand cards.
        return Choice(min(safe, key=lambda m: (m["from"] == "hand", m["pile"])))
    hand = view["private"]["hand"]
    if hand and all(is_wild(card) for card in hand):
        wild_builds = [move for move in builds if not _helps_next(view, seat, move)]
        if wild_builds:
            return Choice(wild_builds[0])
    return Choice(_end_turn(legal, view, seat))


LEVELS = {"easy": easy, "strong": strong}
