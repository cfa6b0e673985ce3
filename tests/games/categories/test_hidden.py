"""A CPU gets its own answers and the public table, never the others' answers while a round
is written; `determinize` leaves them empty."""

from __future__ import annotations

from svc_words.categories import ENGINE

from .support import write


def test_determinize_knows_only_the_own_answers_while_writing() -> None:
    state = ENGINE.setup(3, {"columns": 3}, b"det")
    state = write(state, 0, "Anna")
    state = write(state, 1, "Berta", "Chile")
    sampled = ENGINE.determinize(ENGINE.view(state, 1), 1, b"s")
    assert sampled["answers"] == [["", "", ""], ["Berta", "Chile", ""], ["", "", ""]]
    assert ENGINE.legal_moves(sampled, 1) == ENGINE.legal_moves(state, 1)
    assert ENGINE.view(sampled, 1)["public"] == ENGINE.view(state, 1)["public"]
