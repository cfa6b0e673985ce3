"""Seeded random Categories games through rulekit's playout harness, with the game's
invariants; every view and delivered event is scanned for the others' answers while a round
is written. Random text seldom starts with the round's letter, so a second series writes
answers that do (often the same few words), which brings the review and its vetoes in."""

from __future__ import annotations

import random

import pytest
from svc_words.categories import ENGINE
from svc_words.categories.rules import column_points

from rulekit import Engine, Event, Move, State
from rulekit.playout import instantiate, random_playout
from tests import budget

from .support import hidden_from

SEAT_COUNTS = list(range(2, 9))


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    assert after["round"] >= before["round"]
    if after["history"] != before["history"]:
        last = after["history"][-1]
        struck = {tuple(pair) for pair in last["struck"]}
        language = before["options"]["language"]
        for column in range(len(before["columns"])):
            answers = [row[column] for row in last["answers"]]
            gone = {author for author in range(before["seats"]) if (author, column) in struck}
            expected = column_points(answers, last["letter"], gone, language)
            assert [row[column] for row in last["points"]] == expected
            assert all(points in (0, 5, 10, 20) for points in expected)
        gained = [a - b for a, b in zip(after["scores"], before["scores"], strict=True)]
        assert gained == [sum(row) for row in last["points"]]
        if after["phase"] == "writing":
            assert after["letter"] not in before["used_letters"] or len(before["used_letters"]) == 23
    if move["type"] == "stop":
        assert after["phase"] != "writing" or after["round"] == before["round"] + 1
    if after["phase"] == "writing":
        assert after["letter"] not in "QXY"


def test_budget_covers_every_seat_count() -> None:
    assert list(ENGINE.meta.allowed_seat_counts()) == SEAT_COUNTS


@pytest.mark.parametrize("block", range(budget.BLOCKS))
@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_random_playouts(seats: int, block: int) -> None:
    played = budget.playouts(
        ENGINE, seats=seats, block=block, blocks=budget.BLOCKS, check=check, hidden_from=hidden_from, keep=True
    )
    assert played.runs is not None and len(played.runs) == played.planned > 0
    for run in played.runs:
        assert len(run.final_state["history"]) == run.final_state["rounds"]


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
