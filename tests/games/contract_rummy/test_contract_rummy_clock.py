"""Femton's move clock: 60 / 30 / 15 s a move. Out of time, the clock draws hidden, takes a
proposal back and otherwise discards the dearest card, a joker last; between rounds it starts
the next round. The buy window has its own deadline: at its end an undecided seat passes and a
request stands, and the window is decided."""

from __future__ import annotations

from svc_cards.contract_rummy import ENGINE
from svc_cards.contract_rummy.rules import buy_order

from rulekit import State
from tests.games.clock.support import deadline_seconds

T0 = 1_000_000


def clocked() -> State:
    return ENGINE.setup(3, {"move_clock": "fast"}, b"femton-clock", T0)


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 3) == {"off": None, "relaxed": 60, "normal": 30, "fast": 15}


def test_out_of_time_draws_hidden() -> None:
    state = clocked()
    turn = state["turn"]
    assert ENGINE.timeout_move(state, turn) == {"type": "draw"}
    after, events = ENGINE.apply_timeout(state, T0 + 15_000)
    assert events[0] == {"code": "timed_out", "seat": turn} and after["phase"] == "play"


def test_out_of_time_takes_back_and_discards_the_dearest_card() -> None:
    state = clocked()
    turn = state["turn"]
    state["hands"][turn] = ["H2.0", "S2.0", "D2.0", "SK.0", "X.0a", "C5.0"]
    state["phase"] = "play"
    state, _ = ENGINE.apply(state, turn, {"type": "meld", "kind": "set", "cards": ["H2.0", "S2.0", "D2.0"]}, T0)
    assert ENGINE.timeout_move(state, turn) == {"type": "take_back"}
    state, _ = ENGINE.apply(state, turn, {"type": "take_back"}, T0 + 1)
    assert ENGINE.timeout_move(state, turn) == {"type": "discard", "card": "SK.0"}


def test_the_buy_window_ends_on_its_own_deadline() -> None:
    state = clocked()
    turn = state["turn"]
    state, _ = ENGINE.apply(state, turn, {"type": "draw"}, T0 + 100)
    card = next(c for c in state["hands"][turn] if not c.startswith("X"))
    state, _ = ENGINE.apply(state, turn, {"type": "discard", "card": card}, T0 + 200)
    asker, quiet = buy_order(state)
    state, _ = ENGINE.apply(state, asker, {"type": "buy"}, T0 + 300)
    deadline = ENGINE.deadline(state)
    assert deadline["at_ms"] == T0 + 200 + 4_000 and deadline["seats"] == sorted((asker, quiet))
    assert ENGINE.timeout_move(state, asker) == {"type": "keep"}
    assert ENGINE.timeout_move(state, quiet) == {"type": "pass"}
    state, events = ENGINE.apply_timeout(state, T0 + 4_200)
    # Letting the window pass declines: nobody ran out of time (three in a row would hand the
    # seat to a computer player).
    assert "timed_out" not in [e["code"] for e in events]
    # The player to move still chooses, on the move clock now.
    assert ENGINE.deadline(state)["seats"] == [state["turn"]]
    state, events = ENGINE.apply(state, state["turn"], {"type": "draw"}, T0 + 5_000)
    assert [e["seat"] for e in events if e["code"] == "bought"] == [asker]


def test_a_buy_request_gives_the_player_to_move_no_fresh_time() -> None:
    state = clocked()
    turn = state["turn"]
    state, _ = ENGINE.apply(state, turn, {"type": "draw"}, T0 + 100)
    card = next(c for c in state["hands"][turn] if not c.startswith("X"))
    state, _ = ENGINE.apply(state, turn, {"type": "discard", "card": card}, T0 + 200)
    asker, _ = buy_order(state)
    state, _ = ENGINE.apply(state, asker, {"type": "buy"}, T0 + 3_000)
    state, _ = ENGINE.apply_timeout(state, T0 + 4_200)
    # The next player's 15 s run from the discard, the window included.
    assert ENGINE.deadline(state) == {"at_ms": T0 + 200 + 15_000, "seat": state["turn"], "seats": [state["turn"]]}
