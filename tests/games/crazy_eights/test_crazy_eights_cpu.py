"""Crazy Eights CPU levels: legal from a view alone, sensible, and ordered by strength.

Strength: two-seat games through tests/games/card_core/strength.py's `win_rate` (seats
alternate; the seeds are those of the table in docs/cpu-strength.md, so the first N games are the table's first N).
Crazy Eights is mostly the deal: over 1,000 games strong wins 57.4 % against easy and easy
60.0 % against random.
"""

from __future__ import annotations

from svc_cards.crazy_eights import ENGINE
from svc_cards.crazy_eights.cpu import strong

from rulekit import State
from rulekit.players import Player
from tests.games.card_core.arrange import arrange
from tests.games.card_core.cpu_views import cpu_move
from tests.games.card_core.strength import win_rate


def ask(state: State, level: str | Player = strong, seat: int | None = None) -> dict:
    return cpu_move(ENGINE, state, level, seat)


def table(seats: int = 2, **cards) -> State:
    return arrange(ENGINE.setup(seats, {}, b"crazy-eights-cpu"), turn=0, **cards)


def test_strong_keeps_its_eight_while_another_card_fits() -> None:
    state = table(hands={0: ["S8.0", "H9.0", "C2.0"]}, top="H5.0", suit="H")
    assert ask(state) == {"type": "play", "cards": ["H9.0"]}
    assert ask(state, "easy") == {"type": "play", "cards": ["H9.0"]}


def test_strong_plans_the_suit_it_leaves() -> None:
    """H9 then S9 on top leaves spades for the S4: two turns to go out instead of three."""
    state = table(hands={0: ["H9.0", "S9.0", "S4.0"]}, top="H5.0", suit="H")
    assert ask(state) == {"type": "play", "cards": ["H9.0", "S9.0"]}


def test_strong_goes_out_with_eights_naming_a_suit() -> None:
    state = table(hands={0: ["S8.0", "D8.0"]}, top="H5.0", suit="H")
    move = ask(state)
    assert sorted(move["cards"]) == ["D8.0", "S8.0"] and "suit" in move


def test_strong_beats_easy() -> None:
    assert win_rate(ENGINE, strong, "easy", 1000) > 0.54


def test_easy_beats_random() -> None:
    assert win_rate(ENGINE, "easy", "random", 600) > 0.55
