"""Blackjack duel CPU levels: legal from a view, blind to every card the seat may not know
(its own hidden card in the first round too), sensible, and the strong level ahead of random."""

from __future__ import annotations

from svc_cards.blackjack_duel import ENGINE
from svc_cards.blackjack_duel.cpu import pot_share

from tests.games.blackjack_duel.table import act, dealt, rig
from tests.games.card_core.cpu_views import cpu_move


def test_pot_share_of_a_blackjack_and_of_a_bust() -> None:
    state = rig(dealt([1000] * 3), {1: "As Kh", 2: "9s 7c", 0: "8d 6h"}, "Ts")
    state, _ = act(state, "call", "call", "call")
    assert pot_share(ENGINE.view(state, 1), 1, 60, b"bj") > 0.9
    state, _ = act(state, "stand", "hit", "stand")  # seat 2: 16 + T
    assert pot_share(ENGINE.view(state, 2), 2, 60, b"bust") < 0.1


def test_strong_doubles_a_blackjack_and_folds_a_bust_to_a_double() -> None:
    state = rig(dealt([1000] * 3), {1: "As Kh", 2: "9s 7c", 0: "Td 9h"}, "Ts")
    state, _ = act(state, "call", "call", "call", "stand", "hit", "stand", "stand")
    assert cpu_move(ENGINE, state, "strong") == {"type": "double", "amount": 20}
    state, _ = act(state, "double")
    assert state["turn"] == 2 and cpu_move(ENGINE, state, "strong") == {"type": "fold"}


def test_strong_draws_to_12_and_stands_on_20() -> None:
    state = rig(dealt([1000] * 3), {1: "Ts 2h", 2: "Ks Qc"})
    state, _ = act(state, "call", "call", "call")
    assert cpu_move(ENGINE, state, "strong") == {"type": "hit"}
    state, _ = act(state, "stand")
    assert cpu_move(ENGINE, state, "strong") == {"type": "stand"}


def test_both_levels_split_aces() -> None:
    state = rig(dealt([1000] * 3), {1: "As Ah"})
    state, _ = act(state, "call", "call", "call")
    for level in ("easy", "strong"):
        assert cpu_move(ENGINE, state, level)["type"] == "split"


def test_strong_ends_ahead_of_random() -> None:
    """Mean coins of one strong seat against two random ones after a few rounds, over a small
    seeded sample (the strength table in docs/cpu-strength.md has the long run): clearly above 1,000."""
    from tests.games.blackjack_duel.strength import lone_play

    _, coins = lone_play("strong", "random", 3, 9, rounds=6, whole=False)
    assert coins > 1_050
