"""Blackjack CPU levels: legal from a view, blind to the hidden card and the shoe, the chart
followed, and the strong level ahead of random and easy in final chips (docs/cpu-strength.md:
`python -m tests.games.blackjack.strength`)."""

from __future__ import annotations

from svc_cards.blackjack import ENGINE
from svc_cards.blackjack.cpu import DOUBLE, DOUBLE_OR_STAND, HIT, STAND, basic_strategy

from tests.games.blackjack.strength import final_chips
from tests.games.blackjack.table import dealt
from tests.games.card_core.cpu_views import cpu_move


def test_easy_hits_below_17() -> None:
    assert cpu_move(ENGINE, dealt(["SK H6"], "D5 C7"), "easy") == {"type": "hit"}
    assert cpu_move(ENGINE, dealt(["SK H7"], "DA C7"), "easy") == {"type": "stand"}
    assert cpu_move(ENGINE, dealt(["S5 H6"], "D5 C7"), "easy") == {"type": "hit"}  # never doubles


def test_strong_follows_the_chart() -> None:
    assert cpu_move(ENGINE, dealt(["S5 H6"], "D6 C7")) == {"type": "double"}  # 11 vs 6
    assert cpu_move(ENGINE, dealt(["SK H6"], "D6 C7")) == {"type": "stand"}  # 16 vs 6
    assert cpu_move(ENGINE, dealt(["SK H6"], "D10 C7")) == {"type": "hit"}  # 16 vs 10
    assert cpu_move(ENGINE, dealt(["SK H2"], "D3 C7")) == {"type": "hit"}  # 12 vs 3
    assert cpu_move(ENGINE, dealt(["SA H7"], "D9 C7")) == {"type": "hit"}  # soft 18 vs 9
    assert cpu_move(ENGINE, dealt(["SA H7"], "D4 C7")) == {"type": "double"}  # soft 18 vs 4
    # Without chips for a double: double-else-hit hits, double-else-stand stands.
    assert cpu_move(ENGINE, dealt(["S5 H6"], "D6 C7", bets=[300])) == {"type": "hit"}
    assert cpu_move(ENGINE, dealt(["SA H7"], "D4 C7", bets=[300])) == {"type": "stand"}


def test_basic_strategy_chart_corners() -> None:
    assert basic_strategy(11, False, 11) == HIT and basic_strategy(10, False, 10) == HIT
    assert basic_strategy(9, False, 3) == DOUBLE and basic_strategy(9, False, 2) == HIT
    assert basic_strategy(13, True, 5) == DOUBLE and basic_strategy(13, True, 4) == HIT
    assert basic_strategy(18, True, 6) == DOUBLE_OR_STAND and basic_strategy(19, True, 6) == STAND
    assert all(basic_strategy(17, False, up) == STAND for up in range(2, 12))
    assert all(basic_strategy(8, False, up) == HIT for up in range(2, 12))


def test_both_levels_bet_one_unit() -> None:
    state = ENGINE.setup(2, {"chips": 500}, b"unit")
    assert cpu_move(ENGINE, state, "strong", 0) == {"type": "bet", "amount": 24}
    assert cpu_move(ENGINE, state, "easy", 1) == {"type": "bet", "amount": 24}
    state = ENGINE.setup(1, {"chips": 50}, b"unit")
    assert cpu_move(ENGINE, state, "strong", 0) == {"type": "bet", "amount": 2}


def test_strong_ends_with_more_chips_than_random_and_easy() -> None:
    """The same seeded solo tables for each level (the shoe of each round is the same for
    both): strong keeps more chips than random by far, and at least as many as easy overall."""
    games = 60
    totals = {level: 0 for level in ("strong", "easy", "random")}
    for index in range(games):
        for level in totals:
            totals[level] += final_chips([level], b"bj-cpu-test:%d" % index)[0]
    assert totals["strong"] > 2 * totals["random"]
    assert totals["strong"] >= totals["easy"]
