"""What the platform knows of mau mau beyond its rules: CPU levels, test budget, the
cards a seat must not see, invariants and the house rules worth playing."""

from __future__ import annotations

from typing import Any

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from svc_cards.core import SUITS, active_seats, hidden_from
from svc_cards.core.invariants import card_check, finished_in_order

from . import ENGINE
from .cpu import LEVELS
from .state import MauMauState

ALL_OFF = {"seven_draw_two": False, "eight_skip": False, "nine_reverse": False, "jack_wish": False, "ace_again": False}
VARIANTS: list[tuple[dict[str, Any], dict[int, int]]] = [
    ({"deck": 52}, {2: 200, 8: 10}),
    (ALL_OFF, {2: 200, 5: 20}),
    ({"jack_on_jack": True, "deck": 52}, {3: 100}),
]
HIDDEN = {2: 150, 5: 15, 8: 5}


def rules_check(before: MauMauState, after: MauMauState, seat: int, move: Move, events: list[Event]) -> None:
    options = after["options"]
    assert after["suit"] in SUITS
    assert after["pending"] % 2 == 0 and (options["seven_draw_two"] or after["pending"] == 0)
    assert after["wished"] is False or options["jack_wish"]
    if after["turn"] is None:
        assert len(after["finished"]) == after["seats"]
    else:
        assert after["turn"] in active_seats(after)
    if move["type"] == "play":
        assert move["card"] in before["hands"][seat] and after["discard_pile"][-1] == move["card"]
    if move["type"] == "draw" and not before["pending"]:
        assert not any(m["type"] == "play" for m in ENGINE.legal_moves(before, seat))
    assert ("mau" in [e["code"] for e in events]) == (move["type"] == "play" and len(after["hands"][seat]) == 1)


CHECK = card_check(ENGINE, rules_check)
FINISHED_IN_ORDER = finished_in_order(ENGINE)


def _label(options: dict[str, Any]) -> str:
    return "variant:" + ",".join(f"{k}={v}" for k, v in sorted(options.items()))


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 400, 5: 150}, thorough=50),
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
    ),
)
