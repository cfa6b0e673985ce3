"""What the platform knows of rummy beyond its rules: CPU levels, test budget, the cards a
seat must not see, invariants."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout, final_result
from svc_cards.core.invariants import card_check
from svc_cards.core.melds import RUMMY, valid

from . import ENGINE
from .cpu import LEVELS
from .rules import hand_penalty, hidden_from
from .state import RummyState

HIDDEN = {2: 40, 4: 10, 6: 5}


def rules_check(before: RummyState, after: RummyState, seat: int, move: Move, events: list[Event]) -> None:
    assert all(valid(meld, RUMMY) for meld in after["melds"])
    kind = move["type"]
    if kind in ("lay_off", "swap"):
        assert before["opened"][seat]
    if kind in ("draw", "take"):
        assert before["phase"] == "draw" and after["phase"] == "play"
    if kind == "discard":
        assert not before["staged"]
    for other, known in enumerate(after["known"]):
        assert set(known) <= set(after["hands"][other]) or after["turn"] is None
    if after["turn"] is None:
        assert after["penalties"] == [hand_penalty(hand) for hand in after["hands"]]
        if after["out"] is not None:
            assert after["hands"][after["out"]] == [] and after["opened"][after["out"]]
    else:
        assert after["draw_pile"] or after["phase"] == "play", "a turn always starts with a card to draw"
        assert sum(after["opened"]) >= sum(before["opened"])


CHECK = card_check(ENGINE, rules_check)


def placed(run: Playout[RummyState]) -> None:
    result = final_result(ENGINE, run.final_state)
    assert min(result["placings"]) == 1


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 25, 4: 12}, thorough=6, scanned=2),
    levels=LEVELS,
    hidden_from=hidden_from,
    check=CHECK,
    finished=placed,
    variants=(*(Variant("hidden", {}, count, seats=(seats,), every_check=True) for seats, count in HIDDEN.items()),),
)
