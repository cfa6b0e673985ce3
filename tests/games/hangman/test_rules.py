"""Hangman rule tests: one per sentence of the house rules ("Hangman"), quoting it, plus the
decisions the rules page adds where the text is silent."""

from __future__ import annotations

import pytest
from svc_words.hangman import ENGINE
from svc_words.hangman.rules import MAX_MISSES, META
from svc_words.registry import REGISTRY

from rulekit import IllegalMove

from .support import game, guess


def test_for_2_to_8_players() -> None:
    """ "Set a word, guess the letters. For 2 to 8 players." """
    assert (META.min_seats, META.max_seats) == (2, 8)
    assert REGISTRY.get("hangman") is ENGINE
    state = ENGINE.setup(2, {}, b"x")
    assert ENGINE.legal_moves(state, 0) == [{"type": "set_word", "text": {"word": 24}}, {"type": "draw_word"}]


def test_players_take_turns_setting_a_word_the_others_guess_in_turn() -> None:
    """ "Players take turns setting a word; the others guess letters in turn." """
    state = ENGINE.setup(3, {"language": "en"}, b"turns")
    setters = []
    while ENGINE.result(state) is None:
        if state["phase"] == "set":
            setters.append(state["setter"])
            state, _ = ENGINE.apply(state, state["setter"], {"type": "set_word", "word": "QUIZ"}, 0)
            assert ENGINE.to_move(state) == {(state["setter"] + 1) % 3}
            continue
        before = state["guesser"]
        assert before != state["setter"]
        state, events = guess(state, next(m["letter"] for m in ENGINE.legal_moves(state, before)[::-1]))
        if events[0]["code"] == "miss" and state["phase"] == "guess":
            following = (before + 1) % 3
            following = (following + 1) % 3 if following == state["setter"] else following
            assert state["guesser"] == following
    assert setters == [0, 1, 2]


def test_a_hit_scores_a_point_and_you_carry_on_guessing() -> None:
    """ "A hit scores a point and you carry on guessing." """
    state, events = guess(game(word="KATZE"), "A")
    assert events == [{"code": "hit", "seat": 1, "letter": "A", "places": [1], "points": 1}]
    assert state["scores"] == [0, 1, 0] and ENGINE.to_move(state) == {1}
    # One point per hit, however often the letter occurs.
    state, _ = guess(game(word="BANANE"), "N")
    assert state["scores"][1] == 1 and state["revealed"] == [None, None, "N", None, "N", None]


def test_a_miss_draws_a_line_and_passes_on() -> None:
    """ "A miss draws one more line and passes on." """
    state, events = guess(game(word="KATZE"), "O")
    assert events == [{"code": "miss", "seat": 1, "letter": "O", "misses": 1}]
    assert state["misses"] == 1 and ENGINE.to_move(state) == {2}
    state, _ = guess(state, "U")
    assert state["misses"] == 2 and ENGINE.to_move(state) == {1}  # past the setter, seat 0


def test_after_eleven_misses_the_figure_is_complete() -> None:
    """ "After eleven misses the figure is complete." """
    state, events = guess(game(word="KATZE"), *"BCDFGHIJLMN"[:10])
    assert state["misses"] == 10 and state["phase"] == "guess"
    state, events = guess(state, "O")
    assert MAX_MISSES == 11
    assert [e["code"] for e in events] == ["miss", "figure_complete", "word_shown"]
    assert state["phase"] == "set" and state["setter"] == 1


def test_whoever_completes_the_word_scores_five() -> None:
    """ "Whoever completes the word scores five points – if the figure is finished, the
    word-setter gets them." (first half; the completing hit keeps its own point)"""
    state, events = guess(game(word="KATZE"), "K", "A", "T", "Z")
    assert state["scores"] == [0, 4, 0]
    state, events = guess(state, "E")
    assert [e["code"] for e in events] == ["hit", "solved", "word_shown"]
    assert state["scores"] == [0, 1 + 4 + 5, 0]
    assert events[-1] == {"code": "word_shown", "seat": 0, "word": "KATZE", "solver": 1}


def test_if_the_figure_is_finished_the_setter_gets_them() -> None:
    """ "... if the figure is finished, the word-setter gets them." """
    state, events = guess(game(word="KATZE"), *"BCDFGHIJLMN")
    assert events[-2] == {"code": "figure_complete", "seat": 0, "points": 5}
    assert state["scores"] == [5, 0, 0]


def test_the_setter_sees_the_word_everyone_else_only_the_dashes() -> None:
    """ "The word-setter sees the word, everyone else only the dashes." """
    state, _ = guess(game(word="KATZE"), "A")
    assert ENGINE.view(state, 0)["private"] == {"word": "KATZE"}
    for seat in (1, 2, None):
        view = ENGINE.view(state, seat)
        assert "private" not in view and "KATZE" not in str(view)
        assert view["public"]["revealed"] == [None, "A", None, None, None]
        assert view["public"]["length"] == 5


def test_a_letter_is_guessed_once() -> None:
    """Decision: a letter already named is no longer offered."""
    state, _ = guess(game(word="KATZE"), "A", "O")
    letters = [move["letter"] for move in ENGINE.legal_moves(state, 2)]
    assert "A" not in letters and "O" not in letters and len(letters) == 29 - 2
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 2, {"type": "guess", "letter": "A"}, 0)


@pytest.mark.parametrize(
    ("language", "typed", "letters"),
    [
        ("de", "Straße", "STRASSE"),
        ("de", "Bär", "BÄR"),
        ("de", "Café", "CAFE"),
        ("en", "Eis-Creme", "EISCREME"),
        ("es", "Pingüino", "PINGUINO"),
        ("es", "Niño", "NIÑO"),
        ("es", "Árbol", "ARBOL"),
        ("sv", "Åsna", "ÅSNA"),
        ("sv", "Smörgås", "SMÖRGÅS"),
        ("sv", "Idé", "IDE"),
    ],
)
def test_a_typed_word_is_read_as_the_languages_letters(language: str, typed: str, letters: str) -> None:
    """Decision: upper case, ß as SS, an accent the language lacks dropped, no hyphens."""
    state = game(word=typed, language=language)
    assert "".join(state["word"]) == letters


def test_a_word_too_short_is_replaced_by_one_from_the_list() -> None:
    """Decision: fewer than three letters (or more than twenty): the game draws a word."""
    state = ENGINE.setup(2, {"language": "en"}, b"short")
    after, events = ENGINE.apply(state, 0, {"type": "set_word", "word": "ox"}, 0)
    assert events[0] == {"code": "word_refused", "seat": 0, "visible_to": [0]}
    assert events[1]["code"] == "word_set" and events[1]["drawn"] is True
    assert len(after["word"]) >= 3
    drawn, _ = ENGINE.apply(state, 0, {"type": "draw_word"}, 0)
    assert drawn["drawn"] and len(drawn["word"]) >= 3


def test_every_seat_sets_rounds_times_then_the_game_ends() -> None:
    """Decision: each seat sets `rounds` words (1 default); the highest score wins."""
    state = ENGINE.setup(2, {"language": "en", "rounds": 2}, b"rounds")
    setters = []
    while ENGINE.result(state) is None:
        setters.append(state["setter"])
        state, _ = ENGINE.apply(state, state["setter"], {"type": "set_word", "word": "AB" + "C"}, 0)
        state, _ = guess(state, "A", "B", "C")
    assert setters == [0, 1, 0, 1]
    assert ENGINE.result(state) == {"placings": [1, 1], "scores": [16, 16]}
