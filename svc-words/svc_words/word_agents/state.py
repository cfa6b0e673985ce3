"""Word Agents' state and view, as the engine reads and writes them."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from rulekit import BaseView, CommonState


class Clue(TypedDict):
    team: int
    word: str
    number: int


class ClueGiven(Clue):
    cards: list[int]  # the cards uncovered on this clue


class Shown(CommonState):
    """What every seat sees of the state: all of it but the key."""

    phase: Literal["appoint", "clue", "guess", "over"]
    size: int  # cards on the table
    words: list[str]
    revealed: list[str | None]  # per card its role once uncovered ("0", "1", "n", "x")
    chiefs: list[int | None]  # per team
    starting: int  # the team that began
    team: int  # the team on turn
    clue: Clue | None
    guesses: int  # this turn
    votes: list[int | str | None]  # per seat: a card, "end", or None
    voted: list[int]  # seats in the order they voted this round
    winner: int | None
    reason: str | None
    history: list[ClueGiven]


class WordAgentsState(Shown):
    key: str  # per card its role


class WordAgentsPublic(Shown):
    teams: list[int]  # per seat
    left: list[int]  # per team, its words still hidden
    key: str | None  # shown once the game is over


class WordAgentsPrivate(TypedDict):
    key: str


class Chat(TypedDict):
    post: list[str]
    read: list[str]


class WordAgentsView(BaseView):
    public: WordAgentsPublic
    private: NotRequired[WordAgentsPrivate]  # a chief's key
    chat: NotRequired[Chat]  # always there, set after `private`
