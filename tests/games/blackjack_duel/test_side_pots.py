"""Blackjack duel side pots: "Hast du weniger als den Einsatz, setzt du alles, was du hast. Du
kannst dann von jedem Gegner nur so viel gewinnen, wie du selbst gesetzt hast – den Rest bekommt
der nächstbeste Spieler." (With less than the stake you put in everything; you win from each
opponent only what you put in; the next best player gets the rest.) Each hand is an entrant of
its own, so a split hand wins at most its own stake from every other hand.
"""

from __future__ import annotations

from svc_cards.blackjack_duel import ENGINE

from tests.games.blackjack_duel.table import act, dealt, rig, won


def test_two_all_ins_at_different_amounts() -> None:
    state = rig(dealt([1000, 50, 30]), {1: "As Kh", 2: "Ts 9h", 0: "7c 8d"})
    # Seats 1 and 2 hold 30 and 10 after the ante; seat 1 doubles into an all-in call later.
    state, events = act(state, "call", "call", "double", "call", "call")
    assert state["committed"] == [[40], [40], [30]] and state["stacks"][1:] == [10, 0]
    state, events = act(state, "stand", "stand", "stand", "call", "call")
    # Main 90 (30 each) to the blackjack, side 20 to the blackjack too (it is eligible).
    assert won(events) == [(90, [1]), (20, [1])]


def test_the_next_best_takes_what_the_short_stack_cannot_win() -> None:
    state = rig(dealt([1000, 1000, 15, 1000, 1000]), {2: "As Kh", 1: "Ts 9h", 3: "Ts 8h", 0: "7c 8d", 4: "5c 6d"})
    state, events = act(state, *("call",) * 4, *("stand",) * 5, *("call",) * 4)
    assert won(events) == [(75, [2]), (20, [1])]
    assert state["last_round"]["won"] == [0, 20, 75, 0, 0]


def test_a_split_hand_is_an_entrant_of_its_own() -> None:
    """Seat 1 splits eights for 20 more: both its hands are entrants; the better one wins."""
    state = rig(dealt([1000] * 3), {1: "8s 8h", 2: "Ts 7h", 0: "9c 8d"}, "Ks 3c")
    state, _ = act(state, "call", "call", "call", "split", "stand", "stand", "stand", "stand")
    state, events = act(state, "call", "call", "call")
    # 18 (8 + K) beats 17 and 17; the other split hand (11) loses: the pot of four hands is 80.
    assert won(events) == [(80, [1])] and state["last_round"]["won"] == [0, 80, 0]


def test_all_bust_side_pot_stays_and_the_main_pot_is_won() -> None:
    """Only the short stack's hand is under 21: it wins the main pot; the side pot between the
    two bust hands stays on the table."""
    state = rig(dealt([1000, 1000, 15]), {2: "Ts 8h", 1: "Ts 6h", 0: "Ks 5d"}, "Qd Jc")
    state, events = act(state, "call", "call", "hit", "stand", "stand", "hit", "stand", "call", "call")
    assert won(events) == [(45, [2])]
    assert state["carry"] == 10 and ENGINE.view(state, None)["public"]["pot"] == 10 + 3 * 20


def test_all_bust_with_fewer_than_two_players_left_shares_the_pot() -> None:
    """Everyone all-in and over 21: no next round could take the pot, so it is shared as a tie."""
    state = rig(dealt([20, 20, 20]), {1: "Ts 6h", 2: "Ks 5h", 0: "9c 7d"}, "Qd Jc Kh")
    state, events = act(state, "hit", "stand", "hit", "stand", "hit", "stand")
    assert [e for e in events if e["code"] == "pot_shared"] == [
        {"code": "pot_shared", "amount": 60, "seats": [1, 2, 0]}
    ]
    assert state["start_stacks"] == [20, 20, 20] and ENGINE.result(state) is None
