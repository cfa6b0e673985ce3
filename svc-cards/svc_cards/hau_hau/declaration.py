"""What the platform knows of hau hau beyond its rules: CPU levels, test budget, the
cards a seat must not see, invariants."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout, final_result
from svc_cards.core import SUITS, hidden_from
from svc_cards.core.invariants import card_check

from . import ENGINE
from .cpu import LEVELS
from .rules import rounds_to_win
from .state import HauHauState

HIDDEN = {2: 6, 4: 6}


def rules_check(before: HauHauState, after: HauHauState, seat: int, move: Move, events: list[Event]) -> None:
    phase = after["phase"]
    wins = after["wins"]
    assert sum(wins) == len(after["round_winners"]) and max(wins) <= rounds_to_win(after["seats"])
    assert (phase == "over") == (max(wins) == rounds_to_win(after["seats"]))
    if phase == "play":
        assert after["turn"] is not None and after["suit"] in SUITS
        assert after["pending"] % 2 == 0 and (after["pending"] == 0 or after["stage"] == "open")
    else:
        assert after["turn"] is None
    if move["type"] == "play":
        assert move["card"] in before["hands"][seat] and after["discard_pile"][-1] == move["card"]
    codes = [e["code"] for e in events]
    if "round_started" in codes:
        assert [len(hand) for hand in after["hands"]] == [6] * after["seats"]
        assert parse_rank(after["discard_pile"][-1]) not in ("K", "A")
        assert after["turn"] == after["starter"]


def parse_rank(card: str) -> str:
    return card.split(".")[0][1:]


CHECK = card_check(ENGINE, rules_check)


def match_decided(run: Playout[HauHauState]) -> None:
    wins = final_result(ENGINE, run.final_state)["scores"]
    assert max(wins) == rounds_to_win(run.seats) and wins.count(max(wins)) == 1
    if run.seats == 2:
        assert sum(wins) in (3, 4, 5)


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 100, 4: 60}, thorough=15, scanned=3),
    levels=LEVELS,
    hidden_from=hidden_from,
    check=CHECK,
    finished=match_decided,
    variants=tuple(Variant("hidden", {}, count, seats=(seats,), every_check=True) for seats, count in HIDDEN.items()),
)
