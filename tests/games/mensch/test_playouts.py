"""Seeded random Mensch games through rulekit's playout harness, 1 vs 1 and four players, with
the game's invariants: all four colours in play, four pieces each within the board's range;
one piece at most per ring field (own pieces and the second colour never share, a capture
sends the other home); own pieces never share a goal field; the colours split as the text
says (one each, or Red + Yellow against Blue + Green) and the colour to move belongs to the
seat to move; the game is over exactly when a colour is complete, its player placed first;
every roll is a die."""

from __future__ import annotations

import pytest
from svc_dice.mensch import ENGINE
from svc_dice.race import in_goal

from rulekit import Event, Move, State
from tests import budget

SEAT_COUNTS = [2, 4]
H = -1


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    track = ENGINE.track(after)
    colours = after["colours"]
    if after["seats"] == 2:
        assert sorted(colours) == [[0, 2], [1, 3]]
    else:
        assert sorted(colours) == [[0], [1], [2], [3]]
    assert after["start_rolls"] == before["start_rolls"]
    fields: list[int] = []
    for colour in range(4):
        pieces = after["pieces"][colour]
        assert len(pieces) == 4 and all(H <= p <= track.goal for p in pieces)
        out = [p for p in pieces if p > H]
        assert len(out) == len(set(out))
        fields += [track.field(colour, p) for p in pieces if track.on_ring(p)]
    assert len(fields) == len(set(fields))
    if move["type"] == "roll":
        assert events[0]["code"] == "rolled" and len(events[0]["dice"]) == 1 and 1 <= events[0]["dice"][0] <= 6
    done = [s for s in range(after["seats"]) if any(in_goal(track, after["pieces"][c]) for c in colours[s])]
    if after["over"]:
        result = ENGINE.result(after)
        assert result is not None and sorted(result["placings"])[0] == 1
        if after["plies"] < ENGINE.ply_limit:
            assert done == [result["placings"].index(1)] and result["placings"].count(1) == 1
    else:
        assert done == [] and after["colour"] in colours[after["turn"]]
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
        assert result is not None and result["placings"].count(1) == 1
        assert run.events[-1]["code"] == "game_over"


@pytest.mark.parametrize("stake", [3000, 75000])
def test_staked_tables_play_the_same_game(stake: int) -> None:
    played = budget.playouts(
        ENGINE, seats=2, count=budget.extra(3), check=check, options={"stake": stake}, label="staked"
    )
    assert played.games == played.planned > 0
