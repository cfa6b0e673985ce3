"""How a stored OpenSkill rating reads, shared by the writer (the rated game's end) and the
readers (leaderboards, the player page, seats): one place, so every page agrees.

A rating is OpenSkill's `mu` and `sigma` (new players 25 and 25/3); its `ordinal` is
mu - 3 sigma (0 for a new player), the conservative figure boards are sorted by. Players see
`shown(ordinal)`, on a scale where a new player stands at 1000.
"""

from __future__ import annotations

PROVISIONAL_GAMES = 10  # fewer rated games in a title: the rating is shown as provisional ("?")
ACTIVE_MS = 30 * 86_400_000  # leaderboards list players with a rated game in the last 30 days
LEADERBOARD_SIZE = 100
DAY_MS = 86_400_000


def shown(ordinal: float) -> int:
    """The figure players see: 1000 for a new player, 40 points per unit of ordinal."""
    return round(1000 + 40 * ordinal)


def rating_week(at_ms: int) -> int:
    """The calendar week (Monday to Sunday, UTC) of a moment, as a number that grows by one each
    week: `rating_weeks` rows and this week's climbers are keyed by it. 1970-01-01 was a Thursday,
    so three days on, weeks start on Mondays."""
    return (at_ms // DAY_MS + 3) // 7
