"""Hau-Hau's state and what a seat's view holds, as the engine writes them.

The state's other keys (schema, game, seats, options, rng, turn_started_ms) are rulekit's
(`CommonState`, through `TableKeys`); the view's other parts are `BaseView`'s.
"""

from __future__ import annotations

from typing import NotRequired

from rulekit import BaseView

from ..core.views import CardZones, TableKeys, TablePrivate, TablePublic


class HauHauTable(TableKeys):
    """What every seat sees of the state."""

    phase: str  # "rps" (rock, paper, scissors), "play", "over"
    rps_stage: str  # "start": who begins; "direction": the neighbours throw
    rps_players: list[int]  # the seats still to throw
    rps_last: list[str | None]  # the last throw, shown once complete
    starter: int | None  # the round's first player, once thrown for
    round: int
    wins: list[int]
    round_winners: list[int]
    suit: str | None  # the suit to follow (the top's, or wished), once a round is dealt
    wished: bool
    pending: int  # cards owed to kings and aces
    stage: str  # "open" turn, "took" a penalty, "drew" one card


class HauHauState(HauHauTable, CardZones):
    rps_choices: list[str | None]  # secret until everyone has thrown


class HauHauPublic(HauHauTable, TablePublic):
    rps_chosen: list[int]  # the seats that have thrown
    hau: list[int]  # seats down to their last card


class HauHauPrivate(TablePrivate):
    rps_choice: str | None


class HauHauView(BaseView):
    public: HauHauPublic
    private: NotRequired[HauHauPrivate]
