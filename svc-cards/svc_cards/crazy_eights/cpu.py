"""Crazy Eights CPU players. Every level decides from the seat's view alone.

- easy: lays as many cards of one rank as it can, keeping its eights while anything else
  fits; among equal choices (which cards, which suit) it picks at random.
- strong: rule-based (`strong`; also the prior of `monte_carlo`): plans. For every legal play it
  counts the fewest turns it would need to empty the rest of its hand if nobody changed the
  suit (a whole rank per turn, an eight as a joker, a draw when stuck counted as a delay),
  and takes the play with the fewest; ties go to keeping eights, then to the play after
  which most of its cards fit, then to shedding more.
- `monte_carlo` (not a level yet; measured weaker or no better): the shedding games'
  determinized Monte Carlo over that rule-based play (`core.tactics.shedding_monte_carlo`;
  bench/mc_strength.py, docs/cpu-strength.md).
"""

from __future__ import annotations

import random
from functools import lru_cache

from rulekit.players import Ask, Choice

from ..core import SUITS, Card, parse
from ..core.tactics import legal_or_refuse, shedding_monte_carlo
from .rules import EIGHT, ENGINE

Move = dict
Face = tuple[str, str]  # (suit, rank)
PLAN_LIMIT = 12  # larger hands are planned greedily: the search grows with the ranks held
STUCK = 3  # turns a draw is counted as when nothing fits


def _plays(legal: list[Move]) -> list[Move]:
    return [move for move in legal if move["type"] == "play"]


def _rest(hand: list[Card], move: Move) -> list[Card]:
    played = set(move["cards"])
    return [card for card in hand if card not in played]


def _suit_after(move: Move) -> str:
    return move.get("suit") or parse(move["cards"][-1])[0]  # type: ignore[return-value]


def _is_eight(move: Move) -> bool:
    return parse(move["cards"][0])[1] == EIGHT


def easy(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    plays = _plays(legal)
    if not plays:
        return Choice(legal[0])
    plain = [move for move in plays if not _is_eight(move)] or plays
    most = max(len(move["cards"]) for move in plain)
    return Choice(random.Random(ask.seed).choice([move for move in plain if len(move["cards"]) == most]))


@lru_cache(maxsize=65536)
def turns_to_empty(hand: tuple[Face, ...], suit: str, rank: str) -> int:
    """The fewest own turns to lay every card of `hand` (sorted faces) on a top of `rank` in
    `suit`, nobody else changing it: a whole rank per turn, one eight per turn naming any
    suit; a hand with nothing that fits counts len(hand) + STUCK."""
    if not hand:
        return 0
    groups: dict[str, list[str]] = {}
    for card_suit, card_rank in hand:
        groups.setdefault(card_rank, []).append(card_suit)
    best = len(hand) + STUCK
    for group_rank, suits in groups.items():
        if group_rank == EIGHT:
            rest = tuple(face for face in hand if face != (suits[0], EIGHT))
            for wish in SUITS:
                best = min(best, 1 + turns_to_empty(rest, wish, EIGHT))
        elif group_rank == rank or suit in suits:
            rest = tuple(face for face in hand if face[1] != group_rank)
            # The last card laid sets the suit; any of the group's suits can go last
            # (with one card, that card).
            for last in set(suits):
                best = min(best, 1 + turns_to_empty(rest, last, group_rank))
        if best == 1:
            break
    return best


def _fits_after(rest: list[Card], suit: str, rank: str) -> int:
    return sum(1 for card in rest if parse(card)[0] == suit or parse(card)[1] in (rank, EIGHT))


def _plan_key(move: Move, hand: list[Card]) -> tuple[int, int, int, int]:
    rest = _rest(hand, move)
    if not rest:
        return (0, 0, 0, 0)
    suit, rank = _suit_after(move), parse(move["cards"][-1])[1]
    if len(rest) <= PLAN_LIMIT:
        turns = 1 + turns_to_empty(tuple(sorted(parse(card) for card in rest)), suit, rank)  # type: ignore[arg-type]
    else:
        turns = len(rest)
    eights = len(move["cards"]) if _is_eight(move) else 0
    return (turns, eights, -_fits_after(rest, suit, rank), -len(move["cards"]))


def strong(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    plays = _plays(legal)
    if not plays:
        return Choice(legal[0])
    hand = ask.view["private"]["hand"]
    return Choice(min(plays, key=lambda move: _plan_key(move, hand)))


MONTE_CARLO = shedding_monte_carlo(ENGINE, strong)
monte_carlo = MONTE_CARLO.player(ENGINE)


# The strong level stays rule-based: the Monte Carlo player, rollouts to the end included, did
# not beat it over 500 games (docs/cpu-strength.md, bench/mc_strength.py). The view holds no history (no
# cards played, no draws seen), so samples deal the unseen cards blindly and the search
# probably adds noise more than knowledge; `monte_carlo` is kept, tested and measured.
LEVELS = {"easy": easy, "strong": strong}
