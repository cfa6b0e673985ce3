"""The CPU player contract: what a CPU is asked, what it answers, and its levels.

A player is a function from an `Ask` (one seat's view, never the full state) to a `Choice`.
Each game's `cpu.py` builds its levels on this and on the generic searches of the rule kit
(`rulekit.search`, `rulekit.montecarlo`); svc-ai collects the games' level tables.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .contract import Move, View
from .errors import Refusal
from .playout import instantiate


@dataclass(frozen=True)
class Ask:
    """One request for a move: the seat's view and how hard to think."""

    game: str
    seat: int
    view: View
    level: str
    seed: bytes
    budget_ms: int


@dataclass(frozen=True)
class Choice:
    """The chosen move and the search nodes (or rollouts) it cost."""

    move: Move
    nodes: int = 0


Player = Callable[[Ask], Choice]
# level name -> player, in the order the game's metadata lists its levels ("random" aside).
Levels = Mapping[str, Player]


def legal_or_refuse(view: View) -> list[Move]:
    """The view's legal moves; a refusal when the seat is not to move."""
    legal = view.get("legal_moves") or []
    if not legal:
        raise Refusal("not_your_turn", "the view lists no legal move for this seat")
    return legal


def random_player(ask: Ask) -> Choice:
    """Any legal move but resigning, uniformly; the baseline every level is measured against."""
    legal = legal_or_refuse(ask.view)
    # Never resigns (while anything else is legal): a baseline that gives up at random would
    # end most games by itself (chess lists resignation among its ~30 legal moves).
    legal = [move for move in legal if move.get("type") != "resign"] or legal
    rnd = random.Random(ask.seed)
    return Choice(instantiate(rnd.choice(legal), rnd))
