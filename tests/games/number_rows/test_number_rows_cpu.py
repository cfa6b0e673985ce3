"""Number Rows CPU players: legal moves from a view alone, and strong > easy > random.

Two-seat games through tests/games/card_core/strength.py's `win_rate` (seats alternate; the
seeds are the README table's). Laying is compulsory, so only the choice among fitting cards
is skill: over 1,000 games strong wins 61.7 % against easy and easy 58.0 % against random.
"""

from __future__ import annotations

import random

import pytest
from svc_ai.ask import Ask
from svc_ai.players import choose, levels_of
from svc_cards.core import hidden_from
from svc_cards.number_rows import ENGINE

from rulekit import State, move_matches
from tests.games.card_core.strength import win_rate


def positions(count: int, seats: int) -> list[tuple[State, int]]:
    """Positions from seeded random games, each with the seat to move."""
    out = []
    for index in range(count):
        rnd = random.Random(index)
        state = ENGINE.setup(seats, {}, b"nr-cpu-%d" % index)
        for _ in range(rnd.randrange(30)):
            if ENGINE.result(state) is not None:
                break
            (seat,) = ENGINE.to_move(state)
            state, _ = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_moves(state, seat)), 0)
        if ENGINE.result(state) is None:
            out.append((state, min(ENGINE.to_move(state))))
    return out


def ask(state: State, seat: int, level: str, seed: bytes = b"cpu") -> Ask:
    return Ask(ENGINE.meta.id, seat, ENGINE.view(state, seat), level, seed, 1000)


def test_levels_are_registered() -> None:
    assert levels_of("number-rows") == ["random", "easy", "strong"]


@pytest.mark.parametrize("level", ["easy", "strong"])
def test_every_level_plays_a_legal_move(level: str) -> None:
    for state, seat in positions(150, 3):
        move = choose(ask(state, seat, level)).move
        assert any(move_matches(legal, move) for legal in ENGINE.legal_moves(state, seat))


@pytest.mark.parametrize("level", ["easy", "strong"])
def test_decides_from_the_seats_view_only(level: str) -> None:
    """The hidden cards (other hands, the draw pile) dealt differently give the same move."""
    for state, seat in positions(60, 2):
        other = 1 - seat
        hidden = sorted(hidden_from(state, seat))
        shuffled = list(hidden)
        random.Random(seat).shuffle(shuffled)
        swap = dict(zip(hidden, shuffled, strict=True))
        twin = dict(state, hands=list(state["hands"]), draw_pile=[swap[c] for c in state["draw_pile"]])
        twin["hands"][other] = [swap.get(c, c) for c in state["hands"][other]]
        assert ENGINE.view(twin, seat) == ENGINE.view(state, seat)
        assert choose(ask(twin, seat, level)).move == choose(ask(state, seat, level)).move


def test_strong_beats_easy() -> None:
    assert win_rate(ENGINE, "strong", "easy", 400) > 0.55


def test_easy_beats_random() -> None:
    assert win_rate(ENGINE, "easy", "random", 400) > 0.54
