"""Poker's move clock: "Du hast 15 Sekunden pro Zug. Läuft die Zeit ab, wird automatisch
gecheckt – musst du etwas bezahlen, wird automatisch gefoldet." The text fixes it, so it cannot
be switched off; after a showdown the next player's 15 s start once the shown cards have
been on the table for 5 s. The blinds run on the same game time (`now_ms`)."""

from __future__ import annotations

import pytest
from svc_cards.poker import ENGINE
from svc_cards.poker.rules import LEVEL_MS

from rulekit import Refusal
from tests.games.clock.support import deadline_seconds


def test_fifteen_seconds_fixed_and_no_way_to_switch_it_off() -> None:
    assert deadline_seconds(ENGINE, 3) == {"fixed": 15}
    assert ENGINE.meta.to_json()["clock"] == {"fixed": 15}
    for choice in ("off", "relaxed", "fast"):
        with pytest.raises(Refusal):
            ENGINE.setup(3, {"move_clock": choice}, b"p")


def test_a_table_where_nobody_ever_moves_ends() -> None:
    """Everyone out of time on every move: checks and folds, the blinds rise on game time, and
    the table is decided."""
    for seats in (3, 5):
        now = 1_000
        state = ENGINE.setup(seats, {}, b"idle-%d" % seats, now)
        moves = 0
        while ENGINE.result(state) is None:
            deadline = ENGINE.deadline(state)
            now = deadline["at_ms"]
            state, events = ENGINE.apply_timeout(state, now)
            assert events[0] == {"code": "timed_out", "seat": deadline["seat"]}
            assert events[1]["code"] in ("checked", "folded")
            moves += 1
            assert moves < 5_000
        assert state["level"] >= 1 and (now - 1_000) // LEVEL_MS >= state["level"]
        assert ENGINE.result(state)["placings"].count(1) == 1


def test_the_clock_after_a_showdown_waits_for_the_shown_cards() -> None:
    state = ENGINE.setup(3, {}, b"shown", 1_000)
    now = 1_000
    while ENGINE.view(state, None)["public"]["last_hand"] is None or not any(state["last_hand"]["shown"]):
        (seat,) = ENGINE.to_move(state)
        legal = ENGINE.legal_moves(state, seat)
        move = next(m for m in legal if m["type"] in ("check", "call"))
        now += 1_000
        state, _ = ENGINE.apply(state, seat, move, now)
    assert state["last_hand"]["until_ms"] == now + 5_000
    assert ENGINE.deadline(state)["at_ms"] == now + 5_000 + 15_000
    # The next move (made during or after the 5 s) puts the ordinary clock back.
    (seat,) = ENGINE.to_move(state)
    state, _ = ENGINE.apply(state, seat, ENGINE.timeout_move(state, seat), now + 6_000)
    assert ENGINE.deadline(state)["at_ms"] == now + 6_000 + 15_000
