"""Stock Pile CPU levels: legal from a view alone, sensible, and ordered by strength.

Strength: two-seat short games (ten stock cards each) through
tests/games/card_core/strength.py's `win_rate` (seats alternate; the seeds of the table in docs/cpu-strength.md).
"""

from __future__ import annotations

from svc_cards.stock_pile import ENGINE
from svc_cards.stock_pile.cpu import strong

from rulekit import State
from tests.games.card_core.cpu_views import cpu_move
from tests.games.card_core.strength import win_rate
from tests.games.stock_pile.table import position

SHORT = {"stock_size": "short"}


def ask(state: State, level="strong", seat: int | None = None) -> dict:
    return cpu_move(ENGINE, state, level, seat)


def test_strong_plays_its_stock_top_first() -> None:
    state = position(
        hands={0: ["P1.0a", "P9.0a", "W.0a", "P10.0a", "P11.0a"]},
        stocks={0: ["P8.0a", "P1.0b"]},
        building=[[], [], [], []],
    )
    assert ask(state)["from"] == "stock"


def test_strong_builds_a_chain_up_to_its_stock_top() -> None:
    """Stock top 4 on a pile at 1: the 2 from a discard pile, then the 3 from the hand."""
    state = position(
        hands={0: ["P3.0a", "P9.0a", "P9.0b", "P10.0a", "P11.0a"]},
        stocks={0: ["P8.0a", "P4.0a"]},
        discards={0: [["P2.0a"], [], [], []]},
        building=[["P1.0a"], [], [], []],
    )
    assert ask(state) == {"type": "build", "card": "P2.0a", "from": "discard:0", "pile": 0}


def test_strong_keeps_its_wild_cards_when_it_discards() -> None:
    state = position(
        hands={0: ["W.0a", "P9.0a", "P11.0a", "P7.0a", "P6.0a"]},
        stocks={0: ["P8.0a", "P5.0a"], 1: ["P9.0b", "P12.0a"]},
        building=[["P1.0a"], ["P1.0b"], ["P1.0c"], ["P1.0d"]],
    )
    move = ask(state)
    assert move["type"] == "discard" and move["card"] != "W.0a"


def test_strong_does_not_set_up_the_next_players_stock_top() -> None:
    """The next player shows a 3: building a 2 on the pile at 1 would hand them a play."""
    state = position(
        hands={0: ["P2.0a", "P9.0a", "P9.0b", "P10.0a", "P11.0a"]},
        stocks={0: ["P8.0a", "P12.0a"], 1: ["P9.0c", "P3.0a"]},
        building=[["P1.0a"], [], [], []],
    )
    move = ask(state)
    assert not (move["type"] == "build" and move["card"] == "P2.0a")


def test_strong_beats_easy() -> None:
    assert win_rate(ENGINE, strong, "easy", 200, SHORT) > 0.65


def test_easy_beats_random() -> None:
    assert win_rate(ENGINE, "easy", "random", 100, SHORT) > 0.8
