"""Which CPU player serves which game. Each game's own cpu.py says what its levels are; chess
gets svc-ai's Stockfish levels and backgammon its GNU Backgammon levels, which fall back to the
game's pure-Python ones."""

from __future__ import annotations

from typing import Any

from svc_boards.chinese_checkers.cpu import LEVELS as chinese_checkers
from svc_boards.dominoes.cpu import LEVELS as dominoes
from svc_boards.dots_and_boxes.cpu import LEVELS as dots_and_boxes
from svc_boards.draughts.cpu import LEVELS as draughts
from svc_boards.four_in_a_row.cpu import LEVELS as four_in_a_row
from svc_boards.kalaha.cpu import LEVELS as kalaha
from svc_boards.morris.cpu import LEVELS as morris
from svc_boards.reversi.cpu import LEVELS as reversi
from svc_boards.sea_battle.cpu import LEVELS as sea_battle
from svc_cards.blackjack.cpu import LEVELS as blackjack
from svc_cards.blackjack_duel.cpu import LEVELS as blackjack_duel
from svc_cards.contract_rummy.cpu import LEVELS as contract_rummy
from svc_cards.crazy_eights.cpu import LEVELS as crazy_eights
from svc_cards.hau_hau.cpu import LEVELS as hau_hau
from svc_cards.last_card.cpu import LEVELS as last_card
from svc_cards.mau_mau.cpu import LEVELS as mau_mau
from svc_cards.number_rows.cpu import LEVELS as number_rows
from svc_cards.oh_hell.cpu import LEVELS as oh_hell
from svc_cards.penalty_tricks.cpu import LEVELS as penalty_tricks
from svc_cards.poker.cpu import LEVELS as poker
from svc_cards.rummy.cpu import LEVELS as rummy
from svc_cards.stock_pile.cpu import LEVELS as stock_pile
from svc_cards.thirty_one.cpu import LEVELS as thirty_one
from svc_dice.bingo.cpu import LEVELS as bingo
from svc_dice.dice_poker.cpu import LEVELS as dice_poker
from svc_dice.goose.cpu import LEVELS as goose
from svc_dice.liars_dice.cpu import LEVELS as liars_dice
from svc_dice.ludo.cpu import LEVELS as ludo
from svc_dice.mensch.cpu import LEVELS as mensch
from svc_dice.parchis.cpu import LEVELS as parchis
from svc_dice.snakes_and_ladders.cpu import LEVELS as snakes_and_ladders
from svc_words.categories.cpu import LEVELS as categories
from svc_words.hangman.cpu import LEVELS as hangman
from svc_words.village_night.cpu import LEVELS as village_night

from rulekit import Refusal
from rulekit.players import Ask, Choice, Levels, Player, random_player

from . import backgammon_levels, chess_levels
from .backgammon_levels import LEVELS as backgammon
from .chess_levels import LEVELS as chess
from .gnubg import GnubgUnavailable
from .stockfish import StockfishUnavailable

# game id -> level -> player
PLAYERS: dict[str, Levels] = {
    "chess": chess,
    "four-in-a-row": four_in_a_row,
    "dice-poker": dice_poker,
    "snakes-and-ladders": snakes_and_ladders,
    "goose": goose,
    "ludo": ludo,
    "mensch": mensch,
    "parchis": parchis,
    "liars-dice": liars_dice,
    "bingo": bingo,
    "draughts": draughts,
    "kalaha": kalaha,
    "dots-and-boxes": dots_and_boxes,
    "sea-battle": sea_battle,
    "dominoes": dominoes,
    "chinese-checkers": chinese_checkers,
    "morris": morris,
    "reversi": reversi,
    "last-card": last_card,
    "mau-mau": mau_mau,
    "hau-hau": hau_hau,
    "crazy-eights": crazy_eights,
    "number-rows": number_rows,
    "thirty-one": thirty_one,
    "poker": poker,
    "blackjack-duel": blackjack_duel,
    "hangman": hangman,
    "categories": categories,
    "village-night": village_night,
    "oh-hell": oh_hell,
    "penalty-tricks": penalty_tricks,
    "rummy": rummy,
    "stock-pile": stock_pile,
    "contract-rummy": contract_rummy,
    "backgammon": backgammon,
    "blackjack": blackjack,
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
