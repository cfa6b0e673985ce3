"""The race-track core on its own: ring geometry for every board the titles use, paths and the
goal lane, colours per seat, occupancy, barriers, own pieces in the way, and the tactics'
sense of danger. No title is involved except where the turn machinery needs an engine."""

from __future__ import annotations

import pytest
from svc_dice.race import (
    HOME,
    Spot,
    Track,
    at_home,
    in_goal,
    is_barrier,
    lane_clear,
    lead,
    occupancy,
    packed,
    ring_fields,
    spread_colours,
)


@pytest.mark.parametrize("colours, length", [(4, 40), (6, 60), (8, 80), (4, 68), (8, 136)])
def test_start_fields_are_spread_evenly(colours: int, length: int) -> None:
    track = Track(colours=colours, length=length)
    starts = [track.start(c) for c in range(colours)]
    assert starts == [c * length // colours for c in range(colours)]
    # A piece goes once round and then into its lane of four.
    assert track.lap == length and track.goal == length + 3
    assert track.field(1, 0) == starts[1] and track.field(1, length - 1) == (starts[1] - 1) % length
    assert track.field(1, length) is None and track.field(1, HOME) is None


def test_a_ring_must_split_evenly() -> None:
    with pytest.raises(ValueError):
        Track(colours=4, length=42)


def test_a_lap_shorter_than_the_ring_and_another_first_start() -> None:
    """Parchís-like: exits at 5, 22, 39, 56 of 68; the lane is entered after 64 ring fields."""
    track = Track(colours=4, length=68, lane=8, lap=64, start_at=4, safe=frozenset({11, 28}))
    assert [track.start(c) for c in range(4)] == [4, 21, 38, 55]
    assert track.on_ring(63) and track.in_lane(64) and track.goal == 71
    assert track.field(3, 20) == (55 + 20) % 68 == 7
    assert 11 in track.safe


def test_paths_stop_at_the_last_goal_field() -> None:
    track = Track(colours=4, length=40)
    assert track.path(5, 3) == [6, 7, 8]
    assert track.path(38, 5) == [39, 40, 41, 42, 43]
    assert track.path(40, 4) is None and track.path(40, 3) == [41, 42, 43]
    assert track.path(HOME, 6) is None


def test_distance_behind_stays_on_the_ring() -> None:
    track = Track(colours=4, length=40)
    # Colour 1 starts on field 10; its piece at progress 2 stands on 12, four behind 16.
    assert track.distance_behind(2, 1, 16) == 4
    # Colour 0 at progress 37 (field 37) cannot reach field 1: it turns into its lane first.
    assert track.distance_behind(37, 0, 1) is None
    assert track.distance_behind(37, 0, 39) == 2


def test_colours_per_seat() -> None:
    assert spread_colours(4, 2) == [[0], [2]]
    assert spread_colours(4, 3) == [[0], [1], [2]]
    assert spread_colours(4, 4) == [[0], [1], [2], [3]]
    assert spread_colours(6, 5) == [[0], [1], [2], [3], [4]]
    assert spread_colours(8, 7) == [[0], [1], [2], [3], [4], [5], [6]]
    assert spread_colours(8, 2) == [[0], [4]]
    # Two colours each: they alternate round the board between the two players.
    assert spread_colours(4, 2, per_seat=2) == [[0, 2], [1, 3]]
    with pytest.raises(ValueError):
        spread_colours(6, 2, per_seat=2)
    for colours, seats in [(4, 2), (4, 3), (6, 5), (8, 8), (8, 3)]:
        flat = [c for seat in spread_colours(colours, seats) for c in seat]
        assert len(set(flat)) == seats and all(0 <= c < colours for c in flat)


def test_occupancy_and_barriers() -> None:
    track = Track(colours=4, length=40)
    pieces = [[0, 5, HOME, 40], None, [30, 30, HOME, HOME], [HOME] * 4]
    fields = occupancy(track, pieces)
    assert fields == {0: [Spot(0, 0)], 5: [Spot(0, 1)], 10: [Spot(2, 0), Spot(2, 1)]}
    assert is_barrier(fields[10]) and not is_barrier(fields[0])
    assert not is_barrier([Spot(0, 0), Spot(1, 0)])
    assert ring_fields(track, 2, [38, 39, 40, 41]) == [18, 19]


def test_own_pieces_in_the_way() -> None:
    track = Track(colours=4, length=40)
    pieces = [3, 6, HOME, HOME]
    assert lane_clear(pieces, [4, 5], track, jump_own=False)
    assert not lane_clear(pieces, [4, 5, 6], track, jump_own=False)
    assert not lane_clear(pieces, [4, 5, 6, 7], track, jump_own=False)
    assert lane_clear(pieces, [4, 5, 6, 7], track, jump_own=True)
    assert not lane_clear(pieces, [4, 5, 6], track, jump_own=True)


def test_home_goal_and_packed() -> None:
    track = Track(colours=4, length=40)
    assert at_home([HOME, 3, HOME, 41]) == [0, 2]
    assert in_goal(track, [40, 41, 42, 43]) and not in_goal(track, [39, 41, 42, 43])
    assert packed(track, [HOME] * 4)
    assert packed(track, [43, HOME, 42, HOME])
    assert not packed(track, [42, HOME, HOME, HOME])  # it can still move one field
    assert not packed(track, [43, 5, HOME, HOME])
    assert lead(track, [43, 43, 43, 43]) == 0 and lead(track, [HOME] * 4) == 4 * 44


def test_colour_value_is_what_position_value_counts_per_colour() -> None:
    """A title weighing colours itself (Mensch) gets the same worth per colour the shared
    position_value sums; `danger` is how much a piece within reach loses, 0 for nothing."""
    from svc_dice.ludo import ENGINE as LUDO
    from svc_dice.race import colour_value, position_value

    state = LUDO.copy_state(LUDO.setup(2, {}, b"core"))
    state["pieces"][0] = [5, 12, HOME, 41]
    state["pieces"][2] = [0, HOME, HOME, HOME]  # field 20
    mine, theirs = colour_value(LUDO, state, 0), colour_value(LUDO, state, 2)
    assert position_value(LUDO, state, 0) == mine - theirs
    assert colour_value(LUDO, state, 0, danger=0) == (8 + 5) + (8 + 12) + (40 + 12 + 1)
    state["pieces"][2] = [29, HOME, HOME, HOME]  # field 9: three behind the piece on 12
    assert colour_value(LUDO, state, 0) < colour_value(LUDO, state, 0, danger=0)
    assert colour_value(LUDO, state, 1) == 0.0  # a colour nobody plays


def test_best_move_takes_a_titles_own_value() -> None:
    from svc_dice.ludo import ENGINE as LUDO
    from svc_dice.race import best_move

    from tests.games.ludo.support import placed, throw

    state, _ = throw(placed(LUDO.setup(2, {}, b"core"), {0: [20, 3, HOME, HOME]}), 2)
    legal = LUDO.legal_moves(state, 0)
    assert best_move(LUDO, state, 0, legal)["piece"] == 0
    rear_first = best_move(LUDO, state, 0, legal, value=lambda after, seat: -after["pieces"][0][0])
    assert rear_first["piece"] == 1


def test_a_title_may_add_amounts_and_spend_their_parts() -> None:
    """The turn machinery lists moves for `amounts` (by default each pending amount once) and
    takes a moved amount off through `spend`: Parchís adds two dice that sum to 5."""
    from svc_dice.ludo import ENGINE as LUDO
    from svc_dice.parchis import ENGINE as PARCHIS

    state = LUDO.setup(2, {}, b"race-core-amounts")
    state.update(phase="move", pending=[6, 6, 3])
    assert LUDO.amounts(state, 0) == [6, 3]
    LUDO.spend(state, 6)
    assert state["pending"] == [6, 3]
    state = PARCHIS.setup(2, {"dice": "two"}, b"race-core-amounts")
    state.update(phase="move", pending=[1, 4], dice=[1, 4])
    assert PARCHIS.amounts(state, 0) == [4, 1, 5]
    assert PARCHIS.legal_moves(state, 0) == [{"type": "move", "piece": 0, "pips": 5}]
    PARCHIS.spend(state, 5)
    assert state["pending"] == []
