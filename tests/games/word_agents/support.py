"""Shared helpers of the Word Agents tests: a table with its chiefs named, clues, team votes,
and what a seat may not see."""

from __future__ import annotations

from typing import Any

from svc_words.word_agents import ENGINE
from svc_words.word_agents.rules import TEAM, voters

from rulekit import State


def ready(seats: int = 4, seed: bytes = b"word-agents-test", **options: Any) -> State:
    """Seats 0 and 1 have named themselves chiefs of teams 0 and 1; the starting team's chief
    is to give a clue."""
    state = ENGINE.setup(seats, options, seed)
    state, _ = ENGINE.apply(state, 0, {"type": "appoint", "seat": 0}, 0)
    state, _ = ENGINE.apply(state, 1, {"type": "appoint", "seat": 1}, 0)
    return state


def clue(state: State, word: str = "Tier", number: int = 1) -> tuple[State, list[dict[str, Any]]]:
    chief = state["chiefs"][state["team"]]
    return ENGINE.apply(state, chief, {"type": "clue", "word": word, "number": number}, 0)


def vote(state: State, choice: int | str) -> tuple[State, list[dict[str, Any]]]:
    """Every voter of the team on turn votes for `choice` (a card, or "end") until it is taken."""
    move = {"type": "end_guessing"} if choice == "end" else {"type": "vote", "card": choice}
    events: list[dict[str, Any]] = []
    for seat in voters(state):
        if seat not in ENGINE.to_move(state):
            break
        state, more = ENGINE.apply(state, seat, move, 0)
        events += more
    return state, events


def hidden(state: State, role: str) -> list[int]:
    """The cards of `role` ("0", "1", "n", "x") still face down."""
    return [card for card, own in enumerate(state["key"]) if own == role and state["revealed"][card] is None]


def own(state: State) -> list[int]:
    return hidden(state, TEAM[state["team"]])


def theirs(state: State) -> list[int]:
    return hidden(state, TEAM[1 - state["team"]])
