"""Mau-Mau's move clock: 60 / 30 / 15 s a move. Out of time, the clock draws a card or takes
the sevens, passes after a draw, and where a card must be laid lays a plain one, keeping the
switched-on special cards (a jack longest)."""

from __future__ import annotations

from typing import Any

from svc_cards.mau_mau import ENGINE

from rulekit import State
from tests.games.card_core.arrange import arrange
from tests.games.clock.support import deadline_seconds


def table(options: dict[str, Any] | None = None, turn: int = 0, **cards: Any) -> State:
    state = ENGINE.setup(3, {**(options or {}), "move_clock": "normal"}, b"mau-mau-clock", 1_000)
    return arrange(state, turn=turn, **cards)


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 3) == {"off": None, "relaxed": 60, "normal": 30, "fast": 15}


def test_nothing_fits_draw_then_pass() -> None:
    state = table(hands={0: ["C8.0", "D9.0"]}, top="H10.0", suit="H", draw=["HK.0"])
    assert ENGINE.timeout_move(state, 0) == {"type": "draw"}
    state, events = ENGINE.apply_timeout(state, 31_000)
    assert events[0] == {"code": "timed_out", "seat": 0} and "drawn" in [e["code"] for e in events]
    assert state["drew"] and ENGINE.timeout_move(state, 0) == {"type": "pass"}


def test_the_sevens_are_taken() -> None:
    state = table(hands={0: ["C7.0", "D9.0"]}, top="H7.0", suit="H", pending=2)
    assert {"type": "play", "card": "C7.0"} in ENGINE.legal_moves(state, 0)
    assert ENGINE.timeout_move(state, 0) == {"type": "draw"}


def test_a_compulsory_play_keeps_the_special_cards() -> None:
    state = table(hands={0: ["HJ.0", "HA.0", "H8.0", "HK.0", "C9.0"]}, top="H10.0", suit="H")
    assert ENGINE.timeout_move(state, 0) == {"type": "play", "card": "HK.0"}
    only_jack = table(hands={0: ["CJ.0", "S9.0", "S10.0", "DQ.0"]}, top="H7.0", suit="H")
    assert ENGINE.timeout_move(only_jack, 0) == {"type": "play", "card": "CJ.0", "suit": "S"}
    # Switched off, an ace is a plain card like any other: the first in hand goes.
    plain = table({"ace_again": False}, hands={0: ["HA.0", "HK.0"]}, top="H10.0", suit="H")
    assert ENGINE.timeout_move(plain, 0) == {"type": "play", "card": "HA.0"}
