"""What the platform knows of word agents beyond its rules: CPU levels, test budget,
what a seat must not see, invariants."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout, final_result

from . import ENGINE
from .rules import AGENT, SPLITS, TEAM, voters
from .state import WordAgentsState


def hidden_from(state: WordAgentsState, seat: int | None) -> Iterable[Any]:
    """The key, from everyone but the two chiefs, until the game is over."""
    if state["phase"] == "over" or (seat is not None and seat in state["chiefs"]):
        return []
    return [state["key"]]


def check(before: WordAgentsState, after: WordAgentsState, seat: int, move: Move, events: list[Event]) -> None:
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
        assert winner is not None
        assert all(after["revealed"][c] is not None for c, r in enumerate(after["key"]) if r == TEAM[winner])
    elif role != TEAM[team]:
        assert after["team"] == 1 - team and after["phase"] == "clue"
    else:
        clue = before["clue"]
        assert clue is not None
        number = clue["number"]
        assert (after["team"] == team) == (number == 0 or before["guesses"] + 1 < number + 1)


def finished(run: Playout[WordAgentsState]) -> None:
    """The winning team's seats share first place; no score above the first team's cards."""
    state = run.final_state
    result = final_result(ENGINE, state)
    winner = state["winner"]
    assert result["placings"] == [1 if seat % 2 == winner else 2 for seat in range(state["seats"])]
    first, second, _ = SPLITS[state["size"]]
    assert max(result["scores"]) <= first


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget(400, thorough=40, scanned=8),
    hidden_from=hidden_from,
    check=check,
    finished=finished,
    variants=tuple(
        Variant(f"{language}-{size}", {"language": language, "size": size}, 20, seats=(6,))
        for language, size in (("en", 16), ("es", 25), ("sv", 16))
    ),
)
