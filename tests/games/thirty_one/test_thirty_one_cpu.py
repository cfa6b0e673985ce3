"""Thirty-One CPU levels: legal from a view alone, sensible, and ordered by strength.

Strength: two-seat games through tests/games/card_core/strength.py's `win_rate` (seats
alternate; the seeds are those of the table in docs/cpu-strength.md). A deal is mostly the cards: over 1,000 games
strong wins some 58 % against easy; random, which knocks at random, almost never wins.
"""

from __future__ import annotations

from svc_cards.core import card_census, full_decks
from svc_cards.thirty_one import ENGINE
from svc_cards.thirty_one.cpu import strong

from rulekit import State
from rulekit.players import Player
from tests.games.card_core.cpu_views import cpu_move
from tests.games.card_core.strength import win_rate


def ask(state: State, level: str | Player = strong) -> dict:
    return cpu_move(ENGINE, state, level)


def table(hand: list[str], middle: list[str], **fields) -> State:
    """Two seats, seat 0 to move with `hand`, `middle` face up; the rest dealt at random."""
    state = ENGINE.setup(2, {}, b"thirty-one-cpu")
    pool = [card for card in card_census(state) if card not in hand + middle]
    state.update(hands=[list(hand), pool[:3]], middle=list(middle), draw_pile=pool[3:], discard_pile=[])
    state.update({"turn": 0, "starter": 0, "known": [[], []], "knocker": None, "pushes": 0, "turns": 0, **fields})
    assert card_census(state) == full_decks(state)
    return state


def test_strong_takes_thirty_one() -> None:
    state = table(["SA.0", "SK.0", "H7.0"], ["SQ.0", "C8.0", "D9.0"])
    assert ask(state) == {"type": "swap", "give": "H7.0", "take": "SQ.0"}


def test_strong_knocks_from_twenty_four_and_easy_from_twenty_six() -> None:
    middle = ["C8.0", "D9.0", "H8.0"]
    state = table(["SA.0", "SK.0", "H7.0"], middle)  # 21
    assert ask(state)["type"] != "knock" and ask(state, "easy")["type"] != "knock"
    state = table(["S9.0", "S8.0", "S7.0"], middle)  # 24
    assert ask(state) == {"type": "knock"} and ask(state, "easy")["type"] != "knock"
    state = table(["SA.0", "S8.0", "S7.0"], middle)  # 26
    assert ask(state) == {"type": "knock"} and ask(state, "easy") == {"type": "knock"}


def test_after_a_knock_both_take_the_best_last_swap() -> None:
    state = table(["C8.0", "D9.0", "H7.0"], ["HA.0", "HK.0", "S8.0"], knocker=1)
    assert ask(state) == {"type": "swap_all"}
    assert ask(state, "easy") == {"type": "swap", "give": "C8.0", "take": "HA.0"}  # 18, the first best


def test_strong_swaps_all_three_when_the_middle_is_better() -> None:
    state = table(["C8.0", "D9.0", "H7.0"], ["HA.0", "HK.0", "H9.0"])
    assert ask(state) == {"type": "swap_all"}


def test_strong_beats_easy() -> None:
    assert win_rate(ENGINE, strong, "easy", 600) > 0.54


def test_easy_beats_random() -> None:
    assert win_rate(ENGINE, "easy", "random", 200) > 0.9
