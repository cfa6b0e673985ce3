"""Both rummy games check a move against the legal moves of its own kind when the position's
moves are not listed yet. Over seeded games played by a seat that melds, lays off and swaps
whenever it can (so that seats go down and the table fills): the moves of each kind are exactly
those of the full list, every listed move passes the check with no list kept, and a move that
is not listed is refused as before."""

from __future__ import annotations

import random

import pytest
from svc_cards.contract_rummy import ENGINE as FEMTON
from svc_cards.rummy import ENGINE as RUMMY

from rulekit import IllegalMove

EAGER = ("swap", "lay_off", "meld")
KINDS = ("meld", "lay_off", "swap", "take_back", "discard")


def _eager_choice(moves: list[dict], rnd: random.Random) -> dict:
    for kind in EAGER:
        of_kind = [move for move in moves if move["type"] == kind]
        if of_kind and rnd.random() < 0.9:
            return rnd.choice(of_kind)
    return rnd.choice(moves)


@pytest.mark.parametrize(("engine", "seats", "steps"), [(RUMMY, 4, 1500), (FEMTON, 4, 2500)])
def test_moves_of_each_kind_are_the_full_lists_part(engine, seats: int, steps: int) -> None:  # type: ignore[no-untyped-def]
    rnd = random.Random(f"move-kinds:{engine.meta.id}")
    games = 0
    state = engine.setup(seats, {}, f"move-kinds:{engine.meta.id}:{games}".encode())
    positions = 0
    seen: set[str] = set()
    for _ in range(steps):
        if engine.result(state) is not None:
            games += 1
            state = engine.setup(seats, {}, f"move-kinds:{engine.meta.id}:{games}".encode())
        seat = rnd.choice(sorted(engine.to_move(state)))
        moves = engine.legal_moves(state, seat)
        if state["phase"] == "play":
            positions += 1
            full = engine._moves(state, seat)
            for kind in KINDS:
                part = engine._moves(state, seat, kind)
                assert part == [move for move in full if move["type"] == kind], (kind, state["hands"][seat])
                seen.update(move["type"] for move in part)
            engine._cache.clear()
            for move in rnd.sample(full, min(8, len(full))):
                engine.check_move(state, seat, move)  # raises if refused
            stranger = {"type": "discard", "card": "C2.99"}
            with pytest.raises(IllegalMove) as refused:
                engine.check_move(state, seat, stranger)
            assert refused.value.code == "illegal_move"
        state, _ = engine.apply(state, seat, _eager_choice(moves, rnd), 0)
    assert positions > 100 and {"meld", "lay_off", "discard"} <= seen, seen
