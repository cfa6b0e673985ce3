"""Dice Poker (Würfelpoker): five dice, up to three rolls a turn, a 13-row scoring sheet.

House rules (house-rules-de-en-es.txt, "Dice Poker"). Decisions where the text is silent,
also written on the rules page:
- Any free row may be chosen at the end of a turn; a row the dice do not fit scores 0 (that
  is the crossing out), so crossing out is allowed even when another row would fit.
- Five of a kind is not a full house ("three plus two matching" needs two different numbers);
  it does count as three of a kind and four of a kind. A large straight also fits the small
  straight. No extra bonus or joker for a second five of a kind.
- The upper bonus (35) is paid once, as soon as the upper half reaches 63.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Any

from rulekit import (
    BaseEngine,
    Event,
    GameMeta,
    Move,
    MoveClock,
    Result,
    Rng,
    clock_seat,
    event,
    placings_from_scores,
)

from .state import DicePokerState, DicePokerView, Totals

DICE = 5
FACES = 6
ROLLS_PER_TURN = 3
UPPER_ROWS = ("ones", "twos", "threes", "fours", "fives", "sixes")
LOWER_ROWS = (
    "three_kind",
    "four_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "five_kind",
    "chance",
)
ROWS = UPPER_ROWS + LOWER_ROWS
ROUNDS = len(ROWS)
BONUS_THRESHOLD = 63
BONUS_POINTS = 35
FULL_HOUSE_POINTS = 25
SMALL_STRAIGHT_POINTS = 30
LARGE_STRAIGHT_POINTS = 40
FIVE_KIND_POINTS = 50
MAX_SEATS = 8
# The order in which players give rows up: the ones cost least, five of a kind is the
# rarest, the chance is kept for last.
SACRIFICE = (
    "ones",
    "twos",
    "five_kind",
    "threes",
    "four_kind",
    "large_straight",
    "fours",
    "full_house",
    "small_straight",
    "fives",
    "three_kind",
    "sixes",
    "chance",
)

META = GameMeta(
    id="dice-poker",
    family="dice",
    min_seats=2,
    max_seats=MAX_SEATS,
    chance=True,
    hidden_information=False,
    simultaneous=False,
    # Every seat fills 13 rows, each turn at most three rolls and one score.
    longest_game=ROUNDS * MAX_SEATS * (ROLLS_PER_TURN + 1),
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(relaxed_s=60, normal_s=30, fast_s=15),
    turn_based=True,
)


def _score_all(hand: tuple[int, ...]) -> tuple[int, ...]:
    """Points of every row, in ROWS order, for five dice."""
    counts = [hand.count(face) for face in range(FACES + 1)]
    pips = sum(hand)
    most = max(counts)
    present = {face for face in range(1, FACES + 1) if counts[face]}
    upper = tuple(face * counts[face] for face in range(1, FACES + 1))
    small = any({start, start + 1, start + 2, start + 3} <= present for start in (1, 2, 3))
    large = present in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})
    lower = (
        pips if most >= 3 else 0,
        pips if most >= 4 else 0,
        # Three of one number and two of another; five alike is not a full house.
        FULL_HOUSE_POINTS if sorted(c for c in counts if c) == [2, 3] else 0,
        SMALL_STRAIGHT_POINTS if small else 0,
        LARGE_STRAIGHT_POINTS if large else 0,
        FIVE_KIND_POINTS if most == DICE else 0,
        pips,
    )
    return upper + lower


# All 252 sorted hands: scoring is a table look-up.
SCORES: dict[tuple[int, ...], tuple[int, ...]] = {
    hand: _score_all(hand) for hand in combinations_with_replacement(range(1, FACES + 1), DICE)
}
ROW_INDEX = {row: index for index, row in enumerate(ROWS)}

# Every set of dice (by index) that may be kept for a re-roll; keeping all five is no re-roll.
KEEPS: tuple[tuple[int, ...], ...] = tuple(keep for size in range(DICE) for keep in combinations(range(DICE), size))


def row_points(row: str, dice: list[int]) -> int:
    """What `row` scores for `dice` (0 where the dice do not fit it)."""
    return SCORES[tuple(sorted(dice))][ROW_INDEX[row]]


def sheet_totals(sheet: dict[str, int | None]) -> Totals:
    """Upper half, its bonus, lower half and the total of one seat's sheet."""
    upper = sum(sheet[row] or 0 for row in UPPER_ROWS)
    lower = sum(sheet[row] or 0 for row in LOWER_ROWS)
    bonus = BONUS_POINTS if upper >= BONUS_THRESHOLD else 0
    return {"upper": upper, "bonus": bonus, "lower": lower, "total": upper + bonus + lower}


def offers_for(sheet: dict[str, int | None], dice: list[int]) -> dict[str, int]:
    """Each free row of `sheet` and what it would score with `dice`."""
    points = SCORES[tuple(sorted(dice))]
    return {row: points[index] for index, row in enumerate(ROWS) if sheet[row] is None}


def _copy_state(state: DicePokerState) -> DicePokerState:
    """A full copy of a dice-poker state: every nesting level is a fresh object."""
    copied = state.copy()
    copied["dice"] = list(state["dice"])
    copied["sheet"] = [dict(sheet) for sheet in state["sheet"]]
    copied["totals"] = [totals.copy() for totals in state["totals"]]
    copied["offers"] = dict(state["offers"])
    copied["options"] = dict(state["options"])
    copied["rng"] = state["rng"].copy()
    return copied


class DicePoker(BaseEngine[DicePokerState, DicePokerView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> DicePokerState:
        empty_totals: Totals = {"upper": 0, "bonus": 0, "lower": 0, "total": 0}
        return {
            "turn": 0,
            "round": 1,
            "dice": [],
            "rolls_left": ROLLS_PER_TURN,
            "sheet": [dict.fromkeys(ROWS) for _ in range(seats)],
            "totals": [empty_totals.copy() for _ in range(seats)],
            "offers": {},
        }

    def to_move(self, state: DicePokerState) -> frozenset[int]:
        turn = state["turn"]
        return frozenset() if turn is None else frozenset((turn,))

    def legal_moves(self, state: DicePokerState, seat: int) -> list[Move]:
        if state["turn"] is None or seat != state["turn"]:
            return []
        rolls_left = state["rolls_left"]
        if rolls_left == ROLLS_PER_TURN:
            return [{"type": "roll", "keep": []}]
        sheet = state["sheet"][seat]
        scores: list[Move] = [{"type": "score", "row": row} for row in ROWS if sheet[row] is None]
        if rolls_left == 0:
            return scores
        return [{"type": "roll", "keep": list(keep)} for keep in KEEPS] + scores

    def play(self, state: DicePokerState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        if move["type"] == "roll":
            return self._roll(state, seat, [int(index) for index in move["keep"]], rng)
        return self._score(state, seat, move["row"])

    def _roll(self, state: DicePokerState, seat: int, keep: list[int], rng: Rng) -> list[Event]:
        old = state["dice"]
        # Dice keep their places, so the client can leave the kept ones where they lie.
        dice = [old[index] if index in keep else rng.die(FACES) for index in range(DICE)]
        state["dice"] = dice
        state["rolls_left"] -= 1
        state["offers"] = offers_for(state["sheet"][seat], dice)
        return [event("rolled", seat=seat, dice=list(dice), keep=keep)]

    def _score(self, state: DicePokerState, seat: int, row: str) -> list[Event]:
        points = row_points(row, state["dice"])
        state["sheet"][seat][row] = points
        had_bonus = state["totals"][seat]["bonus"] > 0
        totals = sheet_totals(state["sheet"][seat])
        state["totals"][seat] = totals
        events = [event("scored", seat=seat, row=row, points=points)]
        if totals["bonus"] and not had_bonus:
            events.append(event("bonus", seat=seat, points=BONUS_POINTS))
        state["dice"] = []
        state["offers"] = {}
        following = (seat + 1) % state["seats"]
        if following == 0 and state["round"] == ROUNDS:
            state["turn"] = None
            state["rolls_left"] = 0
            events.append(event("game_over"))
            return events
        if following == 0:
            state["round"] += 1
        state["turn"] = following
        state["rolls_left"] = ROLLS_PER_TURN
        return events

    def copy_state(self, state: DicePokerState) -> DicePokerState:
        """A copy that knows the state's shape: a deep copy of the whole sheet on every
        move cost more than the rest of the move put together."""
        return _copy_state(state)

    def view(self, state: DicePokerState, seat: int | None) -> DicePokerView:
        return {**self.common_view(state, seat), "public": self.open_state(state)}

    def timeout_move(self, state: DicePokerState, seat: int | None) -> Move:
        """Out of time: roll when the turn has no roll yet, else score the open row worth the
        most for these dice; on equal points (a crossing out above all) the row a player
        gives up most easily (SACRIFICE)."""
        seat = clock_seat(seat, (state["turn"],))
        if state["rolls_left"] == ROLLS_PER_TURN:
            return {"type": "roll", "keep": []}
        offers = offers_for(state["sheet"][seat], state["dice"])
        row = max(offers, key=lambda name: (offers[name], -SACRIFICE.index(name)))
        return {"type": "score", "row": row}

    def result(self, state: DicePokerState) -> Result | None:
        if state["turn"] is not None:
            return None
        scores = [totals["total"] for totals in state["totals"]]
        return {"placings": placings_from_scores(scores), "scores": scores}


ENGINE = DicePoker()
