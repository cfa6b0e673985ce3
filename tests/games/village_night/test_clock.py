"""Village Night's move clock: 180 / 90 / 45 s a step, counted from the last move at the
table. Out of time, a seat casts a random legal vote (the pack's kill, the seer's look, the
day's vote), the witch keeps her potions and everyone else sleeps."""

from __future__ import annotations

from svc_words.village_night import ENGINE

from tests.games.clock.support import deadline_seconds

from .support import everyone, game


def test_seconds_per_choice() -> None:
    assert deadline_seconds(ENGINE, 6) == {"off": None, "relaxed": 180, "normal": 90, "fast": 45}


def test_out_of_time_every_living_seat_gets_its_default() -> None:
    state = ENGINE.setup(6, {"move_clock": "fast"}, b"clock", 1_000)
    state["roles"] = ["wolf", "seer", "witch", "villager", "villager", "villager"]
    after, events = ENGINE.apply_timeout(state, 46_000)
    assert [e["seat"] for e in events if e["code"] == "timed_out"] == [0, 1, 2, 3, 4, 5]
    assert after["phase"] == "powers" and after["victim"] in (1, 2, 3, 4, 5)
    after, _ = ENGINE.apply_timeout(after, 91_000)
    assert len(after["seen"]) == 1 and after["save_left"] and after["poison_left"]
    assert after["phase"] == "day"
    voters = [s for s in range(6) if after["alive"][s]]
    after, events = ENGINE.apply_timeout(after, 136_000)
    tally = next(e for e in events if e["code"] == "tally")
    assert all(tally["votes"][s] not in (None, -1, s) for s in voters)


def test_the_default_vote_is_random_but_fixed_by_the_state() -> None:
    state = game(16)
    wolves = [s for s in range(16) if state["roles"][s] == "wolf"]
    choices = {ENGINE.timeout_move(state, s)["seat"] for s in wolves}
    assert ENGINE.timeout_move(state, wolves[0]) == ENGINE.timeout_move(state, wolves[0])
    state, _ = everyone(state)
    state, _ = everyone(state)
    votes = {ENGINE.timeout_move(state, s)["seat"] for s in range(16) if state["alive"][s]}
    assert len(votes | choices) > 2
