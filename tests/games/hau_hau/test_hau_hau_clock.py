"""Hau Hau's move clock: "Du hast 10 Sekunden pro Zug – danach wird automatisch gezogen." The
rule text fixes it, so it cannot be switched off; it runs from the start of the match, on
the rock-paper-scissors throws too (the first included), and a timed-out throw is drawn from
the state's generator, which it advances."""

from __future__ import annotations

import random

import pytest
from svc_cards.hau_hau import ENGINE
from svc_cards.hau_hau.rules import SHAPES

from rulekit import Refusal, State
from rulekit.playout import instantiate
from tests.games.clock.support import deadline_seconds


def test_ten_seconds_fixed_and_no_way_to_switch_it_off() -> None:
    assert deadline_seconds(ENGINE, 2) == {"fixed": 10}
    assert ENGINE.meta.to_json()["clock"] == {"fixed": 10}
    assert ENGINE.setup(2, {}, b"h")["options"]["move_clock"] == "fixed"
    for choice in ("off", "relaxed", "fast"):
        with pytest.raises(Refusal) as refused:
            ENGINE.setup(2, {"move_clock": choice}, b"h")
        assert refused.value.code == "bad_option"


@pytest.mark.parametrize("seats", [2, 4])
def test_the_first_throw_is_on_the_clock_for_every_thrower(seats: int) -> None:
    state = ENGINE.setup(seats, {}, b"first-throw", 5_000)
    assert ENGINE.deadline(state) == {"at_ms": 15_000, "seat": 0, "seats": list(range(seats))}
    state, _ = ENGINE.apply(state, 0, {"type": "rps", "hand": "rock"}, 7_000)
    # One seat's throw gives the others no fresh time: their ten seconds began with the throw.
    assert ENGINE.deadline(state) == {"at_ms": 15_000, "seat": 1, "seats": list(range(1, seats))}


def test_a_timed_out_throw_advances_the_generator() -> None:
    state = ENGINE.setup(2, {}, b"throws", 1_000)
    counter = state["rng"]["counter"]
    after, events = ENGINE.apply_timeout(state, 11_000)
    assert [e["code"] for e in events][:4] == ["timed_out", "rps_chosen", "timed_out", "rps_chosen"]
    assert after["rng"]["counter"] >= counter + 2  # one draw per thrower (more if the round began)
    assert state["rng"]["counter"] == counter  # the given state is left alone


def both_time_out_on_every_throw(seed: bytes) -> tuple[State, list[list[str]], int]:
    """A match where nobody ever throws: the clock throws for both, the cards are played at
    random. Returns the end, every completed throw and the number of moves."""
    rnd = random.Random(seed)
    state = ENGINE.setup(2, {}, seed, 1_000)
    now, throws, moves = 1_000, [], 0
    while ENGINE.result(state) is None:
        assert moves < 20_000, "the match does not end"
        deadline = ENGINE.deadline(state)
        if state["phase"] == "rps":
            now = deadline["at_ms"]
            state, events = ENGINE.apply_timeout(state, now)
            throws += [e["hands"] for e in events if e["code"] == "rps_thrown"]
        else:
            now += 1_000
            (seat,) = ENGINE.to_move(state)
            state, _ = ENGINE.apply(state, seat, instantiate(rnd.choice(ENGINE.legal_moves(state, seat)), rnd), now)
        moves += 1
    return state, throws, moves


def test_two_players_out_of_time_on_every_throw_still_finish_the_match() -> None:
    for seed in (b"idle-1", b"idle-2", b"idle-3"):
        state, throws, _ = both_time_out_on_every_throw(seed)
        assert max(state["wins"]) == 3
        # Every round began with a throw the clock made; ties are thrown again and end.
        assert len(throws) >= sum(state["wins"])
        decided = [hands for hands in throws if hands[0] != hands[1]]
        assert len(decided) == sum(state["wins"])


def test_timed_out_throws_are_not_predictable() -> None:
    """Each timed-out throw is a fresh draw: the generator moves on with every one, so a seat
    out of time does not throw one shape for ever (nor the same as last time by rule), and
    two such seats leave a tie behind."""
    state = ENGINE.setup(2, {}, b"idle-shapes", 1_000)
    now, counters, seat0 = 1_000, [state["rng"]["counter"]], []
    for _ in range(60):
        if state["phase"] != "rps":
            break
        now = ENGINE.deadline(state)["at_ms"]
        state, events = ENGINE.apply_timeout(state, now)
        counters.append(state["rng"]["counter"])
        seat0 += [e["hands"][0] for e in events if e["code"] == "rps_thrown"]
    assert all(b > a for a, b in zip(counters, counters[1:], strict=False))
    shapes = [hands[0] for seed in (b"idle-a", b"idle-b", b"idle-c") for hands in both_time_out_on_every_throw(seed)[1]]
    assert set(shapes) == set(SHAPES)
    assert any(a != b for a, b in zip(shapes, shapes[1:], strict=False))
