"""Doubling-cube decisions for the CPU levels, from a rough chance to win.

`win_chance(mine, theirs)` is the chance that `mine` wins with `mine` to roll: a logistic of
its lead relative to its pip count. In a race the lead is the pip difference plus 4 for the
roll (as evaluation.py counts it); with contact it is the race-and-safety evaluation (in
pips: blots, points made, checkers on the bar) of both sides, the difference halved, plus
the same 4. Calibrated on the usual
race rules of thumb: a lead of 12 % of the count is about the trailer's take point (75 % for
the leader), so the slope is ln 3 / 0.12; 8-9 % is about 70 %, where the rules of thumb say
double. Cubeless and blind to gammons: simple and sound enough for money play at this table.

Policy: double at DOUBLE_AT or more (never holding back a position "too good to double"),
take at TAKE_AT or more, else drop.
"""

from __future__ import annotations

import math

from .evaluation import contact, evaluate
from .rules import pips

DOUBLE_AT = 0.70
TAKE_AT = 0.25
ON_ROLL_PIPS = 4.0
SLOPE = math.log(3) / 0.12

Board = list[int]


def win_chance(mine: Board, theirs: Board) -> float:
    """The chance that `mine` wins the game with `mine` to roll (0..1)."""
    my_pips = pips(mine)
    if contact(mine, theirs):
        # evaluate scores one side with the other to roll and counts only that side's made
        # points: the mean of my score and minus theirs is even-handed (the tempo cancels),
        # and the roll is then worth ON_ROLL_PIPS, as in the race.
        lead = (evaluate(mine, theirs) - evaluate(theirs, mine)) / 2 + ON_ROLL_PIPS
    else:
        lead = pips(theirs) - my_pips + ON_ROLL_PIPS
    relative = lead / max(my_pips, 1)
    return 1.0 / (1.0 + math.exp(-SLOPE * relative))


def should_double(mine: Board, theirs: Board) -> bool:
    """Whether the seat about to roll doubles."""
    return win_chance(mine, theirs) >= DOUBLE_AT


def should_take(mine: Board, theirs: Board) -> bool:
    """Whether the seat facing a double takes (`theirs` doubled and is to roll)."""
    return 1.0 - win_chance(theirs, mine) >= TAKE_AT
