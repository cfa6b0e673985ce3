"""Crazy Eights' move clock: 60 / 30 / 15 s a move. Out of time, the clock draws (passes with
nothing to draw); where a card must be laid it lays one card, an eight only when nothing else
fits, the one worth most, an eight wishing the suit held most."""

from __future__ import annotations

from typing import Any

from svc_cards.crazy_eights import ENGINE

from rulekit import State
from tests.games.card_core.arrange import arrange
from tests.games.clock.support import deadline_seconds


def table(turn: int = 0, **cards: Any) -> State:
    state = ENGINE.setup(2, {"move_clock": "fast"}, b"crazy-eights-clock", 1_000)
    return arrange(state, turn=turn, **cards)


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 2) == {"off": None, "relaxed": 60, "normal": 30, "fast": 15}


def test_nothing_playable_the_clock_draws() -> None:
    state = table(hands={0: ["C2.0", "D3.0"]}, top="H10.0", suit="H", draw=["S4.0"])
    assert ENGINE.timeout_move(state, 0) == {"type": "draw"}
    after, events = ENGINE.apply_timeout(state, 16_000)
    assert events[0] == {"code": "timed_out", "seat": 0} and after["turn"] == 1


def test_one_card_the_dearest_and_eights_kept() -> None:
    state = table(hands={0: ["H3.0", "HK.0", "C10.0", "S10.0", "D8.0"]}, top="H10.0", suit="H")
    # Three tens could go at once, the king is worth as much: one card only, the dearest
    # first in value, an eight kept.
    move = ENGINE.timeout_move(state, 0)
    assert len(move["cards"]) == 1 and move["cards"][0] in ("HK.0", "C10.0", "S10.0")
    assert move in ENGINE.legal_moves(state, 0)


def test_an_eight_only_when_nothing_else_fits_wishing_the_suit_held_most() -> None:
    state = table(hands={0: ["S8.0", "C2.0", "C5.0", "D3.0"]}, top="H10.0", suit="H")
    assert ENGINE.timeout_move(state, 0) == {"type": "play", "cards": ["S8.0"], "suit": "C"}
