"""Rated rooms: who may sit in one, and a finished game's ratings prepared for its write.

A rated room (the host's choice at create) seats only signed-in accounts, each once, and no
CPU: each of these is refused, with its code, at the moment it would happen, and nothing
changes (docs/playing.md):

    rated_needs_accounts   the creator or a joining player is a guest (or has no player)
    rated_no_cpu           a CPU seat at create, or added by the host's settings
    rated_same_player      pass-and-play seats at create, or a player taking a second seat
    rated_no_bots          a bot account taking a seat against a person, or a person against
                           a bot, unless the host allowed bots (`bots_allowed`); bots may
                           always play each other rated

A player who leaves a game in play (or lets the clock run out too often) is still played for
by a CPU, so the others can finish; the game stays rated and the seat counts as last
(lobby/ratings.py). A finished game's ratings are computed here from the ratings as the store
holds them and written in the very transaction that records the game (lobby/steps.py
`Steps.commit`): if one of them changed meanwhile, the write is lost and the step redone.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rulekit import Refusal

from .rating_scale import PROVISIONAL_GAMES, shown
from .ratings import (
    MEETINGS_WINDOW_MS,
    RATED_MEETINGS_A_DAY,
    UNRATED_ALONE,
    UNRATED_REPEATED,
    Rating,
    rate,
    sides,
)
from .room import BOT_KEY, BOTS_ALLOWED_KEY, Room
from .store import FinishedGame, Player, RatedPlayer, Store, StoredRating


def check_create(rated: bool, player: Player | None, seats: list[dict[str, Any]]) -> None:
    """A rated room's creation: an account creates it, with no CPU and no pass-and-play seat."""
    if not rated:
        return
    if player is None or not player.is_account:
        raise Refusal("rated_needs_accounts", "a rated room is for signed-in players")
    if any(isinstance(spec, dict) and spec.get("kind") == "cpu" for spec in seats):
        raise Refusal("rated_no_cpu", "a rated room has no computer players")
    if any(isinstance(spec, dict) and spec.get("local") for spec in seats):
        raise Refusal("rated_same_player", "in a rated room each player holds one seat")


def check_join(room: Room, player: Player | None) -> None:
    """A player taking a seat in a rated room: an account, not seated there already."""
    if not room.rated:
        return
    if player is None or not player.is_account:
        raise Refusal("rated_needs_accounts", "a rated room is for signed-in players")
    if any(entry.player == player.id and entry.seats for entry in room.tickets.values()):
        raise Refusal("rated_same_player", "in a rated room each player holds one seat")


def check_bots(room: Room, joining_bot: bool) -> None:
    """A player taking a seat in a rated room: a bot only among bots, a person only among
    people, unless the host allowed bots."""
    if not room.rated or room.extra.get(BOTS_ALLOWED_KEY):
        return
    held = [bool(seat.extra.get(BOT_KEY)) for seat in room.seats if seat.holder]
    if any(bot != joining_bot for bot in held):
        raise Refusal("rated_no_bots", "this rated room does not let bots play people")


def check_seats(room: Room) -> None:
    """The host's new seats for a rated room: none of them a CPU."""
    if room.rated and any(seat.kind == "cpu" for seat in room.seats):
        raise Refusal("rated_no_cpu", "a rated room has no computer players")


def seat_rating(stored: StoredRating | None) -> dict[str, Any]:
    """What a seat shows of its player's rating: public figures only."""
    rating = Rating(stored.mu, stored.sigma, stored.games) if stored else Rating()
    return {"shown": shown(rating.ordinal), "provisional": rating.games < PROVISIONAL_GAMES}


def told_rating_result(result: dict[str, Any]) -> dict[str, Any]:
    """A room's rating outcome as players are told it: one unrated by the pairing limit says
    the limit, so the result panel says the server's figure, not a copy."""
    if result.get("unrated") == UNRATED_REPEATED:
        return {**result, "limit": RATED_MEETINGS_A_DAY}
    return result


async def rate_finished(store: Store, room: Room, finished: FinishedGame, teams: bool) -> FinishedGame:
    """The finished game of a rated room with its new ratings, from the ratings as the store
    holds them now; the room gets the outcome (`rating_result`) and its seats their new
    figures. Past RATED_MEETINGS_A_DAY rated games among the same players in a day, unrated."""
    players = finished.players
    placings = finished.result.get("placings") or []
    if not players or not all(players) or len(set(players)) != len(players) or len(placings) != len(players):
        room.rating_result = {"unrated": "rated_needs_accounts"}  # not one account per seat
        return finished
    if await store.deleted_players(players):
        # An account deleted during the game: its seat is stored as a deleted player's, unrated
        # (the store refuses to rate one deleted meanwhile, and the step is redone to get here).
        room.rating_result = {"unrated": "rated_needs_accounts"}
        return finished
    if sides(placings, teams) < 2:
        room.rating_result = {"unrated": UNRATED_ALONE}
        return finished
    since = finished.finished_ms - MEETINGS_WINDOW_MS
    if await store.rated_meetings(finished.game, players, since) >= RATED_MEETINGS_A_DAY:
        room.rating_result = {"unrated": UNRATED_REPEATED}  # the limit is told with it (`told_rating_result`)
        return finished
    stored = await store.current_ratings(finished.game, players)
    current = {p: Rating(r.mu, r.sigma, r.games) for p, r in stored.items()}
    forfeited = {i for i, seat in enumerate(room.seats) if seat.left}
    changes = rate(placings, players, current, teams=teams, forfeited=forfeited)
    for change in changes:
        room.seats[change.seat].rating = {
            "shown": shown(change.after.ordinal),
            "provisional": change.after.games < PROVISIONAL_GAMES,
        }
    room.rating_result = {"changes": [change.public() for change in changes]}
    rated = tuple(RatedPlayer(c.player, c.after.mu, c.after.sigma, c.after.games, c.delta) for c in changes)
    return replace(finished, ratings=rated)
