"""The state and view every race title shares (Ludo, Mensch, Parchís), as the engines read
and write them; a title's own keys are not required of the others."""

from __future__ import annotations

from typing import NotRequired

from rulekit import BaseView, CommonState


class RaceState(CommonState):
    board: int  # colours on the board
    colours: list[list[int]]  # per seat, the colours it plays
    # Per colour, each piece's progress. A colour nobody plays holds None and is never read,
    # so the type is the one of every colour that is read.
    pieces: list[list[int]]
    turn: int
    phase: str  # "roll" or "move" (Mensch also "choose")
    pending: list[int]  # amounts still to move this roll
    dice: list[int] | None  # the last roll
    sixes: int  # sixes in a row this turn
    tries: int  # rolls this turn without a piece out
    last_moved: int | None  # the seat's last moved piece
    places: list[int | None]
    plies: int
    over: bool
    # Mensch: the colour on turn, its bonus moves and the roll that chose the first player.
    colour: NotRequired[int]  # None while the first player chooses (the phase "choose")
    bonus: NotRequired[int]
    start_rolls: NotRequired[list[list[int | None]]]
    chooser: NotRequired[int]
    # Parchís: doubles in a row, and whether a five must bring a piece out.
    doubles: NotRequired[int]
    must_open: NotRequired[bool]


class RaceView(BaseView):
    public: RaceState  # an open game: the state less its generator
