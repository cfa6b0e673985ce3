"""Mau-Mau CPU players. Every level decides from the seat's view alone.

- easy: any playable card, the drawn card whenever it fits, wishes its majority suit.
- strong: rule-based (`strong`; also the prior of `monte_carlo`): keeps wishing jacks for when
  nothing else fits, plays sevens and eights when the next player is the one closest to
  going out, plays an ace ("again", or an eight with two left) only when it holds a card to
  follow it, prefers the card after which it holds the most of the suit in force, passes a
  run of sevens on whenever it can, wishes its majority suit.
- `monte_carlo` (not a level yet; measured weaker or no better): the shedding games'
  determinized Monte Carlo over that rule-based play (`core.tactics.shedding_monte_carlo`;
  bench/mc_strength.py, docs/cpu-strength.md).
"""

from __future__ import annotations

from rulekit.players import Ask, Choice

from ..core import SUITS, Card, parse
from ..core.tactics import (
    by_card,
    fewest_cards,
    legal_or_refuse,
    next_in_view,
    play_naming_majority,
    shedding_easy,
    shedding_monte_carlo,
    without_play,
)
from .rules import ENGINE

# Weights of the strong level's card value.
COLOUR_WEIGHT = 0.6  # per card left in the suit the played card sets
AGAIN_BONUS = 3.0
AGAIN_MALUS = -2.0
SEVEN_BONUS = 4.0
JACK_VALUE = -20.0  # a wishing jack is kept for when nothing else fits


def _finish(moves: list[dict], hand: list[Card], card: Card) -> dict:
    return play_naming_majority(moves, hand, card, "suit", SUITS)


easy = shedding_easy("suit", SUITS)


def _follows(card: Card, rest: list[Card], options: dict) -> bool:
    """Whether another card of the hand could be played on `card` right after it."""
    suit, rank = parse(card)
    jack = options["jack_wish"] and rank != "J"
    return any(parse(o)[0] == suit or parse(o)[1] == rank or jack and parse(o)[1] == "J" for o in rest)


def _value(card: Card, hand: list[Card], view: dict, seat: int) -> float:
    options = view["options"]
    suit, rank = parse(card)
    counts = view["public"]["hand_counts"]
    following = next_in_view(view, seat)
    threatened = counts[following] <= 2 or counts[following] == fewest_cards(view, seat)
    two_left = len(counts) - len(view["public"]["finished"]) == 2
    rest = [other for other in hand if other != card]
    if rank == "J" and options["jack_wish"]:
        return JACK_VALUE
    value = COLOUR_WEIGHT * sum(1 for other in rest if parse(other)[0] == suit)
    again = rank == "A" and options["ace_again"] or rank == "8" and options["eight_skip"] and two_left
    if again:
        # The turn comes straight back: a free card with one to follow, else a draw.
        value += AGAIN_BONUS if _follows(card, rest, options) or not rest else AGAIN_MALUS
    if rank == "7" and options["seven_draw_two"]:
        value += SEVEN_BONUS if threatened else -0.5
    elif rank == "8" and options["eight_skip"] and not two_left:
        value += 4.0 if threatened else -0.5
    return value


def strong(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    hand = view["private"]["hand"]
    plays = by_card(legal)
    if not plays:
        return Choice(without_play(legal))
    if view["public"]["pending"] or view["public"]["drew"]:
        card = sorted(plays)[0]
        return Choice(_finish(plays[card], hand, card))
    card = max(sorted(plays), key=lambda c: _value(c, hand, view, ask.seat))
    return Choice(_finish(plays[card], hand, card))


MONTE_CARLO = shedding_monte_carlo(ENGINE, strong)
monte_carlo = MONTE_CARLO.player(ENGINE)


# The strong level stays rule-based: the Monte Carlo player, rollouts to the end included, did
# not beat it over 500 games (docs/cpu-strength.md, bench/mc_strength.py). The view holds no history (no
# cards played, no draws seen), so samples deal the unseen cards blindly and the search
# probably adds noise more than knowledge; `monte_carlo` is kept, tested and measured.
LEVELS = {"easy": easy, "strong": strong}
