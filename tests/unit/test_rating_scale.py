from datetime import UTC, datetime

from lobby.rating_scale import rating_week, shown


def _ms(text: str) -> int:
    return int(datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp() * 1000)


def test_a_week_runs_from_monday_to_sunday() -> None:
    monday = rating_week(_ms("2026-11-30T00:00:00"))  # a Monday
    assert rating_week(_ms("2026-12-06T23:59:59")) == monday  # that week's Sunday
    assert rating_week(_ms("2026-12-07T00:00:00")) == monday + 1
    assert rating_week(_ms("2026-11-29T23:59:59")) == monday - 1


def test_a_new_player_stands_at_1000() -> None:
    assert shown(0.0) == 1000
    assert shown(25 - 3 * 25 / 3) == 1000
    assert shown(10.0) == 1400
