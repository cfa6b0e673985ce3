"""The blackjack duel's move clock: "Du hast 15 Sekunden pro Entscheidung. Läuft die Zeit ab,
wird automatisch mitgegangen bzw. gestanden – nach einem Double wird automatisch gefoldet." The
text fixes it, so it cannot be switched off; after a showdown the first player's 15 s start
once the shown hands have been on the table 5 s. The ante runs on the same game time."""

from __future__ import annotations

import pytest
from svc_cards.blackjack_duel import ENGINE
from svc_cards.blackjack_duel.rules import LEVEL_MS

from rulekit import Refusal
from tests.games.clock.support import deadline_seconds


def test_fifteen_seconds_fixed_and_no_way_to_switch_it_off() -> None:
    assert deadline_seconds(ENGINE, 3) == {"fixed": 15}
    for choice in ("off", "relaxed", "fast"):
        with pytest.raises(Refusal):
            ENGINE.setup(3, {"move_clock": choice}, b"c")


def test_a_table_where_nobody_ever_moves_ends() -> None:
    """Everyone out of time on every move: holds and stands, the ante rises on game time, and
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
            assert events[1]["code"] in ("called", "stood", "folded")
            moves += 1
            assert moves < 20_000
        assert state["level"] >= 1 and (now - 1_000) // LEVEL_MS >= state["level"]
        assert ENGINE.result(state)["placings"].count(1) == 1


def test_the_clock_after_a_showdown_waits_for_the_shown_hands() -> None:
    state = ENGINE.setup(3, {}, b"shown", 1_000)
    now = 1_000
    while state["last_round"] is None or not any(state["last_round"]["shown"]):
        (seat,) = ENGINE.to_move(state)
        now += 1_000
        state, _ = ENGINE.apply(state, seat, ENGINE.timeout_move(state, seat), now)
    assert state["last_round"]["until_ms"] == now + 5_000
    assert ENGINE.deadline(state)["at_ms"] == now + 5_000 + 15_000
    (seat,) = ENGINE.to_move(state)
    state, _ = ENGINE.apply(state, seat, ENGINE.timeout_move(state, seat), now + 6_000)
    assert ENGINE.deadline(state)["at_ms"] == now + 6_000 + 15_000
