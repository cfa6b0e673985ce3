"""Quick seating by rating (lobby/rated_tables.py), on a fake clock: tables are formed from
players close in rating, the allowed gap widens with the longest wait on a named schedule,
the longest-waiting are seated first, guests and unrated players count at the default."""

from __future__ import annotations

from lobby.rated_tables import DEFAULT_RATING, WIDENING, GapSchedule, Waiting, choose_table
from lobby.rating_scale import shown


class FakeClock:
    def __init__(self, now_ms: int = 1_000_000) -> None:
        self.now_ms = now_ms

    def wait(self, seconds: float) -> int:
        self.now_ms += int(seconds * 1000)
        return self.now_ms


def at(entry: str, at_ms: int, rating: int | None) -> Waiting:
    """An entry whose player is shown `rating` (None: a guest or unrated)."""
    return Waiting(entry, at_ms, None if rating is None else (rating - shown(0)) / 40)


def test_the_schedule_widens_by_a_step_every_interval() -> None:
    assert [WIDENING.allowed_gap(s * 1000) for s in (0, 14, 15, 29, 30, 60)] == [100, 100, 200, 200, 300, 500]
    assert GapSchedule(first=50, step=25, every_ms=10_000).allowed_gap(35_000) == 125
    assert WIDENING.allowed_gap(-5) == 100  # a clock a little behind another replica's


def test_close_players_meet_at_once_and_far_ones_once_the_gap_has_widened() -> None:
    clock = FakeClock()
    start = clock.now_ms
    waiting = [at("low", start, 900), at("high", start + 1, 1350)]
    assert choose_table(waiting, 2, clock.now_ms) == []  # 450 apart: too far at first
    clock.wait(59.9)
    assert choose_table(waiting, 2, clock.now_ms) == []  # 400 allowed from 45 s on
    clock.wait(0.1)
    assert choose_table(waiting, 2, clock.now_ms) == ["low", "high"]  # 500 from 60 s on
    assert choose_table([at("a", start, 1000), at("b", start, 1099)], 2, start) == ["a", "b"]


def test_the_longest_waiting_sits_with_the_closest_in_rating() -> None:
    clock = FakeClock()
    t = clock.now_ms
    waiting = [at("old", t, 1500), at("far", t + 1, 1000), at("near", t + 2, 1560), at("nearer", t + 3, 1530)]
    assert choose_table(waiting, 2, clock.wait(1)) == ["old", "nearer"]
    # Three seats: the tightest run of three that holds the oldest.
    assert choose_table(waiting, 3, clock.now_ms) == ["old", "near", "nearer"]


def test_a_table_that_fits_nobody_older_forms_among_the_younger() -> None:
    clock = FakeClock()
    t = clock.now_ms
    waiting = [at("lonely", t, 2000), at("x", t + 5_000, 1000), at("y", t + 6_000, 1040)]
    assert choose_table(waiting, 2, clock.wait(7)) == ["x", "y"]
    # Until the lonely player's gap reaches someone, nobody younger takes their turn away:
    # after 2 min 15 s they may sit 1000 apart and are seated first.
    clock.wait(135)
    assert choose_table(waiting, 2, clock.now_ms) == ["lonely", "y"]


def test_guests_and_unrated_players_count_at_the_default() -> None:
    t = 5_000
    assert at("guest", t, None).rating == DEFAULT_RATING == shown(0)
    waiting = [at("guest", t, None), at("strong", t + 1, 1800), at("new", t + 2, 1040)]
    assert choose_table(waiting, 2, t + 3) == ["guest", "new"]


def test_among_equal_ratings_first_come_first_seated() -> None:
    waiting = [at(f"p{i}", 100 + i, None) for i in (3, 1, 4, 0, 2)]
    assert choose_table(waiting, 3, 200) == ["p0", "p1", "p2"]
    assert choose_table(waiting[:2], 3, 200) == []  # too few wait
    assert choose_table(waiting, 0, 200) == []
