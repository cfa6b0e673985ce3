"""Village Night CPU players: legal from a view, only ever votes (no chat exists for them),
and the strong level wins more often than random for either side."""

from __future__ import annotations

import pytest
from svc_ai.players import choose
from svc_words.village_night import ENGINE

from rulekit import move_matches
from rulekit.players import Ask


def play_game(seats: int, level_of, seed: bytes) -> str:  # type: ignore[no-untyped-def]
    """One game; `level_of(role)` is the level of every seat holding that role."""
    state = ENGINE.setup(seats, {}, seed)
    step = 0
    while ENGINE.result(state) is None:
        seat = min(ENGINE.to_move(state))
        view = ENGINE.view(state, seat)
        ask = Ask("village-night", seat, view, level_of(state["roles"][seat]), seed + b":%d" % step, 1000)
        move = choose(ask).move
        assert any(move_matches(legal, move) for legal in view["legal_moves"]), move
        state, _ = ENGINE.apply(state, seat, move, 0)
        step += 1
    return state["winner"]


@pytest.mark.parametrize("level", ["easy", "strong"])
@pytest.mark.parametrize("seats", [5, 10, 16])
def test_every_level_plays_whole_games(level: str, seats: int) -> None:
    assert play_game(seats, lambda role: level, b"whole-%d" % seats) in ("village", "pack")


def win_rate(seats: int, side: str, strong_side: str | None, games: int) -> float:
    def level_of(role: str) -> str:
        team = "pack" if role == "wolf" else "village"
        return "strong" if team == strong_side else "random"

    won = sum(play_game(seats, level_of, b"rate-%s-%d" % (str(strong_side).encode(), n)) == side for n in range(games))
    return won / games


def test_a_strong_pack_beats_a_random_one() -> None:
    base = win_rate(8, "pack", None, 60)
    strong = win_rate(8, "pack", "pack", 60)
    print(f"pack wins at 8 seats: random {base:.2f}, strong pack {strong:.2f}")
    assert strong > base + 0.1


def test_a_strong_village_beats_a_random_one() -> None:
    base = win_rate(8, "village", None, 60)
    strong = win_rate(8, "village", "village", 60)
    print(f"village wins at 8 seats: random {base:.2f}, strong village {strong:.2f}")
    assert strong > base + 0.05
