"""Seeded random Hangman games through rulekit's playout harness, with the game's invariants;
every view and delivered event is scanned for the word by all but its setter."""

from __future__ import annotations

import pytest
from svc_words.hangman import ENGINE
from svc_words.hangman.rules import HIT_POINTS, MAX_MISSES, SOLVE_POINTS

from rulekit import Event, Move, State
from tests import budget

from .support import hidden_from

SEAT_COUNTS = list(range(2, 9))


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    gained = [a - b for a, b in zip(after["scores"], before["scores"], strict=True)]
    if move["type"] != "guess":
        assert after["phase"] == "guess" and gained == [0] * before["seats"]
        assert 3 <= len(after["word"]) <= 20 and after["revealed"] == [None] * len(after["word"])
        assert after["guesser"] != after["setter"]
        return
    word = before["word"]
    assert before["setter"] != seat and before["revealed"] is not None
    if move["letter"] in word:
        solved = after["phase"] != "guess"
        assert gained[seat] == HIT_POINTS + (SOLVE_POINTS if solved else 0)
        assert solved == all(letter in before["guessed"] + [move["letter"]] for letter in word)
        if not solved:
            assert after["guesser"] == seat and after["misses"] == before["misses"]
    else:
        figure = before["misses"] + 1 == MAX_MISSES
        assert gained[before["setter"]] == (SOLVE_POINTS if figure else 0)
        assert sum(gained) == gained[before["setter"]]
        if not figure:
            assert after["misses"] == before["misses"] + 1 and after["guesser"] != seat or before["seats"] == 2
    if after["phase"] != "guess":
        assert events[-1] == {
            "code": "word_shown",
            "seat": before["setter"],
            "word": "".join(word),
            "solver": seat if move["letter"] in word else None,
        }


def test_budget_covers_every_seat_count() -> None:
    assert list(ENGINE.meta.allowed_seat_counts()) == SEAT_COUNTS


@pytest.mark.parametrize("block", range(budget.BLOCKS))
@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_random_playouts(seats: int, block: int) -> None:
    played = budget.playouts(
        ENGINE, seats=seats, block=block, blocks=budget.BLOCKS, check=check, hidden_from=hidden_from, keep=True
    )
    assert played.runs is not None and len(played.runs) == played.planned > 0
    for run in played.runs:
        final = run.final_state
        assert len(final["history"]) == seats
        assert ENGINE.result(final)["scores"] == final["scores"]


@pytest.mark.parametrize("language", ["en", "es", "sv"])
def test_random_playouts_in_every_language(language: str) -> None:
    played = budget.playouts(
        ENGINE, seats=3, count=budget.extra(20), check=check, hidden_from=hidden_from, options={"language": language}
    )
    assert played.games == played.planned


def test_three_rounds() -> None:
    played = budget.playouts(ENGINE, seats=4, count=budget.extra(10), check=check, options={"rounds": 3}, keep=True)
    assert all(len(run.final_state["history"]) == 12 for run in played.runs or [])
