"""Seeded random Parchís games through rulekit's playout harness, on every seat count, with one
die and two and the options on, with the game's invariants: four pieces per playing colour on
the board's range; never more than two pieces on a ring square, two only when they share a
safe square or an exit or form a barrier; never more than two of a colour on a corridor
square; places handed out in finishing order (ties only among those placed by squares still to go); the phase says what the seat to move may do;
every roll is one die or two."""

from __future__ import annotations

from collections import Counter

import pytest
from svc_dice.parchis import ENGINE
from svc_dice.parchis.rules import GOAL, TRACK

from rulekit import Event, Move, State
from tests import budget

SEAT_COUNTS = [2, 3, 4]
H = -1


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
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


def test_budget_covers_every_seat_count() -> None:
    assert list(ENGINE.meta.allowed_seat_counts()) == SEAT_COUNTS


@pytest.mark.parametrize("block", range(budget.BLOCKS))
@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_random_playouts(seats: int, block: int) -> None:
    played = budget.playouts(ENGINE, seats=seats, block=block, blocks=budget.BLOCKS, check=check, keep=True)
    assert played.runs is not None and len(played.runs) == played.planned > 0
    for run in played.runs:
        result = ENGINE.result(run.final_state)
        assert result is not None and sorted(result["placings"]) == list(range(1, seats + 1))
        assert run.events[-1]["code"] == "game_over"


@pytest.mark.parametrize(
    "options",
    [
        {"dice": "two"},
        {"six_is_seven": True, "six_opens_barrier": True},
        {"dice": "two", "six_is_seven": True, "ranking": "first_only"},
    ],
    ids=["two-dice", "six-options", "two-dice-first-only"],
)
@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_options(seats: int, options: dict) -> None:  # type: ignore[type-arg]
    played = budget.playouts(ENGINE, seats=seats, count=budget.extra(6), check=check, options=options, label="options")
    assert played.games == played.planned > 0
