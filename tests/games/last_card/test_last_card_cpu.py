"""Last Card CPU levels: legal from a view, sensible, and ordered by strength."""

from __future__ import annotations

import pytest
from svc_cards.last_card import ENGINE
from svc_cards.last_card.cpu import strong

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
    return arrange(ENGINE.setup(seats, {}, b"last-card-cpu"), turn=0, **cards)


@pytest.mark.parametrize(("seats", "options"), [(2, {}), (5, {"stacking": True}), (9, {"draw_until_playable": True})])
def test_every_level_returns_a_legal_move_quickly(seats: int, options: dict) -> None:
    slowest = every_level_answers_legally(ENGINE, seats, b"lc-cpu-%d" % seats, options)
    assert slowest < SLOWEST_S


def test_strong_keeps_the_wild_and_names_its_majority_colour() -> None:
    state = table(hands={0: ["W.0a", "r2.0a", "g5.0a", "g6.0a"]}, top="r7.0a", colour="r")
    assert ask(state) == {"type": "play", "card": "r2.0a"}
    state = table(hands={0: ["W.0a", "b2.0a", "g5.0a", "g6.0a"]}, top="r7.0a", colour="r")
    assert ask(state) == {"type": "play", "card": "W.0a", "colour": "g"}
    assert ask(state, "easy") == {"type": "play", "card": "W.0a", "colour": "g"}


def test_strong_plays_draw_two_against_a_player_about_to_go_out() -> None:
    state = table(
        hands={0: ["r+2.0a", "r3.0a", "b4.0a"], 1: ["y1.0a"], 2: ["y2.0a", "y3.0a", "y4.0a"]}, top="r7.0a", colour="r"
    )
    assert ask(state) == {"type": "play", "card": "r+2.0a"}
    # Against a next player far from going out the +2 is kept.
    state = table(
        seats=3,
        hands={0: ["r+2.0a", "r3.0a", "b4.0a"], 1: ["y1.0a", "y2.0a", "y3.0a", "y4.0a", "y5.0a"], 2: ["g1.0a"]},
        top="r7.0a",
        colour="r",
        direction=1,
    )
    assert ask(state) == {"type": "play", "card": "r3.0a"}


def test_strong_passes_a_penalty_on() -> None:
    state = ENGINE.setup(3, {"stacking": True}, b"lc-cpu-stack")
    state = arrange(state, hands={0: ["W+4.0a", "b+2.0a", "b1.0a"]}, top="r+2.0a", colour="r", pending=2, turn=0)
    assert ask(state) == {"type": "play", "card": "b+2.0a"}


def test_strong_beats_easy_beats_random() -> None:
    """Two-seat games, seats alternating (the table in docs/cpu-strength.md runs the same with 500+ games)."""
    strong_easy = win_rate(ENGINE, strong, "easy", STRENGTH_GAMES)
    easy_random = win_rate(ENGINE, "easy", "random", STRENGTH_GAMES)
    print(f"last-card: strong vs easy {strong_easy:.1%}, easy vs random {easy_random:.1%}")
    assert strong_easy > 0.54 and easy_random > 0.54
