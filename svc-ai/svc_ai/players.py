"""Which CPU player serves which game. Each game's declaration (its family's registry) says what
its levels are; chess gets svc-ai's Stockfish levels and backgammon its GNU Backgammon levels,
which fall back to the game's pure-Python ones."""

from __future__ import annotations

from typing import Any

from svc_boards.registry import REGISTRY as BOARDS
from svc_cards.registry import REGISTRY as CARDS
from svc_dice.registry import REGISTRY as DICE
from svc_words.registry import REGISTRY as WORDS

from rulekit import Refusal
from rulekit.players import Ask, Choice, Levels, Player, random_player

from . import backgammon_levels, chess_levels
from .gnubg import GnubgUnavailable
from .stockfish import StockfishUnavailable

# Outside engines play these games' levels, each falling back to the game's own pure-Python level.
OUTSIDE_ENGINE_LEVELS: dict[str, Levels] = {"chess": chess_levels.LEVELS, "backgammon": backgammon_levels.LEVELS}

# game id -> level -> player, from each game's declaration (a game without levels plays "random").
PLAYERS: dict[str, Levels] = {
    declaration.id: OUTSIDE_ENGINE_LEVELS.get(declaration.id, declaration.levels)
    for registry in (BOARDS, CARDS, DICE, WORDS)
    for declaration in registry.declarations()
    if declaration.levels
}


# The levels an outside engine plays (svc-ai awaits them without holding a search process),
# and every level as the search processes play it: the pure-Python levels for those games.
ENGINE_PLAYERS: dict[str, Levels] = {"chess": chess_levels.ENGINE_LEVELS, "backgammon": backgammon_levels.ENGINE_LEVELS}
PURE_PLAYERS: dict[str, Levels] = {
    **PLAYERS,
    "chess": chess_levels.FALLBACK,
    "backgammon": backgammon_levels.FALLBACK,
}
EngineUnavailable = (StockfishUnavailable, GnubgUnavailable)


ENGINE_LANES: dict[str, dict[str, str]] = {"chess": chess_levels.LANES, "backgammon": backgammon_levels.LANES}


def engine_lane(game: str, level: str) -> str:
    """Which of the game's outside-engine processes plays `level` ("quick" or "deep")."""
    return ENGINE_LANES.get(game, {}).get(level, "deep")


def engine_player(game: str, level: str) -> Player | None:
    """The outside engine's player for this level (raising one of EngineUnavailable where the
    engine does not run), or None where the level is a search of our own."""
    return ENGINE_PLAYERS.get(game, {}).get(level)


def choose(ask: Ask, *, engines: bool = True) -> Choice:
    """The level's move; `engines=False` plays the pure-Python level where an outside engine
    would play it."""
    levels = (PLAYERS if engines else PURE_PLAYERS).get(ask.game, {})
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
