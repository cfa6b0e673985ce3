"""CPU players for Dice Poker. Both decide from the seat's view alone (the game is open).

- easy: keeps the dice of its most frequent number and re-rolls the rest while it can, then
  writes the dice into the free row that pays the most.
- strong: chooses what to keep by the exact expected value over every possible re-roll (two
  rolls ahead, on the 252 distinct hands), valuing a finished hand by the best free row,
  where a row is worth its points less what it is expected to score if left for later, and
  an upper row also by how much it changes the chance of the 63-point bonus.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb, factorial, prod
from operator import mul
from typing import Any

from rulekit import Refusal
from rulekit.players import Ask, Choice

from .rules import (
    BONUS_POINTS,
    BONUS_THRESHOLD,
    DICE,
    FACES,
    ROLLS_PER_TURN,
    ROWS,
    SCORES,
    UPPER_ROWS,
)

# What a row scores on average when it is kept for later and filled by a good player
# (solitaire statistics of the five-dice game under near-optimal play). Scoring a row below
# this wastes it; crossing out a rare row (large straight, five of a kind) wastes the most.
PAR = {
    "ones": 2.1,
    "twos": 5.3,
    "threes": 8.6,
    "fours": 12.2,
    "fives": 15.7,
    "sixes": 19.2,
    "three_kind": 21.7,
    "four_kind": 13.1,
    "full_house": 22.6,
    "small_straight": 29.5,
    "large_straight": 32.7,
    "five_kind": 16.9,
    "chance": 22.0,
}
FACE_OF = {row: face for face, row in enumerate(UPPER_ROWS, start=1)}

# -- tables over the 252 distinct hands, built once -----------------------------------------
HANDS: list[tuple[int, ...]] = sorted(SCORES)
HAND_ID = {hand: index for index, hand in enumerate(HANDS)}
ROW_POINTS = {row: [SCORES[hand][index] for hand in HANDS] for index, row in enumerate(ROWS)}


def _roll_outcomes(count: int) -> list[tuple[tuple[int, ...], float]]:
    """Every sorted result of rolling `count` dice with its probability."""
    outcomes = []
    for faces in combinations_with_replacement(range(1, FACES + 1), count):
        arrangements = factorial(count) // prod(factorial(n) for n in Counter(faces).values())
        outcomes.append((faces, arrangements / FACES**count))
    return outcomes


# Every multiset of kept dice (462 of them), and for each the hands a re-roll can give.
KEEP_SETS: list[tuple[int, ...]] = [
    keep for size in range(DICE + 1) for keep in combinations_with_replacement(range(1, FACES + 1), size)
]
KEEP_ID = {keep: index for index, keep in enumerate(KEEP_SETS)}
_OUTCOMES = {size: _roll_outcomes(DICE - size) for size in range(DICE + 1)}


def _keep_tables() -> tuple[list[list[int]], list[list[float]]]:
    """For each kept multiset: the hands a re-roll of the other dice gives, and their chances."""
    hands, chances = [], []
    for keep in KEEP_SETS:
        outcomes = _OUTCOMES[len(keep)]
        hands.append([HAND_ID[tuple(sorted(keep + faces))] for faces, _ in outcomes])
        chances.append([p for _, p in outcomes])
    return hands, chances


KEEP_HANDS, KEEP_PROBS = _keep_tables()
# For each hand, the distinct multisets it can keep while re-rolling at least one die.
HAND_KEEPS: list[list[int]] = [
    sorted({KEEP_ID[kept] for size in range(DICE) for kept in combinations(hand, size)}) for hand in HANDS
]


# -- the upper bonus -------------------------------------------------------------------------
def _count_chances(face: int) -> list[float]:
    """How many dice of `face` a good player ends up writing in that row: binomial with the
    row's average (PAR), a rough but smooth model of an opportunistic upper half."""
    p = PAR[UPPER_ROWS[face - 1]] / (DICE * face)
    return [comb(DICE, k) * p**k * (1 - p) ** (DICE - k) for k in range(DICE + 1)]


_COUNT_CHANCES = {face: _count_chances(face) for face in range(1, FACES + 1)}


@cache
def bonus_chance(need: int, faces: tuple[int, ...]) -> float:
    """The chance that the free upper rows `faces` still add at least `need` points."""
    if need <= 0:
        return 1.0
    if not faces:
        return 0.0
    first, rest = faces[0], faces[1:]
    return sum(p * bonus_chance(need - first * k, rest) for k, p in enumerate(_COUNT_CHANCES[first]))


# -- valuing hands ---------------------------------------------------------------------------
def row_values(sheet: dict[str, int | None]) -> dict[str, list[float]]:
    """For each free row, what writing each of the 252 hands into it is worth."""
    upper = sum(sheet[row] or 0 for row in UPPER_ROWS)
    need = BONUS_THRESHOLD - upper
    free_faces = tuple(FACE_OF[row] for row in UPPER_ROWS if sheet[row] is None)
    now = bonus_chance(need, free_faces)
    values = {}
    for row in ROWS:
        if sheet[row] is not None:
            continue
        par = PAR[row]
        if row in FACE_OF and need > 0:
            face = FACE_OF[row]
            rest = tuple(f for f in free_faces if f != face)
            by_count = [
                face * k - par + BONUS_POINTS * (bonus_chance(need - face * k, rest) - now) for k in range(DICE + 1)
            ]
            values[row] = [by_count[points // face] for points in ROW_POINTS[row]]
        else:
            values[row] = [points - par for points in ROW_POINTS[row]]
    return values


def _expected(final: list[float], keep: int) -> float:
    """The expected value of `final` after keeping the multiset `keep` and re-rolling the rest."""
    return sum(map(mul, map(final.__getitem__, KEEP_HANDS[keep]), KEEP_PROBS[keep]))


def _with_one_roll(final: list[float], then: list[float]) -> list[float]:
    """Each hand's value when it may be scored now (`final`) or re-rolled once into `then`."""
    expected = [_expected(then, keep) for keep in range(len(KEEP_SETS))]
    return [max(final[h], max(map(expected.__getitem__, HAND_KEEPS[h]))) for h in range(len(HANDS))]


def _keep_indices(dice: list[int], kept: tuple[int, ...]) -> list[int]:
    """Indices of `dice` that hold the multiset `kept`."""
    wanted = Counter(kept)
    indices = []
    for index, die in enumerate(dice):
        if wanted[die] > 0:
            wanted[die] -= 1
            indices.append(index)
    return indices


def _table(ask: Ask) -> tuple[dict[str, Any], dict[str, int | None]]:
    """The open state and this seat's sheet; refuses when the seat is not to move."""
    if not ask.view.get("legal_moves"):
        raise Refusal("not_your_turn", "the view lists no legal move for this seat")
    public = ask.view["public"]
    return public, public["sheet"][ask.view["seat"]]


def strong(ask: Ask) -> Choice:
    """Keeps what maximises the expected value of the finished hand; scores the best row."""
    public, sheet = _table(ask)
    if public["rolls_left"] == ROLLS_PER_TURN:
        return Choice({"type": "roll", "keep": []})
    dice = public["dice"]
    hand = HAND_ID[tuple(sorted(dice))]
    values = row_values(sheet)
    final = list(map(max, *values.values())) if len(values) > 1 else next(iter(values.values()))
    rolls_left = public["rolls_left"]
    nodes = len(HANDS)
    if rolls_left > 0:
        # Work back from the last roll: a hand's value with one roll to come, then two.
        later = final
        for _ in range(rolls_left - 1):
            later = _with_one_roll(final, later)
        roll_value, keep = max((_expected(later, keep), keep) for keep in HAND_KEEPS[hand])
        nodes += (rolls_left - 1) * len(KEEP_SETS) + len(HAND_KEEPS[hand])
        if roll_value > final[hand] + 1e-9:
            return Choice({"type": "roll", "keep": _keep_indices(dice, KEEP_SETS[keep])}, nodes)
    return Choice({"type": "score", "row": max(values, key=lambda row: values[row][hand])}, nodes)


def easy(ask: Ask) -> Choice:
    """Chases the most frequent number (the higher one on a tie), then takes the most points."""
    public, sheet = _table(ask)
    dice = public["dice"]
    if public["rolls_left"] == ROLLS_PER_TURN:
        return Choice({"type": "roll", "keep": []})
    counts = Counter(dice)
    target = max(counts, key=lambda face: (counts[face], face))
    if public["rolls_left"] > 0 and counts[target] < DICE:
        return Choice({"type": "roll", "keep": [i for i, die in enumerate(dice) if die == target]})
    points = SCORES[tuple(sorted(dice))]
    free = [(points[index], -index, row) for index, row in enumerate(ROWS) if sheet[row] is None]
    return Choice({"type": "score", "row": max(free)[2]})


LEVELS = {"easy": easy, "strong": strong}
