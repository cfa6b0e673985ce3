"""Seat views from seeded games, for warming a pod up and for measuring it.

`sample_view(game, seed, plies)` plays a game of the smallest seat count from a seed with
random legal moves for about `plies` moves and gives the view of a seat that is then to move
(with its legal moves), as the lobby would send it to svc-ai. The same seed gives the same
view on every run.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from svc_boards.registry import REGISTRY as BOARDS
from svc_cards.registry import REGISTRY as CARDS
from svc_dice.registry import REGISTRY as DICE
from svc_words.registry import REGISTRY as WORDS

from rulekit.contract import Engine
from rulekit.playout import instantiate

REGISTRIES = (BOARDS, CARDS, DICE, WORDS)


def engine_of(game: str) -> Engine:
    for registry in REGISTRIES:
        if game in registry:
            return registry.get(game)
    raise KeyError(game)


def _seats(engine: Engine) -> int:
    return min(count for count in engine.meta.allowed_seat_counts() if count >= 2) if engine.meta.max_seats >= 2 else 1


@cache
def sample_view(game: str, seed: int = 0, plies: int = 8) -> tuple[int, dict[str, Any]]:
    """(seat, view) of a seat to move after about `plies` random moves of a seeded game; an
    earlier position when the game would end (or stall) before that."""
    engine = engine_of(game)
    rnd = random.Random(f"{game}:{seed}")
    state = engine.setup(_seats(engine), {}, f"view:{game}:{seed}".encode())
    found: tuple[int, dict[str, Any]] | None = None
    for ply in range(plies + 1):
        if engine.result(state) is not None:
            break
        movers = sorted(seat for seat in engine.to_move(state) if engine.legal_moves(state, seat))
        if not movers:
            break
        seat = movers[0]
        found = (seat, engine.view(state, seat))
        if ply == plies:
            break
        state = engine.apply(state, seat, instantiate(rnd.choice(engine.legal_moves(state, seat)), rnd), 0)[0]
    if found is None:
        raise ValueError(f"{game}: no seat to move from seed {seed}")
    return found
