"""Rating rows for tests: players made through the store, their ratings, changes and weekly gains
loaded as the rated games' ends would have written them (the figures are chosen, not computed)."""

from __future__ import annotations

from dataclasses import dataclass, field

from lobby.rating_scale import rating_week
from lobby.store import Player, RatingRows, Store


@dataclass
class RatedPlayer:
    id: str
    nickname: str
    account: bool = True
    # game -> (ordinals after each rated game, oldest first); sigma shrinks as games are played
    played: dict[str, list[float]] = field(default_factory=dict)


async def make_players(store: Store, players: list[RatedPlayer], created_ms: int = 1) -> None:
    for player in players:
        await store.create_player(Player(player.id, player.nickname, created_ms), f"hash-{player.id}")
        if player.account:
            await store.mark_account(player.id, created_ms)


def rating_rows(players: list[RatedPlayer], last_ms: int, step_ms: int = 60_000) -> RatingRows:
    """Each player's games end `step_ms` apart, the last one at `last_ms`; mu is ordinal + 3 sigma."""
    rows = RatingRows()
    weeks: dict[tuple[str, int, str], float] = {}
    for player in players:
        for game, ordinals in player.played.items():
            previous = 0.0
            for i, ordinal in enumerate(ordinals):
                at_ms = last_ms - (len(ordinals) - 1 - i) * step_ms
                sigma = 25 / 3 / (1 + i / 10)
                delta = ordinal - previous
                rows.changes.append(
                    (player.id, game, at_ms, f"R{i:05d}", 1, ordinal + 3 * sigma, sigma, ordinal, delta)
                )
                key = (game, rating_week(at_ms), player.id)
                weeks[key] = weeks.get(key, 0.0) + delta
                previous = ordinal
            sigma = 25 / 3 / (1 + (len(ordinals) - 1) / 10)
            rows.ratings.append(
                (game, player.id, ordinals[-1] + 3 * sigma, sigma, ordinals[-1], len(ordinals), last_ms)
            )
    rows.weeks.extend((game, week, player, gain) for (game, week, player), gain in weeks.items())
    return rows


async def rate(store: Store, players: list[RatedPlayer], last_ms: int, step_ms: int = 60_000) -> None:
    """Make the players and load their rating rows."""
    await make_players(store, players)
    await store.load_ratings(rating_rows(players, last_ms, step_ms))
