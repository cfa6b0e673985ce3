"""Categories CPU players: legal from a view, answers from the lists with the right letter,
never Stop, and strong ahead of easy and random."""

from __future__ import annotations

import statistics

import pytest
from svc_ai.players import choose
from svc_words.categories import ENGINE
from svc_words.categories.cpu import LISTS, planned_answers
from svc_words.categories.rules import COLUMNS, LETTERS, compare_key

from rulekit import move_matches
from rulekit.players import Ask


@pytest.mark.parametrize("language", ["de", "en", "es", "sv"])
def test_the_lists_have_every_column_and_most_letters(language: str) -> None:
    lists = LISTS[language]
    assert set(lists) == set(COLUMNS)
    for column, words in lists.items():
        letters = {compare_key(word, language)[0] for word in words}
        assert len(letters & {letter.casefold() for letter in LETTERS}) >= 17, (language, column)


def play_game(levels: list[str], seed: bytes, language: str = "de") -> list[int]:
    state = ENGINE.setup(len(levels), {"language": language, "columns": 8, "rounds": 5}, seed)
    step = 0
    while ENGINE.result(state) is None:
        seat = min(ENGINE.to_move(state))
        view = ENGINE.view(state, seat)
        move = choose(Ask("categories", seat, view, levels[seat], b"%d" % step, 1000)).move
        assert any(move_matches(legal, move) for legal in view["legal_moves"]), move
        assert move["type"] != "stop"
        state, _ = ENGINE.apply(state, seat, move, 0)
        step += 1
    return ENGINE.result(state)["scores"]


@pytest.mark.parametrize("language", ["de", "en", "es", "sv"])
def test_every_level_plays_whole_games(language: str) -> None:
    scores = play_game(["random", "easy", "strong"], b"cpu-" + language.encode(), language)
    assert scores[2] > 0 and scores[1] > 0


def test_the_answers_have_the_letter_and_stay_fixed_within_a_round() -> None:
    state = ENGINE.setup(2, {"columns": 8}, b"plan")
    public = ENGINE.view(state, 0)["public"]
    plan = planned_answers(public, 0, "strong")
    assert plan == planned_answers(public, 0, "strong")
    assert all(compare_key(answer)[0] == state["letter"].casefold() for answer in plan if answer)


def test_strong_scores_more_than_easy_and_random() -> None:
    totals: dict[str, list[int]] = {"random": [], "easy": [], "strong": []}
    for number in range(10):
        scores = play_game(["random", "easy", "strong"], b"strength-%d" % number)
        for level, score in zip(("random", "easy", "strong"), scores, strict=True):
            totals[level].append(score)
    means = {level: statistics.mean(values) for level, values in totals.items()}
    print("mean points over 5 rounds of 8 columns:", means)
    assert means["strong"] > means["easy"] + 20 and means["easy"] > means["random"] + 20
