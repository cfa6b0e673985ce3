"""Four in a Row CPU levels: legal moves from a seat's view, tactics, and strength in matches."""

from __future__ import annotations

import time

import pytest
from svc_ai.players import choose
from svc_boards.four_in_a_row import ENGINE
from svc_boards.four_in_a_row.cpu import geometry, threat_evaluation

from rulekit import Refusal, State
from rulekit.players import Ask, Choice

GAME = "four-in-a-row"
# Generous: the levels finish their depth long before this; the matches test play, not clocks.
BUDGET_MS = 10_000


def drop(column: int) -> dict[str, object]:
    return {"type": "drop", "column": column}


def position(variant: str, *columns: int) -> State:
    state = ENGINE.setup(2, {"variant": variant}, b"cpu")
    for column in columns:
        state, _ = ENGINE.apply(state, state["turn"], drop(column), 0)
    return state


def think(state: State, level: str, seed: bytes = b"seed", budget_ms: int = BUDGET_MS) -> Choice:
    seat = state["turn"]
    return choose(Ask(GAME, seat, ENGINE.view(state, seat), level, seed, budget_ms))


def match(levels: tuple[str, str], variant: str, seed: str) -> list[float]:
    """One game, seat 0 playing `levels[0]`; the scores per seat."""
    state = ENGINE.setup(2, {"variant": variant}, seed.encode())
    ply = 0
    while ENGINE.result(state) is None:
        seat = state["turn"]
        choice = think(state, levels[seat], f"{seed}:{ply}".encode())
        state, _ = ENGINE.apply(state, seat, choice.move, 0)
        ply += 1
    return ENGINE.result(state)["scores"]


@pytest.mark.parametrize("variant", ["7x6-4", "9x7-5"])
@pytest.mark.parametrize("level", ["random", "easy", "medium", "strong"])
def test_each_level_returns_a_legal_move(variant: str, level: str) -> None:
    full_columns = [0] * (7 if variant == "9x7-5" else 6)  # column 0 full, no line in it
    for state in (position(variant), position(variant, 3, 4, 3), position(variant, *full_columns, 2, 2, 5)):
        view = ENGINE.view(state, state["turn"])
        choice = think(state, level)
        assert choice.move in view["legal_moves"]
        ENGINE.apply(state, state["turn"], choice.move, 0)


@pytest.mark.parametrize("level", ["easy", "medium", "strong"])
def test_a_level_refuses_when_not_to_move(level: str) -> None:
    state = position("7x6-4", 3)
    with pytest.raises(Refusal) as refused:
        choose(Ask(GAME, 0, ENGINE.view(state, 0), level, b"s", BUDGET_MS))
    assert refused.value.code == "not_your_turn"


@pytest.mark.parametrize("level", ["easy", "medium", "strong"])
def test_takes_an_immediate_win(level: str) -> None:
    # X has three across on the bottom row; O has three up column 6 and threatens too.
    state = position("7x6-4", 0, 6, 1, 6, 2, 6)
    assert think(state, level).move == drop(3)
    # Five in a row on the big grid.
    state = position("9x7-5", 0, 8, 1, 8, 2, 8, 3, 8)
    assert think(state, level).move == drop(4)


@pytest.mark.parametrize("level", ["easy", "medium", "strong"])
def test_blocks_an_immediate_loss(level: str) -> None:
    # O has three up column 6; X has nothing that wins now.
    state = position("7x6-4", 0, 6, 1, 6, 5, 6)
    assert think(state, level).move == drop(6)
    state = position("9x7-5", 0, 8, 1, 8, 5, 8, 7, 8)
    assert think(state, level).move == drop(8)


def test_strong_makes_an_open_three() -> None:
    # X on c2 and c3 of the bottom row: c1 or c4 makes three with both ends open, which O
    # cannot stop. Easy (two plies) cannot see that far.
    state = position("7x6-4", 2, 2, 3, 3)
    assert think(state, "strong").move in (drop(1), drop(4))


@pytest.mark.parametrize("level", ["easy", "medium", "strong"])
def test_does_not_play_under_a_threat(level: str) -> None:
    # O has three across on the second row; a disc in column 4 would let O complete it on top.
    state = position("7x6-4", 0, 2, 1, 1, 3, 2, 0, 3)
    assert state["board"][1][:4] == [0, 1, 1, 1] and state["board"][0][4] == -1
    assert think(state, level).move != drop(4)


def test_threat_evaluation_sees_threats() -> None:
    # Side to move holds a playable winning cell: as good as won.
    state = position("7x6-4", 0, 6, 1, 6, 2, 5)
    assert threat_evaluation(state, 0) > 10_000 and threat_evaluation(state, 1) < -10_000
    # Geometry: 69 lines of four on 7×6, 92 of five on 9×7.
    assert len(geometry(7, 6, 4).windows) == 69 and len(geometry(9, 7, 5).windows) == 92


@pytest.mark.parametrize("level", ["easy", "medium", "strong"])
def test_respects_a_tiny_budget(level: str) -> None:
    state = position("9x7-5", 4, 4, 3)
    started = time.perf_counter()
    choice = think(state, level, budget_ms=1)
    assert time.perf_counter() - started < 0.5
    assert choice.move in ENGINE.legal_moves(state, state["turn"])


def test_strong_beats_random() -> None:
    """Strong wins at least 95% of 40 games against random, colours alternated."""
    wins = 0
    for game in range(40):
        strong_seat = game % 2
        levels = ("strong", "random") if strong_seat == 0 else ("random", "strong")
        wins += match(levels, "7x6-4", f"random-{game}")[strong_seat] == 1
    assert wins >= 38


def test_strong_is_not_worse_than_easy() -> None:
    """Over 20 games, colours alternated, strong scores at least as much as easy."""
    points = [0.0, 0.0]  # strong, easy
    for game in range(20):
        strong_seat = game % 2
        levels = ("strong", "easy") if strong_seat == 0 else ("easy", "strong")
        scores = match(levels, "7x6-4", f"easy-{game}")
        points[0] += scores[strong_seat]
        points[1] += scores[1 - strong_seat]
    assert points[0] >= points[1]
