"""Last Card CPU players. Every level decides from the seat's view alone.

- easy: any playable card, the drawn card whenever it fits, colour by hand majority.
- strong: rule-based (`strong`; also the prior of `monte_carlo`): keeps wilds for when nothing else
  fits (a wild is the safest last card), plays skip / reverse / +2 / wild +4 when the next
  player is the one closest to going out and holds them otherwise, with two left plays a
  card that gives the turn back only with a card to follow it, prefers the card after which
  it holds the most of the colour in force, passes a penalty on whenever it can (+2 before
  +4), names its majority colour.
- `monte_carlo` (not a level yet; measured weaker or no better): the shedding games'
  determinized Monte Carlo over that rule-based play (`core.tactics.shedding_monte_carlo`;
  bench/mc_strength.py, docs/cpu-strength.md).
"""

from __future__ import annotations

from rulekit.players import Ask, Choice

from ..core import COLOURS, DRAW_TWO, REVERSE, SKIP, WILD, WILD_DRAW_FOUR, Card, parse
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

# With two players left each of these gives the turn straight back.
ACTIONS = (SKIP, REVERSE, DRAW_TWO)
# Weights of the strong level's card value.
COLOUR_WEIGHT = 0.6  # per card left in the colour the played card sets
AGAIN_BONUS = 1.5  # turn comes back and a card can follow
AGAIN_MALUS = -1.0  # turn comes back to nothing playable: a draw
THREAT_BONUS = 4.0  # an action card against the player closest to going out
HOLD_MALUS = -0.5  # otherwise an action card is worth keeping


def _finish(moves: list[dict], hand: list[Card], card: Card) -> dict:
    """The move for `card`, naming the majority colour if it is a wild."""
    return play_naming_majority(moves, hand, card, "colour", COLOURS)


easy = shedding_easy("colour", COLOURS)


def _follows(card: Card, rest: list[Card]) -> bool:
    """Whether some other card of the hand could be played on `card` right after it."""
    colour, rank = parse(card)
    return any(parse(other)[0] in (None, colour) or parse(other)[1] == rank for other in rest)


def _value(card: Card, hand: list[Card], view: dict, seat: int) -> float:
    """How much playing `card` now is worth; higher is better."""
    colour, rank = parse(card)
    following = next_in_view(view, seat)
    counts = view["public"]["hand_counts"]
    threatened = counts[following] <= 2 or counts[following] == fewest_cards(view, seat)
    if rank == WILD:
        return -20.0
    if rank == WILD_DRAW_FOUR:
        return 5.0 if threatened and counts[following] <= 2 else -15.0
    rest = [other for other in hand if other != card]
    value = COLOUR_WEIGHT * sum(1 for other in rest if parse(other)[0] == colour)
    if rank in ACTIONS:
        two_left = len(counts) - len(view["public"]["finished"]) == 2
        if two_left:
            # The turn comes straight back: worth it with a card to follow, else a draw follows.
            value += AGAIN_BONUS if _follows(card, rest) or not rest else AGAIN_MALUS
        value += THREAT_BONUS if threatened else HOLD_MALUS
        if rank == DRAW_TWO and threatened:
            value += 1.0
    return value


def strong(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    hand = view["private"]["hand"]
    plays = by_card(legal)
    if not plays:
        return Choice(without_play(legal))
    public = view["public"]
    if public["pending"]:
        twos = sorted(card for card in plays if parse(card)[1] == DRAW_TWO)
        card = twos[0] if twos else sorted(plays)[0]
        return Choice(_finish(plays[card], hand, card))
    if public["drew"]:
        card = next(iter(plays))
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
