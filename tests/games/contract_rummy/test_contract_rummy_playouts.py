"""Seeded random Femton games through rulekit's playout harness, with the meld invariants
(cards conserved, every meld on the table valid, buys at most three a seat and none once
down, a buyer always the first requester in seat order) and the hidden-information scan.

The games per seat count are set in tests/budget.py (2,000 in `make soak`). Every game leans
(`leaning.leaning`: a random legal move, but most are drawn from those that lay a contract
down, lay off, and keep the cards nearest a meld), and a tenth of each game's moves stay
uniformly random. No game is uniformly random throughout, as one in ten of Chinese Checkers'
is: random players almost never meet a contract, so such a game of fifteen rounds runs to
20,000-66,000 moves, as long as some hundred leaning ones, and the soak could never play
them. The uniformly random moves inside each game keep the odd paths (a proposal taken back,
a request withdrawn, a useful card thrown away) covered.
"""

from __future__ import annotations

import json
import random

import pytest
from svc_cards.contract_rummy import ENGINE
from svc_cards.contract_rummy.rules import MOST_BUYS, hand_penalty, hidden_from
from svc_cards.core.melds import FIFTEEN, valid

from rulekit import Event, Move, State
from rulekit.playout import Chooser, Playout, leaves
from tests import budget
from tests.games.card_core.invariants import card_check
from tests.games.contract_rummy.leaning import leaning

SEAT_COUNTS = list(range(3, 9))
# A leaning game is some 2,000 (3 seats) to 7,000 moves (8 seats); a uniformly random one
# 20,000 or more. Longer means the chooser has stopped leaning.
LEANING_LONGEST = 15_000
# The soak's 2,000 games of a seat count cost hours of one core: in 16 items of 125 games each
# is a quarter of an hour or so, well inside the soak's hour a test item.
BLOCKS = 16 if budget.SOAK else 1


def rules_check(before: State, after: State, seat: int, move: Move, events: list[Event]) -> None:
    assert all(valid(meld, FIFTEEN) for meld in after["melds"])
    assert all(0 <= buys <= MOST_BUYS for buys in after["buys"])
    kind = move["type"]
    if kind in ("lay_off", "swap"):
        assert before["down"][seat]
    if kind == "buy":
        assert not before["down"][seat] and seat != before["turn"]
    for bought in (e for e in events if e["code"] == "bought"):
        assert bought["seat"] == bought["asked"][0]
        assert not before["down"][bought["seat"]]
    if any(e["code"] == "round_over" for e in events) and after["phase"] != "play":
        assert after["round_points"] == [hand_penalty(hand) for hand in after["shown_hands"]]


CHECK = card_check(ENGINE, rules_check)


def policy(index: int) -> Chooser:
    return leaning


def finished(run: Playout) -> None:
    result = ENGINE.result(run.final_state)
    assert min(result["placings"]) == 1 and run.final_state["round"] == 15


@pytest.mark.parametrize("block", range(BLOCKS))
@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_random_playouts(seats: int, block: int) -> None:
    tally = budget.playouts(
        ENGINE,
        seats=seats,
        block=block,
        blocks=BLOCKS,
        check=CHECK,
        hidden_from=hidden_from,
        after_game=finished,
        policy=policy,
    )
    assert tally.games == tally.planned > 0
    assert tally.longest < LEANING_LONGEST
    print(f"{seats} seats: {tally.games} games, longest {tally.longest} moves")


def test_budget_covers_every_seat_count() -> None:
    assert list(ENGINE.meta.allowed_seat_counts()) == SEAT_COUNTS


@pytest.mark.parametrize("seats", [3, 8])
def test_no_view_or_event_shows_a_hidden_card(seats: int) -> None:
    """The first moves of seeded random games (a whole game is tens of thousands of moves):
    every view (each seat and a spectator) and every event delivered to a seat is scanned for
    the cards in other hands and the stock, less the cards everyone saw go into a hand, and
    for the generator."""
    for game in range(budget.extra(2)):
        rnd = random.Random(f"femton-hidden:{seats}:{game}")
        now = 1000
        state = ENGINE.setup(seats, {"suggestions": game % 2 == 1}, b"femton-hidden:%d" % game, now)
        events: list[Event] = []
        for _ in range(600):
            if ENGINE.result(state) is not None:
                break
            for seat in [*range(seats), None]:
                view = ENGINE.view(state, seat)
                assert state["rng"]["seed"] not in json.dumps(view)
                secret = hidden_from(state, seat)
                delivered = [e for e in events if "visible_to" not in e or seat in e["visible_to"]]
                for part in (view, delivered):
                    values = {v for v in leaves(part) if isinstance(v, str)}
                    assert not secret & values, (seat, sorted(secret & values)[:3])
            seat = rnd.choice(sorted(ENGINE.to_move(state)))
            now += 1000
            state, events = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_moves(state, seat)), now)
