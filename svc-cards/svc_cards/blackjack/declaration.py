"""What the platform knows of blackjack beyond its rules: CPU levels, test budget, the cards a
seat must not see, invariants and the settings' bounds."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout, final_result
from svc_cards.core import build_decks
from svc_cards.core.blackjack import hand_total

from . import ENGINE
from .cpu import LEVELS
from .rules import MIN_BET, hidden_from
from .state import BlackjackState


def check(before: BlackjackState, after: BlackjackState, seat: int, move: Move, events: list[Event]) -> None:
    seats = after["seats"]
    start = after["start_chips"]
    chips, bets = after["chips"], after["bets"]
    assert min(chips) >= 0 and min(bets) >= 0
    # Every chip is in a stack, on the table, or with the dealer.
    assert sum(chips) + sum(bets) + after["house"] == start * seats
    settled = [e for e in events if e["code"] == "settled"]
    if settled:
        assert sum(e["bet"] - e["paid"] for e in settled) == after["house"] - before["house"]
        for e in settled:
            assert e["paid"] in (0, e["bet"], 2 * e["bet"], e["bet"] + e["bet"] * 3 // 2)
    if after["phase"] == "play":
        first, count = after["round_decks"]
        held = after["shoe"] + after["dealer"] + [c for hand in after["hands"] for c in hand]
        assert sorted(held) == sorted(build_decks("french52", count, first=first))
        turn = after["turn"]
        assert (
            turn is not None
            and after["in_round"][turn]
            and not after["done"][turn]
            and hand_total(after["hands"][turn])[0] < 21
        )
        assert not after["hole_turned"] and len(after["dealer"]) == 2
    else:
        assert after["turn"] is None and after["shoe"] == [] and after["dealer"] == []
        assert all(after["in_round"][s] == (chips[s] + bets[s] >= MIN_BET) for s in range(seats) if not bets[s])
    if after["phase"] == "over":
        assert final_result(ENGINE, after)["scores"] == chips


def finished(run: Playout[BlackjackState]) -> None:
    final = run.final_state
    assert final["round"] <= final["rounds"]
    assert final["round"] == final["rounds"] or all(c < MIN_BET for c in final["chips"])


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget(350, thorough=30, scanned=10),
    levels=LEVELS,
    hidden_from=hidden_from,
    check=check,
    finished=finished,
    variants=(
        *(
            Variant("bounds", options, 20, seats=(4,))
            for options in ({"rounds": 20, "chips": 1000}, {"rounds": 1, "chips": 50})
        ),
        *(Variant("hidden", {}, 10, seats=(seats,), every_check=True) for seats in (1, 3, 8)),
    ),
)
