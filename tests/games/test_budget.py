"""The playout budget (tests/budget.py) has one line for every registered game, and splits a
series into blocks that together play the whole series once."""

from __future__ import annotations

import pytest
from svc_boards.registry import REGISTRY as BOARDS
from svc_cards.registry import REGISTRY as CARDS
from svc_dice.registry import REGISTRY as DICE
from svc_words.registry import REGISTRY as WORDS

from rulekit.playout import PlayoutFailure
from tests import budget

ENGINES = [*CARDS, *BOARDS, *DICE, *WORDS]


def test_every_registered_game_has_a_budget_line() -> None:
    assert sorted(budget.GAMES) == sorted(engine.meta.id for engine in ENGINES)


@pytest.mark.parametrize("engine", ENGINES, ids=lambda engine: engine.meta.id)
def test_every_seat_count_plays_games(engine) -> None:  # type: ignore[no-untyped-def]
    for seats in engine.meta.allowed_seat_counts():
        assert budget.games(engine.meta.id, seats) >= 1


def test_blocks_cover_the_series_once() -> None:
    engine = ENGINES[0]
    seen: list[bytes] = []
    for block in range(3):
        tally = budget.playouts(
            engine, seats=2, count=7, block=block, blocks=3, keep=True, after_game=lambda run: seen.append(run.seed)
        )
        assert tally.games == tally.planned == len(tally.runs or [])
    assert seen == [f"playout:{engine.meta.id}:2:{index}".encode() for index in range(7)]


def test_a_failed_check_names_the_seed() -> None:
    """The harness names the seed of its own failures; the budget adds it to a game's check."""
    engine = ENGINES[0]

    def fails(before, after, seat, move, events) -> None:  # type: ignore[no-untyped-def]
        raise AssertionError("the game's own invariant")

    seed = f"probe:{engine.meta.id}:2:3"  # block 1 of 2 of six games starts at game 3
    with pytest.raises(PlayoutFailure, match=rf"seed={seed.encode().hex()} \({seed}\).*the game's own invariant"):
        budget.playouts(engine, seats=2, count=6, block=1, blocks=2, label="probe", check=fails)
