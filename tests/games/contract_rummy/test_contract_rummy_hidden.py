"""The opening of seeded random Femton games scanned for hidden cards at every step (a whole
game is tens of thousands of uniformly random moves; the conformance suite plays whole games
with the declaration's leaning player and the game's invariants)."""

from __future__ import annotations

import json
import random

import pytest
from svc_cards.contract_rummy import ENGINE
from svc_cards.contract_rummy.rules import hidden_from

from rulekit import Event
from rulekit.playout import leaves
from tests import budget


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
