"""The strong fallback level's evaluation: a weighted sum of standard backgammon features, the
weights tuned by self-play (tests/games/backgammon/tune_strong.py writes WEIGHTS below).

Boards as in rules.py. `strong_value(mine, theirs)` scores the position for `mine`, who has
just moved, with `theirs` to roll next. With contact: the pip lead, blots weighted by the share
of the other side's 36 rolls that hit them, made points (home board, outfield, anchors in the
other home board), the longest prime of each side, checkers on the bar (worse against a
stronger home board), back checkers, builders, stacking and checkers borne off. Without
contact it is a race: the pip lead, checkers off, checkers still outside and wasted stacks.
"""

from __future__ import annotations

from .evaluation import WIN, contact

# Feature names, in the order of the weight vectors.
CONTACT = (
    "pips",  # their pips minus mine
    "hit_pips",  # expected pips lost to hits: P(hit) * (25 - point) summed over my blots
    "hit_any",  # chance that some blot of mine is hit
    "home_points",  # my made points 1..6
    "outfield_points",  # my made points 7..12
    "prime",  # longest run of my made points, squared
    "anchors",  # my made points 19..24 (in their home board)
    "their_bar",  # their checkers on the bar, times my home points (closed out, they wait)
    "my_bar",  # my checkers on the bar, times their home points
    "their_bar_count",  # their checkers on the bar
    "my_bar_count",  # mine
    "their_prime",  # their longest run, squared
    "my_back",  # my checkers on 19..24 and the bar
    "their_back",  # theirs on their 19..24 and their bar
    "builders",  # my single or spare checkers on 4..11
    "stacking",  # checkers beyond the third on one of my points
    "their_blots",  # their blots
    "off",  # my checkers borne off minus theirs
)
RACE = (
    "race_pips",  # their pips minus mine, minus the roll they are about to have
    "race_off",  # my checkers borne off minus theirs
    "race_outside",  # my checkers still outside my home board
    "race_stack",  # my checkers beyond the third on a home point
    "race_gaps",  # empty points among my home points 4..6 with checkers above
)

# Set by hand, then tuned by tune_strong.py (self-play, coordinate steps on one weight at a
# time, which also writes them here): in two runs only hit_pips and hit_any moved by more than
# the games' noise; a step on any other weight, up or down, gained nothing measurable.
WEIGHTS = {
    "pips": 1.0,
    "hit_pips": -1.5,
    "hit_any": -4.8,
    "home_points": 2.5,
    "outfield_points": 1.5,
    "prime": 1.5,
    "anchors": 2.0,
    "their_bar": 1.0,
    "my_bar": -1.0,
    "their_bar_count": 6.0,
    "my_bar_count": -6.0,
    "their_prime": -1.5,
    "my_back": -1.0,
    "their_back": 1.0,
    "builders": 0.5,
    "stacking": -0.5,
    "their_blots": 1.0,
    "off": 1.0,
    "race_pips": 2.0,
    "race_off": 3.0,
    "race_outside": -1.0,
    "race_stack": -0.5,
    "race_gaps": -0.5,
}

# The 21 distinct rolls and how many of the 36 each stands for.
ROLLS = tuple((a, b, 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7))


def _pips(board: list[int]) -> int:
    return sum((index + 1) * count for index, count in enumerate(board))


def _longest_run(made: list[bool]) -> int:
    run = best = 0
    for flag in made:
        run = run + 1 if flag else 0
        best = max(best, run)
    return best


def _hits(distances: set[int], blocked: list[bool], point: int) -> int:
    """How many of the 36 rolls hit my blot on `point` from the given distances, the
    intermediate landing points of a combined shot (my made points, `blocked`) stopping it."""
    hit = 0
    for a, b, weight in ROLLS:
        if a == b:
            # A double: k steps of a from point - k * a, every landing point on the way open.
            for k in range(1, 5):
                source = point - k * a
                if k * a in distances and not any(blocked_at(blocked, source + j * a) for j in range(1, k)):
                    hit += weight
                    break
            continue
        # Either die directly, or both with one of the two landing points open.
        source = point - (a + b)
        direct = a in distances or b in distances
        combined = a + b in distances and not (blocked_at(blocked, source + a) and blocked_at(blocked, source + b))
        if direct or combined:
            hit += weight
    return hit


def blocked_at(blocked: list[bool], point: int) -> bool:
    """Whether the other side cannot land on my `point` (1..24)."""
    return 1 <= point <= 24 and blocked[point - 1]


def contact_features(mine: list[int], theirs: list[int]) -> dict[str, float]:
    my_made = [mine[i] >= 2 for i in range(24)]
    # Their made points in my numbering (their point q is my 25 - q), for their prime.
    their_made = [theirs[i] >= 2 for i in range(24)]
    # Where their checkers stand, in my numbering; their bar is my point 0. They move up.
    sources = {25 - (i + 1) for i in range(24) if theirs[i]}
    if theirs[24]:
        sources.add(0)
    hit_pips = 0.0
    missed = 1.0  # chance that no blot of mine is hit (blots taken as independent)
    for index in range(24):
        if mine[index] != 1:
            continue
        point = index + 1
        distances = {point - s for s in sources if 0 < point - s <= 24}
        if not distances:
            continue
        hits = _hits(distances, my_made, point)
        hit_pips += hits / 36.0 * (25 - point)
        missed *= 1.0 - hits / 36.0
    home = sum(my_made[:6])
    their_home = sum(their_made[:6])
    my_back = sum(mine[18:25])
    their_back = sum(theirs[18:25])
    builders = sum(c if c == 1 else c - 2 for c in mine[3:11] if c)
    stacking = sum(max(0, c - 3) for c in mine[:24])
    their_blots = sum(1 for c in theirs[:24] if c == 1)
    prime = _longest_run(my_made)
    their_prime = _longest_run(their_made)
    return {
        "pips": float(_pips(theirs) - _pips(mine)),
        "hit_pips": hit_pips,
        "hit_any": 1.0 - missed,
        "home_points": float(home),
        "outfield_points": float(sum(my_made[6:12])),
        "prime": float(prime * prime),
        "anchors": float(sum(my_made[18:24])),
        "their_bar": float(theirs[24] * home),
        "my_bar": float(mine[24] * their_home),
        "their_bar_count": float(theirs[24]),
        "my_bar_count": float(mine[24]),
        "their_prime": float(their_prime * their_prime),
        "my_back": float(my_back),
        "their_back": float(their_back),
        "builders": float(builders),
        "stacking": float(stacking),
        "their_blots": float(their_blots),
        "off": float(sum(theirs) - sum(mine)),
    }


def race_features(mine: list[int], theirs: list[int]) -> dict[str, float]:
    highest = max((i + 1 for i in range(24) if mine[i]), default=0)
    gaps = sum(1 for i in range(3, 6) if not mine[i] and i + 1 < highest)
    return {
        "race_pips": float(_pips(theirs) - _pips(mine) - 4),
        "race_off": float(sum(theirs) - sum(mine)),
        "race_outside": float(sum(mine[6:24])),
        "race_stack": float(sum(max(0, c - 3) for c in mine[:6])),
        "race_gaps": float(gaps),
    }


def strong_value(mine: list[int], theirs: list[int], weights: dict[str, float] = WEIGHTS) -> float:
    if not any(mine):
        return WIN
    if not any(theirs):
        return -WIN
    if contact(mine, theirs):
        features = contact_features(mine, theirs)
    else:
        features = race_features(mine, theirs)
    return sum(weights[name] * value for name, value in features.items())
