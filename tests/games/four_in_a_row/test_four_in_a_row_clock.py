"""Four in a Row's move clock: 60 / 30 / 15 s a move; out of time, the clock wins if it can,
else blocks the opponent's win, else drops in the column nearest the centre."""

from __future__ import annotations

from svc_boards.four_in_a_row import ENGINE
from svc_boards.four_in_a_row.rules import EMPTY

from rulekit import State
from tests.games.clock.support import deadline_seconds


def board_with(columns: dict[int, list[int]], turn: int) -> State:
    """Discs per column, bottom first."""
    state = ENGINE.setup(2, {"move_clock": "fast"}, b"clock", 1_000)
    for column, discs in columns.items():
        for row, seat in enumerate(discs):
            state["board"][row][column] = seat
    state["moves"] = sum(len(d) for d in columns.values())
    state["turn"] = turn
    return state


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 2) == {"off": None, "relaxed": 60, "normal": 30, "fast": 15}


def test_the_clock_drops_in_the_centre_when_nothing_presses() -> None:
    state = board_with({}, 0)
    assert ENGINE.timeout_move(state, 0) == {"type": "drop", "column": 3}
    full_centre = board_with({3: [0, 1, 0, 1, 0, 1]}, 0)
    assert ENGINE.timeout_move(full_centre, 0)["column"] in (2, 4)
    wide = ENGINE.setup(2, {"variant": "9x7-5", "move_clock": "fast"}, b"c", 1_000)
    assert ENGINE.timeout_move(wide, 0) == {"type": "drop", "column": 4}


def test_the_clock_wins_then_blocks() -> None:
    # Seat 0 has three on the bottom row (columns 0-2): it wins in column 3.
    state = board_with({0: [0], 1: [0], 2: [0], 6: [1, 1, 1]}, 0)
    assert ENGINE.timeout_move(state, 0) == {"type": "drop", "column": 3}
    # Seat 1 to move must block seat 0's three in column 0 ... unless it wins itself.
    state = board_with({0: [0, 0, 0], 5: [1], 6: [1]}, 1)
    assert ENGINE.timeout_move(state, 1) == {"type": "drop", "column": 0}
    state = board_with({0: [0, 0, 0], 6: [1, 1, 1]}, 1)
    assert ENGINE.timeout_move(state, 1) == {"type": "drop", "column": 6}
    assert state["board"][3][6] == EMPTY


def test_the_timeout_applies_the_default_drop() -> None:
    state = board_with({}, 0)
    after, events = ENGINE.apply_timeout(state, 16_000)
    assert events[0] == {"code": "timed_out", "seat": 0}
    assert after["board"][0][3] == 0 and after["turn"] == 1
