"""Crazy Eights CPU levels: legal from a view alone, sensible, and ordered by strength.

Strength: two-seat games through tests/games/card_core/strength.py's `win_rate` (seats
alternate; the seeds are the README table's, so the first N games are the table's first N).
Crazy Eights is mostly the deal: over 1,000 games strong wins 57.4 % against easy and easy
60.0 % against random.
"""

from __future__ import annotations

import random

import pytest
from svc_ai.players import PLAYERS, Ask, choose, levels_of
from svc_cards.core import hidden_from
from svc_cards.crazy_eights import ENGINE
from svc_cards.crazy_eights.cpu import LEVELS

from rulekit import State
from tests.games.card_core.arrange import arrange
from tests.games.card_core.cpu_checks import every_level_answers_legally, refuses_when_not_to_move
from tests.games.card_core.strength import win_rate

GAME = "crazy-eights"


def ask(state: State, level: str = "strong", seat: int | None = None) -> dict:
    seat = state["turn"] if seat is None else seat
    return choose(Ask(GAME, seat, ENGINE.view(state, seat), level, b"cpu", 1000)).move


def table(seats: int = 2, **cards) -> State:
    return arrange(ENGINE.setup(seats, {}, b"crazy-eights-cpu"), turn=0, **cards)


def test_levels_registered() -> None:
    assert PLAYERS[GAME] is LEVELS and levels_of(GAME) == list(ENGINE.meta.cpu_levels)


@pytest.mark.parametrize("seats", [2, 4, 6])
def test_every_level_returns_a_legal_move_quickly(seats: int) -> None:
    assert every_level_answers_legally(ENGINE, seats, b"ce-cpu-%d" % seats) < 0.05


def test_refuses_when_not_to_move() -> None:
    state = ENGINE.setup(3, {}, b"ce-idle")
    refuses_when_not_to_move(ENGINE, LEVELS, state, (state["turn"] + 1) % 3)


@pytest.mark.parametrize("level", ["easy", "strong"])
def test_decides_from_the_seats_view_only(level: str) -> None:
    """The hidden cards (the other hand, the draw pile) dealt differently give the same move."""
    for index in range(40):
        rnd = random.Random(index)
        state = ENGINE.setup(2, {}, b"ce-view-%d" % index)
        for _ in range(rnd.randrange(20)):
            if ENGINE.result(state) is not None:
                break
            state, _ = ENGINE.apply(state, state["turn"], rnd.choice(ENGINE.legal_moves(state, state["turn"])), 0)
        if ENGINE.result(state) is not None:
            continue
        seat = state["turn"]
        hidden = sorted(hidden_from(state, seat))
        swap = dict(zip(hidden, rnd.sample(hidden, len(hidden)), strict=True))
        twin = dict(state, hands=[[swap.get(c, c) for c in hand] for hand in state["hands"]])
        twin["draw_pile"] = [swap[c] for c in state["draw_pile"]]
        assert twin["hands"][seat] == state["hands"][seat] and twin != state
        assert ENGINE.view(twin, seat) == ENGINE.view(state, seat)
        assert ask(twin, level) == ask(state, level)


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
    assert win_rate(ENGINE, "strong", "easy", 1000) > 0.54


def test_easy_beats_random() -> None:
    assert win_rate(ENGINE, "easy", "random", 600) > 0.55
