"""A bot is shown as a bot: leaderboards' rows and a room's seats (pure views)."""

from __future__ import annotations

from lobby.delivery import room_info
from lobby.rated_rooms import check_bots
from lobby.rating_views import board_entries
from lobby.room import BOT_KEY, BOTS_ALLOWED_KEY, Room, Seat
from lobby.store import BoardRow
from rulekit import Refusal


def _room(*bots: bool, rated: bool = True) -> Room:
    seats = [
        Seat(kind="human", holder=f"h{i}", name=f"P{i}", extra={BOT_KEY: True} if bot else {})
        for i, bot in enumerate(bots)
    ]
    seats.append(Seat(kind="human"))
    return Room(code="ABCD", game="four-in-a-row", options={}, seats=seats, host="h0", tickets={}, rated=rated)


def test_a_bots_board_row_says_so_and_a_persons_does_not() -> None:
    rows = [BoardRow(1, "p1", "Robo", 1200, 12), BoardRow(2, "p2", "Anna", 1100, 11)]
    entries = board_entries(rows, False, {"p1"})
    assert entries[0]["bot"] is True and "bot" not in entries[1]


def test_a_seat_held_by_a_bot_says_so() -> None:
    info = room_info(_room(True, False), set())
    assert [s.get("bot", False) for s in info["seats"]] == [True, False, False]


def test_rated_rooms_keep_bots_and_people_apart_unless_allowed() -> None:
    for held, joining in (((False,), True), ((True,), False), ((True, False), True)):
        try:
            check_bots(_room(*held), joining)
        except Refusal as refusal:
            assert refusal.code == "rated_no_bots"
        else:
            raise AssertionError(f"{held} let {joining} in")
    check_bots(_room(True), True)  # bots among themselves
    check_bots(_room(False), False)
    check_bots(_room(False, rated=False), True)  # an unrated room takes anyone
    allowed = _room(False)
    allowed.extra[BOTS_ALLOWED_KEY] = True
    check_bots(allowed, True)
