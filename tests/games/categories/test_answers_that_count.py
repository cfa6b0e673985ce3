"""Categories games whose answers count: random text seldom starts with the round's letter, so
this series writes answers that do (often the same few words), which brings the review and its
vetoes in; with the game's invariants and the scan for the others' answers (its declaration).
The conformance suite plays the budget's uniformly random games."""

from __future__ import annotations

import random

import pytest
from svc_words.categories import ENGINE
from svc_words.categories.declaration import check, hidden_from

from rulekit import Engine, Move, State
from rulekit.playout import instantiate, random_playout
from tests import budget

WORDS = ("ank", "Änderung", "bel", "Öl", "Ñu")


def lettered(engine: Engine, state: State, seat: int, rnd: random.Random) -> Move:
    """Mostly answers with the round's letter, from a few stems, so answers collide."""
    legal = engine.legal_moves(state, seat)
    writes = [move for move in legal if move["type"] == "write"]
    if writes and rnd.random() < 0.7:
        move = instantiate(rnd.choice(writes), rnd)
        move["word"] = state["letter"] + rnd.choice(WORDS)
        return move
    vetoes = [move for move in legal if move["type"] == "veto"]
    if vetoes and rnd.random() < 0.5:
        return rnd.choice(vetoes)
    return instantiate(rnd.choice(legal), rnd)


@pytest.mark.parametrize("seats", [2, 3, 5])
@pytest.mark.parametrize("columns", [3, 8])
def test_playouts_with_answers_that_count(seats: int, columns: int) -> None:
    reviewed = scored = 0
    for number in range(budget.extra(3)):
        run = random_playout(
            ENGINE,
            seats,
            {"columns": columns, "language": ("de", "en", "es", "sv")[number % 4], "rounds": 3},
            b"lettered:%d:%d:%d" % (seats, columns, number),
            hidden_from=hidden_from,
            check=check,
            choose=lettered,
        )
        reviewed += sum(1 for event in run.events if event["code"] == "vetoed")
        scored += sum(points for entry in run.final_state["history"] for row in entry["points"] for points in row)
    assert reviewed > 0 and scored > 0
