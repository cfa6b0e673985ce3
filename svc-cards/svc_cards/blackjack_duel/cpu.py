"""Blackjack duel CPU players. Every level decides from the seat's view alone (its own cards
as far as it may know them, the open cards and the bets); what it cannot see is sampled with
the engine's `determinize`.

- easy: rules of thumb. First round: holds, and calls a double only with an open ace, ten or
  nine. Draws below 16, splits aces and eights. Second round: doubles with 20 or better,
  calls a double with 17 or better, folds a bust hand to a double. Never bluffs.
- strong: Monte Carlo over `determinize` (STRONG_SAMPLES samples of every unseen card, the
  other hands' hidden and drawn cards weighted by how well they fit a player who draws below
  17): every hand still to play is finished that way and the pot share of its own hands
  counted. Draws when drawing beats standing; doubles with a share well above its fair one
  (1 / players in), calls a double when the share beats the price plus a margin, and now and
  then bluffs a double on a bust hand in the second round.
"""

from __future__ import annotations

import random
from typing import cast

from rulekit import Move, View
from rulekit.players import Ask, Choice, legal_or_refuse

from ..core.blackjack import TWENTY_ONE, card_points, hand_total
from .rules import ENGINE, hand_key
from .state import DuelView

STRONG_SAMPLES = 80
DRAW_BELOW = 17  # how the strong level expects everyone to draw
EASY_DRAW_BELOW = 16
CALL_MARGIN = 0.04
DOUBLE_FACTOR = 1.4  # double with at least this many times the fair share
BLUFF_RATE = 0.08
UNLIKELY = 0.35  # the weight of a sampled hand its owner would hardly have played so


def _of(legal: list[Move], kind: str) -> Move | None:
    return next((move for move in legal if move["type"] == kind), None)


def _finish(hand: list[str], deck: list[str]) -> list[str]:
    hand = list(hand)
    while hand_total(hand)[0] < DRAW_BELOW and deck:
        hand.append(deck.pop())
    return hand


def _plausible(hand: list[str], stood: bool) -> float:
    """How well a sampled hand fits a player who draws below 17: every draw made below 17,
    a stand on 15 or more (or over 21)."""
    weight = 1.0
    for size in range(2, len(hand)):
        if hand_total(hand[:size])[0] >= DRAW_BELOW:
            weight *= UNLIKELY
    total = hand_total(hand)[0]
    if stood and total < 15:
        weight *= UNLIKELY
    return weight


def pot_shares(
    view: View, seat: int, samples: int, seed: bytes, choices: tuple[bool | None, ...] = (None,)
) -> list[float]:
    """This seat's expected share of the pot at showdown, for each of `choices`, over the same
    `samples` samples of the unseen cards. A choice (the drawing stage): the hand to play takes
    one card (True) or stands (False) before being finished as every other hand still to play
    is; None finishes it that way at once. All hands over 21 count as a fair share (the pot
    carries over)."""
    public = view["public"]
    live = [s for s in range(view["seats"]) if public["dealt"][s] and not public["folded"][s]]
    stage = public["stage"]
    totals = [0.0] * len(choices)
    weights = 0.0
    # The seat's view as this engine wrote it; an ask carries it as plain JSON.
    typed_view = cast(DuelView, view)
    for number in range(samples):
        state = ENGINE.determinize(typed_view, seat, seed + b":%d" % number)
        weight = 1.0
        if stage != "bet1":
            for other in live:
                if other != seat:
                    for index, hand in enumerate(state["cards"][other]):
                        done = stage == "bet2" or state["stood"][other][index]
                        weight *= _plausible(hand, done)
        for place, choice in enumerate(choices):
            deck = list(state["deck"])
            best_other, mine = -2, -2
            for other in live:
                for index, hand in enumerate(state["cards"][other]):
                    done = stage == "bet2" or (stage == "draw" and state["stood"][other][index])
                    if other == seat and stage == "draw" and state["turn"] == seat and index == state["hand_turn"]:
                        if choice:
                            hand = [*hand, deck.pop()]
                            done = hand_total(hand)[0] >= TWENTY_ONE
                        elif choice is False:
                            done = True
                    final = hand if done else _finish(hand, deck)
                    key = hand_key(final, state["split"][other])
                    if other == seat:
                        mine = max(mine, key)
                    else:
                        best_other = max(best_other, key)
            if mine < 0 and best_other < 0:
                share = 1.0 / len(live)
            elif mine > best_other:
                share = 1.0
            elif mine == best_other:
                share = 0.5
            else:
                share = 0.0
            totals[place] += weight * share
        weights += weight
    return [total / weights if weights else 0.0 for total in totals]


def pot_share(view: View, seat: int, samples: int, seed: bytes) -> float:
    """`pot_shares` with every hand still to play finished by drawing below 17."""
    return pot_shares(view, seat, samples, seed)[0]


def _open_points(card: str) -> int:
    return 11 if card_points(card) == 1 else card_points(card)


def _split_worth(view: View, seat: int) -> bool:
    hand = view["private"]["hands"][view["public"]["hand_turn"]]
    return card_points(hand[0]) in (1, 8)


def easy(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    seat, public, private = ask.seat, view["public"], view["private"]
    call = _of(legal, "call")
    if public["stage"] == "draw":
        split, hit = _of(legal, "split"), _of(legal, "hit")
        if split and _split_worth(view, seat):
            return Choice(split, 1)
        total = private["totals"][public["hand_turn"]]
        return Choice(hit if hit and total < EASY_DRAW_BELOW else {"type": "stand"}, 1)
    assert call is not None  # every betting turn offers a call (all-in with less)
    facing = call["amount"] > 0 and public["doubled"]
    if public["stage"] == "bet1":
        strong_open = _open_points(private["hands"][0][0]) >= 9
        return Choice(call if not facing or strong_open else {"type": "fold"}, 1)
    best = max((t for t in private["totals"] if t <= TWENTY_ONE), default=0)
    double = _of(legal, "double")
    if best >= 20 and double:
        return Choice(double, 1)
    if facing and best < 17:
        return Choice({"type": "fold"}, 1)
    return Choice(call or legal[0], 1)


def strong(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    seat, public, private = ask.seat, view["public"], view["private"]
    rnd = random.Random(ask.seed)
    if public["stage"] == "draw":
        split = _of(legal, "split")
        if split and _split_worth(view, seat):
            return Choice(split, 1)
        if _of(legal, "hit") is None:
            return Choice({"type": "stand"}, 1)
        stand, hit = pot_shares(view, seat, STRONG_SAMPLES, ask.seed, (False, True))
        return Choice({"type": "hit"} if hit > stand else {"type": "stand"}, STRONG_SAMPLES)
    call = _of(legal, "call")
    assert call is not None  # every betting turn offers a call (all-in with less)
    double = _of(legal, "double")
    to_pay = call["amount"]
    live = sum(1 for s in range(view["seats"]) if public["dealt"][s] and not public["folded"][s])
    if public["stage"] == "bet2" and all(t > TWENTY_ONE for t in private["totals"]):
        if double and rnd.random() < BLUFF_RATE:
            return Choice(double, 1)  # a bluff: nobody sees a bust
        return Choice(call if to_pay == 0 else {"type": "fold"}, 1)
    share = pot_share(view, seat, STRONG_SAMPLES, ask.seed)
    fair = 1.0 / live
    if double and share >= min(0.85, DOUBLE_FACTOR * fair) + rnd.uniform(-0.03, 0.03):
        return Choice(double, STRONG_SAMPLES)
    if to_pay == 0:
        return Choice(call, STRONG_SAMPLES)
    price = to_pay / (public["pot"] + to_pay)
    return Choice(call if share >= price + CALL_MARGIN else {"type": "fold"}, STRONG_SAMPLES)


LEVELS = {"easy": easy, "strong": strong}
