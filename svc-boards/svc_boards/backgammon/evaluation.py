"""A race and safety evaluation of a backgammon position, for the pure-Python CPU and the clock.

Boards as in rules.py: 25 counts from the owner's side, points 1..24 at index 0..23, the bar
at 24. `evaluate(mine, theirs)` scores the position for `mine` with `theirs` to roll next:
the pip lead, minus the expected loss from blots the other side can hit, plus made points
(more in the home board and in a row: they block), checkers sent back, checkers borne off.
Without contact it is a pure race.
"""

from __future__ import annotations

# Chance that the other side rolls a given distance with at least one die or a combination,
# for distances 1..12 (the usual shot table, out of 36).
SHOTS = (0, 11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3)
WIN = 10_000.0


def _pips(board: list[int]) -> int:
    return sum((index + 1) * count for index, count in enumerate(board))


def contact(mine: list[int], theirs: list[int]) -> bool:
    """Whether some checker of mine still has to pass one of theirs."""
    my_back = max((i + 1 for i in range(25) if mine[i]), default=0)
    their_back = max((i + 1 for i in range(25) if theirs[i]), default=0)
    return my_back + their_back > 25


def evaluate(mine: list[int], theirs: list[int]) -> float:
    if not any(mine):
        return WIN
    if not any(theirs):
        return -WIN
    my_pips, their_pips = _pips(mine), _pips(theirs)
    # The side to roll next (theirs) is worth about 4 pips in a race.
    race = their_pips - my_pips - 4.0
    off_mine = 15 - sum(mine)
    if not contact(mine, theirs):
        return 2.0 * race + 3.0 * off_mine
    score = race
    # Where their checkers stand, in my numbering: their point q is my point 25 - q; their bar
    # is my point 0. They move towards my 24.
    hitters = [0] * 26
    for index in range(25):
        if theirs[index]:
            hitters[24 - index] += theirs[index]
    hitters[0] = theirs[24]
    blocks = [mine[i] >= 2 for i in range(24)]
    risk = 0.0
    for index in range(24):
        if mine[index] != 1:
            continue
        point = index + 1
        shots = 0
        for distance in range(1, 13):
            source = point - distance
            if source < 0:
                break
            if hitters[source]:
                shots += SHOTS[distance]
        if shots:
            # Being hit sends the checker back 25 - point pips and costs the tempo.
            risk += min(shots, 36) / 36.0 * (25 - point + 8)
    score -= risk
    made = 0.0
    run = best_run = 0
    for index in range(24):
        if blocks[index]:
            made += 2.5 if index < 6 else (2.0 if index < 9 else 1.0)
            run += 1
            best_run = max(best_run, run)
        else:
            run = 0
    score += made + 1.5 * best_run * best_run
    score += 6.0 * theirs[24] - 6.0 * mine[24]
    score += 1.0 * off_mine
    return score
