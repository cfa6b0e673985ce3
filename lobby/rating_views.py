"""Ratings as the APIs answer them: the store's rows on the shown scale (lobby/rating_scale.py).
One function per shape, so every answer that carries a player's ratings (the player's own
profile, anyone's look, the gRPC API) gives them alike."""

from __future__ import annotations

from typing import Any

from .rating_scale import PROVISIONAL_GAMES, shown
from .store import BoardRow, GameRating, RatingPoint


def rating_entries(ratings: list[GameRating]) -> list[dict[str, Any]]:
    """A player's ratings as every answer gives them (the player's profile, anyone's look):
    `[{"game", "shown", "mu", "sigma", "games", "provisional", "rank"}]`, rank None off the board."""
    return [
        {
            "game": r.game,
            "shown": shown(r.ordinal),
            "mu": round(r.mu, 3),
            "sigma": round(r.sigma, 3),
            "games": r.games,
            "provisional": r.games < PROVISIONAL_GAMES,
            "rank": r.rank,
        }
        for r in ratings
    ]


def board_entries(
    rows: list[BoardRow], climbers: bool, bots: set[str] | frozenset[str] = frozenset()
) -> list[dict[str, Any]]:
    """A board's rows; a bot account's row says so (`"bot": true`)."""
    return [
        {
            "rank": r.rank,
            "player": r.player_id,
            "nickname": r.nickname,
            "shown": r.shown,
            "games": r.games,
            **({"gain": r.gain} if climbers else {}),
            **({"bot": True} if r.player_id in bots else {}),
        }
        for r in rows
    ]


def history_entries(points: list[RatingPoint]) -> list[dict[str, Any]]:
    """Oldest first; times as strings, as every time the REST API gives (JavaScript's numbers)."""
    return [
        {"at_ms": str(p.at_ms), "shown": shown(p.ordinal), "change": shown(p.ordinal) - shown(p.ordinal - p.delta)}
        for p in points
    ]
