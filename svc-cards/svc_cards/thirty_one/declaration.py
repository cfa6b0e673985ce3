"""What the platform knows of thirty-one beyond its rules: CPU levels, test budget, the cards a
seat must not see, invariants."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout, final_result
from svc_cards.core import active_seats
from svc_cards.core.invariants import card_check

from . import ENGINE
from .cpu import LEVELS
from .rules import LIVES, THIRTY_ONE, hidden_from, points_half
from .state import ThirtyOneState

HIDDEN = {2: 100, 5: 10, 9: 4}


def rules_check(before: ThirtyOneState, after: ThirtyOneState, seat: int, move: Move, events: list[Event]) -> None:
    lives, playing = after["lives"], active_seats(after)
    assert all(0 <= life <= LIVES for life in lives)
    assert sorted(after["finished"]) == [s for s in range(after["seats"]) if lives[s] == 0]
    assert [out is not None for out in after["out_at"]] == [life == 0 for life in lives]
    lost = sum(before["lives"]) - sum(lives)
    shown = [e for e in events if e["code"] == "showdown"]
    assert lost == sum(len(e["losers"]) for e in shown)
    for show in shown:
        low = min(p for p in show["points_half"] if p is not None)
        assert show["losers"] == [s for s, p in enumerate(show["points_half"]) if p == low]
    if move["type"] == "knock":
        assert before["knocker"] is None
    if after["turn"] is None:
        assert len(playing) <= 1 and shown
        return
    assert after["turn"] in playing and after["turn"] != after["knocker"]
    assert len(after["middle"]) == 3
    for s in range(after["seats"]):
        assert len(after["hands"][s]) == (3 if s in playing else 0)
        assert set(after["known"][s]) <= set(after["hands"][s])
    assert all(points_half(after["hands"][s]) != THIRTY_ONE for s in playing) or not shown


CHECK = card_check(ENGINE, rules_check)


def one_left(run: Playout[ThirtyOneState]) -> None:
    result = final_result(ENGINE, run.final_state)
    assert sum(1 for life in run.final_state["lives"] if life) <= 1 and 1 in result["placings"]


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 400, 5: 120, 8: 60}, thorough=30, scanned=5),
    levels=LEVELS,
    hidden_from=hidden_from,
    check=CHECK,
    finished=one_left,
    variants=(*(Variant("hidden", {}, count, seats=(seats,), every_check=True) for seats, count in HIDDEN.items()),),
)
