"""What the platform knows of last card beyond its rules: CPU levels, test budget, the
cards a seat must not see, invariants and the house rules worth playing."""

from __future__ import annotations

from typing import Any

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from svc_cards.core import COLOURS, active_seats, hidden_from
from svc_cards.core.invariants import card_check, finished_in_order

from . import ENGINE
from .cpu import LEVELS
from .state import LastCardState

VARIANTS: list[tuple[dict[str, Any], dict[int, int]]] = [
    ({"stacking": True}, {2: 100, 5: 15, 16: 2}),
    ({"draw_until_playable": True, "play_drawn": False}, {2: 100, 5: 15, 16: 2}),
    ({"start_cards": 10, "stacking": True, "draw_until_playable": True}, {3: 40, 13: 2}),
    ({"start_cards": 5}, {4: 40}),
]
HIDDEN = {2: 60, 4: 20, 8: 4, 16: 1}


def rules_check(before: LastCardState, after: LastCardState, seat: int, move: Move, events: list[Event]) -> None:
    options = after["options"]
    assert after["colour"] in COLOURS
    assert after["pending"] >= 0 and (options["stacking"] or after["pending"] == 0)
    assert len(set(after["finished"])) == len(after["finished"])
    if after["turn"] is None:
        assert len(after["finished"]) == after["seats"]
    else:
        assert after["turn"] in active_seats(after)
    if after["drew"]:
        assert after["turn"] == seat and options["play_drawn"]
    if move["type"] == "play":
        assert move["card"] in before["hands"][seat] and after["discard_pile"][-1] == move["card"]
    if move["type"] == "draw" and not before["pending"]:
        assert not any(m["type"] == "play" for m in ENGINE.legal_moves(before, seat))


CHECK = card_check(ENGINE, rules_check)
FINISHED_IN_ORDER = finished_in_order(ENGINE)


def _label(options: dict[str, Any]) -> str:
    return "variant:" + ",".join(f"{k}={v}" for k, v in sorted(options.items()))


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 300, 5: 100, 9: 40, 13: 30}, thorough=20, scanned=3),
    levels=LEVELS,
    hidden_from=hidden_from,
    check=CHECK,
    finished=FINISHED_IN_ORDER,
    variants=(
        *(
            Variant(_label(options), options, count, seats=(seats,))
            for options, counts in VARIANTS
            for seats, count in counts.items()
        ),
        *(Variant("hidden", {}, count, seats=(seats,), every_check=True) for seats, count in HIDDEN.items()),
        *(
            Variant(
                "hidden-variant",
                {"stacking": True, "draw_until_playable": True},
                max(1, count // 4),
                seats=(seats,),
                every_check=True,
            )
            for seats, count in HIDDEN.items()
        ),
    ),
)
