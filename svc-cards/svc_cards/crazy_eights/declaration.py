"""What the platform knows of crazy eights beyond its rules: CPU levels, test budget, the
cards a seat must not see, invariants."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout, final_result
from svc_cards.core import SUITS, hidden_from, parse
from svc_cards.core.invariants import card_check

from . import ENGINE
from .cpu import LEVELS
from .rules import hand_value
from .state import CrazyEightsState

HIDDEN = {2: 100, 4: 20, 6: 10}


def rules_check(before: CrazyEightsState, after: CrazyEightsState, seat: int, move: Move, events: list[Event]) -> None:
    assert after["suit"] in SUITS
    if move["type"] == "play":
        cards = move["cards"]
        assert set(cards) <= set(before["hands"][seat]) and len({parse(card)[1] for card in cards}) == 1
        assert after["discard_pile"][-len(cards) :] == cards
        assert after["suit"] == (move["suit"] if parse(cards[0])[1] == "8" else parse(cards[-1])[0])
        if before["drew"]:
            assert cards[0] == before["hands"][seat][-1]
    else:
        # Drawing and passing only without a playable card.
        assert not any(m["type"] == "play" for m in ENGINE.legal_moves(before, seat))
    if after["drew"]:
        assert move["type"] == "draw" and after["turn"] == seat
    if after["turn"] is None:
        values = [hand_value(hand) for hand in after["hands"]]
        assert after["hand_values"] == values
        assert after["winners"] == [s for s, v in enumerate(values) if v == min(values)]
        assert after["match"]["rounds_played"] == 1 and sum(after["match"]["wins"]) == len(after["winners"])
        # With the whole deck in play a round always ends by someone going out.
        assert not after["blocked"] and min(values) == 0
    else:
        assert after["turn"] == (seat if after["drew"] else (seat + 1) % after["seats"])


CHECK = card_check(ENGINE, rules_check)


def one_winner(run: Playout[CrazyEightsState]) -> None:
    assert final_result(ENGINE, run.final_state)["placings"].count(1) == 1


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 500, 4: 300}),
    levels=LEVELS,
    hidden_from=hidden_from,
    check=CHECK,
    finished=one_winner,
    variants=tuple(Variant("hidden", {}, count, seats=(seats,), every_check=True) for seats, count in HIDDEN.items()),
)
