"""Which CPU player serves which game, and the random player every game has."""

from __future__ import annotations

import random
from typing import Any

from rulekit import Refusal
from rulekit.playout import instantiate

from .ask import Ask, Choice, Player


def random_player(ask: Ask) -> Choice:
    """Any legal move but resigning, uniformly; the baseline every level is measured against."""
    legal = ask.view.get("legal_moves") or []
    if not legal:
        raise Refusal("not_your_turn", "the view lists no legal move for this seat")
    # Never resigns (while anything else is legal): a baseline that gives up at random would
    # end most games by itself (chess lists resignation among its ~30 legal moves).
    legal = [move for move in legal if move.get("type") != "resign"] or legal
    rnd = random.Random(ask.seed)
    return Choice(instantiate(rnd.choice(legal), rnd))


def _players() -> dict[str, dict[str, Player]]:
    """game id -> level -> player. Each game's own CPU module says what its levels are."""
    from svc_boards.chess.cpu import LEVELS as chess
    from svc_boards.draughts.cpu import LEVELS as draughts
    from svc_boards.four_in_a_row.cpu import LEVELS as four_in_a_row
    from svc_boards.kalaha.cpu import LEVELS as kalaha
    from svc_boards.morris.cpu import LEVELS as morris
    from svc_boards.reversi.cpu import LEVELS as reversi
    from svc_cards.crazy_eights.cpu import LEVELS as crazy_eights
    from svc_cards.hau_hau.cpu import LEVELS as hau_hau
    from svc_cards.last_card.cpu import LEVELS as last_card
    from svc_cards.mau_mau.cpu import LEVELS as mau_mau
    from svc_cards.number_rows.cpu import LEVELS as number_rows
    from svc_cards.thirty_one.cpu import LEVELS as thirty_one
    from svc_dice.dice_poker.cpu import LEVELS as dice_poker

    table: dict[str, dict[str, Player]] = {}
    table["chess"] = chess
    table["four-in-a-row"] = four_in_a_row
    table["dice-poker"] = dice_poker
    table["draughts"] = draughts
    table["kalaha"] = kalaha
    table["morris"] = morris
    table["reversi"] = reversi
    table["last-card"] = last_card
    table["mau-mau"] = mau_mau
    table["hau-hau"] = hau_hau
    table["crazy-eights"] = crazy_eights
    table["number-rows"] = number_rows
    table["thirty-one"] = thirty_one
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
