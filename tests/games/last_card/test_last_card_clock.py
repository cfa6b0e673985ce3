"""Last Card's move clock: 60 / 30 / 15 s a move. Out of time, the clock draws a card or takes
the penalty, passes after a draw, and only where a card must be laid lays the plainest one,
keeping action cards and wilds."""

from __future__ import annotations

from typing import Any

from svc_cards.last_card import ENGINE

from rulekit import State
from tests.games.card_core.arrange import arrange
from tests.games.clock.support import deadline_seconds


def table(turn: int = 0, options: dict[str, Any] | None = None, **cards: Any) -> State:
    state = ENGINE.setup(3, {**(options or {}), "move_clock": "fast"}, b"last-card-clock", 1_000)
    return arrange(state, turn=turn, **cards)


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 3) == {"off": None, "relaxed": 60, "normal": 30, "fast": 15}


def test_without_a_playable_card_the_clock_draws_and_then_passes() -> None:
    state = table(hands={0: ["g1.0a", "b2.0a"]}, top="r5.0a", colour="r", draw=["r6.0a"])
    assert ENGINE.timeout_move(state, 0) == {"type": "draw"}
    state, events = ENGINE.apply_timeout(state, 16_000)
    assert events[0] == {"code": "timed_out", "seat": 0}
    # The drawn red 6 fits and may be played: the clock keeps it and passes.
    assert state["drew"] and state["turn"] == 0
    assert ENGINE.timeout_move(state, 0) == {"type": "pass"}


def test_a_penalty_is_taken_not_answered() -> None:
    state = table(options={"stacking": True}, hands={0: ["r+2.0b", "g3.0a"]}, top="r+2.0a", colour="r", pending=2)
    assert ENGINE.legal_moves(state, 0) == [{"type": "play", "card": "r+2.0b"}, {"type": "draw"}]
    assert ENGINE.timeout_move(state, 0) == {"type": "draw"}


def test_a_compulsory_play_lays_a_number_before_an_action_card_or_a_wild() -> None:
    state = table(hands={0: ["W.0a", "r+2.0a", "rS.0a", "r7.0a", "g1.0a"]}, top="r5.0a", colour="r")
    assert {"type": "draw"} not in ENGINE.legal_moves(state, 0)
    assert ENGINE.timeout_move(state, 0) == {"type": "play", "card": "r7.0a"}
    state = table(hands={0: ["W+4.0a", "rS.0a", "r+2.0a"]}, top="r5.0a", colour="r")
    assert ENGINE.timeout_move(state, 0) == {"type": "play", "card": "rS.0a"}


def test_a_wild_names_the_colour_the_hand_holds_most() -> None:
    state = table(hands={0: ["W+4.0a", "W.0a", "g1.0a", "g2.0a", "b3.0a"]}, top="r5.0a", colour="r")
    assert ENGINE.timeout_move(state, 0) == {"type": "play", "card": "W.0a", "colour": "g"}
