"""Chinese Checkers: one test per rule sentence of house-rules-de-en-es.txt ("Chinese
Checkers", English part), and per decision of the rules page."""

from __future__ import annotations

import pytest
from svc_boards.chinese_checkers import ENGINE
from svc_boards.chinese_checkers.board import BEYOND, HOLES, INDEX, NEIGHBOUR, POINTS, destinations
from svc_boards.chinese_checkers.rules import SEATINGS, target

from rulekit import IllegalMove, State


def empty(seats: int = 2) -> State:
    state = ENGINE.setup(seats, {}, b"cc-rules")
    state["board"] = [-1] * len(HOLES)
    return state


def hole(x: int, y: int) -> int:
    return INDEX[(x, y, -x - y)]


def edge_hole(point: int) -> tuple[int, int]:
    """A hole of `point` next to the middle, and that neighbour outside the point."""
    goal = POINTS[point]
    last = next(h for h in goal if any(n >= 0 and n not in goal for n in NEIGHBOUR[h]))
    return last, next(n for n in NEIGHBOUR[last] if n >= 0 and n not in goal)


def test_star_board_ten_pegs_each_two_to_six_players() -> None:
    """“Ten pegs across the star into the opposite point. 2 to 6 players.” Decision: 2, 3, 4 or
    6 players in the usual seatings (opposite points; every other point; two opposite pairs;
    all six)."""
    assert len(HOLES) == 121 and all(len(point) == 10 for point in POINTS)
    assert ENGINE.meta.allowed_seat_counts() == (2, 3, 4, 6)
    for seats, homes in SEATINGS.items():
        state = ENGINE.setup(seats, {}, b"cc")
        assert state["homes"] == list(homes)
        for seat, home in enumerate(homes):
            assert sorted(h for h, owner in enumerate(state["board"]) if owner == seat) == sorted(POINTS[home])
    assert SEATINGS[3] == (0, 2, 4) and all(target(home) not in SEATINGS[3] for home in SEATINGS[3])


def test_get_your_pegs_into_the_opposite_point() -> None:
    """“Get your ten pegs into the opposite point of the star.”"""
    state = empty()
    last, beside = edge_hole(3)
    for h in POINTS[3]:
        if h != last:
            state["board"][h] = 0
    state["board"][beside] = 0
    state["board"][POINTS[0][0]] = 1
    after, events = ENGINE.apply(state, 0, {"type": "move", "from": beside, "to": last}, 0)
    assert [e["code"] for e in events] == ["moved", "won", "game_over"]
    assert ENGINE.result(after)["placings"] == [1, 2]


def test_a_step_or_a_jump() -> None:
    """“A move is either one step to a free neighbouring hole or a jump over a peg.”"""
    state = empty()
    middle = hole(0, 0)
    state["board"][middle] = 0
    assert sorted(m["to"] for m in ENGINE.legal_moves(state, 0)) == sorted(NEIGHBOUR[middle])
    state["board"][NEIGHBOUR[middle][0]] = 1
    tos = {m["to"] for m in ENGINE.legal_moves(state, 0)}
    assert BEYOND[middle][0] in tos and NEIGHBOUR[middle][0] not in tos
    # Two free holes in a line are no jump.
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"type": "move", "from": middle, "to": BEYOND[middle][1]}, 0)


def test_jumps_chain_click_the_final_hole() -> None:
    """“Jumps can be chained – just click the final hole.”"""
    state = empty()
    start = hole(0, 0)
    state["board"][start] = 0
    first_over, first_land = NEIGHBOUR[start][0], BEYOND[start][0]
    second_over, second_land = NEIGHBOUR[first_land][0], BEYOND[first_land][0]
    state["board"][first_over] = state["board"][second_over] = 1
    assert {first_land, second_land} <= {m["to"] for m in ENGINE.legal_moves(state, 0)}
    after, events = ENGINE.apply(state, 0, {"type": "move", "from": start, "to": second_land}, 0)
    assert after["board"][second_land] == 0 and after["board"][start] == -1
    assert events[0] == {"code": "moved", "seat": 0, "from": start, "to": second_land}
    # A chain never ends where it started and never jumps over the hole it left.
    assert start not in destinations(state["board"], start)


def test_jump_own_and_other_pegs_nothing_captured() -> None:
    """“You jump over your own and other pegs alike; nothing is ever captured.”"""
    state = empty()
    start = hole(0, 0)
    state["board"][start] = 0
    state["board"][NEIGHBOUR[start][0]] = 0
    state["board"][NEIGHBOUR[start][3]] = 1
    tos = {m["to"] for m in ENGINE.legal_moves(state, 0) if m["from"] == start}
    assert {BEYOND[start][0], BEYOND[start][3]} <= tos
    after = ENGINE.apply(state, 0, {"type": "move", "from": start, "to": BEYOND[start][3]}, 0)[0]
    assert after["board"].count(0) == 2 and after["board"].count(1) == 1


def test_the_target_holes_are_shown() -> None:
    """“The green-rimmed holes are your destination.” Every view names each seat's target
    holes, which the board outlines."""
    state = ENGINE.setup(3, {}, b"cc-view")
    view = ENGINE.view(state, 1)
    assert view["public"]["targets"][1] == list(POINTS[target(2)])


def test_blocking_pegs_left_at_home_do_not_stop_a_win() -> None:
    """Decision (tournament play): a player has won once every hole of the target point is
    occupied and at least one of them by their own peg."""
    state = empty()
    goal = POINTS[3]
    last, beside = edge_hole(3)
    rest = [h for h in goal if h != last]
    for h in rest[:3]:
        state["board"][h] = 1  # never moved out of their home
    for h in rest[3:]:
        state["board"][h] = 0
    state["board"][beside] = 0
    after, events = ENGINE.apply(state, 0, {"type": "move", "from": beside, "to": last}, 0)
    assert "won" in [e["code"] for e in events] and ENGINE.result(after)["placings"] == [1, 2]
    # Full of other pegs only, the point is no win for anyone.
    state = empty()
    for h in goal:
        state["board"][h] = 1
    state["board"][hole(0, 0)] = 0
    after = ENGINE.apply(state, 0, ENGINE.legal_moves(state, 0)[0], 0)[0]
    assert ENGINE.result(after) is None


def test_turns_go_round_and_a_long_game_ends() -> None:
    """Decision: seat 0 starts, turns go round; after the round limit the game ends, placed by
    pegs in the target, then by the steps to go."""
    state = ENGINE.setup(4, {}, b"cc-turns")
    seen = []
    for _ in range(8):
        (seat,) = ENGINE.to_move(state)
        seen.append(seat)
        state = ENGINE.apply(state, seat, ENGINE.timeout_move(state, seat), 0)[0]
    assert seen == [0, 1, 2, 3, 0, 1, 2, 3]
