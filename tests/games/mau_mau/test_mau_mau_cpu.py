"""Mau-Mau CPU levels: legal from a view, sensible, and ordered by strength."""

from __future__ import annotations

import pytest
from svc_cards.mau_mau import ENGINE
from svc_cards.mau_mau.cpu import strong

from rulekit import State
from rulekit.players import Player
from tests.games.card_core.arrange import arrange
from tests.games.card_core.cpu_checks import SLOWEST_S, every_level_answers_legally
from tests.games.card_core.cpu_views import cpu_move
from tests.games.card_core.strength import win_rate

# The game is mostly the deal: the margins are real but modest, so many games are needed.
STRENGTH_GAMES = 1000


def ask(state: State, level: str | Player = strong) -> dict:
    return cpu_move(ENGINE, state, level)


def table(seats: int = 3, **cards) -> State:
    return arrange(ENGINE.setup(seats, {}, b"mau-mau-cpu"), turn=0, **cards)


@pytest.mark.parametrize(("seats", "options"), [(2, {}), (5, {"deck": 52}), (8, {"jack_on_jack": True})])
def test_every_level_returns_a_legal_move_quickly(seats: int, options: dict) -> None:
    slowest = every_level_answers_legally(ENGINE, seats, b"mm-cpu-%d" % seats, options)
    assert slowest < SLOWEST_S


def test_strong_keeps_the_jack_and_wishes_its_majority_suit() -> None:
    state = table(hands={0: ["CJ.0", "H8.0", "D9.0", "DK.0"]}, top="H10.0", suit="H")
    assert ask(state) == {"type": "play", "card": "H8.0"}
    state = table(hands={0: ["CJ.0", "S8.0", "D9.0", "DK.0"]}, top="H10.0", suit="H")
    assert ask(state) == {"type": "play", "card": "CJ.0", "suit": "D"}


def test_strong_plays_an_ace_only_with_a_card_to_follow() -> None:
    state = table(hands={0: ["HA.0", "H9.0", "C8.0"]}, top="H10.0", suit="H")
    assert ask(state) == {"type": "play", "card": "HA.0"}
    state = table(hands={0: ["HA.0", "S10.0", "C8.0"]}, top="H10.0", suit="H")
    assert ask(state) == {"type": "play", "card": "S10.0"}


def test_strong_passes_sevens_on() -> None:
    state = table(hands={0: ["C7.0", "H9.0"]}, top="H7.0", suit="H", pending=2)
    assert ask(state) == {"type": "play", "card": "C7.0"}


def test_strong_beats_easy_beats_random() -> None:
    """Two-seat games, seats alternating (the table in docs/cpu-strength.md runs the same with 500+ games)."""
    strong_easy = win_rate(ENGINE, strong, "easy", STRENGTH_GAMES)
    easy_random = win_rate(ENGINE, "easy", "random", STRENGTH_GAMES)
    print(f"mau-mau: strong vs easy {strong_easy:.1%}, easy vs random {easy_random:.1%}")
    assert strong_easy > 0.53 and easy_random > 0.55
