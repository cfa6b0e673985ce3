"""Sea Battle rules, one test per sentence of house-rules-de-en-es.txt ("Sea Battle")."""

from __future__ import annotations

import json

import pytest
from svc_boards.sea_battle import ENGINE
from svc_boards.sea_battle.grid import FLEET, cell

from rulekit import IllegalMove, State

# Seat 0: the ships along rows 0..4 from column 0 (touching each other); seat 1: down columns
# 0..4 from row 0.
ROWS = [(name, r, 0, "h") for r, (name, _) in enumerate(FLEET)]
COLUMNS = [(name, 0, c, "v") for c, (name, _) in enumerate(FLEET)]


def place(state: State, seat: int, ships: list[tuple[str, int, int, str]], ready: bool = True) -> State:
    for name, r, c, d in ships:
        state = ENGINE.apply(state, seat, {"type": "place", "ship": name, "row": r, "col": c, "dir": d}, 0)[0]
    if ready:
        state = ENGINE.apply(state, seat, {"type": "ready"}, 0)[0]
    return state


def battle() -> State:
    state = ENGINE.setup(2, {}, b"battle")
    return place(place(state, 0, ROWS), 1, COLUMNS)


def fire(state: State, seat: int, row: int, col: int) -> tuple[State, list[dict]]:
    return ENGINE.apply(state, seat, {"type": "fire", "row": row, "col": col}, 0)


def test_ten_by_ten_grid() -> None:
    """“10×10 grid, columns A–J, rows 1–10.”"""
    state = battle()
    targets = {(m["row"], m["col"]) for m in ENGINE.legal_moves(state, 0)}
    assert targets == {(r, c) for r in range(10) for c in range(10)}
    # A ship must stay on the grid: a carrier across from column 5 is the last that fits.
    fresh = ENGINE.setup(2, {}, b"grid")
    carrier = [m for m in ENGINE.legal_moves(fresh, 0) if m["type"] == "place"]
    assert len(carrier) == 2 * 10 * 6
    assert max(m["col"] for m in carrier if m["dir"] == "h") == 5
    with pytest.raises(IllegalMove):
        ENGINE.apply(fresh, 0, {"type": "place", "ship": "carrier", "row": 0, "col": 6, "dir": "h"}, 0)
    with pytest.raises(IllegalMove):
        fire(state, 0, 10, 0)


def test_the_fleet() -> None:
    """“Fleet: carrier (5), battleship (4), cruiser (3), submarine (3), destroyer (2).”"""
    state = ENGINE.setup(2, {}, b"fleet")
    sizes = []
    for name, r, c, d in ROWS:
        (move,) = [
            m for m in ENGINE.legal_moves(state, 0) if m.get("ship") and (m["row"], m["col"], m["dir"]) == (r, c, d)
        ]
        assert move["ship"] == name  # ships come in fleet order
        state = ENGINE.apply(state, 0, move, 0)[0]
        sizes.append(len(state["fleets"][0][-1]["cells"]))
    assert sizes == [5, 4, 3, 3, 2]
    # The fleet complete, there is nothing more to place: lock it (or lift, or shuffle).
    assert {m["type"] for m in ENGINE.legal_moves(state, 0)} == {"ready", "lift", "random"}
    # Random placement places the same fleet.
    shuffled = ENGINE.apply(ENGINE.setup(2, {}, b"fleet"), 1, {"type": "random"}, 0)[0]
    assert [(s["name"], len(s["cells"])) for s in shuffled["fleets"][1]] == [(n, k) for n, k in FLEET]


def test_ships_may_not_overlap_but_may_touch() -> None:
    """“Ships may not overlap but may touch.”"""
    state = place(ENGINE.setup(2, {}, b"touch"), 0, ROWS[:1], ready=False)  # carrier A1–E1
    legal = ENGINE.legal_moves(state, 0)
    battleship = {(m["row"], m["col"], m["dir"]) for m in legal if m["type"] == "place"}
    assert (1, 0, "h") in battleship  # right below the carrier: touching
    assert (0, 5, "h") in battleship  # end to end with it
    assert (0, 4, "v") not in battleship and (0, 2, "h") not in battleship  # overlapping
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"type": "place", "ship": "battleship", "row": 0, "col": 3, "dir": "v"}, 0)
    # Random placements never overlap either.
    for number in range(30):
        shuffled = ENGINE.apply(ENGINE.setup(2, {}, f"r{number}".encode()), 0, {"type": "random"}, 0)[0]
        cells = [c for ship in shuffled["fleets"][0] for c in ship["cells"]]
        assert len(cells) == len(set(cells)) == 17


def test_both_position_at_the_same_time_then_take_turns() -> None:
    """“Both position at the same time, then you take turns firing.”"""
    state = ENGINE.setup(2, {}, b"same")
    assert ENGINE.to_move(state) == {0, 1}
    state = place(state, 1, COLUMNS[:2], ready=False)
    state = place(state, 0, ROWS)
    assert ENGINE.to_move(state) == {1}  # seat 0 has locked its fleet and waits
    with pytest.raises(IllegalMove):
        fire(state, 0, 9, 9)
    state, events = ENGINE.apply(place(state, 1, COLUMNS[2:], ready=False), 1, {"type": "ready"}, 0)
    assert [e["code"] for e in events] == ["fleet_ready", "battle_started"]
    assert ENGINE.to_move(state) == {0}
    state, _ = fire(state, 0, 9, 9)  # a miss
    assert ENGINE.to_move(state) == {1}


def test_a_hit_goes_again_only_a_miss_passes() -> None:
    """“A hit means you go again – only a miss passes the turn.”"""
    state = battle()
    state, events = fire(state, 0, 0, 0)  # seat 1's carrier runs down column 0
    assert events == [
        {"code": "shot", "seat": 0, "row": 0, "col": 0, "result": "hit"},
        {"code": "goes_again", "seat": 0},
    ]
    assert ENGINE.to_move(state) == {0}
    state, events = fire(state, 0, 9, 9)
    assert events == [{"code": "shot", "seat": 0, "row": 9, "col": 9, "result": "miss"}]
    assert ENGINE.to_move(state) == {1}
    # The same cell cannot be fired at twice.
    state, _ = fire(state, 1, 9, 9)
    assert {"type": "fire", "row": 0, "col": 0} not in ENGINE.legal_moves(state, 0)


def test_sink_all_five_first_to_win() -> None:
    """“Sink all five enemy ships first to win.”"""
    state = battle()
    codes = []
    for c, (name, size) in enumerate(FLEET):
        for r in range(size):
            state, events = fire(state, 0, r, c)
            codes.append(events[0]["result"])
        assert events[0]["ship"] == name and events[0]["cells"] == [cell(1, r, c) for r in range(size)]
        assert [s["name"] for s in ENGINE.view(state, None)["public"]["sunk"][1]] == [n for n, _ in FLEET[: c + 1]]
        if c < 4:
            assert ENGINE.result(state) is None
    assert codes.count("sunk") == 5 and codes.count("hit") == 12
    assert events[-1] == {"code": "game_over", "winner": 0}
    assert ENGINE.result(state) == {"placings": [1, 2], "scores": [5.0, 0.0]}
    assert ENGINE.to_move(state) == frozenset()


def test_only_the_server_knows_the_enemy_fleet() -> None:
    """“Only the server knows the enemy fleet – your browser never sees it.”"""
    state = battle()
    state, _ = fire(state, 0, 0, 0)  # one hit on seat 1's carrier
    for seat in (0, 1, None):
        view = ENGINE.view(state, seat)
        text = json.dumps(view)
        for owner in (0, 1):
            if owner == seat:
                continue
            unseen = [c for ship in state["fleets"][owner] for c in ship["cells"] if c not in state["hits"][1 - owner]]
            assert not any(f"{c}" in text for c in unseen), (seat, owner)
        assert view["public"]["fleets"] is None
    assert ENGINE.view(state, 0)["private"]["fleet"] == state["fleets"][0]
    assert "private" not in ENGINE.view(state, None)
    # Placement events go to the placing seat alone.
    _, events = ENGINE.apply(ENGINE.setup(2, {}, b"x"), 1, {"type": "random"}, 0)
    assert events == [{"code": "fleet_shuffled", "seat": 1, "visible_to": [1]}]
    # Once the game is over both fleets are shown.
    for c, (_, size) in enumerate(FLEET):
        for r in range(size):
            state, _ = fire(state, 0, r, c) if (r, c) != (0, 0) else (state, [])
    assert ENGINE.view(state, None)["public"]["fleets"] == state["fleets"]
