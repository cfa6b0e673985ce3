"""What a seat can work out is all it gets: `determinize` deals the tiles the seat has not
seen to the other hands and the boneyard (never the real deal by peeking), keeps the seat's
own hand and the line, and gives a state that plays on like the real one."""

from __future__ import annotations

import random
from collections import Counter

from svc_boards.dominoes import ENGINE
from svc_boards.dominoes.rules import TILES

from rulekit import State


def positions(games: int, seats: int, variant: str) -> list[State]:
    out = []
    for number in range(games):
        rnd = random.Random(number)
        state = ENGINE.setup(seats, {"variant": variant}, f"det{number}".encode())
        while ENGINE.result(state) is None:
            if rnd.random() < 0.3:
                out.append(state)
            (seat,) = ENGINE.to_move(state)
            state = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_moves(state, seat)), 0)[0]
    return out


def test_determinize_keeps_what_the_seat_knows() -> None:
    for seats, variant in ((2, "duel"), (3, "house"), (4, "house")):
        checked = positions(6, seats, variant)
        assert len(checked) > 20
        differs = 0
        for state in checked:
            (seat,) = ENGINE.to_move(state)
            view = ENGINE.view(state, seat)
            sampled = ENGINE.determinize(view, seat, b"sample")
            assert sorted(sampled["hands"][seat]) == sorted(state["hands"][seat])
            assert sampled["line"] == state["line"]
            assert [len(h) for h in sampled["hands"]] == [len(h) for h in state["hands"]]
            assert len(sampled["boneyard"]) == len(state["boneyard"])
            laid = [f"{min(p)}-{max(p)}" for p in sampled["line"]]
            everything = [t for h in sampled["hands"] for t in h] + sampled["boneyard"] + laid
            assert Counter(everything) == Counter(TILES)
            # A seat that passed holds nothing of the values it passed on.
            for other, lacks in enumerate(state["lacks"]):
                if other != seat and lacks:
                    assert not any(int(t[0]) in lacks or int(t[2]) in lacks for t in sampled["hands"][other])
            assert ENGINE.legal_moves(sampled, seat) == ENGINE.legal_moves(state, seat)
            assert ENGINE.view(sampled, seat)["public"] == view["public"]
            differs += sampled["hands"] != state["hands"]
        assert differs > len(checked) // 2


def test_the_opening_tile_stays_with_the_starter() -> None:
    for number in range(30):
        state = ENGINE.setup(2, {"variant": "duel"}, f"open{number}".encode())
        other = 1 - state["turn"]
        sampled = ENGINE.determinize(ENGINE.view(state, other), other, b"s")
        opening = sampled["opening"]
        assert opening in sampled["hands"][state["turn"]]
        assert ENGINE.to_move(sampled) == ENGINE.to_move(state)
