"""Femton CPU players. Both decide from the seat's view alone (own hand, the table, the
discard top, the window, the legal moves the view lists), and both begin a proposal only when
the hand holds the whole contract (tactics.contract_plan), so it is never taken back and begun
again turn after turn, which would stall a round for good.

- easy: takes or buys the open card only when it completes a meld the contract asks for, lays
  off what fits but jokers, discards the card whose loss costs the hand least towards the
  contract (tactics.distance), dearest first, never a joker.
- strong: takes the open card when it is a joker or brings the hand nearer the contract
  (tactics.distance; once down, when it lays off), buys such a card only while its hand is
  small (a buy adds a hidden card too), swaps jokers back into its hand, lays off its dearest
  cards first, and discards the card whose loss leaves the hand nearest the contract, dearest
  first, keeping jokers; with an opponent down to a few cards, simply its dearest card.
"""

from __future__ import annotations

import random

from rulekit import Move
from rulekit.players import Ask, Choice

from ..core import Card
from ..core.melds import FIFTEEN, is_joker, lay_offs, possible_melds
from ..core.tactics import legal_or_refuse
from .rules import penalty, still_needed
from .tactics import AFTER_DOWN_NEED, contract_plan, contract_rules, distance, without


def _find(legal: list[Move], kind: str) -> Move | None:
    return next((move for move in legal if move["type"] == kind), None)


def _kinds(view: dict) -> frozenset[str]:
    """The meld kinds the round's contract asks for."""
    need = view["public"]["contract"]
    return frozenset(kind for kind, count in (("set", need["sets"]), ("run", need["runs"])) if count)


def contract_melds(hand: list[Card], view: dict) -> list[dict]:
    """The melds of `hand` of a kind the contract asks for, at its least sizes."""
    kinds, need = _kinds(view), view["public"]["contract"]
    return [meld for meld in possible_melds(hand, contract_rules(need)) if meld["kind"] in kinds]


def makes_meld(hand: list[Card], card: Card, view: dict) -> bool:
    """Whether `card` would complete a meld of a kind the contract asks for."""
    return any(card in meld["cards"] for meld in contract_melds(hand + [card], view))


def _window_move(legal: list[Move], wants: bool) -> Choice:
    if _find(legal, "keep") is not None:
        return Choice({"type": "keep"})
    return Choice({"type": "buy"} if wants else {"type": "pass"})


def _planned_meld(legal: list[Move], hand: list[Card], need: dict[str, int], seed: bytes) -> Move | None:
    """The first meld of a plan that lays the whole contract from `hand`, if it holds one: a
    proposal is begun only when it can be finished, so it is never taken back and begun
    again turn after turn (which would stall a round for good). The search is dear in a hand
    of many jokers, so it runs only once the quick estimate says nothing is missing."""
    if distance(hand, need) > 0:
        return None
    plan = contract_plan(hand, need, random.Random(seed))
    if not plan:
        return None
    first = plan[0]
    return next(
        (m for m in legal if m["type"] == "meld" and m["kind"] == first["kind"] and m["cards"] == first["cards"]), None
    )


def _nearer(hand: list[Card], card: Card, need: dict[str, int]) -> bool:
    """Whether taking `card` (and letting the worst card go) brings the hand nearer its melds."""
    grown = [*hand, card]
    return min(distance(without(grown, other), need) for other in grown) < distance(hand, need)


def strong(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    public, hand, seat = view["public"], view["private"]["hand"], ask.seat
    top = public["discard_top"]
    kinds = {move["type"] for move in legal}
    down = public["down"][seat]
    need = AFTER_DOWN_NEED if down else still_needed(public, seat)
    if kinds & {"buy", "keep", "withdraw"}:
        # A buy adds a hidden card too: only while the hand is small.
        wants = top is not None and len(hand) <= 14 and distance([*hand, top], need) < distance(hand, need)
        return _window_move(legal, wants)
    if "draw" in kinds:
        if top is not None and (
            is_joker(top) or (lay_offs([top], public["melds"], FIFTEEN) if down else _nearer(hand, top, need))
        ):
            return Choice({"type": "take"})
        return Choice({"type": "draw"})
    if "next_round" in kinds:
        return Choice({"type": "next_round"})
    swap = _find(legal, "swap")
    if swap is not None:
        return Choice(swap)
    melds = [move for move in legal if move["type"] == "meld"]
    if melds and down:
        return Choice(max(melds, key=lambda m: len(m["cards"])))
    planned = _planned_meld(melds, hand, need, ask.seed) if melds else None
    if planned is not None:
        return Choice(planned)
    back = _find(legal, "take_back")
    if back is not None:
        return Choice(back)
    lays = [move for move in legal if move["type"] == "lay_off"]
    if lays:
        # Dear cards first; a joker too once the hand holds nothing else to keep it for.
        return Choice(max(lays, key=lambda m: (not is_joker(m["card"]), penalty(m["card"]))))
    hurry = any(n <= 3 for other, n in enumerate(public["hand_counts"]) if other != seat)
    discards = [move for move in legal if move["type"] == "discard"]

    def keep(move: Move) -> tuple[bool, int, int]:
        # The card whose loss leaves the hand nearest its melds, dearest first, never a joker
        # while another card can go; with an opponent about to go out, simply the dearest.
        card = move["card"]
        nearness = 0 if hurry else distance(without(hand, card), need)
        return (is_joker(card), nearness, -penalty(card))

    return Choice(min(discards, key=keep))


def easy(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    public, hand = view["public"], view["private"]["hand"]
    top = public["discard_top"]
    kinds = {move["type"] for move in legal}
    if kinds & {"buy", "keep", "withdraw"}:
        return _window_move(legal, top is not None and makes_meld(hand, top, view))
    if "draw" in kinds:
        wants = top is not None and not public["down"][ask.seat] and makes_meld(hand, top, view)
        return Choice({"type": "take"} if wants else {"type": "draw"})
    if "next_round" in kinds:
        return Choice({"type": "next_round"})
    melds = [move for move in legal if move["type"] == "meld"]
    if melds and public["down"][ask.seat]:
        return Choice(max(melds, key=lambda m: len(m["cards"])))
    planned = _planned_meld(melds, hand, still_needed(public, ask.seat), ask.seed) if melds else None
    if planned is not None:
        return Choice(planned)
    back = _find(legal, "take_back")
    if back is not None:
        return Choice(back)
    lay = next((m for m in legal if m["type"] == "lay_off" and not is_joker(m["card"])), None)
    if lay is not None:
        return Choice(lay)
    # The card whose loss costs the hand least towards the contract, dearest first, never a
    # joker while another can go: a hand that only kept whole melds would never build a run of
    # six from the stock alone.
    discards = [m for m in legal if m["type"] == "discard"]
    need = AFTER_DOWN_NEED if public["down"][ask.seat] else still_needed(public, ask.seat)
    return Choice(
        min(
            discards, key=lambda m: (is_joker(m["card"]), distance(without(hand, m["card"]), need), -penalty(m["card"]))
        )
    )


LEVELS = {"easy": easy, "strong": strong}
