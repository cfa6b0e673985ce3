"""What the platform knows of stock pile beyond its rules: CPU levels, test budget, the cards a
seat must not see, invariants and the short stocks."""

from __future__ import annotations

from collections import Counter

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout, final_result
from svc_cards.core.cards import build_decks

from . import ENGINE
from .cpu import LEVELS
from .rules import DECK_KIND, HAND_SIZE, cards_in_play, face, hidden_from, is_wild, number_of
from .state import StockPileState

HIDDEN = {2: 60, 4: 15, 6: 6}
BUDGET = Budget({2: 200, 4: 100, 6: 60}, thorough=20, scanned=5)


def whole_deck(state: StockPileState) -> bool:
    """Every card of the deck in exactly one place: each face as often as the deck has it, no
    id twice (recycled cards carry new ids)."""
    cards = cards_in_play(state)
    return len(set(cards)) == len(cards) and Counter(map(face, cards)) == Counter(map(face, build_decks(DECK_KIND, 1)))


def check(before: StockPileState, after: StockPileState, seat: int, move: Move, events: list[Event]) -> None:
    assert seat in ENGINE.to_move(before), f"seat {seat} moved out of turn"
    assert whole_deck(after), "cards not conserved"
    for pile in after["building"]:
        assert len(pile) < 12
        for place, card in enumerate(pile, start=1):
            assert is_wild(card) or number_of(card) == place
    for other, (old, new) in enumerate(zip(before["stocks"], after["stocks"], strict=True)):
        shrink = 1 if (other == seat and move["type"] == "build" and move["from"] == "stock") else 0
        assert len(new) == len(old) - shrink
    assert all(len(hand) <= HAND_SIZE for hand in after["hands"])
    drawn = [e for e in events if e["code"] == "drawn"]
    assert all(e["visible_to"] == [e["seat"]] for e in drawn)
    assert all("visible_to" not in e for e in events if e["code"] != "drawn")
    if after["turn"] is not None and after["turn"] != seat:
        # A new turn starts with a full hand whenever the cards allow it.
        hand = after["hands"][after["turn"]]
        assert len(hand) == HAND_SIZE or (not after["draw_pile"] and not after["set_aside"])


def ends_well(run: Playout[StockPileState]) -> None:
    state = run.final_state
    counts = [len(stock) for stock in state["stocks"]]
    winner = state["winner"]
    assert state["blocked"] or (winner is not None and counts[winner] == 0)
    assert final_result(ENGINE, state)["placings"][counts.index(min(counts))] == 1


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=BUDGET,
    levels=LEVELS,
    hidden_from=hidden_from,
    check=check,
    finished=ends_well,
    variants=(
        *(Variant("playout-short", {"stock_size": "short"}, BUDGET.at(seats), seats=(seats,)) for seats in range(2, 7)),
        *(Variant("hidden", {}, count, seats=(seats,), every_check=True) for seats, count in HIDDEN.items()),
    ),
)
