"""Categories' state and view, as the engine reads and writes them."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from rulekit import BaseView, CommonState


class Round(TypedDict):
    round: int
    letter: str
    answers: list[list[str]]  # per seat, per column
    points: list[list[int]]  # per seat, per column
    struck: list[list[int]]  # [author, column] pairs the vetoes struck
    stopped_by: int | None


class Shown(CommonState):
    """What every seat sees of the state: all of it but the answers while they are written."""

    phase: Literal["writing", "review", "over"]
    round: int
    rounds: int
    columns: list[str]  # the categories
    letter: str  # the round's (None only inside `initial_state`)
    used_letters: list[str]
    scores: list[int]
    history: list[Round]
    # The round's keys, set when it starts; once the game is over they are None (every
    # reader asks for the phase first, so they are typed for a game in play):
    handed_in: list[bool]
    stopped_by: int | None
    vetoes: list[list[list[int]]]  # per voter: [author, column] pairs
    accepted: list[bool]


class CategoriesState(Shown):
    # Round keys as well (None once the game is over):
    answers: list[list[str]]  # per seat, per column
    entries: list[int]  # per seat, the writes made this round


class CategoriesPublic(Shown):
    answers: list[list[str]] | None  # shown in the review
    struck: NotRequired[list[list[int]]]  # in the review: the answers the vetoes strike


class CategoriesPrivate(TypedDict):
    answers: list[str]  # the seat's own, while writing
    entries_left: int


class CategoriesView(BaseView):
    public: CategoriesPublic
    private: NotRequired[CategoriesPrivate]
