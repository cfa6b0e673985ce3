"""Femton CPU levels: legal from a view alone, sensible, and ordered by strength.

Strength is measured over single rounds (round 1, seats rotating), since a whole game of
fifteen rounds costs seconds: the level's mean points left in hand against the others'.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from svc_ai.players import choose
from svc_cards.contract_rummy import ENGINE
from svc_cards.contract_rummy.cpu import easy, strong

from rulekit import State, move_matches
from rulekit.players import Ask, Player
from tests.games.card_core.cpu_checks import SLOWEST_S
from tests.games.card_core.cpu_views import ask_player


def first_round(seats: int, seed: bytes) -> Iterator[tuple[State, int]]:
    """Every decision of round 1 (a whole game of fifteen rounds costs too long here), the
    levels taking turns to drive."""
    levels = ["random", "easy", "strong"]
    state = ENGINE.setup(seats, {}, seed, 1000)
    step = 0
    while state["phase"] in ("draw", "play") and step < 3000:
        seat = min(ENGINE.to_move(state))
        yield state, seat
        move = choose(Ask(ENGINE.meta.id, seat, ENGINE.view(state, seat), levels[step % 3], b"%d" % step, 1000)).move
        step += 1
        state, _ = ENGINE.apply(state, seat, move, 1000 + 100 * step)


@pytest.mark.parametrize("seats", [3, 8])
def test_every_level_returns_a_legal_move_quickly(seats: int) -> None:
    slowest = 0.0
    for state, seat in first_round(seats, b"femton-cpu-%d" % seats):
        view, legal = ENGINE.view(state, seat), ENGINE.legal_moves(state, seat)
        for level in ("random", "easy", "strong"):
            started = time.process_time()
            move = choose(Ask(ENGINE.meta.id, seat, view, level, b"x", 1000)).move
            slowest = max(slowest, time.process_time() - started)
            assert any(move_matches(m, move) for m in legal), (level, move)
    assert slowest < SLOWEST_S


def test_buys_only_what_it_can_use() -> None:
    state = ENGINE.setup(3, {}, b"femton-buy", 1000)
    turn = state["turn"]
    state, _ = ENGINE.apply(state, turn, {"type": "draw"}, 1500)
    buyer = (turn + 2) % 3
    state["hands"][turn][0] = "H7.2"
    state, _ = ENGINE.apply(state, turn, {"type": "discard", "card": "H7.2"}, 2000)
    # Two sevens and three fives: the open seven completes the contract's second set.
    state["hands"][buyer] = ["S7.0", "D7.1", "C5.0", "C5.1", "H5.2", "HA.1", "S2.2", "S9.1", "SK.0", "CJ.2", "CK.2"]
    assert ask_player(ENGINE, state, buyer, strong, b"x").move == {"type": "buy"}
    assert ask_player(ENGINE, state, buyer, easy, b"x").move == {"type": "buy"}


def round_points(levels: list[str | Player], seed: bytes) -> list[int]:
    state = ENGINE.setup(len(levels), {}, seed, 1000)
    step = 0
    while state["phase"] in ("draw", "play"):
        seat = min(ENGINE.to_move(state))
        move = ask_player(ENGINE, state, seat, levels[seat], b"%s:%d" % (seed, step)).move
        step += 1
        state, _ = ENGINE.apply(state, seat, move, 1000 + 1000 * step)
    return state["round_points"]


def mean_gap(first: str | Player, second: str | Player, rounds: int) -> float:
    """Mean of (second's points - first's points) per round at a three-seat table where
    `first` holds one seat in turn."""
    gap = 0.0
    for index in range(rounds):
        mine = index % 3
        levels = [first if seat == mine else second for seat in range(3)]
        points = round_points(levels, b"femton-strength:%d" % index)
        others = [p for seat, p in enumerate(points) if seat != mine]
        gap += sum(others) / len(others) - points[mine]
    return gap / rounds


def test_strong_beats_random() -> None:
    assert mean_gap(strong, "random", 3) > 20


def test_easy_beats_random() -> None:
    assert mean_gap(easy, "random", 3) > 20


def test_strong_beats_easy() -> None:
    assert mean_gap(strong, easy, 300) > 2


@pytest.mark.parametrize("levels", [("strong", "easy", "easy"), ("easy", "easy", "easy")])
def test_a_table_of_cpus_plays_all_fifteen_rounds(levels: tuple[str, ...]) -> None:
    """A table the CPUs hold alone (everyone gone, their seats taken over) still ends: each of
    the fifteen rounds is gone out of, none turns round for ever (a CPU that began a proposal
    it could not finish, took it back and began it again every turn, or kept three of a rank
    in a round of runs, once stalled a round for hundreds of thousands of moves)."""
    from tests.games.contract_rummy.strength import LEVELS, game_totals

    totals, placings = game_totals([LEVELS[level] for level in levels], b"femton-whole-game", most_moves=6_000)
    assert len(totals) == 3 and min(placings) == 1
