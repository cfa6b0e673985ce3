"""Liar's Dice CPU players: legal from the view alone, blind to other cups, and ordered by
strength (the table in docs/cpu-strength.md: `python -m tests.games.liars_dice.strength`)."""

from __future__ import annotations

import pytest
from svc_ai.players import choose
from svc_dice.liars_dice import ENGINE
from svc_dice.liars_dice.cpu import LEVELS
from svc_dice.liars_dice.rules import die_number

from rulekit import Refusal, State, move_matches
from rulekit.players import Ask
from tests.games.snakes_and_ladders.strength import win_rate


def ask(state: State, level: str, seed: bytes = b"cpu") -> Ask:
    seat = state["turn"]
    return Ask("liars-dice", seat, ENGINE.view(state, seat), level, seed, 1000)


@pytest.mark.parametrize("seats", [2, 5, 8])
def test_every_level_returns_a_legal_move_in_whole_games(seats: int) -> None:
    levels = list(ENGINE.meta.cpu_levels)
    state = ENGINE.setup(seats, {}, b"cpu-legal-%d" % seats)
    step = 0
    while ENGINE.result(state) is None:
        legal = ENGINE.legal_moves(state, state["turn"])
        moves = {level: choose(ask(state, level, b"%d" % step)).move for level in levels}
        for move in moves.values():
            assert any(move_matches(option, move) for option in legal)
        state, _ = ENGINE.apply(state, state["turn"], moves[levels[step % len(levels)]], 0)
        step += 1
    assert step > 5 * seats


def test_a_seat_not_to_move_is_refused() -> None:
    state = ENGINE.setup(2, {}, b"refuse")
    view = ENGINE.view(state, 1)
    for player in LEVELS.values():
        with pytest.raises(Refusal):
            player(Ask("liars-dice", 1, view, "strong", b"x", 1000))


def test_the_choice_does_not_depend_on_other_cups() -> None:
    """The players get the view only: swapping the other cup's dice changes nothing."""
    state = ENGINE.setup(2, {}, b"blind")
    state, _ = ENGINE.apply(state, 0, {"type": "bid", "quantity": 2, "face": 3}, 0)
    other = dict(state, cups=[[die_number(0, 1, slot, 6) for slot in range(5)], list(state["cups"][1])])
    assert other["cups"] != state["cups"]
    for level in LEVELS:
        assert choose(ask(state, level)).move == choose(ask(other, level)).move


def test_strong_challenges_an_impossible_bid_and_believes_a_sure_one() -> None:
    state = ENGINE.setup(2, {}, b"sure")
    state["cups"][1] = [die_number(1, 1, slot, 4) for slot in range(5)]
    sure, _ = ENGINE.apply(state, 0, {"type": "bid", "quantity": 5, "face": 4}, 0)
    assert choose(ask(sure, "strong")).move["type"] == "bid"
    state["cups"][1] = [die_number(1, 1, slot, 2) for slot in range(5)]
    wild, _ = ENGINE.apply(state, 0, {"type": "bid", "quantity": 6, "face": 4}, 0)
    assert choose(ask(wild, "strong")).move == {"type": "challenge"}


def test_strong_beats_easy_and_random_and_easy_beats_random() -> None:
    assert win_rate(ENGINE, "strong", "random", 60) > 0.9
    assert win_rate(ENGINE, "easy", "random", 60) > 0.9
    assert win_rate(ENGINE, "strong", "easy", 200) > 0.55
