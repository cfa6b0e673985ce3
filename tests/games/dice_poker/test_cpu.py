"""Dice Poker CPU players: legal, fast, sensible, and ordered by strength."""

from __future__ import annotations

import statistics
import time

import pytest
from svc_ai.players import choose
from svc_dice.dice_poker import ENGINE
from svc_dice.dice_poker.cpu import KEEP_HANDS, KEEP_PROBS, bonus_chance
from svc_dice.dice_poker.rules import ROWS, offers_for

from rulekit import State, move_matches
from rulekit.players import Ask, Choice

GAMES_PER_LEVEL = 100


def ask(state: State, level: str, seed: bytes = b"cpu") -> Ask:
    seat = state["turn"]
    return Ask("dice-poker", seat, ENGINE.view(state, seat), level, seed, 1000)


def position(dice: list[int], rolls_left: int, filled: dict[str, int] | None = None) -> State:
    """Seat 0 to move in a two-seat game, its sheet filled with `filled`, holding `dice`."""
    state = ENGINE.setup(2, {}, b"cpu-position")
    state["sheet"][0].update(filled or {})
    state, _ = ENGINE.apply(state, 0, {"type": "roll", "keep": []}, 0)
    state["dice"] = list(dice)
    state["rolls_left"] = rolls_left
    state["offers"] = offers_for(state["sheet"][0], dice)
    return state


def test_reroll_tables_are_distributions() -> None:
    """Each kept multiset's outcomes cover every re-roll once: chances sum to 1, hands differ."""
    for hands, chances in zip(KEEP_HANDS, KEEP_PROBS, strict=True):
        assert abs(sum(chances) - 1) < 1e-12
        assert len(set(hands)) == len(hands)
    assert [len(hands) for hands in KEEP_HANDS[:1]] == [252]


@pytest.mark.parametrize("seats", [2, 5])
def test_every_level_returns_a_legal_move_quickly(seats: int) -> None:
    """At every point of whole games, each level answers with a listed move within 50 ms."""
    levels = list(ENGINE.meta.cpu_levels)
    slowest = 0.0
    state = ENGINE.setup(seats, {}, b"cpu-legal-%d" % seats)
    step = 0
    while ENGINE.result(state) is None:
        legal = ENGINE.legal_moves(state, state["turn"])
        choices: dict[str, Choice] = {}
        for level in levels:
            started = time.process_time()
            choices[level] = choose(ask(state, level, b"%d" % step))
            slowest = max(slowest, time.process_time() - started)
            assert any(move_matches(m, choices[level].move) for m in legal), (level, choices[level].move)
        # Take turns letting each level drive, so positions of every kind come up.
        state, _ = ENGINE.apply(state, state["turn"], choices[levels[step % len(levels)]].move, 0)
        step += 1
    print(f"slowest CPU move with {seats} seats: {slowest * 1000:.1f} ms")
    assert slowest < 0.05


def test_easy_keeps_the_most_frequent_number_and_takes_the_most_points() -> None:
    assert choose(ask(position([2, 5, 2, 6, 5], 2), "easy")).move == {"type": "roll", "keep": [1, 4]}
    assert choose(ask(position([2, 5, 2, 6, 1], 1), "easy")).move == {"type": "roll", "keep": [0, 2]}
    assert choose(ask(position([3, 3, 3, 3, 3], 2), "easy")).move == {"type": "score", "row": "five_kind"}
    assert choose(ask(position([6, 6, 6, 5, 5], 0), "easy")).move == {"type": "score", "row": "three_kind"}


def test_strong_takes_a_made_hand_at_once() -> None:
    """A large straight or five of a kind in the first roll is written, not rolled again."""
    move = choose(ask(position([3, 5, 2, 6, 4], 2), "strong")).move
    assert move == {"type": "score", "row": "large_straight"}
    move = choose(ask(position([4, 4, 4, 4, 4], 2), "strong")).move
    assert move == {"type": "score", "row": "five_kind"}


def test_strong_keeps_towards_the_hand() -> None:
    """Early on, three fives are kept (the rest re-rolled), and four to a straight is kept."""
    move = choose(ask(position([5, 2, 5, 1, 5], 2), "strong")).move
    assert move == {"type": "roll", "keep": [0, 2, 4]}
    filled = {row: 10 for row in ROWS if row not in ("large_straight", "small_straight", "chance")}
    move = choose(ask(position([2, 3, 6, 4, 5], 1, filled), "strong")).move
    assert move == {"type": "score", "row": "large_straight"}
    move = choose(ask(position([2, 3, 3, 4, 5], 1, {"small_straight": 30}), "strong")).move
    assert move["type"] == "roll" and sorted(move["keep"]) in ([0, 1, 3, 4], [0, 2, 3, 4])


def test_strong_crosses_out_the_cheapest_row() -> None:
    """With nothing fitting, strong crosses out ones rather than a rare high row."""
    filled = {"twos": 6, "threes": 12, "fours": 16, "fives": 15, "sixes": 18}  # bonus already made
    filled |= {row: 20 for row in ("three_kind", "four_kind", "full_house", "small_straight", "chance")}
    move = choose(ask(position([2, 3, 3, 5, 6], 0, filled), "strong")).move
    assert move == {"type": "score", "row": "ones"}


def test_strong_chases_the_upper_bonus() -> None:
    """Four sixes early go into the sixes (they bring the bonus closer), not four of a kind."""
    move = choose(ask(position([6, 6, 6, 6, 1], 0), "strong")).move
    assert move == {"type": "score", "row": "sixes"}
    assert bonus_chance(0, ()) == 1.0 and bonus_chance(1, ()) == 0.0
    assert 0.0 < bonus_chance(63, (1, 2, 3, 4, 5, 6)) < bonus_chance(45, (1, 2, 3, 4, 5, 6)) < 1.0


def mean_total(level: str) -> float:
    """Two seats played by the same level; the mean of all final totals."""
    totals = []
    for game in range(GAMES_PER_LEVEL):
        state = ENGINE.setup(2, {}, b"cpu-strength-%d" % game)
        step = 0
        while ENGINE.result(state) is None:
            choice = choose(ask(state, level, b"%d:%d" % (game, step)))
            state, _ = ENGINE.apply(state, state["turn"], choice.move, 0)
            step += 1
        totals.extend(ENGINE.result(state)["scores"])
    return statistics.mean(totals)


def test_strong_beats_easy_beats_random() -> None:
    means = {level: mean_total(level) for level in ENGINE.meta.cpu_levels}
    print("mean totals over", 2 * GAMES_PER_LEVEL, "sheets:", {k: round(v, 1) for k, v in means.items()})
    assert means["easy"] > means["random"] + 50
    assert means["strong"] > means["easy"] + 50
