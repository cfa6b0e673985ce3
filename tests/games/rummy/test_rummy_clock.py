"""Rummy's move clock: 60 / 30 / 15 s a move. Out of time, the clock draws from the stock,
takes back an opening proposal below the minimum, and otherwise discards the card that costs
most left in hand, a joker last."""

from __future__ import annotations

from svc_cards.rummy import ENGINE

from rulekit import State
from tests.games.card_core.arrange import arrange
from tests.games.clock.support import deadline_seconds


def table(**fields: object) -> State:
    state = ENGINE.setup(2, {"move_clock": "fast"}, b"rummy-clock", 1_000)
    return arrange(state, turn=0, **fields)


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 2) == {"off": None, "relaxed": 60, "normal": 30, "fast": 15}


def test_out_of_time_draws_from_the_stock() -> None:
    state = table()
    assert ENGINE.timeout_move(state, 0) == {"type": "draw"}
    after, events = ENGINE.apply_timeout(state, 16_000)
    assert events[0] == {"code": "timed_out", "seat": 0} and after["phase"] == "play"


def test_out_of_time_takes_back_and_discards_the_dearest_card() -> None:
    state = table(hands={0: ["H2.0", "H3.0", "H4.0", "SK.0", "X.0a", "C5.0"]}, phase="play")
    state, _ = ENGINE.apply(state, 0, {"type": "meld", "kind": "run", "cards": ["H2.0", "H3.0", "H4.0"]}, 2_000)
    assert ENGINE.timeout_move(state, 0) == {"type": "take_back"}
    state, _ = ENGINE.apply(state, 0, {"type": "take_back"}, 3_000)
    assert ENGINE.timeout_move(state, 0) == {"type": "discard", "card": "SK.0"}
