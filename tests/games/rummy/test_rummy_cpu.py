"""Rummy CPU levels: legal from a view alone, sensible, and ordered by strength.

Strength: two-seat games through tests/games/card_core/strength.py's `win_rate` (seats
alternate; the seeds are those of the table in docs/cpu-strength.md, so the first N games are the table's first N).
"""

from __future__ import annotations

from svc_cards.rummy import ENGINE
from svc_cards.rummy.cpu import plan, strong

from rulekit import State
from tests.games.card_core.arrange import arrange
from tests.games.card_core.cpu_views import cpu_move
from tests.games.card_core.strength import win_rate


def ask(state: State, level: object = strong) -> dict:
    return cpu_move(ENGINE, state, level)  # type: ignore[arg-type]


def table(**fields: object) -> State:
    return arrange(ENGINE.setup(2, {}, b"rummy-cpu"), turn=0, **fields)


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
