"""What the platform knows of parchís beyond its rules: CPU levels, test budget, invariants and
the house rules worth playing."""

from __future__ import annotations

from collections import Counter

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout

from ..race.state import RaceState
from . import ENGINE
from .cpu import LEVELS
from .rules import GOAL, TRACK

H = -1


def check(before: RaceState, after: RaceState, seat: int, move: Move, events: list[Event]) -> None:
    playing = [c for colours in after["colours"] for c in colours]
    assert [c for c, p in enumerate(after["pieces"]) if p is not None] == sorted(playing)
    squares: dict[int, list[int]] = {}
    for colour in playing:
        pieces = after["pieces"][colour]
        assert len(pieces) == 4 and all(H <= p <= GOAL for p in pieces)
        corridor = Counter(p for p in pieces if TRACK.in_lane(p) and p != GOAL)
        assert all(n <= 2 for n in corridor.values())
        for p in pieces:
            if TRACK.on_ring(p):
                squares.setdefault(TRACK.field(colour, p), []).append(colour)  # type: ignore[arg-type]
    for square, colours in squares.items():
        assert len(colours) <= 2, (square, colours)
        if len(colours) == 2 and colours[0] != colours[1]:
            assert square in TRACK.safe
    if move["type"] == "roll":
        dice = events[0]["dice"]
        assert events[0]["code"] == "rolled" and len(dice) == (2 if after["options"]["dice"] == "two" else 1)
        assert all(1 <= d <= 6 for d in dice)
    finished = sorted(p for p in after["places"] if p is not None)
    if after["over"]:  # those placed by squares still to go may tie (and share a place)
        assert all(p == 1 + sum(q < p for q in finished) for p in finished)
    else:
        assert finished == list(range(1, len(finished) + 1))
    for s in range(after["seats"]):
        done = all(p == GOAL for p in after["pieces"][after["colours"][s][0]])
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


HOUSE_RULES = (
    {"dice": "two"},
    {"six_is_seven": True, "six_opens_barrier": True},
    {"dice": "two", "six_is_seven": True, "ranking": "first_only"},
)

DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 280, 3: 160, 4: 110}, thorough=10, scanned=4),
    levels=LEVELS,
    check=check,
    finished=finished,
    variants=tuple(Variant("options", options, 6) for options in HOUSE_RULES),
)
