"""Oh Hell CPU levels: legal from a view alone, deciding from that view only, and ordered by
strength (tests/games/oh_hell/strength.py: four-seat quick matches, two seats per level)."""

from __future__ import annotations

from svc_cards.oh_hell import ENGINE, cpu
from svc_cards.oh_hell.cpu import expected_tricks

from tests.games.card_core.cpu_views import ask_player, untimed
from tests.games.oh_hell.strength import win_share
from tests.games.oh_hell.test_oh_hell_rules import bid_all, table


def test_bids_follow_the_hand() -> None:
    assert expected_tricks(["SA.0", "HA.0", "DA.0", "CA.0", "S2.0"], 4) > 3
    assert expected_tricks(["S2.0", "H3.0", "D4.0", "C5.0", "S6.0"], 4) == 0
    state = table(hands={1: ["SA.0", "HA.0", "DA.0", "CA.0", "SK.0"]})
    assert ask_player(ENGINE, state, 1, "easy", b"x").move == {"type": "bid", "bid": 5}


def test_a_made_bid_ducks() -> None:
    """Easy and strong, having their one trick, play under the trick's best card."""
    hands = {2: ["SA.0", "S2.0", "H9.0", "D9.0", "C9.0"], 1: ["SK.0", "H2.0", "H3.0", "D2.0", "D3.0"]}
    state = bid_all(table(hands=hands), [1, 1, 1])
    state["tricks_won"] = [0, 0, 1]
    state.update(trick=["SK.0"], trick_seats=[1], turn=2)
    state["hands"][1].remove("SK.0")
    for level in ("easy", "strong"):
        assert ask_player(ENGINE, state, 2, untimed(level, cpu, ENGINE), b"duck").move == {
            "type": "play",
            "card": "S2.0",
        }


def test_strong_beats_random_and_easy_beats_random() -> None:
    """Two seats of each level at four seats: the first level's seats win well over half."""
    assert win_share("easy", "random", 30) > 0.75
    assert win_share("strong", "random", 12) > 0.75


def test_samples_look_to_the_seat_exactly_like_the_table() -> None:
    """determinize: the seat's view of a sample is its view of the real table, and the sample
    holds every card once (the strong level searches these samples only)."""
    from svc_cards.core import cards_conserved

    from tests.games.card_core.cpu_views import random_positions

    checked = 0
    for state, seat, _, index in random_positions(ENGINE, b"oh-hell-sample", 4, 60, games=12):
        view = ENGINE.view(state, seat)
        sample = ENGINE.determinize(view, seat, b"s%d" % index)
        assert ENGINE.view(sample, seat) == view and cards_conserved(sample)
        checked += 1
    assert checked > 5
