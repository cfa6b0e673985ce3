"""Oh Hell's move clock: 60 / 30 / 15 s a move. Out of time the clock bids the aces and kings
held (the nearest bid the hook allows), plays the lowest card that may be played, and starts
the host's next deal."""

from __future__ import annotations

from svc_cards.oh_hell import ENGINE

from rulekit import State
from tests.games.clock.support import deadline_seconds
from tests.games.oh_hell.test_oh_hell_rules import bid_all, play_deal, table


def clocked(**kwargs) -> State:
    state = table(**kwargs)
    state["options"] = {**state["options"], "move_clock": "fast"}
    state["turn_started_ms"] = 1_000
    return state


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 3) == {"off": None, "relaxed": 60, "normal": 30, "fast": 15}


def test_the_clock_bids_aces_and_kings() -> None:
    state = clocked(hands={1: ["SA.0", "HK.0", "D2.0", "D3.0", "D4.0"]})
    assert ENGINE.timeout_move(state, 1) == {"type": "bid", "bid": 2}
    after, events = ENGINE.apply_timeout(state, 16_000)
    assert events[0] == {"code": "timed_out", "seat": 1} and after["bids"][1] == 2


def test_the_clock_respects_the_hook() -> None:
    state = clocked(dealer=0, hands={0: ["SA.0", "HA.0", "D2.0", "D3.0", "D4.0"]})
    state = bid_all(state, [2, 1])
    # Two would make the total five: the nearest other bid, the lower first.
    assert ENGINE.timeout_move(state, 0) == {"type": "bid", "bid": 1}


def test_the_clock_plays_the_lowest_legal_card() -> None:
    hands = {1: ["S9.0", "H3.0", "H4.0", "H5.0", "H6.0"], 2: ["SK.0", "S3.0", "D4.0", "C5.0", "C6.0"]}
    state = bid_all(clocked(hands=hands), [1, 1, 1])
    assert ENGINE.timeout_move(state, 1) == {"type": "play", "card": "H3.0"}
    state, _ = ENGINE.apply(state, 1, {"type": "play", "card": "S9.0"}, 2_000)
    assert ENGINE.timeout_move(state, 2) == {"type": "play", "card": "S3.0"}


def test_the_clock_starts_the_next_deal() -> None:
    state = play_deal(bid_all(clocked(), [1, 1, 1]))
    assert ENGINE.timeout_move(state, 0) == {"type": "next_deal"}
    assert ENGINE.deadline(state)["seats"] == [0]
