"""The playout harness catches what it promises to catch, in its thorough and its light mode,
and a series split into blocks plays the same games as one run.

The engine here is a toy take-away game (two seats take one or two counters from a pile
of nine; whoever takes the last wins): small enough that each broken variant shows one fault.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulekit import BaseEngine, Event, GameMeta, Move, Rng, State, View, playout, to_json
from rulekit.playout import Playout, PlayoutFailure, random_playout, run_playouts

META = GameMeta(
    id="take-away",
    family="test",
    min_seats=2,
    max_seats=2,
    chance=False,
    hidden_information=False,
    simultaneous=False,
    longest_game=20,
)


class TakeAway(BaseEngine):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> State:
        return {"pile": 9, "turn": 0, "winner": None}

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

    def view(self, state: State, seat: int | None) -> View:
        view = self.base_view(state, seat)
        view["public"] = self.open_state(state)
        return view

    def result(self, state: State) -> dict[str, Any] | None:
        if state["winner"] is None:
            return None
        return {"placings": [1 if s == state["winner"] else 2 for s in range(2)]}


class MutatesInput(TakeAway):
    """Changes the state it is given: only the thorough mode's serialised copy sees it."""

    def apply(self, state: State, seat: int, move: Move, now_ms: int) -> tuple[State, list[Event]]:
        new_state, events = super().apply(state, seat, move, now_ms)
        state["touched"] = True
        return new_state, events


class AcceptsMadeUpMoves(TakeAway):
    def check_move(self, state: State, seat: int, move: Any) -> None:
        if move.get("type") == "__no_such_move__":
            return
        super().check_move(state, seat, move)

    def play(self, state: State, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        return [] if move["type"] == "__no_such_move__" else super().play(state, seat, move, now_ms, rng)


class IgnoresTurns(TakeAway):
    def check_move(self, state: State, seat: int, move: Any) -> None:
        if seat not in self.to_move(state):
            return
        super().check_move(state, seat, move)


class NeverEnds(TakeAway):
    def play(self, state: State, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        state["turn"] = 1 - seat
        return []


@pytest.fixture(params=["orjson", "json"])
def writer(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The harness writes JSON with orjson where it is installed and with the standard
    library where not: the checks below must catch the same in both."""
    if request.param == "json":
        monkeypatch.setattr(playout, "orjson", None)
    elif playout.orjson is None:
        pytest.skip("orjson is not installed")
    return str(request.param)


def test_a_sound_engine_passes_both_modes() -> None:
    for thorough in (True, False):
        run = random_playout(TakeAway(), 2, {}, b"sound", contract_checks=thorough, scan_views=thorough)
        assert run.final_state["pile"] == 0 and 2 <= run.steps <= 9


def test_an_engine_that_changes_its_input_fails_the_thorough_mode_only(writer: str) -> None:
    with pytest.raises(PlayoutFailure, match="changed the state it was given"):
        random_playout(MutatesInput(), 2, {}, b"m")
    random_playout(MutatesInput(), 2, {}, b"m", contract_checks=False, scan_views=False)


def test_a_made_up_move_accepted_fails_the_thorough_mode() -> None:
    with pytest.raises(PlayoutFailure, match="expected illegal_move|was not refused"):
        random_playout(AcceptsMadeUpMoves(), 2, {}, b"x")


def test_a_move_out_of_turn_accepted_fails_even_the_light_mode() -> None:
    with pytest.raises(PlayoutFailure, match="not refused with not_your_turn"):
        random_playout(IgnoresTurns(), 2, {}, b"t", contract_checks=False, scan_views=False)


def test_a_game_that_never_ends_fails_at_longest_game() -> None:
    with pytest.raises(PlayoutFailure, match="longer than longest_game"):
        random_playout(NeverEnds(), 2, {}, b"n", contract_checks=False, scan_views=False)


def test_the_check_runs_at_every_step_of_the_light_mode() -> None:
    calls: list[int] = []

    def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
        calls.append(seat)
        assert after["pile"] == before["pile"] - move["count"]

    run = random_playout(TakeAway(), 2, {}, b"c", check=check, contract_checks=False, scan_views=False)
    assert len(calls) == run.steps


def test_blocks_play_the_same_games_as_one_series() -> None:
    whole = run_playouts(TakeAway(), 12, seat_counts=[2])
    seen: list[Playout] = []
    for block in range(3):
        kept = run_playouts(
            TakeAway(), 4, seat_counts=[2], first=4 * block, thorough=2, keep=False, after_game=seen.append
        )
        assert kept == []
    assert [to_json(r.final_state) for r in seen] == [to_json(r.final_state) for r in whole]
    assert [r.moves for r in seen] == [r.moves for r in whole]


class HiddenHands(TakeAway):
    """Each seat holds a hand the other must not see; `leak` adds to seat 0's view and
    `told` to every move's public events whatever a case puts there."""

    leak: dict[Any, Any] = {}
    told: dict[str, Any] = {}

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> State:
        return {
            **super().initial_state(seats, options, rng),
            "hands": [["H7", 41, "Åsa"], ["S2", 42, "Jörn", "tab\there"]],
        }

    def play(self, state: State, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        return [*super().play(state, seat, move, now_ms, rng), {"code": "told", **self.told}]

    def view(self, state: State, seat: int | None) -> View:
        view = self.base_view(state, seat)
        view["public"] = {"pile": state["pile"], "turn": state["turn"]}
        if seat is not None:
            view["private"] = {"hand": state["hands"][seat], **(self.leak if seat == 0 else {})}
        return view


def others_hands(state: State, seat: int | None) -> list[Any]:
    return [card for owner, hand in enumerate(state["hands"]) if owner != seat for card in hand]


def hidden_hands(leak: dict[Any, Any], told: dict[str, Any] | None = None) -> HiddenHands:
    engine = HiddenHands()
    engine.leak, engine.told = leak, told or {}
    return engine


@pytest.mark.parametrize(
    "leak",
    [
        {"card": "S2"},
        {"S2": True},  # a key
        {"count": 42},
        {42: "seen"},  # a number as a key, which JSON quotes
        {"deep": [[{"cards": ["x", "S2"]}]]},
        {"who": "Jörn"},  # escaped in JSON text
        {"note": "tab\there"},  # a control character, escaped by both writers
        {"quote": 'a "b"', "card": "S2"},  # an escaped quote elsewhere in the text
        {"odd": "\ud800", "card": "S2"},  # a lone surrogate, which orjson cannot write
    ],
)
def test_a_hidden_card_in_a_view_fails_the_scan(leak: dict[Any, Any], writer: str) -> None:
    with pytest.raises(PlayoutFailure, match="view of seat 0 carries hidden"):
        random_playout(hidden_hands(leak), 2, {}, b"h", hidden_from=others_hands)


@pytest.mark.parametrize(
    "leak",
    [
        {"note": 'say "S2" aloud'},  # inside a longer string: not the card itself
        {"note": "S2 "},
        {"count": 420},
        {"count": 42.0},  # a float is not a card
        {"count": "42"},  # the digits as a string are not the number
        {"flags": [True, False, None]},
    ],
)
def test_what_only_looks_like_a_hidden_card_passes_the_scan(leak: dict[Any, Any], writer: str) -> None:
    run = random_playout(hidden_hands(leak), 2, {}, b"h", hidden_from=others_hands)
    assert run.final_state["pile"] == 0


def test_a_hidden_card_in_a_delivered_event_fails_the_scan(writer: str) -> None:
    with pytest.raises(PlayoutFailure, match="events of seat 0 carries hidden"):
        random_playout(hidden_hands({}, {"card": "S2"}), 2, {}, b"e", hidden_from=others_hands)
    # Seen only by its holder, the same event reveals nothing.
    private = hidden_hands({}, {"card": "S2", "visible_to": [1]})
    assert random_playout(private, 2, {}, b"e", hidden_from=others_hands).steps > 0


class ShowsOtherMoves(TakeAway):
    def view(self, state: State, seat: int | None) -> View:
        view = super().view(state, seat)
        view["legal_moves"] = view["legal_moves"][:1]
        return view


class ShowsTheGenerator(TakeAway):
    def view(self, state: State, seat: int | None) -> View:
        return {**super().view(state, seat), "rng": state["rng"]}


def test_a_view_with_other_legal_moves_or_the_generator_fails_the_scan() -> None:
    with pytest.raises(PlayoutFailure, match="lists other legal moves"):
        random_playout(ShowsOtherMoves(), 2, {}, b"v")
    with pytest.raises(PlayoutFailure, match="carries the generator"):
        random_playout(ShowsTheGenerator(), 2, {}, b"v")
    random_playout(ShowsOtherMoves(), 2, {}, b"v", scan_views=False)


class ChangesAScalarsType(TakeAway):
    """Leaves its input equal under `==` but not the same JSON: 9 becomes 9.0, or a flag True
    becomes 1."""

    def __init__(self, change: str) -> None:
        self.change = change

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> State:
        return {**super().initial_state(seats, options, rng), "flag": True}

    def apply(self, state: State, seat: int, move: Move, now_ms: int) -> tuple[State, list[Event]]:
        new_state, events = super().apply(state, seat, move, now_ms)
        if self.change == "float":
            state["pile"] = float(state["pile"])
        else:
            state["flag"] = 1
        return new_state, events


@pytest.mark.parametrize("change", ["float", "bool"])
def test_an_input_changed_to_an_equal_value_of_another_type_fails(change: str, writer: str) -> None:
    with pytest.raises(PlayoutFailure, match="changed the state it was given"):
        random_playout(ChangesAScalarsType(change), 2, {}, b"f")


class KeepsInState(TakeAway):
    """Adds `extra` to every state it makes."""

    def __init__(self, extra: dict[Any, Any]) -> None:
        self.extra = extra

    def play(self, state: State, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        state.update(self.extra)
        return super().play(state, seat, move, now_ms, rng)


@pytest.mark.parametrize("extra", [{"last": (1, 2)}, {"by_seat": {0: "x"}}, {"ratio": float("nan")}])
def test_a_state_that_does_not_round_trip_through_json_fails(extra: dict[Any, Any], writer: str) -> None:
    with pytest.raises(PlayoutFailure, match="does not round-trip"):
        random_playout(KeepsInState(extra), 2, {}, b"r")


def test_a_state_with_a_number_beyond_64_bits_round_trips(writer: str) -> None:
    run = random_playout(KeepsInState({"big": 2**70}), 2, {}, b"r")
    assert run.final_state["big"] == 2**70


def test_a_series_plays_and_replays_with_the_title_s_chooser() -> None:
    def take_one(engine: Any, state: State, seat: int, rnd: Any) -> Move:
        # Always the smallest take: nine counters, nine moves, seat 0 takes the last.
        return min(engine.legal_moves(state, seat), key=lambda m: m["count"])

    runs = run_playouts(TakeAway(), 3, seat_counts=[2], replay_every=1, choose=take_one)
    assert [r.steps for r in runs] == [9, 9, 9]
    assert all(r.final_state["winner"] == 0 for r in runs)
    assert random_playout(TakeAway(), 2, {}, b"sound").steps < 9  # a random one takes twos too
