"""Side pots in every all-in shape, written from the text's rules:

"Kann ein Spieler nicht mehr voll mitgehen, spielt er All-in. Er kann von jedem Gegner
höchstens so viel gewinnen, wie er selbst gesetzt hat. Alles darüber hinaus kommt in einen
Side-Pot, um den nur die übrigen Spieler spielen." and "Sind die besten 5 Karten gleich, wird
der Pot geteilt." (A player who cannot call in full is all-in and wins from each opponent at
most what they put in; the rest is a side pot for the others; equal hands split the pot.)
"""

from __future__ import annotations

import random

from svc_cards.poker.rules import side_pots

from tests.games.poker.table import act, dealt, rig, won

CHECK_DOWN_2 = ("check",) * 6  # flop, turn and river checked by two players
BOARD = "2c 4d 8h 9c 3s"  # no straight, no flush: the hole pairs decide


def test_one_player_all_in() -> None:
    state, _ = dealt([1000, 1000, 400])  # button 0, blinds 1 and 2
    state = rig(state, {0: "Ks Kd", 1: "Qs Qd", 2: "As Ad"}, BOARD)
    state, events = act(state, "raise 600", "call", "call", *CHECK_DOWN_2)
    # The short stack wins 400 from each of the others; the rest is the side pot.
    assert won(events) == [(1200, [2]), (400, [0])]
    assert state["last_hand"]["won"] == [400, 0, 1200]


def test_two_players_all_in_at_different_amounts() -> None:
    state, _ = dealt([1000, 500, 200])
    state = rig(state, {0: "Qs Qd", 1: "Ks Kd", 2: "As Ad"}, BOARD)
    state, events = act(state, "allin", "call", "call")
    # 200 from each (main), 300 from the two bigger stacks (side), 500 nobody called.
    assert won(events) == [(600, [2]), (600, [1]), (500, [0])]
    assert state["last_hand"]["won"] == [500, 600, 600]


def test_three_players_all_in_at_different_amounts() -> None:
    state, _ = dealt([2000, 100, 300, 600, 2000])  # button 0, blinds 1 and 2, seat 3 first
    state = rig(state, {0: "Ts Td", 1: "As Ad", 2: "Ks Kd", 3: "Qs Qd", 4: "Js Jd"}, BOARD)
    state, events = act(state, "allin", "allin", "call", "call", "call")
    assert won(events) == [(500, [1]), (800, [2]), (900, [3]), (2800, [4])]
    assert sum(state["last_hand"]["won"]) == 5000


def test_the_smallest_all_in_never_wins_more_than_it_put_in_from_each() -> None:
    """The best hand holding the smallest stack: everyone else keeps their excess."""
    state, _ = dealt([2000, 100, 300, 600, 2000])
    state = rig(state, {0: "Ts Td", 1: "As Ad", 2: "Qc 7d", 3: "6s Jd", 4: "Ks Kd"}, BOARD)
    state, _ = act(state, "allin", "allin", "call", "call", "call")
    won_by = state["last_hand"]["won"]
    assert won_by[1] == 5 * 100
    assert won_by == [0, 500, 0, 0, 4500]


def test_an_all_in_smaller_than_the_big_blind() -> None:
    state, events = dealt([1000, 1000, 15])
    assert [e["amount"] for e in events if e["code"] == "big_blind"] == [15]
    state = rig(state, {0: "Ks Kd", 1: "Qs Qd", 2: "As Ad"}, BOARD)
    state, events = act(state, "call", "call", *CHECK_DOWN_2)
    assert won(events) == [(45, [2]), (10, [0])]


def test_an_all_in_smaller_than_the_small_blind() -> None:
    state, events = dealt([1000, 5, 1000])
    assert [e["amount"] for e in events if e["code"] == "small_blind"] == [5]
    state = rig(state, {0: "Ks Kd", 1: "As Ad", 2: "Qs Qd"}, BOARD)
    state, events = act(state, "call", "check", *CHECK_DOWN_2)
    assert won(events) == [(15, [1]), (30, [0])]


def test_a_split_pot_with_an_odd_chip_goes_left_of_the_button_first() -> None:
    state, _ = dealt([1000, 1000, 335])  # button 0
    state = rig(state, {0: "Ah 2c", 1: "Ad 3c", 2: "4c 6d"}, "As Ks Qh Jd 9s")
    state, events = act(state, "raise 500", "call", "call", *CHECK_DOWN_2)
    # Main pot 1,005 split by seats 0 and 1 (the odd chip to seat 1, first left of the
    # button); the side pot of 330 split evenly.
    assert won(events) == [(1005, [1, 0]), (330, [1, 0])]
    assert state["last_hand"]["won"] == [667, 668, 0]


def test_a_four_way_split_with_two_odd_chips() -> None:
    state, _ = dealt([1000] * 5)  # button 0, small blind 1, big blind 2
    state = rig(state, {}, "As Ks Qs Js Ts")  # a royal flush on the board: everyone ties
    state, events = act(state, "call", "call", "call", "fold", "check", *("check",) * 12)
    assert won(events) == [(90, [2, 3, 4, 0])]
    assert state["last_hand"]["won"] == [22, 0, 23, 23, 22]


def test_side_pots_conserve_chips_and_cap_every_win() -> None:
    """Over random commitments: the pots hold every chip, and no contender can win more from
    an opponent than it put in itself."""
    rnd = random.Random(7)
    for _ in range(2000):
        seats = rnd.choice([3, 5])
        committed = [rnd.choice([0, 5, 20, 100, 100, 333, 1000]) for _ in range(seats)]
        contending = [s for s in range(seats) if committed[s] and rnd.random() < 0.7] or [
            committed.index(max(committed))
        ]
        pots = side_pots(committed, contending)
        assert sum(p["amount"] for p in pots) == sum(committed)
        for seat in contending:
            reach = sum(p["amount"] for p in pots if seat in p["eligible"])
            assert reach <= sum(min(c, committed[seat]) for c in committed) + (
                sum(committed) - sum(min(c, max(committed[s] for s in contending)) for c in committed)
            )
