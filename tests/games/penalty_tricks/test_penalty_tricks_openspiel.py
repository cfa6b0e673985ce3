"""Our rules against OpenSpiel's `hearts` (a reference written independently), where the two
coincide: over seeded random deals at four seats (the only table OpenSpiel's hearts has), after
our passing, the same seat to move and the same legal cards (follow suit, else any; no trumps;
the highest card of the suit led takes the trick and leads next) at every step.

OpenSpiel is not a project dependency: install it into a local venv to run this
(`pip install open-spiel`); without it the module is skipped. Where we differ by design:
OpenSpiel's first trick is led by whoever holds the two of clubs, with that card; ours by the
deal's starter with any card (in deals 1 and 4 any but a heart while there is another suit).
So the starter is set to the holder of the two of clubs, and at the first lead OpenSpiel's one
card must be among ours. OpenSpiel passes in its own order (compared: the hands after our pass,
dealt to it with "no pass"), forbids leading hearts before they are broken and points in the
first trick unless told (`must_break_hearts=false`, `no_pts_on_first_trick=false`), and scores
one point a heart and 13 for the queen of spades: the scores are not compared.
"""

from __future__ import annotations

import random

import pytest
from svc_cards.core import parse
from svc_cards.penalty_tricks import ENGINE
from svc_cards.penalty_tricks.rules import KINDS

pyspiel = pytest.importorskip("pyspiel")

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
OS_SUITS = ("C", "D", "H", "S")  # OpenSpiel's hearts card number: rank * 4 + suit in this order
PARAMS = "hearts(must_break_hearts=false,no_pts_on_first_trick=false,can_lead_any_club=false)"


def card_action(card: str) -> int:
    suit, rank = parse(card)
    return RANKS.index(rank) * 4 + OS_SUITS.index(suit)


def their_start(ours: dict):  # type: ignore[no-untyped-def]
    """OpenSpiel's state with the same hands: no pass, then the deal (card i to player i % 4)."""
    state = pyspiel.load_game(PARAMS).new_initial_state()
    state.apply_action(0)  # the pass direction chance outcome: no pass
    for index in range(52):
        state.apply_action(card_action(ours["hands"][index % 4][index // 4]))
    return state


def passed(seed: bytes, kind: int, rnd: random.Random) -> dict:
    """Our deal of that kind after every seat passed three random cards."""
    state = ENGINE.setup(4, {"cycles": 1}, seed)
    state["deal"] = kind
    while state["phase"] == "passing":
        seat = min(ENGINE.to_move(state))
        state = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_moves(state, seat)), 0)[0]
    holder = next(seat for seat, hand in enumerate(state["hands"]) if "C2.0" in hand)
    state.update(starter=holder, leader=holder, turn=holder)
    return state


@pytest.mark.parametrize("kind", range(len(KINDS)))
def test_same_turns_cards_and_tricks(kind: int) -> None:
    steps = 0
    for number in range(15):
        rnd = random.Random(f"openspiel-hearts:{kind}:{number}")
        ours = passed(f"os-penalty-{kind}-{number}".encode(), kind, rnd)
        theirs = their_start(ours)
        while ours["phase"] == "playing":
            (seat,) = ENGINE.to_move(ours)
            assert seat == theirs.current_player(), (number, steps)
            legal = sorted(card_action(m["card"]) for m in ENGINE.legal_moves(ours, seat))
            their_legal = sorted(theirs.legal_actions())
            if steps_in_deal(ours) == 0:
                assert their_legal == [card_action("C2.0")] and set(their_legal) <= set(legal)
                card = "C2.0"
            else:
                assert legal == their_legal, (number, steps)
                card = rnd.choice(ENGINE.legal_moves(ours, seat))["card"]
            ours = ENGINE.apply(ours, seat, {"type": "play", "card": card}, 0)[0]
            theirs.apply_action(card_action(card))
            steps += 1
        assert theirs.is_terminal() and ours["phase"] in ("scored", "over")
    assert steps == 15 * 52


def steps_in_deal(state: dict) -> int:
    return len(state["taken"]) + len(state["trick"])
