"""Dominoes' state and view, as the engine reads and writes them."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from rulekit import BaseView, CommonState


class RoundOver(TypedDict):
    round: int
    winners: list[int]
    blocked: bool
    pips: list[int]  # per seat, left in hand
    points: int  # won by the duel's winner
    hands: NotRequired[list[list[str]]]  # until the next round is dealt


class DominoesState(CommonState):
    variant: str
    hands: list[list[str]]  # per seat, in the order of the set
    boneyard: list[str]  # its order secret
    line: list[list[int]]  # the laid tiles, left end to right, as [left half, right half]
    turn: int | None  # None once the game is over
    phase: Literal["playing", "round_over", "over"]
    passes: int  # in a row
    opening: str | None  # the tile round one must open with
    round: int
    first_starter: int
    starter: int
    points: list[int]  # per seat, the duel's match
    lacks: list[list[int]]  # per seat: the end values it passed on
    last_round: RoundOver | None


class DominoesPublic(TypedDict):
    variant: str
    phase: Literal["playing", "round_over", "over"]
    line: list[list[int]]
    ends: list[int] | None
    hand_counts: list[int]
    boneyard_count: int
    turn: int | None
    passes: int
    round: int
    starter: int
    first_starter: int
    points: list[int]
    target: int | None  # the duel's
    lacks: list[list[int]]
    last_round: RoundOver | None
    hands: list[list[str]] | None  # every hand, once the round is over


class DominoesPrivate(TypedDict):
    hand: list[str]


class DominoesView(BaseView):
    public: DominoesPublic
    private: NotRequired[DominoesPrivate]
