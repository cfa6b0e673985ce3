"""What the platform knows of number rows beyond its rules: CPU levels, test budget, the
cards a seat must not see, invariants and the house rules worth playing."""

from __future__ import annotations

from typing import Any

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from svc_cards.core import COLOURS, active_seats, hidden_from, parse
from svc_cards.core.invariants import card_check, finished_in_order

from . import ENGINE
from .cpu import LEVELS
from .rules import wanted
from .state import NumberRowsState

VARIANTS: list[tuple[dict[str, Any], dict[int, int]]] = [
    ({"start_cards": 5}, {2: 60, 5: 20}),
    ({"start_cards": 15}, {3: 40, 6: 15}),
]
HIDDEN = {2: 30, 5: 8, 8: 5}


def rules_check(before: NumberRowsState, after: NumberRowsState, seat: int, move: Move, events: list[Event]) -> None:
    laid: dict[str, list[int]] = {colour: [] for colour in COLOURS}
    for card in after["discard_pile"]:
        laid[card[0]].append(int(parse(card)[1]))
    for colour in COLOURS:
        row = after["rows"][colour]
        assert sorted(laid[colour]) == (list(range(row[0], row[1] + 1)) if row else [])
    kind = move["type"]
    if kind == "lay":
        assert move["card"] in wanted(before["rows"]) and move["card"] in before["hands"][seat]
    elif kind == "draw":
        assert not before["drew"] and not set(before["hands"][seat]) & wanted(before["rows"])
        assert before["draw_pile"]
    else:
        assert not before["draw_pile"] and not set(before["hands"][seat]) & wanted(before["rows"])
    if after["drew"]:
        assert kind == "draw" and after["turn"] == seat and after["hands"][seat][-1] in wanted(after["rows"])
    if after["turn"] is None:
        assert len(after["finished"]) == after["seats"]
    else:
        assert after["turn"] in active_seats(after)


CHECK = card_check(ENGINE, rules_check)
FINISHED_IN_ORDER = finished_in_order(ENGINE)


def _label(options: dict[str, Any]) -> str:
    return "variant:" + ",".join(f"{k}={v}" for k, v in sorted(options.items()))


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 300, 5: 150}, thorough=50),
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
