"""Kalaha rules, one test per sentence of house-rules-de-en-es.txt ("Kalaha"), plus the setting."""

from __future__ import annotations

import pytest
from svc_boards.kalaha import ENGINE
from svc_boards.kalaha.rules import STORE

from rulekit import IllegalMove, Refusal, State


def position(pits: list[int], turn: int) -> State:
    """A state with the given 14 counts (seat 0's pits, its store, seat 1's pits, its store)."""
    assert len(pits) == 14
    state = ENGINE.setup(2, {}, b"position")
    state["pits"] = list(pits)
    state["turn"] = turn
    return state


def sow(state: State, seat: int, pit: int) -> tuple[State, list[dict]]:
    return ENGINE.apply(state, seat, {"type": "sow", "pit": pit}, 0)


def test_start_and_setting() -> None:
    """Settings: 6 pits of 4 seeds each by default, the host may choose 3 to 6; seat 0 begins."""
    state = ENGINE.setup(2, {}, b"s")
    assert state["pits"] == [4] * 6 + [0] + [4] * 6 + [0]
    assert ENGINE.to_move(state) == {0}
    assert ENGINE.setup(2, {"seeds": 6}, b"s")["pits"] == [6] * 6 + [0] + [6] * 6 + [0]
    assert ENGINE.setup(2, {"seeds": 3}, b"s")["pits"][0] == 3
    for bad in (2, 7):
        with pytest.raises(Refusal) as refused:
            ENGINE.setup(2, {"seeds": bad}, b"s")
        assert refused.value.code == "bad_option"


def test_take_all_seeds_and_sow_one_by_one_anticlockwise() -> None:
    """“Take all seeds from one of your pits and sow them one by one, anticlockwise.”"""
    state = ENGINE.setup(2, {}, b"s")
    after, events = sow(state, 0, 0)
    assert after["pits"] == [0, 5, 5, 5, 5, 4, 0, 4, 4, 4, 4, 4, 4, 0]
    assert events == [{"code": "sowed", "seat": 0, "pit": 0, "seeds": 4}]
    # Seat 1 sows the same way round: on through its own pits, its store, then seat 0's pits.
    after, _ = sow(after, 1, 3)
    assert after["pits"] == [1, 5, 5, 5, 5, 4, 0, 4, 4, 4, 0, 5, 5, 1]
    # Only the seat's own, non-empty pits can be chosen.
    assert {m["pit"] for m in ENGINE.legal_moves(after, 0)} == {0, 1, 2, 3, 4, 5}
    state = position([0, 3, 0, 0, 0, 1, 0, 4, 4, 4, 4, 4, 4, 0], turn=0)
    assert [m["pit"] for m in ENGINE.legal_moves(state, 0)] == [1, 5]
    with pytest.raises(IllegalMove):
        sow(state, 0, 0)


def test_own_store_gets_a_seed_opposing_store_is_skipped() -> None:
    """“Your own store gets a seed, the opposing store is skipped.”"""
    # 15 seeds from seat 0's pit 3: pits 4, 5, the store, seat 1's six pits, not seat 1's
    # store, then round again from pit 0 to pit 5.
    state = position([1, 1, 1, 15, 1, 1, 0, 1, 1, 1, 1, 1, 1, 5], turn=0)
    after, _ = sow(state, 0, 3)
    assert after["pits"][STORE[1]] == 5
    assert after["pits"][STORE[0]] == 1
    assert sum(after["pits"]) == sum(state["pits"])
    assert after["pits"] == [2, 2, 2, 1, 3, 3, 1, 2, 2, 2, 2, 2, 2, 5]
    # And seat 1 skips seat 0's store in the same way.
    state = position([1, 1, 1, 1, 1, 1, 7, 1, 1, 1, 1, 1, 9, 0], turn=1)
    after, _ = sow(state, 1, 5)
    assert after["pits"][STORE[0]] == 7
    assert after["pits"] == [2, 2, 2, 2, 2, 2, 7, 2, 2, 1, 1, 1, 0, 1]


def test_last_seed_in_own_store_goes_again() -> None:
    """“If the last seed lands in your store, you go again straight away.”"""
    state = ENGINE.setup(2, {}, b"s")
    after, events = sow(state, 0, 2)  # 4 seeds: pits 3, 4, 5 and the store
    assert after["pits"][STORE[0]] == 1
    assert ENGINE.to_move(after) == {0}
    assert events[-1] == {"code": "extra_turn", "seat": 0}
    # Otherwise the other seat moves.
    after, events = sow(after, 0, 0)
    assert ENGINE.to_move(after) == {1}
    assert all(e["code"] != "extra_turn" for e in events)


def test_last_seed_in_empty_own_pit_captures() -> None:
    """“If it lands in an empty pit of yours, you take it plus everything in the pit opposite.”"""
    # Seat 0 sows 2 from pit 1: pit 2 gets one, the last lands in the empty pit 3.
    # Pit 3 faces seat 1's pit 2 (index 9), which holds 6.
    state = position([1, 2, 0, 0, 1, 1, 3, 4, 4, 6, 4, 4, 4, 2], turn=0)
    after, events = sow(state, 0, 1)
    assert after["pits"][3] == 0 and after["pits"][9] == 0
    assert after["pits"][STORE[0]] == 3 + 1 + 6
    assert events[-1] == {"code": "captured", "seat": 0, "pit": 3, "seeds": 7}
    assert ENGINE.to_move(after) == {1}
    # Landing in an empty pit of the opponent captures nothing.
    state = position([1, 0, 0, 0, 0, 2, 3, 0, 4, 6, 4, 4, 4, 2], turn=0)
    after, events = sow(state, 0, 5)
    assert after["pits"][7] == 1 and after["pits"][STORE[0]] == 4
    assert all(e["code"] != "captured" for e in events)


def test_capture_with_empty_opposite_pit_takes_the_last_seed() -> None:
    """“… you take it plus everything in the pit opposite.” The text sets no condition on the
    opposite pit: if it is empty, the last seed alone goes to the store (rules page)."""
    state = position([1, 2, 0, 0, 1, 1, 3, 4, 4, 0, 4, 4, 4, 2], turn=0)
    after, events = sow(state, 0, 1)
    assert after["pits"][3] == 0
    assert after["pits"][STORE[0]] == 4
    assert events[-1] == {"code": "captured", "seat": 0, "pit": 3, "seeds": 1}


def test_capture_after_a_full_round_into_the_emptied_pit() -> None:
    """The pit just emptied counts as empty when the last seed comes round to it (13 seeds)."""
    state = position([0, 0, 13, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0], turn=0)
    after, events = sow(state, 0, 2)
    # Each other pit on the way got one; the 13th lands back in pit 2, which was empty.
    assert after["pits"][2] == 0
    assert events[-1]["code"] == "captured" and events[-1]["seeds"] == 1 + 2
    assert sum(after["pits"]) == sum(state["pits"])


def test_empty_side_ends_and_the_rest_goes_to_the_other_store() -> None:
    """“When one side is empty, the rest goes to the other store. Most seeds wins.”"""
    # Seat 0 plays its last seed into its store: its side is empty, the game ends at once
    # although it would go again; seat 1's 10 remaining seeds go to seat 1's store.
    state = position([0, 0, 0, 0, 0, 1, 20, 1, 2, 3, 4, 0, 0, 17], turn=0)
    after, events = sow(state, 0, 5)
    assert after["over"] and ENGINE.to_move(after) == frozenset()
    assert after["pits"] == [0] * 6 + [21] + [0] * 6 + [27]
    assert {"code": "swept", "seat": 1, "seeds": 10} in events
    assert ENGINE.result(after) == {"placings": [2, 1], "scores": [21, 27]}
    assert events[-1] == {"code": "game_over", "scores": [21, 27]}
    # A capture may empty the other side instead: then the mover's rest goes to the mover's store.
    state = position([1, 0, 0, 0, 3, 1, 20, 0, 0, 0, 0, 4, 0, 18], turn=0)
    after, events = sow(state, 0, 0)  # last seed in pit 1, which faces pit 11 with 4
    assert after["over"]
    assert after["pits"] == [0] * 6 + [20 + 5 + 4] + [0] * 6 + [18]
    assert {"code": "swept", "seat": 0, "seeds": 4} in events


def test_equal_stores_draw() -> None:
    """“Most seeds wins.” Equal stores share first place."""
    state = position([0, 0, 0, 0, 0, 1, 23, 1, 0, 0, 0, 0, 0, 23], turn=0)
    after, _ = sow(state, 0, 5)
    assert ENGINE.result(after) == {"placings": [1, 1], "scores": [24, 24]}
