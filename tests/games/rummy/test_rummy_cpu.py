"""Rummy CPU levels: legal from a view alone, sensible, and ordered by strength.

Strength: two-seat games through tests/games/card_core/strength.py's `win_rate` (seats
alternate; the seeds are those of the table in docs/cpu-strength.md, so the first N games are the table's first N).
"""

from __future__ import annotations

import pytest
from svc_cards.rummy import ENGINE
from svc_cards.rummy.cpu import LEVELS, plan, strong
from svc_cards.rummy.rules import hidden_from

from rulekit import State
from tests.games.card_core.arrange import arrange
from tests.games.card_core.cpu_checks import SLOWEST_S, every_level_answers_legally, refuses_when_not_to_move
from tests.games.card_core.cpu_views import cpu_move, hidden_cards_redealt, levels_registered
from tests.games.card_core.strength import win_rate


def ask(state: State, level: object = strong) -> dict:
    return cpu_move(ENGINE, state, level)  # type: ignore[arg-type]


def table(**fields: object) -> State:
    return arrange(ENGINE.setup(2, {}, b"rummy-cpu"), turn=0, **fields)


def test_levels_registered() -> None:
    assert levels_registered(ENGINE, LEVELS)


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_every_level_returns_a_legal_move_quickly(seats: int) -> None:
    assert every_level_answers_legally(ENGINE, seats, b"rummy-cpu-%d" % seats) < SLOWEST_S


def test_refuses_when_not_to_move() -> None:
    state = ENGINE.setup(3, {}, b"rummy-idle")
    refuses_when_not_to_move(ENGINE, LEVELS, state, (state["turn"] + 1) % 3)


@pytest.mark.parametrize("level", ["easy", "strong"])
def test_decides_from_the_seats_view_only(level: str) -> None:
    """The hidden cards (the other hand, the stock) dealt differently give the same move."""
    for state, twin, seat in hidden_cards_redealt(ENGINE, b"rummy-view", 30, hidden_from):
        assert ENGINE.view(twin, seat) == ENGINE.view(state, seat)
        assert ask(twin, level) == ask(state, level)


def test_plan_finds_the_disjoint_melds_worth_most() -> None:
    points, melds = plan(["H9.0", "S9.0", "D9.0", "H10.0", "HJ.0", "C2.0"])
    # The nines as a set (27) or H9-H10-HJ as a run (29): not both, the run counts more.
    assert points == 29 and [m["cards"] for m in melds] == [["H9.0", "H10.0", "HJ.0"]]


def test_strong_opens_when_its_melds_reach_the_minimum() -> None:
    state = table(hands={0: ["SA.0", "HA.0", "DA.0", "C5.0", "C6.0", "C7.0", "D2.0"]}, phase="play")
    move = ask(state)
    assert move["type"] == "meld" and move["cards"] == ["SA.0", "HA.0", "DA.0"]


def test_strong_takes_the_discard_that_makes_a_meld() -> None:
    state = table(hands={0: ["H5.0", "H6.0", "C9.0", "SK.0"]}, top="H7.0")
    assert ask(state) == {"type": "take"}
    state = table(hands={0: ["H5.0", "H6.0", "C9.0", "SK.0"]}, top="D2.0")
    assert ask(state) == {"type": "draw"}


def test_strong_keeps_pairs_and_neighbours_and_jokers() -> None:
    state = table(hands={0: ["X.0a", "H5.0", "H6.0", "S9.0", "D9.0", "CK.0"]}, phase="play")
    assert ask(state) == {"type": "discard", "card": "CK.0"}


def test_strong_beats_easy() -> None:
    assert win_rate(ENGINE, strong, "easy", 100) > 0.6


def test_easy_beats_random() -> None:
    assert win_rate(ENGINE, "easy", "random", 40) > 0.7
