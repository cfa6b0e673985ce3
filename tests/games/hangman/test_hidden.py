"""What a guesser can work out is all it gets: `determinize` samples a word that fits the
dashes and the misses (from the list where one fits), never the real one by peeking."""

from __future__ import annotations

import random

from svc_words.hangman import ENGINE
from svc_words.hangman.rules import pattern_fits

from rulekit import State


def positions(games: int) -> list[State]:
    out = []
    for number in range(games):
        rnd = random.Random(number)
        state = ENGINE.setup(3, {"language": ("de", "en", "es", "sv")[number % 4]}, b"det%d" % number)
        while ENGINE.result(state) is None:
            (seat,) = ENGINE.to_move(state)
            if state["phase"] == "set":
                move = {"type": "draw_word"} if number % 2 else {"type": "set_word", "word": "Zwqxjvbk"}
            else:
                out.append(state)
                move = rnd.choice(ENGINE.legal_moves(state, seat))
            state = ENGINE.apply(state, seat, move, 0)[0]
    return out


def test_determinize_fits_what_the_guesser_sees() -> None:
    checked = positions(8)
    differs = 0
    for state in checked:
        seat = state["guesser"]
        sampled = ENGINE.determinize(ENGINE.view(state, seat), seat, b"sample")
        assert pattern_fits(sampled["word"], state["revealed"], state["guessed"])
        assert ENGINE.legal_moves(sampled, seat) == ENGINE.legal_moves(state, seat)
        assert ENGINE.view(sampled, seat)["public"] == ENGINE.view(state, seat)["public"]
        differs += sampled["word"] != state["word"]
    assert differs > len(checked) // 2


def test_the_setter_determinizes_its_own_word() -> None:
    state = positions(1)[0]
    sampled = ENGINE.determinize(ENGINE.view(state, state["setter"]), state["setter"], b"s")
    assert sampled["word"] == state["word"]
