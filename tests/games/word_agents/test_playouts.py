"""Seeded random Word Agents games through rulekit's playout harness, with the game's
invariants; every view and delivered event is scanned for the key by all but the chiefs."""

from __future__ import annotations

import pytest
from svc_words.word_agents import ENGINE
from svc_words.word_agents.rules import AGENT, SPLITS, TEAM, voters

from rulekit import Event, Move, State
from tests import budget

from .support import hidden_from

SEAT_COUNTS = list(range(4, 13))


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    assert after["key"] == before["key"] and after["words"] == before["words"]
    # A card once uncovered stays so and shows its role; at most one card a move.
    newly = [card for card, shown in enumerate(after["revealed"]) if shown != before["revealed"][card]]
    assert all(before["revealed"][card] is None and after["revealed"][card] == after["key"][card] for card in newly)
    assert len(newly) <= 1
    if move["type"] == "appoint":
        assert move["seat"] % 2 == seat % 2 and after["chiefs"][seat % 2] == move["seat"]
        return
    if move["type"] == "clue":
        assert seat == before["chiefs"][before["team"]] and after["phase"] == "guess" and not newly
        return
    assert seat in voters(before) and seat != before["chiefs"][before["team"]]
    if not newly:
        return
    (card,) = newly
    role = after["key"][card]
    team = before["team"]
    if role == AGENT:
        assert after["phase"] == "over" and after["winner"] == 1 - team
    elif after["phase"] == "over":
        winner = after["winner"]
        assert all(after["revealed"][c] is not None for c, r in enumerate(after["key"]) if r == TEAM[winner])
    elif role != TEAM[team]:
        assert after["team"] == 1 - team and after["phase"] == "clue"
    else:
        number = before["clue"]["number"]
        assert (after["team"] == team) == (number == 0 or before["guesses"] + 1 < number + 1)


def finished(state: State) -> None:
    result = ENGINE.result(state)
    winner = state["winner"]
    assert result["placings"] == [1 if seat % 2 == winner else 2 for seat in range(state["seats"])]
    first, second, _ = SPLITS[state["size"]]
    assert max(result["scores"]) <= first


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
        finished(run.final_state)


@pytest.mark.parametrize(("language", "size"), [("en", 16), ("es", 25), ("sv", 16)])
def test_random_playouts_in_every_language_and_size(language: str, size: int) -> None:
    played = budget.playouts(
        ENGINE,
        seats=6,
        count=budget.extra(20),
        check=check,
        hidden_from=hidden_from,
        options={"language": language, "size": size},
    )
    assert played.games == played.planned
