"""Penalty Tricks CPU levels: legal from a view alone, deciding from that view only, and ordered
by strength (tests/games/penalty_tricks/strength.py: four-seat sets, two seats per level)."""

from __future__ import annotations

import pytest
from svc_cards.core import cards_conserved
from svc_cards.penalty_tricks import ENGINE, cpu

from tests.games.card_core.cpu_checks import SLOWEST_S, every_level_answers_legally
from tests.games.card_core.cpu_views import ask_player, random_positions, untimed
from tests.games.penalty_tricks.strength import win_share
from tests.games.penalty_tricks.test_penalty_tricks_rules import play, table


@pytest.mark.parametrize("seats", [3, 6])
def test_every_level_returns_a_legal_move(seats: int) -> None:
    assert every_level_answers_legally(ENGINE, seats, b"penalty-cpu-%d" % seats, {"cycles": 1}) < SLOWEST_S * 2


def strong_untimed():  # type: ignore[no-untyped-def]
    mc = untimed("monte_carlo", cpu, ENGINE)

    def player(ask):  # type: ignore[no-untyped-def]
        return cpu.rules(ask) if ask.view["legal_moves"][0]["type"] != "play" else mc(ask)

    return player


def test_the_queen_of_spades_is_passed_and_thrown_away() -> None:
    """Both levels pass the queen of spades in the queens deal, and throw it on another's
    trick when they cannot follow suit."""
    state = ENGINE.setup(4, {"cycles": 1}, b"cpu-pass")
    state["deal"] = 1
    holder = next(seat for seat, hand in enumerate(state["hands"]) if "SQ.0" in hand)
    for level in ("easy", "strong"):
        assert ask_player(ENGINE, state, holder, level, b"p").move == {"type": "pass", "card": "SQ.0"}
    hands = {0: ["C9.0", "C2.0"], 1: ["SQ.0", "H2.0"], 2: ["C3.0", "D2.0"], 3: ["C4.0", "D3.0"]}
    state, _ = play(table(hands=hands, kind="queens"), "C9.0")
    for level in ("easy", strong_untimed()):
        assert ask_player(ENGINE, state, 1, level, b"q").move == {"type": "play", "card": "SQ.0"}


def test_strong_ducks_under_the_trick() -> None:
    """Strong plays the highest card that still loses the trick."""
    hands = {
        0: ["H10.0", "S2.0", "S7.0"],
        1: ["H9.0", "HJ.0", "H2.0"],
        2: ["S3.0", "S4.0", "S8.0"],
        3: ["S5.0", "S6.0", "S9.0"],
    }
    state = table(hands=hands, kind="hearts")
    state, _ = play(state, "H10.0")
    assert ask_player(ENGINE, state, 1, strong_untimed(), b"duck").move == {"type": "play", "card": "H9.0"}


def test_strong_beats_random_and_easy_beats_random() -> None:
    """Two seats of each level at four seats: the first level's seats win well over half."""
    assert win_share("easy", "random", 20) > 0.7
    assert win_share("strong", "random", 4) >= 0.75


def test_samples_look_to_the_seat_exactly_like_the_table() -> None:
    """determinize: the seat's view of a sample is its view of the real table, and the sample
    holds every card once (the strong level searches these samples only)."""
    checked = 0
    for state, seat, _, index in random_positions(ENGINE, b"penalty-sample", 4, 80, games=12):
        view = ENGINE.view(state, seat)
        sample = ENGINE.determinize(view, seat, b"s%d" % index)
        assert ENGINE.view(sample, seat) == view and cards_conserved(sample)
        # Cards this seat passed and not yet played are where it passed them.
        passed = view["private"]["passed"]
        if passed:
            target = (seat + (1 if state["deal"] % 2 == 0 else -1)) % 4
            for card in passed:
                if card in state["hands"][target]:
                    assert card in sample["hands"][target]
        checked += 1
    assert checked > 5
