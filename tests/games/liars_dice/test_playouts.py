"""Seeded random Liar's Dice games through rulekit's playout harness, with the game's
invariants and the hidden-information scan: no view or delivered event of a seat carries a die
of another seat's cup before it is lifted (a spectator sees no cup at all). Each die is kept as
a number naming its cup and round (rules.py), so the scan can find it. The count is in
tests/budget.py; 2,000 per seat count in `make soak`."""

from __future__ import annotations

import pytest
from svc_dice.liars_dice import ENGINE
from svc_dice.liars_dice.rules import bid_rank, faces

from rulekit import Event, Move, State
from tests import budget

SEAT_COUNTS = list(range(2, 9))


def hidden_from(state: State, seat: int | None) -> list[int]:
    """Every die under a cup other than the seat's own (every cup for a spectator)."""
    return [die for owner, cup in enumerate(state["cups"]) if owner != seat for die in cup]


def check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    """Cups hold exactly the seat's dice; bids rise within a round; a challenge costs exactly
    one die, of whoever was wrong by the count of the lifted cups."""
    assert [len(cup) for cup in after["cups"]] == (
        after["dice_count"] if after["winner"] is None else [0] * after["seats"]
    )
    if move["type"] == "bid":
        assert after["dice_count"] == before["dice_count"] and after["cups"] == before["cups"]
        if before["bid"] is not None:
            assert bid_rank(move["quantity"], move["face"]) > bid_rank(before["bid"]["quantity"], before["bid"]["face"])
        assert 1 <= move["quantity"] <= sum(before["dice_count"])
        assert after["turn"] != seat and after["dice_count"][after["turn"]] > 0
        return
    standing = before["bid"]
    count = sum(faces(cup).count(standing["face"]) for cup in before["cups"])
    loser = seat if count >= standing["quantity"] else standing["seat"]
    assert events[0]["count"] == count and events[0]["loser"] == loser
    assert sum(before["dice_count"]) - sum(after["dice_count"]) == 1
    assert after["dice_count"][loser] == before["dice_count"][loser] - 1
    if after["winner"] is None:
        assert after["round"] == before["round"] + 1 and after["bid"] is None
        assert after["dice_count"][after["turn"]] > 0
    else:
        assert [n > 0 for n in after["dice_count"]].count(True) == 1 and events[-1]["code"] == "game_over"


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
        final = run.final_state
        result = ENGINE.result(final)
        assert sorted(result["placings"]) == list(range(1, seats + 1))
        # Every round but the last ends with a lost die: 5 * seats - 1 .. rounds in all.
        lost = [e for e in run.events if e["code"] == "lost_die"]
        assert len(lost) == sum(e["code"] == "challenged" for e in run.events) == final["round"]
        assert len(lost) >= 5 * (seats - 1) and final["out"] == [e["seat"] for e in run.events if e["code"] == "out"]
