"""What the platform knows of hangman beyond its rules: CPU levels, test budget,
what a seat must not see, invariants."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout, final_result

from . import ENGINE
from .cpu import LEVELS
from .rules import HIT_POINTS, MAX_MISSES, SOLVE_POINTS
from .state import HangmanState


def hidden_from(state: HangmanState, seat: int | None) -> Iterable[Any]:
    """The word, from everyone but its setter, while it is being guessed."""
    if state["word"] is None or seat == state["setter"]:
        return []
    return ["".join(state["word"])]


def check(before: HangmanState, after: HangmanState, seat: int, move: Move, events: list[Event]) -> None:
    gained = [a - b for a, b in zip(after["scores"], before["scores"], strict=True)]
    if move["type"] != "guess":
        assert after["phase"] == "guess" and gained == [0] * before["seats"]
        set_word = after["word"]
        assert set_word is not None and 3 <= len(set_word) <= 20 and after["revealed"] == [None] * len(set_word)
        assert after["guesser"] != after["setter"]
        return
    word = before["word"]
    assert word is not None and before["setter"] != seat and before["revealed"] is not None
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


def finished(run: Playout[HangmanState]) -> None:
    """Every seat set a word each round; the result is the scores."""
    final = run.final_state
    assert len(final["history"]) == run.seats * final["options"]["rounds"]
    assert final_result(ENGINE, final)["scores"] == final["scores"]


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 100, 5: 60}, thorough=30),
    levels=LEVELS,
    hidden_from=hidden_from,
    check=check,
    finished=finished,
    variants=(
        *(Variant(f"lang-{language}", {"language": language}, 20, seats=(3,)) for language in ("en", "es", "sv")),
        Variant("rounds-3", {"rounds": 3}, 10, seats=(4,)),
    ),
)
