"""The move clock's default in the shedding games: what a player out of time would accept.

Draw a card (or take the penalty) when drawing is allowed, pass after a draw; only when the
rules make a play compulsory, lay the card the player will miss least, and where it wishes a
colour or suit, the one the hand holds most of. Never a play that gives away a card the
player may want to keep when drawing was possible.
"""

from __future__ import annotations

from typing import Callable

from rulekit import Move

from .cards import Card
from .tactics import by_card, majority_suit, of_type, with_choice


def shedding_default(
    legal: list[Move],
    hand: list[Card],
    keep: Callable[[Card], int],
    choice_key: str | None = None,
    choices: tuple[str, ...] = (),
) -> Move:
    """`legal` is what `rulekit.clock_moves` gives for the seat on the clock (never empty);
    `keep(card)` ranks how much the player would miss a card (0: a plain card)."""
    for kind in ("draw", "pass"):
        move = of_type(legal, kind)
        if move is not None:
            return move
    grouped = by_card(legal)
    card = min(grouped, key=lambda c: (keep(c), hand.index(c)))
    if choice_key is None:
        return grouped[card][0]
    return with_choice(grouped[card], choice_key, majority_suit(hand, choices, leaving=card))
