"""The key reaches the two chiefs and nobody else: a non-chief's view (and the events it is
delivered) are the same whatever the hidden cards' roles are, and `determinize` samples a key
that fits what that seat sees."""

from __future__ import annotations

import random

from svc_words.word_agents import ENGINE
from svc_words.word_agents.rules import sample_key

from rulekit import Rng, State, new_rng_state
from rulekit.playout import instantiate


def positions(games: int, seats: int = 6) -> list[State]:
    out = []
    for number in range(games):
        rnd = random.Random(number)
        state = ENGINE.setup(seats, {"size": (25, 16)[number % 2]}, b"hidden%d" % number)
        while ENGINE.result(state) is None:
            out.append(state)
            seat = rnd.choice(sorted(ENGINE.to_move(state)))
            state = ENGINE.apply(state, seat, instantiate(rnd.choice(ENGINE.legal_moves(state, seat)), rnd), 0)[0]
    return out


def reshuffled(state: State, seed: int) -> State:
    """The same position with the face-down cards' roles dealt again."""
    other = dict(state)
    other["key"] = sample_key({**state, "key": None}, Rng(new_rng_state(b"%d" % seed)))
    return other


def test_a_non_chief_cannot_tell_two_keys_apart() -> None:
    differs = 0
    for index, state in enumerate(positions(6)):
        other = reshuffled(state, index)
        differs += other["key"] != state["key"]
        for seat in [*range(state["seats"]), None]:
            if seat in state["chiefs"]:
                continue
            assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
            for move in ENGINE.legal_moves(state, seat) if seat is not None else []:
                if "text" in move or "range" in move:
                    continue
                _, events = ENGINE.apply(state, seat, move, 0)
                _, events_other = ENGINE.apply(other, seat, move, 0)
                if not any(e["code"] in ("card_uncovered", "game_won") for e in events):
                    assert events == events_other
    assert differs > 0


def test_the_chiefs_see_the_key_and_nobody_else_does() -> None:
    for state in positions(3):
        for seat in range(state["seats"]):
            view = ENGINE.view(state, seat)
            if seat in state["chiefs"] and state["phase"] != "over":
                assert view["private"] == {"key": state["key"]}
            else:
                assert "private" not in view
                assert (view["public"]["key"] is None) == (state["phase"] != "over")


def test_determinize_fits_what_the_seat_sees() -> None:
    for state in positions(3)[::7]:
        for seat in range(state["seats"]):
            sampled = ENGINE.determinize(ENGINE.view(state, seat), seat, b"sample")
            assert ENGINE.view(sampled, seat) == ENGINE.view(state, seat)
            assert sorted(sampled["key"]) == sorted(state["key"])
            if seat in state["chiefs"]:
                assert sampled["key"] == state["key"]
