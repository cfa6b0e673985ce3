"""Which waiting players quick seating puts at one table: players close in rating, the allowed
gap widening the longer the longest-waiting of them has waited.

Pure: the queue's rows (lobby/store/quick_seats.py reads them with each player's rating in the
game) and the time in, the chosen entries out. A guest or a player not rated in the game counts
at the default, the figure a new player is shown (lobby/rating_scale.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from .rating_scale import shown

DEFAULT_RATING = shown(0)


@dataclass(frozen=True)
class GapSchedule:
    """How far apart (in shown points) a table's ratings may be: `first` at once, `step` more
    for every `every_ms` the longest-waiting player has waited."""

    first: int = 100
    step: int = 100
    every_ms: int = 15_000

    def allowed_gap(self, waited_ms: int) -> int:
        return self.first + self.step * (max(0, waited_ms) // self.every_ms)


WIDENING = GapSchedule()  # 100 points at first, +100 every 15 s: anyone meets within minutes


@dataclass(frozen=True)
class Waiting:
    """A waiting entry of the queue: `ordinal` is its player's rating in the game, None for a
    guest or an unrated player."""

    entry_id: str
    at_ms: int
    ordinal: float | None = None

    @property
    def rating(self) -> int:
        return DEFAULT_RATING if self.ordinal is None else shown(self.ordinal)


def choose_table(waiting: list[Waiting], count: int, now_ms: int, schedule: GapSchedule = WIDENING) -> list[str]:
    """The entries of one table of `count`, oldest first, or [] if no table is close enough yet.

    The longest-waiting player is seated first: with the `count` - 1 others whose ratings, with
    theirs, span the least (among equal spans, those who waited longest), if that span is within
    the gap their wait allows. If not, the next longest-waiting player is tried, with their own
    (narrower) gap: a table that fits nobody older is formed among the younger ones."""
    if count < 1 or len(waiting) < count:
        return []
    by_rating = sorted(waiting, key=lambda w: (w.rating, w.at_ms, w.entry_id))
    for anchor in sorted(waiting, key=lambda w: (w.at_ms, w.entry_id)):
        gap = schedule.allowed_gap(now_ms - anchor.at_ms)
        at = by_rating.index(anchor)
        best: tuple[int, list[int]] | None = None
        chosen: list[Waiting] = []
        # Every run of `count` neighbours in rating that holds the anchor.
        for start in range(max(0, at - count + 1), min(at, len(by_rating) - count) + 1):
            run = by_rating[start : start + count]
            key = (run[-1].rating - run[0].rating, sorted(w.at_ms for w in run))
            if best is None or key < best:
                best, chosen = key, run
        if best is not None and best[0] <= gap:
            return [w.entry_id for w in sorted(chosen, key=lambda w: (w.at_ms, w.entry_id))]
    return []
