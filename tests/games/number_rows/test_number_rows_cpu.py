"""Number Rows CPU levels: legal from a view alone, sensible, and ordered by strength.

Strength: two-seat games through tests/games/card_core/strength.py's `win_rate` (seats
alternate; the seeds are those of the table in docs/cpu-strength.md). Laying is compulsory, so only the choice among
fitting cards is skill: over 1,000 games strong wins 61.7 % against easy and easy 58.0 %
against random.
"""

from __future__ import annotations

from svc_cards.core import COLOURS
from svc_cards.number_rows import ENGINE
from svc_cards.number_rows.cpu import strong

from rulekit import State
from rulekit.players import Player
from tests.games.card_core.arrange import arrange
from tests.games.card_core.cpu_views import cpu_move
from tests.games.card_core.strength import win_rate

CLOSED = {colour: None for colour in COLOURS}


def ask(state: State, level: str | Player = strong) -> dict:
    return cpu_move(ENGINE, state, level)


def table(rows: dict | None = None, **cards) -> State:
    return arrange(ENGINE.setup(2, {}, b"number-rows-cpu"), turn=0, rows={**CLOSED, **(rows or {})}, **cards)


def test_both_lay_the_card_that_opens_their_own_run() -> None:
    state = table(rows={"r": [11, 11]}, hands={0: ["r12.0", "r13.0", "r14.0", "r10.0"]})
    assert ask(state) == {"type": "lay", "card": "r12.0"}
    assert ask(state, "easy") == {"type": "lay", "card": "r12.0"}


def test_strong_keeps_an_eleven_that_would_open_two_numbers_for_others() -> None:
    state = table(rows={"r": [11, 11]}, hands={0: ["y11.0", "r12.0", "b5.0"]})
    assert ask(state) == {"type": "lay", "card": "r12.0"}


def test_strong_opens_a_colour_it_holds_much_of() -> None:
    state = table(rows={"r": [11, 11]}, hands={0: ["g11.0", "g12.0", "g13.0", "g10.0", "r12.0"]})
    assert ask(state) == {"type": "lay", "card": "g11.0"}


def test_strong_beats_easy() -> None:
    assert win_rate(ENGINE, strong, "easy", 400) > 0.55


def test_easy_beats_random() -> None:
    assert win_rate(ENGINE, "easy", "random", 400) > 0.54
