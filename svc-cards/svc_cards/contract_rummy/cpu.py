"""Femton CPU players. Both decide from the seat's view alone (own hand, the table, the
discard top, the window, the legal moves the view lists).

- easy: takes or buys the open card only when it completes a contract meld at once, lays the
  longest contract meld it finds (takes a proposal back when no meld follows), lays off what
  fits, discards the dearest card that is in no meld, never a joker.
- strong: takes the open card when it completes a contract meld or is a joker, buys only
  such a card and only while its hand is small (a buy adds a hidden card too), swaps jokers
  back into its hand, lays off its dearest cards first, and discards the card least likely to
  join a meld (no meld, no equal rank, no neighbour in its suit), dearest first, keeping
  jokers; once down, or with an opponent down to a few cards, simply its dearest card.
"""

from __future__ import annotations

from rulekit import Move
from rulekit.players import Ask, Choice

from ..core import Card, parse
from ..core.melds import FIFTEEN, Rules, is_joker, possible_melds
from ..core.tactics import legal_or_refuse
from .rules import penalty

ORDER = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def _find(legal: list[Move], kind: str) -> Move | None:
    return next((move for move in legal if move["type"] == kind), None)


def _needed_rules(view: dict) -> Rules:
    need = view["public"]["contract"]
    return Rules(set_max=None, distinct_suits=False, run_min=need["run_length"], set_min=need["set_size"])


def makes_meld(hand: list[Card], card: Card, rules: Rules) -> bool:
    return any(card in meld["cards"] for meld in possible_melds(hand + [card], rules))


def usefulness(card: Card, hand: list[Card]) -> int:
    """How close a card is to a meld: equal ranks and neighbours in its suit (jokers: always)."""
    if is_joker(card):
        return 100
    suit, rank = parse(card)
    faces = {c.split(".", 1)[0] for c in hand if c != card}
    score = sum(3 for other in hand if other != card and not is_joker(other) and parse(other)[1] == rank)
    at = ORDER.index(rank)
    for step, weight in ((1, 3), (2, 1)):
        for index in (at - step, at + step):
            if 0 <= index < len(ORDER) and f"{suit}{ORDER[index]}" in faces:
                score += weight
    return score


def _window_move(legal: list[Move], wants: bool) -> Choice:
    if _find(legal, "keep") is not None:
        return Choice({"type": "keep"})
    return Choice({"type": "buy"} if wants else {"type": "pass"})


def strong(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    public, hand, seat = view["public"], view["private"]["hand"], ask.seat
    top = public["discard_top"]
    kinds = {move["type"] for move in legal}
    down = public["down"][seat]
    if kinds & {"buy", "keep", "withdraw"}:
        wants = top is not None and len(hand) <= 14 and makes_meld(hand, top, _needed_rules(view))
        return _window_move(legal, wants)
    if "draw" in kinds:
        if top is not None and not down and (is_joker(top) or makes_meld(hand, top, _needed_rules(view))):
            return Choice({"type": "take"})
        return Choice({"type": "draw"})
    if "next_round" in kinds:
        return Choice({"type": "next_round"})
    swap = _find(legal, "swap")
    if swap is not None:
        return Choice(swap)
    melds = [move for move in legal if move["type"] == "meld"]
    if melds:
        return Choice(max(melds, key=lambda m: len(m["cards"])))
    back = _find(legal, "take_back")
    if back is not None:
        return Choice(back)
    lays = [move for move in legal if move["type"] == "lay_off"]
    if lays:
        # Dear cards first; a joker too once the hand holds nothing else to keep it for.
        return Choice(max(lays, key=lambda m: (not is_joker(m["card"]), penalty(m["card"]))))
    in_melds = {card for meld in possible_melds(hand, _needed_rules(view)) for card in meld["cards"]}
    hurry = any(n <= 3 for other, n in enumerate(public["hand_counts"]) if other != seat)
    discards = [move for move in legal if move["type"] == "discard"]

    def keep(move: Move) -> tuple[int, int, int, int]:
        card = move["card"]
        use = 0 if down else usefulness(card, hand)
        return (card in in_melds and not down, is_joker(card), use // 3 if not hurry else 0, -penalty(card))

    return Choice(min(discards, key=keep))


def easy(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    public, hand = view["public"], view["private"]["hand"]
    top = public["discard_top"]
    kinds = {move["type"] for move in legal}
    if kinds & {"buy", "keep", "withdraw"}:
        return _window_move(legal, top is not None and makes_meld(hand, top, _needed_rules(view)))
    if "draw" in kinds:
        wants = top is not None and not public["down"][ask.seat] and makes_meld(hand, top, _needed_rules(view))
        return Choice({"type": "take"} if wants else {"type": "draw"})
    if "next_round" in kinds:
        return Choice({"type": "next_round"})
    melds = [move for move in legal if move["type"] == "meld"]
    if melds:
        return Choice(max(melds, key=lambda m: len(m["cards"])))
    back = _find(legal, "take_back")
    if back is not None:
        return Choice(back)
    lay = next((m for m in legal if m["type"] == "lay_off" and not is_joker(m["card"])), None)
    if lay is not None:
        return Choice(lay)
    in_melds = {card for meld in possible_melds(hand, FIFTEEN) for card in meld["cards"]}
    discards = [m for m in legal if m["type"] == "discard"]
    return Choice(max(discards, key=lambda m: (m["card"] not in in_melds, not is_joker(m["card"]), penalty(m["card"]))))


LEVELS = {"easy": easy, "strong": strong}
