"""The move clock in rulekit: the option every game gets, the seconds per choice, the turn
start kept in the state, `deadline`, `apply_timeout` and its events, and the playout harness's
check of the default moves.

The engines here are toys: take-away (two seats take one or two counters from a pile of nine,
whoever takes the last wins) and a one-shot simultaneous guess, each small enough to show
one thing."""

from __future__ import annotations

from typing import Any

import pytest

from rulekit import BaseEngine, Event, GameMeta, IllegalMove, Move, MoveClock, Option, Refusal, Rng, State, View
from rulekit.playout import PlayoutFailure, random_playout, run_playouts

CLOCK = MoveClock(relaxed_s=60, normal_s=30, fast_s=10)


class TakeAway(BaseEngine):
    meta = GameMeta(
        id="take-away",
        family="test",
        min_seats=2,
        max_seats=2,
        chance=False,
        hidden_information=False,
        simultaneous=False,
        longest_game=20,
        options=(Option("pile", "int", 9, "option.pile", minimum=3, maximum=20),),
        clock=CLOCK,
    )

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> State:
        return {"pile": options["pile"], "turn": 0, "winner": None}

    def to_move(self, state: State) -> frozenset[int]:
        return frozenset() if state["winner"] is not None else frozenset((state["turn"],))

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        return [{"type": "take", "count": n} for n in (1, 2) if n <= state["pile"]]

    def play(self, state: State, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        state["pile"] -= move["count"]
        if state["pile"] == 0:
            state["winner"] = seat
        state["turn"] = 1 - seat
        return [{"code": "took", "seat": seat, "count": move["count"]}]

    def timeout_move(self, state: State, seat: int | None) -> Move:
        """Take one: never hands the opponent more than a player would."""
        return {"type": "take", "count": 1}

    def view(self, state: State, seat: int | None) -> View:
        view = self.base_view(state, seat)
        view["public"] = self.open_state(state)
        return view

    def result(self, state: State) -> dict[str, Any] | None:
        if state["winner"] is None:
            return None
        return {"placings": [1 if s == state["winner"] else 2 for s in range(2)]}


class Guess(TakeAway):
    """Both seats name 1 or 2 at once; the game ends when both have named."""

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> State:
        return {"named": [None, None], "winner": None}

    def to_move(self, state: State) -> frozenset[int]:
        return frozenset(s for s in range(2) if state["named"][s] is None)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        return [{"type": "name", "n": n} for n in (1, 2)] if seat in self.to_move(state) else []

    def play(self, state: State, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        state["named"][seat] = move["n"]
        return [{"code": "named", "seat": seat}]

    def timeout_move(self, state: State, seat: int | None) -> Move:
        return {"type": "name", "n": 1}

    def result(self, state: State) -> dict[str, Any] | None:
        if None in state["named"]:
            return None
        return {"placings": [1, 1]}


class NoDefault(TakeAway):
    timeout_move = BaseEngine.timeout_move  # type: ignore[assignment]


class IllegalDefault(TakeAway):
    def timeout_move(self, state: State, seat: int | None) -> Move:
        return {"type": "take", "count": 3}


class BrokenTimeout(TakeAway):
    """A legal default move, but the clock's own move breaks the game (a game override gone wrong)."""

    def play_timeout(self, state: State, seat: int, now_ms: int) -> tuple[State, list[Event]]:
        new_state, events = self.apply(state, seat, self.timeout_move(state, seat), now_ms)
        new_state["pile"] = 0  # no counter left, yet nobody has won
        new_state["winner"] = None
        return new_state, events


# -- the option and its seconds ---------------------------------------------------------------


def test_every_game_with_a_clock_gets_the_option_after_its_own() -> None:
    keys = [option.key for option in TakeAway.meta.options]
    assert keys == ["pile", "move_clock"]
    clock = TakeAway.meta.options[-1]
    assert (clock.kind, clock.default, clock.label, clock.choices) == (
        "choice",
        "off",
        "option.move_clock",
        ("off", "relaxed", "normal", "fast"),
    )
    assert TakeAway.meta.to_json()["clock"] == {"relaxed": 60, "normal": 30, "fast": 10}


def test_seconds_per_choice_and_off() -> None:
    assert [CLOCK.seconds(c) for c in ("off", "relaxed", "normal", "fast", None)] == [None, 60, 30, 10, None]
    bank = MoveClock(relaxed_s=1800, normal_s=600, fast_s=180, increment_s=(20, 5, 2))
    assert [bank.increment(c) for c in ("off", "relaxed", "normal", "fast")] == [0, 20, 5, 2]
    assert bank.to_json() == {
        "relaxed": 1800,
        "normal": 600,
        "fast": 180,
        "bank": True,
        "increment": {"relaxed": 20, "normal": 5, "fast": 2},
    }


def test_a_fixed_clock_has_one_choice_and_cannot_be_switched_off() -> None:
    fixed = MoveClock(fixed_s=15)
    option = fixed.option()
    assert (option.default, option.choices) == ("fixed", ("fixed",))
    assert fixed.seconds("fixed") == 15 and fixed.to_json() == {"fixed": 15}
    assert option.check("fixed") == "fixed"
    with pytest.raises(Refusal) as refused:
        option.check("off")
    assert refused.value.code == "bad_option"


def test_a_clock_needs_sensible_seconds() -> None:
    for bad in ({"relaxed_s": 10, "normal_s": 30, "fast_s": 60}, {"relaxed_s": 0, "normal_s": 0, "fast_s": 0}):
        with pytest.raises(ValueError):
            MoveClock(**bad)
    with pytest.raises(ValueError):
        MoveClock(fixed_s=0)


# -- deadline, turn start and apply_timeout --------------------------------------------------


def test_the_first_turn_runs_from_setups_now() -> None:
    engine = TakeAway()
    state = engine.setup(2, {"move_clock": "normal"}, b"s", now_ms=5_000)
    assert state["turn_started_ms"] == 5_000
    assert engine.deadline(state) == {"at_ms": 35_000, "seat": 0, "seats": [0]}
    state, _ = engine.apply(state, 0, {"type": "take", "count": 2}, 12_000)
    assert engine.deadline(state) == {"at_ms": 42_000, "seat": 1, "seats": [1]}


def test_without_a_known_start_the_clock_waits_for_the_first_move() -> None:
    """A caller without a clock sets up with now_ms 0: the clock must not run out at once
    (and then at every call); it starts with the first move that brings a time."""
    engine = TakeAway()
    state = engine.setup(2, {"move_clock": "fast"}, b"s")
    assert state["turn_started_ms"] is None and engine.deadline(state) is None
    with pytest.raises(IllegalMove) as refused:
        engine.apply_timeout(state, 10**12)
    assert refused.value.code == "illegal_move"
    state, _ = engine.apply(state, 0, {"type": "take", "count": 1}, 70_000)
    assert engine.deadline(state)["at_ms"] == 80_000


def test_no_deadline_with_the_clock_off_or_the_game_over() -> None:
    engine = TakeAway()
    assert engine.deadline(engine.setup(2, {}, b"s", now_ms=1_000)) is None
    state = engine.setup(2, {"move_clock": "fast", "pile": 3}, b"s", now_ms=1_000)
    state, _ = engine.apply(state, 0, {"type": "take", "count": 1}, 2_000)
    state, _ = engine.apply(state, 1, {"type": "take", "count": 2}, 3_000)
    assert engine.result(state) is not None and engine.deadline(state) is None


def test_apply_timeout_refuses_before_the_deadline_and_applies_after() -> None:
    engine = TakeAway()
    state = engine.setup(2, {"move_clock": "fast"}, b"s", now_ms=1_000)
    with pytest.raises(IllegalMove) as refused:
        engine.apply_timeout(state, 10_999)
    assert refused.value.code == "illegal_move"
    before = dict(state)
    after, events = engine.apply_timeout(state, 11_000)
    assert state == before  # the given state is left alone
    assert events == [{"code": "timed_out", "seat": 0}, {"code": "took", "seat": 0, "count": 1}]
    assert after["pile"] == 8 and after["turn"] == 1
    # The timeout is a move: the next turn's clock starts at it.
    assert engine.deadline(after) == {"at_ms": 21_000, "seat": 1, "seats": [1]}


def test_a_simultaneous_phase_times_out_every_seat_still_to_act() -> None:
    engine = Guess()
    state = engine.setup(2, {"move_clock": "fast"}, b"g", now_ms=1_000)
    assert engine.deadline(state) == {"at_ms": 11_000, "seat": 0, "seats": [0, 1]}
    after, events = engine.apply_timeout(state, 11_000)
    assert [e["code"] for e in events] == ["timed_out", "named", "timed_out", "named"]
    assert [e["seat"] for e in events] == [0, 0, 1, 1]
    assert engine.result(after) == {"placings": [1, 1]}
    # A seat that has acted is off the clock; the other gets no fresh time from it.
    state, _ = engine.apply(state, 1, {"type": "name", "n": 2}, 4_000)
    assert engine.deadline(state) == {"at_ms": 11_000, "seat": 0, "seats": [0]}
    after, events = engine.apply_timeout(state, 11_000)
    assert [e["seat"] for e in events if e["code"] == "timed_out"] == [0]


def test_a_game_without_a_chosen_default_move_raises() -> None:
    """No game keeps a blind "first legal move" by accident."""
    engine = NoDefault()
    state = engine.setup(2, {"move_clock": "fast"}, b"s", now_ms=1_000)
    with pytest.raises(NotImplementedError, match="take-away"):
        engine.timeout_move(state, 0)
    with pytest.raises(NotImplementedError):
        engine.apply_timeout(state, 11_000)


# -- the playout harness ---------------------------------------------------------------------


def test_the_harness_checks_the_clock_at_every_step() -> None:
    runs = run_playouts(TakeAway(), 20, options={"move_clock": "fast"}, label="clock")
    assert all(run.steps >= 5 for run in runs)
    with pytest.raises(PlayoutFailure, match="timeout move .* is not legal"):
        random_playout(IllegalDefault(), 2, {"move_clock": "fast"}, b"i", contract_checks=False, scan_views=False)
    # With the clock off there is no deadline, so nothing to check.
    random_playout(IllegalDefault(), 2, {}, b"i")


def test_a_broken_timeout_state_fails_the_thorough_mode_only() -> None:
    with pytest.raises(PlayoutFailure, match="to move without a legal move"):
        random_playout(BrokenTimeout(), 2, {"move_clock": "fast"}, b"b")
    random_playout(BrokenTimeout(), 2, {"move_clock": "fast"}, b"b", contract_checks=False, scan_views=False)


class TimeoutMutatesInput(TakeAway):
    def play_timeout(self, state: State, seat: int, now_ms: int) -> tuple[State, list[Event]]:
        state["touched"] = True
        return super().play_timeout(state, seat, now_ms)


def test_a_timeout_that_changes_its_input_fails_the_thorough_mode() -> None:
    with pytest.raises(PlayoutFailure, match="changed the state it was given"):
        random_playout(TimeoutMutatesInput(), 2, {"move_clock": "fast"}, b"t")
