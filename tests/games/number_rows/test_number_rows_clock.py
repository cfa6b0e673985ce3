"""Number Rows' move clock: 60 / 30 / 15 s a move. Out of time, the clock draws (passes with
an empty pile); a drawn card that fits is laid as the rules demand; where a card must be
laid, the one that opens the fewest places for the others."""

from __future__ import annotations

from typing import Any

from svc_cards.core import COLOURS
from svc_cards.number_rows import ENGINE

from rulekit import State
from tests.games.card_core.arrange import arrange
from tests.games.clock.support import deadline_seconds

CLOSED = {colour: None for colour in COLOURS}


def table(turn: int = 0, rows: dict[str, Any] | None = None, **cards: Any) -> State:
    state = ENGINE.setup(3, {"move_clock": "fast"}, b"number-rows-clock", 1_000)
    return arrange(state, turn=turn, rows={**CLOSED, **(rows or {})}, **cards)


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 3) == {"off": None, "relaxed": 60, "normal": 30, "fast": 15}


def test_nothing_to_lay_the_clock_draws_and_lays_a_fitting_draw() -> None:
    state = table(hands={0: ["y5.0", "g3.0"]}, rows={"r": [10, 12]}, draw=["r13.0"])
    assert ENGINE.timeout_move(state, 0) == {"type": "draw"}
    state, _ = ENGINE.apply_timeout(state, 16_000)
    assert state["drew"] and ENGINE.timeout_move(state, 0) == {"type": "lay", "card": "r13.0"}


def test_the_clock_keeps_the_rows_closed_for_the_others() -> None:
    # The red 13 opens the 14 for everyone; the red 9 opens the 8, which this hand holds.
    state = table(hands={0: ["r13.0", "r9.0", "r8.0"]}, rows={"r": [10, 12]})
    assert ENGINE.timeout_move(state, 0) == {"type": "lay", "card": "r9.0"}
    # An 11 opens a whole colour: a card at a row's end goes first.
    state = table(hands={0: ["y11.0", "r13.0"]}, rows={"r": [10, 12]})
    assert ENGINE.timeout_move(state, 0) == {"type": "lay", "card": "r13.0"}
