"""Poker CPU levels: legal from a view, blind to other hole cards, sensible, and the strong
level ahead of random."""

from __future__ import annotations

from svc_cards.poker import ENGINE, cpu
from svc_cards.poker.cpu import win_chance

from tests.games.card_core.cpu_views import ask_player, cpu_move
from tests.games.poker.table import act, dealt, rig


def test_win_chance_of_the_nuts_and_of_a_dead_hand() -> None:
    state = rig(dealt([1000] * 3)[0], {0: "As Ks"}, "Qs Js Ts 2d 3c")
    state, _ = act(state, "call", "call", "check")
    (seat,) = ENGINE.to_move(state)
    view = ENGINE.view(state, 0)
    assert win_chance(view, 0, 30, b"nuts") == 1.0
    state = rig(dealt([1000] * 3)[0], {0: "2c 7d", 1: "As Ks"}, "Qs Js Ts 3d 4h")
    assert win_chance(ENGINE.view(state, 0), 0, 60, b"weak") < 0.3


def test_strong_folds_rubbish_to_an_all_in_and_calls_with_aces() -> None:
    state = rig(dealt([1000] * 3)[0], {1: "7c 2d", 2: "As Ad"})
    state, _ = act(state, "allin")
    assert cpu_move(ENGINE, state, "strong") == {"type": "fold"}
    state, _ = act(state, "fold")
    assert cpu_move(ENGINE, state, "strong") == {"type": "call", "amount": 980}


def test_strong_raises_a_strong_hand_within_the_rules() -> None:
    state = rig(dealt([1000] * 3)[0], {0: "As Ad"})
    move = cpu_move(ENGINE, state, "strong")
    assert move["type"] in ("raise", "allin")


def test_strong_plays_better_than_random_hand_by_hand() -> None:
    """Net coins per hand of one strong seat against two random ones, stacks fresh every hand
    (whole sit-and-goes are in the strength table in docs/cpu-strength.md): clearly above zero."""
    total = 0
    hands = 60
    for index in range(hands):
        state = ENGINE.setup(3, {}, b"ev:%d" % index)
        where = index % 3
        step = 0
        while state["hand"] == 1 and ENGINE.result(state) is None:
            (seat,) = ENGINE.to_move(state)
            level = "strong" if seat == where else "random"
            state, _ = ENGINE.apply(
                state, seat, ask_player(ENGINE, state, seat, level, b"%d:%d" % (index, step)).move, 0
            )
            step += 1
        total += (state["stacks"][where] if ENGINE.result(state) else state["start_stacks"][where]) - 1000
    assert total / hands > 20  # a big blind a hand


def test_the_strength_table_runs() -> None:
    from tests.games.poker.strength import lone_win_rate

    assert 0.0 <= lone_win_rate("easy", "random", 3, 2) <= 1.0
    assert cpu.STRONG_SAMPLES >= 100
