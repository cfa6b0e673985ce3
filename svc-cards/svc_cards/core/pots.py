"""Pots with all-ins: the main pot and side pots, shared by `poker` and `blackjack-duel`.

`committed[i]` is what entrant `i` put in (a seat in poker, a hand in the blackjack duel);
`contending` the entrants still in. Nothing here knows what wins a pot.
"""

from __future__ import annotations

from typing import Any, TypedDict


class Pot(TypedDict):
    amount: int
    eligible: list[int]  # the contending entrants who may win it


def side_pots(committed: list[int], contending: list[int]) -> list[Pot]:
    """The main pot and side pots: at each all-in level, every entrant's chips up to it, won
    among the contenders who put in at least as much. Chips above the top level (a bet
    nobody called) go back to their owner as a pot of their own."""
    levels = sorted({committed[s] for s in contending})
    pots: list[Pot] = []
    below = 0
    for level in levels:
        amount = sum(max(0, min(c, level) - below) for c in committed)
        eligible = [s for s in contending if committed[s] >= level]
        if amount:
            pots.append({"amount": amount, "eligible": eligible})
        below = level
    rest = sum(max(0, c - below) for c in committed)
    if rest:
        # Only a folded entrant can have put in more than every contender; it stays in the top pot.
        pots[-1]["amount"] += rest
    return pots


def shares(amount: int, winners: list[Any]) -> list[int]:
    """`amount` split among `winners` in their order, the odd chips one each to the first."""
    share, odd = divmod(amount, len(winners))
    return [share + (1 if place < odd else 0) for place in range(len(winners))]
