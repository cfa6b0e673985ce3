"""What the platform knows of Liar's Dice beyond its rules: CPU levels, test budget, the dice a
seat must not see, invariants."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration
from rulekit.playout import Playout, final_result

from . import ENGINE
from .cpu import LEVELS
from .rules import bid_rank, faces
from .state import LiarsDiceState


def hidden_from(state: LiarsDiceState, seat: int | None) -> list[int]:
    """Every die under a cup other than the seat's own (every cup for a spectator)."""
    return [die for owner, cup in enumerate(state["cups"]) if owner != seat for die in cup]


def check(before: LiarsDiceState, after: LiarsDiceState, seat: int, move: Move, events: list[Event]) -> None:
    """Cups hold exactly the seat's dice; bids rise within a round; a challenge costs exactly
    one die, of whoever was wrong by the count of the lifted cups."""
    assert [len(cup) for cup in after["cups"]] == (
        after["dice_count"] if after["winner"] is None else [0] * after["seats"]
    )
    if move["type"] == "bid":
        assert after["dice_count"] == before["dice_count"] and after["cups"] == before["cups"]
        bid = before["bid"]
        if bid is not None:
            assert bid_rank(move["quantity"], move["face"]) > bid_rank(bid["quantity"], bid["face"])
        assert 1 <= move["quantity"] <= sum(before["dice_count"])
        turn = after["turn"]
        assert turn is not None and turn != seat and after["dice_count"][turn] > 0
        return
    standing = before["bid"]
    assert standing is not None
    count = sum(faces(cup).count(standing["face"]) for cup in before["cups"])
    loser = seat if count >= standing["quantity"] else standing["seat"]
    assert events[0]["count"] == count and events[0]["loser"] == loser
    assert sum(before["dice_count"]) - sum(after["dice_count"]) == 1
    assert after["dice_count"][loser] == before["dice_count"][loser] - 1
    if after["winner"] is None:
        assert after["round"] == before["round"] + 1 and after["bid"] is None
        turn = after["turn"]
        assert turn is not None and after["dice_count"][turn] > 0
    else:
        assert [n > 0 for n in after["dice_count"]].count(True) == 1 and events[-1]["code"] == "game_over"


def finished(run: Playout[LiarsDiceState]) -> None:
    """Every seat placed; every round but the last ends with a lost die."""
    final, seats = run.final_state, run.seats
    result = final_result(ENGINE, final)
    assert sorted(result["placings"]) == list(range(1, seats + 1))
    lost = [e for e in run.events if e["code"] == "lost_die"]
    assert len(lost) == sum(e["code"] == "challenged" for e in run.events) == final["round"]
    assert len(lost) >= 5 * (seats - 1) and final["out"] == [e["seat"] for e in run.events if e["code"] == "out"]


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget(400, thorough=40),
    levels=LEVELS,
    hidden_from=hidden_from,
    check=check,
    finished=finished,
)
