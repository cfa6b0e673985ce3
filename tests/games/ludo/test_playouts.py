"""Seeded random Ludo games through rulekit's playout harness, on every seat count and every
board, with the game's invariants: four pieces per playing colour, each on the board's range;
one piece at most per ring field (own pieces never share, a capture sends the other home);
own pieces never share a goal field; places handed out in finishing order; the phase says
what the seat to move may do; every roll is a die."""

from __future__ import annotations

import pytest
from svc_dice.ludo import ENGINE
from svc_dice.ludo.rules import board_for

from rulekit import Event, Move, State
from tests import budget

SEAT_COUNTS = list(range(2, 9))
H = -1


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    track = ENGINE.track(after)
    assert after["board"] == board_for(after["seats"], after["options"]["board"])
    playing = [c for colours in after["colours"] for c in colours]
    assert [c for c, p in enumerate(after["pieces"]) if p is not None] == sorted(playing)
    fields: list[int] = []
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


@pytest.mark.parametrize("seats, board", [(2, "eight"), (3, "six"), (4, "eight")])
def test_bigger_boards(seats: int, board: str) -> None:
    played = budget.playouts(
        ENGINE, seats=seats, count=budget.extra(4), check=check, options={"board": board}, label="bigger-board"
    )
    assert played.games == played.planned > 0
