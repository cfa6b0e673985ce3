"""The guard every `timeout_move` starts with (`rulekit.clock_seat`, `rulekit.clock_moves`):
the seat the clock runs for passes, any other seat or none is refused with a stable code, and
every registered engine refuses the spectators' seat at every step of a seeded game."""

from __future__ import annotations

import random

import pytest
from svc_boards.registry import REGISTRY as BOARDS
from svc_cards.registry import REGISTRY as CARDS
from svc_dice.registry import REGISTRY as DICE
from svc_words.registry import REGISTRY as WORDS

from rulekit import Engine, IllegalMove, Move, State, clock_moves, clock_seat
from rulekit.playout import instantiate

ENGINES = [*CARDS, *BOARDS, *DICE, *WORDS]


class Countdown:
    """Seat `turn` may take one counter while any is left; nobody else may move."""

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        return [{"type": "take"}] if seat == state["turn"] and state["left"] else []


def test_clock_seat_passes_a_timed_seat_and_refuses_the_others() -> None:
    assert clock_seat(2, (2,)) == 2
    assert clock_seat(0, frozenset({0, 3})) == 0
    for seat, timed in ((None, (0,)), (1, (0,)), (0, ())):
        with pytest.raises(IllegalMove) as refused:
            clock_seat(seat, timed)
        assert refused.value.code == "not_your_turn"


def test_clock_seat_keeps_the_code_a_game_refuses_with() -> None:
    with pytest.raises(IllegalMove) as refused:
        clock_seat(1, (0,), "illegal_move")
    assert refused.value.code == "illegal_move"


def test_clock_moves_gives_the_seat_and_its_moves_or_refuses() -> None:
    engine = Countdown()
    assert clock_moves(engine, {"turn": 1, "left": 3}, 1) == (1, [{"type": "take"}])
    for state, seat in (({"turn": 1, "left": 3}, 0), ({"turn": 1, "left": 0}, 1), ({"turn": 1, "left": 3}, None)):
        with pytest.raises(IllegalMove) as refused:
            clock_moves(engine, state, seat)
        assert refused.value.code == "not_your_turn"


@pytest.mark.parametrize("engine", ENGINES, ids=lambda engine: engine.meta.id)
def test_every_engine_refuses_a_default_move_for_no_seat(engine: Engine) -> None:
    """The spectators' seat never has a clock: at every step of a seeded game with a clock on,
    `timeout_move(state, None)` is refused with a stable code."""
    game = engine.meta.id
    if engine.meta.clock is None:
        pytest.skip("no move clock")
    seats = engine.meta.allowed_seat_counts()[0]
    rnd = random.Random(f"guard:{game}")
    state = engine.setup(seats, {}, f"guard:{game}".encode(), 1000)
    for step in range(40):
        with pytest.raises(IllegalMove) as refused:
            engine.timeout_move(state, None)
        assert refused.value.code in ("not_your_turn", "illegal_move"), (game, step)
        to_move = sorted(engine.to_move(state))
        if engine.result(state) is not None or not to_move:
            break
        seat = rnd.choice(to_move)
        state, _ = engine.apply(state, seat, instantiate(rnd.choice(engine.legal_moves(state, seat)), rnd), 2000 + step)
