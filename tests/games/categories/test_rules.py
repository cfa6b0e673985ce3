"""Categories rule tests: one per sentence of the house rules ("Categories"), quoting it, the
comparison for every special letter of German, Spanish and Swedish, and the decisions the
rules page adds (the veto)."""

from __future__ import annotations

import pytest
from svc_words.categories import ENGINE
from svc_words.categories.rules import COLUMNS, META, compare_key, counts_for
from svc_words.registry import REGISTRY

from rulekit import IllegalMove, Refusal

from .support import game, play, write


def with_letter(state, letter):  # type: ignore[no-untyped-def]
    state = dict(state)
    state["letter"] = letter
    return state


def scored(answers: list[list[str]], letter: str = "K", vetoes: list[tuple[int, int, int]] = ()) -> list[list[int]]:
    """Points per seat and column after everyone wrote `answers` and handed in."""
    state = with_letter(game(seats=len(answers)), letter)
    for seat, row in enumerate(answers):
        state = write(state, seat, *row)
    for seat in range(len(answers)):
        state, _ = play(state, seat, "done")
    for voter, author, column in vetoes:
        state, _ = play(state, voter, "veto", seat=author, column=column)
    while state["phase"] == "review":
        state, _ = play(state, min(ENGINE.to_move(state)), "accept")
    return state["history"][-1]["points"]


def test_each_round_a_letter_is_drawn() -> None:
    """ "Each round a letter is drawn." """
    assert REGISTRY.get("categories") is ENGINE and (META.min_seats, META.max_seats) == (2, 8)
    state = game()
    assert state["letter"] in "ABCDEFGHIJKLMNOPRSTUVWZ" and state["round"] == 1
    for seat in range(3):
        state, events = play(state, seat, "done")
    assert events[-1]["code"] == "round_started" and state["round"] == 2 and state["letter"]


def test_letters_do_not_repeat_while_unused_ones_remain() -> None:
    """ "Letters do not repeat while unused ones remain." """
    state = game(seats=2, rounds=12)
    letters = []
    for _ in range(12):
        letters.append(state["letter"])
        state, _ = play(state, 0, "done")
        state, _ = play(state, 1, "done")
    assert len(set(letters)) == 12
    # Once all 23 were drawn, the draw starts over.
    state = game(seats=2, rounds=12)
    state["used_letters"] = list("ABCDEFGHIJKLMNOPRSTUVWZ")
    state, _ = play(state, 0, "done")
    state, _ = play(state, 1, "done")
    assert state["used_letters"] == [state["letter"]]


def test_q_x_and_y_are_left_out() -> None:
    """ "Q, X and Y are left out." """
    drawn = set()
    for number in range(200):
        drawn.add(ENGINE.setup(2, {}, b"%d" % number)["letter"])
    assert not drawn & {"Q", "X", "Y"} and len(drawn) == 23


def test_everyone_fills_in_their_columns_at_the_same_time() -> None:
    """ "Everyone fills in their columns at the same time." """
    state = game()
    assert META.simultaneous and ENGINE.to_move(state) == {0, 1, 2}
    assert {"type": "write", "column": 2, "text": {"word": 40}} in ENGINE.legal_moves(state, 1)
    state = write(state, 1, "Kiel")
    assert ENGINE.to_move(state) == {0, 1, 2}
    assert ENGINE.view(state, 1)["private"]["answers"] == ["Kiel", "", ""]
    assert "Kiel" not in str(ENGINE.view(state, 0)) and "Kiel" not in str(ENGINE.view(state, None))


def test_done_hands_you_in_but_the_round_continues() -> None:
    """ "Done hands you in, but the round continues until everyone is done." """
    state, events = play(write(game(), 0, "Kiel"), 0, "done")
    assert events == [{"code": "handed_in", "seat": 0}]
    assert ENGINE.to_move(state) == {1, 2} and state["phase"] == "writing"
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"type": "write", "column": 1, "word": "Kenia"}, 0)
    state, _ = play(state, 1, "done")
    state, events = play(state, 2, "done")
    assert state["round"] == 2 or state["phase"] == "review"


def test_stop_ends_the_round_at_once_for_everyone() -> None:
    """ "Stop ends the round at once for everyone." (Stop needs every own column filled.)"""
    state = with_letter(game(), "K")
    assert {"type": "stop"} not in ENGINE.legal_moves(state, 0)
    state = write(state, 0, "Kiel", "Kenia", "Kocher")
    state = write(state, 1, "Köln")
    state, events = play(state, 0, "stop")
    assert [e["code"] for e in events][:2] == ["stopped", "answers_shown"]
    assert state["phase"] == "review" and state["answers"][1] == ["Köln", "", ""]


def test_20_you_are_the_only_one_with_an_answer_in_that_column() -> None:
    """ "20 – You are the only one with an answer in that column." """
    assert scored([["Kiel", "", ""], ["", "", ""]])[0][0] == 20


def test_10_several_answered_and_your_word_is_unique() -> None:
    """ "10 – Several answered and your word is unique." """
    assert [row[0] for row in scored([["Kiel"], ["Köln"], ["Köln"]])] == [10, 5, 5]


def test_5_someone_else_wrote_the_same_word() -> None:
    """ "5 – Someone else wrote the same word." """
    assert [row[0] for row in scored([["Köln"], ["koeln"]])] == [5, 5]


def test_0_empty_or_wrong_first_letter() -> None:
    """ "0 – Empty or wrong first letter." """
    points = scored([["", "Berlin", "Kenia"], ["Kiel", "", "Kanada"]])
    assert points == [[0, 0, 10], [20, 0, 10]]


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Köln", "Koeln"),
        ("straße", "Strasse"),
        ("ÄGYPTEN", "aegypten"),
        ("Überlingen", "Ueberlingen"),
        ("Malmö", "Malmoe"),
        ("Åre", "Aare"),
        ("Göteborg", "Goeteborg"),
        ("Málaga", "Malaga"),
        ("Córdoba", "Cordoba"),
        ("Jaén", "Jaen"),
        ("Ibíza", "Ibiza"),
        ("Úbeda", "Ubeda"),
        ("Ñoquis", "noquis"),
        ("Idé", "ide"),
        ("New York", "new-york"),
        ("Saint-Étienne", "saint etienne"),
    ],
)
def test_comparison_spells_out_umlauts_and_ignores_capitals(one: str, other: str) -> None:
    """ "Comparison spells out umlauts and ignores capitals, so "Köln" and "Koeln" are the same
    word, and so are "straße" and "Strasse"." Every special letter of the four languages."""
    assert compare_key(one) == compare_key(other)


def test_in_spanish_the_dieresis_is_a_plain_u() -> None:
    """Decision: "the same care" for Spanish: pingüino = pinguino (ü is no umlaut there),
    while German spells ü out."""
    assert compare_key("Pingüino", "es") == compare_key("pinguino", "es") == "pinguino"
    assert compare_key("Pingüino", "de") == "pingueino"
    assert compare_key("Ñandú", "es") == "nandu" and compare_key("Åre", "sv") == "aare"


def test_a_spelled_out_letter_still_counts_for_its_letter() -> None:
    """Decision: Ärzte counts for A, Ñoquis for N, Östersund for O."""
    assert counts_for("Ärzte", "A") and counts_for("Ñoquis", "N") and counts_for("Östersund", "O")
    assert not counts_for("", "A") and not counts_for("  ", "A") and not counts_for("Bär", "A")


def test_settings_three_five_or_eight_columns_and_three_to_twelve_rounds() -> None:
    """ "Settings: three, five default or eight columns, plus the number of rounds (3 to 12)." """
    assert ENGINE.setup(2, {}, b"x")["columns"] == list(COLUMNS[:5])
    assert len(ENGINE.setup(2, {"columns": 3}, b"x")["columns"]) == 3
    assert len(ENGINE.setup(2, {"columns": 8}, b"x")["columns"]) == 8
    for bad in ({"columns": 4}, {"rounds": 2}, {"rounds": 13}):
        with pytest.raises(Refusal):
            ENGINE.setup(2, bad, b"x")
    state = game(seats=2, rounds=3)
    for _ in range(3):
        state, _ = play(state, 0, "done")
        state, _ = play(state, 1, "done")
    assert ENGINE.result(state) == {"placings": [1, 1], "scores": [0, 0]}


def test_a_veto_of_more_than_half_of_the_others_strikes_an_answer() -> None:
    """Decision: the answers are shown; an answer more than half of the other players veto
    scores 0 (and leaves the column to the others)."""
    answers = [["Kxyz"], ["Kiel"], ["Köln"]]
    assert [row[0] for row in scored(answers, vetoes=[(1, 0, 0)])] == [10, 10, 10]  # one of two
    assert [row[0] for row in scored(answers, vetoes=[(1, 0, 0), (2, 0, 0)])] == [0, 10, 10]
    assert [row[0] for row in scored([["Kxyz"], ["Kiel"]], vetoes=[(1, 0, 0)])] == [0, 20]


def test_no_veto_of_ones_own_answer_and_each_once() -> None:
    state = with_letter(game(), "K")
    state = write(state, 0, "Kiel")
    state = write(state, 1, "Köln")
    for seat in range(3):
        state, _ = play(state, seat, "done")
    assert state["phase"] == "review"
    assert {"type": "veto", "seat": 0, "column": 0} not in ENGINE.legal_moves(state, 0)
    state, _ = play(state, 2, "veto", seat=0, column=0)
    assert {"type": "veto", "seat": 0, "column": 0} not in ENGINE.legal_moves(state, 2)
    assert ENGINE.view(state, 1)["public"]["answers"][0] == ["Kiel", "", ""]


def test_an_answer_may_be_corrected_up_to_twice_the_columns() -> None:
    state = game()
    for number in range(6):
        state = write(state, 0, f"K{number}")
    assert ENGINE.view(state, 0)["private"] == {"answers": ["K5", "", ""], "entries_left": 0}
    assert [m["type"] for m in ENGINE.legal_moves(state, 0)] == ["done"]
