"""What the platform knows of ludo beyond its rules: CPU levels, test budget, invariants and the
bigger boards."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout

from ..race.state import RaceState
from . import ENGINE
from .cpu import LEVELS
from .rules import board_for

H = -1


def check(before: RaceState, after: RaceState, seat: int, move: Move, events: list[Event]) -> None:
    track = ENGINE.track(after)
    assert after["board"] == board_for(after["seats"], after["options"]["board"])
    playing = [c for colours in after["colours"] for c in colours]
    assert [c for c, p in enumerate(after["pieces"]) if p is not None] == sorted(playing)
    fields: list[int | None] = []
    for colour in playing:
        pieces = after["pieces"][colour]
        assert len(pieces) == 4 and all(H <= p <= track.goal for p in pieces)
        lane = [p for p in pieces if p > H]
        assert len(lane) == len(set(lane))  # own pieces never share a field
        fields += [track.field(colour, p) for p in pieces if track.on_ring(p)]
    assert len(fields) == len(set(fields))
    if move["type"] == "roll":
        assert events[0]["code"] == "rolled" and len(events[0]["dice"]) == 1 and 1 <= events[0]["dice"][0] <= 6
    finished = sorted(p for p in after["places"] if p is not None)
    assert finished == list(range(1, len(finished) + 1))
    for s in range(after["seats"]):
        done = all(track.in_lane(p) for p in after["pieces"][after["colours"][s][0]])
        if not after["over"]:
            assert done == (after["places"][s] is not None)
    if not after["over"]:
        assert after["places"][after["turn"]] is None
        assert after["phase"] in ("roll", "move") and (after["phase"] == "move") == bool(after["pending"])
        if after["phase"] == "move":
            assert ENGINE.legal_moves(after, after["turn"])


def finished(run: Playout[RaceState]) -> None:
    result = ENGINE.result(run.final_state)
    assert result is not None and sorted(result["placings"]) == list(range(1, run.seats + 1))
    assert run.events[-1]["code"] == "game_over"


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 60, 3: 30, 4: 16, 5: 8, 7: 5}, thorough=2, scanned=1),
    levels=LEVELS,
    check=check,
    finished=finished,
    variants=tuple(
        Variant("bigger-board", {"board": board}, 4, seats=(seats,))
        for seats, board in ((2, "eight"), (3, "six"), (4, "eight"))
    ),
)
