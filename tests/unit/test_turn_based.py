"""Turn-based tables, the pure parts: which titles take turns (each game's declaration), the
lobby's setting in their schema, the engine's options at such a table, how far its deadline
moves out, a vacation holding the clock, and the vacation days of a year."""

from __future__ import annotations

import pytest
from svc_boards.registry import REGISTRY as BOARDS
from svc_cards.registry import REGISTRY as CARDS
from svc_dice.registry import REGISTRY as DICE
from svc_words.registry import REGISTRY as WORDS

from lobby.room import Deadline, Room, Seat
from lobby.turn_based import (
    DAY_MS,
    TURN_OPTION,
    deadline_shift_ms,
    engine_options,
    fires_at,
    turn_days,
    with_turn_option,
)
from lobby.vacations import check_days, days_taken, year_of
from rulekit import Refusal, resolve_options

METAS = {engine.meta.id: engine.meta for registry in (BOARDS, CARDS, DICE, WORDS) for engine in registry}
# Played by everyone at once or on a pace (docs/playing.md, "Turn-based tables").
NOT_TURN_BASED = {"categories", "bingo", "hau-hau", "village-night", "word-agents"}


def test_every_title_says_whether_its_players_take_turns() -> None:
    assert len(METAS) == 37
    assert {game for game, meta in METAS.items() if not meta.turn_based} == NOT_TURN_BASED
    for game, meta in METAS.items():
        assert meta.to_json()["turn_based"] is meta.turn_based, game
        # A turn-based table needs the engine's clock and default move.
        assert meta.clock is not None, game


def test_the_lobby_offers_the_setting_where_players_take_turns_and_the_engine_never_sees_it() -> None:
    chess = with_turn_option(METAS["chess"].to_json())
    bingo = with_turn_option(METAS["bingo"].to_json())
    assert [o["key"] for o in chess["options"]][-1] == TURN_OPTION
    assert all(o["key"] != TURN_OPTION for o in bingo["options"])
    assert with_turn_option(chess) == chess  # once

    four = with_turn_option(METAS["four-in-a-row"].to_json())
    room_options = {"variant": "7x6-4", "move_clock": "off", TURN_OPTION: "3"}
    set_up = engine_options(four, room_options)
    assert set_up == {"variant": "7x6-4", "move_clock": "relaxed"}  # the slowest clock
    assert resolve_options(METAS["four-in-a-row"].options, set_up) == set_up  # the engine takes it
    live = {**room_options, TURN_OPTION: "off"}
    assert engine_options(four, live) == {"variant": "7x6-4", "move_clock": "off"}
    # Mensch's clock is fixed by its rules: it stays, and the days are counted from its start.
    mensch = with_turn_option(METAS["mensch"].to_json())
    assert engine_options(mensch, {"move_clock": "fixed", TURN_OPTION: "7"})["move_clock"] == "fixed"


def test_the_deadline_moves_out_to_the_days_from_the_turns_start() -> None:
    four = METAS["four-in-a-row"].to_json()
    relaxed_s = four["clock"]["relaxed"]
    assert deadline_shift_ms(four, {TURN_OPTION: "1"}) == DAY_MS - relaxed_s * 1000
    assert deadline_shift_ms(four, {TURN_OPTION: "7"}) == 7 * DAY_MS - relaxed_s * 1000
    assert deadline_shift_ms(four, {TURN_OPTION: "off"}) == 0
    assert (turn_days({TURN_OPTION: "3"}), turn_days({TURN_OPTION: "9"}), turn_days({})) == (3, 0, 0)


def _room(days: str, vacation: dict[str, int] | None = None) -> Room:
    seats = [Seat("human", holder="a"), Seat("human", holder="b")]
    if vacation:
        seats[0].extra["vacation"] = vacation
    room = Room(code="ABCDE", game="four-in-a-row", options={TURN_OPTION: days}, seats=seats, status="playing")
    room.deadline = Deadline(10 * DAY_MS, 0, [0])  # the turn began on day 7 (three days per move)
    return room


def test_a_vacation_holds_the_clock_as_long_as_it_overlaps_the_turn() -> None:
    assert fires_at(_room("3")) == 10 * DAY_MS
    # Two days' vacation from day 8: the clock runs out two days later.
    assert fires_at(_room("3", {"from_ms": 8 * DAY_MS, "until_ms": 10 * DAY_MS})) == 12 * DAY_MS
    # Begun before the turn: only its part within the turn holds the clock.
    assert fires_at(_room("3", {"from_ms": 5 * DAY_MS, "until_ms": 9 * DAY_MS})) == 12 * DAY_MS
    # Over before the turn began, or starting after the clock ran out: nothing held.
    assert fires_at(_room("3", {"from_ms": 1 * DAY_MS, "until_ms": 6 * DAY_MS})) == 10 * DAY_MS
    assert fires_at(_room("3", {"from_ms": 11 * DAY_MS, "until_ms": 13 * DAY_MS})) == 10 * DAY_MS
    # The other seat's vacation does not hold this seat's clock; a live table has no vacation.
    other = _room("3")
    other.seats[1].extra["vacation"] = {"from_ms": 8 * DAY_MS, "until_ms": 10 * DAY_MS}
    assert fires_at(other) == 10 * DAY_MS
    assert fires_at(_room("off", {"from_ms": 8 * DAY_MS, "until_ms": 10 * DAY_MS})) == 10 * DAY_MS


def test_vacation_days_are_counted_per_year_and_refused_past_fourteen() -> None:
    assert year_of(0) == 1970
    assert days_taken([(0, DAY_MS), (5 * DAY_MS, 5 * DAY_MS + 1)]) == 2  # a started day is a day
    assert check_days(4, 10) == 4
    with pytest.raises(Refusal) as used_up:
        check_days(5, 10)
    assert used_up.value.code == "vacation_used_up"
    for bad in (0, 15, "3", True, 2.5, None):
        with pytest.raises(Refusal) as refused:
            check_days(bad, 0)
        assert refused.value.code == "bad_request"
