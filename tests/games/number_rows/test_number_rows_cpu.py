"""Number Rows CPU levels: legal from a view alone, sensible, and ordered by strength.

Strength: two-seat games through tests/games/card_core/strength.py's `win_rate` (seats
alternate; the seeds are those of the table in docs/cpu-strength.md). Laying is compulsory, so only the choice among
fitting cards is skill: over 1,000 games strong wins 61.7 % against easy and easy 58.0 %
against random.
"""

from __future__ import annotations

import pytest
from svc_cards.core import COLOURS, hidden_from
from svc_cards.number_rows import ENGINE, cpu
from svc_cards.number_rows.cpu import LEVELS, strong

from rulekit import State, move_matches
from rulekit.players import Player
from tests.games.card_core.arrange import arrange
from tests.games.card_core.cpu_checks import SLOWEST_S, every_level_answers_legally, refuses_when_not_to_move
from tests.games.card_core.cpu_views import ask_player, cpu_move, hidden_cards_redealt, levels_registered, untimed
from tests.games.card_core.strength import win_rate

CLOSED = {colour: None for colour in COLOURS}


def ask(state: State, level: str | Player = strong) -> dict:
    return cpu_move(ENGINE, state, level)


def table(rows: dict | None = None, **cards) -> State:
    return arrange(ENGINE.setup(2, {}, b"number-rows-cpu"), turn=0, rows={**CLOSED, **(rows or {})}, **cards)


def test_levels_registered() -> None:
    assert levels_registered(ENGINE, LEVELS)


@pytest.mark.parametrize("seats", [2, 5, 8])
def test_every_level_returns_a_legal_move_quickly(seats: int) -> None:
    assert every_level_answers_legally(ENGINE, seats, b"nr-cpu-%d" % seats) < SLOWEST_S


def test_refuses_when_not_to_move() -> None:
    state = ENGINE.setup(3, {}, b"nr-idle")
    refuses_when_not_to_move(ENGINE, LEVELS, state, (state["turn"] + 1) % 3)


@pytest.mark.parametrize("level", ["easy", "strong", "monte_carlo"])
def test_decides_from_the_seats_view_only(level: str) -> None:
    """The hidden cards (the other hand, the draw pile) dealt differently give the same move."""
    player = untimed(level, cpu, ENGINE)
    for state, twin, seat in hidden_cards_redealt(ENGINE, b"nr-view", 40, hidden_from):
        assert twin["hands"][seat] == state["hands"][seat]
        assert ENGINE.view(twin, seat) == ENGINE.view(state, seat)
        assert ask(twin, player) == ask(state, player)
        # Asked once: the move may differ between asks on a loaded machine (a time cap).
        chosen = ask_player(ENGINE, state, seat, player, b"cpu").move
        assert any(move_matches(legal, chosen) for legal in ENGINE.legal_moves(state, seat))


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
