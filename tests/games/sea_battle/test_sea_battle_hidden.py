"""What a seat can work out is all it gets: `determinize` samples an enemy fleet that fits
every shot, and never the real one by peeking; the CPU levels see only the seat's view."""

from __future__ import annotations

import random

from svc_boards.sea_battle import ENGINE
from svc_boards.sea_battle.grid import FLEET

from rulekit import State


def positions(games: int) -> list[State]:
    out = []
    for number in range(games):
        rnd = random.Random(number)
        state = ENGINE.setup(2, {}, f"det{number}".encode())
        for seat in (0, 1):
            state = ENGINE.apply(state, seat, {"type": "random"}, 0)[0]
            state = ENGINE.apply(state, seat, {"type": "ready"}, 0)[0]
        while ENGINE.result(state) is None:
            if rnd.random() < 0.1:
                out.append(state)
            (seat,) = ENGINE.to_move(state)
            state = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_moves(state, seat)), 0)[0]
    return out


def test_determinize_fits_every_shot_and_keeps_the_own_fleet() -> None:
    differs = 0
    checked = positions(5)
    assert len(checked) > 40
    for state in checked:
        seat = state["turn"]
        enemy = 1 - seat
        sampled = ENGINE.determinize(ENGINE.view(state, seat), seat, b"sample")
        assert sampled["fleets"][seat] == state["fleets"][seat]
        fleet = sampled["fleets"][enemy]
        assert [s["name"] for s in fleet] == [n for n, _ in FLEET]
        cells = [c for ship in fleet for c in ship["cells"]]
        assert len(cells) == len(set(cells)) == 17
        hits, shots = set(state["hits"][seat]), set(state["shots"][seat])
        assert hits <= set(cells) and not (shots - hits) & set(cells)
        # The same ships are sunk, and no other ship is fully hit.
        real_sunk = [s["name"] for s in state["fleets"][enemy] if hits.issuperset(s["cells"])]
        assert [s["name"] for s in fleet if hits.issuperset(s["cells"])] == real_sunk
        # The sampled state plays on like the real one.
        assert ENGINE.legal_moves(sampled, seat) == ENGINE.legal_moves(state, seat)
        differs += fleet != state["fleets"][enemy]
    assert differs > len(checked) // 2
