"""Hau Hau CPU levels: legal from a view (throws included), sensible, ordered by strength."""

from __future__ import annotations

from svc_cards.hau_hau import ENGINE
from svc_cards.hau_hau.cpu import strong

from rulekit import State
from rulekit.players import Player
from tests.games.card_core.arrange import arrange
from tests.games.card_core.cpu_views import cpu_move
from tests.games.card_core.strength import win_rate


def ask(state: State, level: str | Player = strong) -> dict:
    return cpu_move(ENGINE, state, level, min(ENGINE.to_move(state)))


def table(seats: int = 2, **cards) -> State:
    state = ENGINE.setup(seats, {}, b"hau-hau-cpu")
    for seat in range(seats):
        state, _ = ENGINE.apply(state, seat, {"type": "rps", "hand": "rock" if seat == 0 else "scissors"}, 0)
    if seats == 4:
        state, _ = ENGINE.apply(state, 1, {"type": "rps", "hand": "paper"}, 0)
        state, _ = ENGINE.apply(state, 3, {"type": "rps", "hand": "rock"}, 0)
    return arrange(state, turn=0, **cards)


def test_throws_are_legal_for_every_level() -> None:
    state = ENGINE.setup(4, {}, b"hh-cpu-rps")
    for level in ("easy", "strong"):
        assert ask(state, level) in ENGINE.legal_moves(state, 0)


def test_strong_keeps_tens_and_aces_and_never_draws_while_it_can_play() -> None:
    state = table(
        hands={0: ["C10.0a", "HA.0", "S3.0a", "D9.0a"], 1: ["C2.0a", "C3.0a", "C4.0a", "C5.0a"]}, top="S7.0a", suit="S"
    )
    assert ask(state) == {"type": "play", "card": "S3.0a"}
    state = table(
        hands={0: ["C10.0a", "D3.0a", "D9.0a"], 1: ["C2.0a", "C3.0a", "C4.0a", "C5.0a"]}, top="S7.0a", suit="S"
    )
    assert ask(state) == {"type": "play", "card": "C10.0a", "suit": "D"}


def test_strong_plays_an_ace_against_a_player_about_to_go_out() -> None:
    state = table(hands={0: ["HA.0", "S3.0a", "D9.0a", "D4.0a"], 1: ["C2.0a"]}, top="S7.0a", suit="S")
    assert ask(state) == {"type": "play", "card": "HA.0", "suit": "D"}


def test_strong_stacks_a_king_before_an_ace() -> None:
    state = table(hands={0: ["HA.0", "SK.0b", "D9.0a"]}, top="SK.0a", suit="S", pending=2)
    assert ask(state) == {"type": "play", "card": "SK.0b"}
    assert ask(state, "easy") == {"type": "draw"}


def test_strong_beats_easy_beats_random() -> None:
    """Two-seat best-of-5 matches, seats alternating (the table in docs/cpu-strength.md runs 500+)."""
    strong_easy = win_rate(ENGINE, strong, "easy", 300)
    easy_random = win_rate(ENGINE, "easy", "random", 60)
    print(f"hau-hau: strong vs easy {strong_easy:.1%}, easy vs random {easy_random:.1%}")
    assert strong_easy > 0.57 and easy_random > 0.9
