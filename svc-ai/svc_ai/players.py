"""Which CPU player serves which game, and the random player every game has."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from rulekit import Move, Refusal, View
from rulekit.playout import instantiate


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
    move: Move
    nodes: int = 0


Player = Callable[[Ask], Choice]


def random_player(ask: Ask) -> Choice:
    """Any legal move, uniformly; the baseline every level is measured against."""
    legal = ask.view.get("legal_moves") or []
    if not legal:
        raise Refusal("not_your_turn", "the view lists no legal move for this seat")
    rnd = random.Random(ask.seed)
    return Choice(instantiate(rnd.choice(legal), rnd))


def _players() -> dict[str, dict[str, Player]]:
    """game id -> level -> player. Each game's own CPU module says what its levels are."""
    table: dict[str, dict[str, Player]] = {}
    return table


PLAYERS = _players()


def choose(ask: Ask) -> Choice:
    levels = PLAYERS.get(ask.game, {})
    if ask.level == "random" or not levels:
        return random_player(ask)
    player = levels.get(ask.level)
    if player is None:
        raise Refusal("bad_request", f"unknown level {ask.level!r} for {ask.game}")
    return player(ask)


def levels_of(game: str) -> list[str]:
    return ["random", *PLAYERS.get(game, {})]


def describe() -> dict[str, Any]:
    return {game: levels_of(game) for game in sorted(PLAYERS)}
