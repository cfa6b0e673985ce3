"""A rated game's new ratings: OpenSkill's Plackett-Luce model (mu 25, sigma 25/3 for a new
player) over the game's placings. Pure: the stores read the current ratings and write the new
ones in the transaction that records the finished game (lobby/steps.py, lobby/store/games.py).

- Each seat is a side of its own; ties share a rank (OpenSkill's ranks: lower is better).
- A team game (`GameMeta.teams`: the placings are a team result) is rated side against side:
  the seats sharing a placing are one team.
- A seat a CPU plays for its holder when the game ends (they left, or let the clock run out
  too often) counts as placed after every seat still played by its holder: leaving a game that
  is going badly costs what losing it would. In a team game the team's result stands.
- One lobby game counts once: an engine that plays several deals (Oh Hell, Penalty Tricks,
  Fifteen Rounds, a dominoes match) gives a result only once its whole match is over.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from .rating_scale import PROVISIONAL_GAMES, shown

MODEL = PlackettLuce()
NEW_MU = float(MODEL.mu)
NEW_SIGMA = float(MODEL.sigma)
# Rated games a day among one and the same set of players in a title; past it the game is
# played unrated (`rating_limit`), so friends cannot farm points from each other.
RATED_MEETINGS_A_DAY = 3
MEETINGS_WINDOW_MS = 86_400_000  # the "day": the last 24 hours, so midnight resets nothing
UNRATED_REPEATED = "rated_repeat_limit"  # the code a finished game says it was not rated with
UNRATED_ALONE = "rated_alone"  # one side only (a lone player against the house): nobody to rate against


@dataclass(frozen=True)
class Rating:
    """A player's rating in one title; a player without one has the new player's."""

    mu: float = NEW_MU
    sigma: float = NEW_SIGMA
    games: int = 0  # rated games played in the title

    @property
    def ordinal(self) -> float:
        """The conservative figure boards sort by: mu - 3 sigma (0 for a new player)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class RatingChange:
    """One seat's player, their rating before the game and after it."""

    seat: int
    player: str
    before: Rating
    after: Rating

    @property
    def delta(self) -> float:
        return self.after.ordinal - self.before.ordinal

    def public(self) -> dict[str, Any]:
        """What every client sees of it: the shown figure, its change, and whether it is
        still provisional (fewer than PROVISIONAL_GAMES rated games)."""
        return {
            "seat": self.seat,
            "shown": shown(self.after.ordinal),
            "change": shown(self.after.ordinal) - shown(self.before.ordinal),
            "provisional": self.after.games < PROVISIONAL_GAMES,
        }


def ranks_of(placings: Sequence[int], forfeited: Collection[int] = ()) -> list[int]:
    """Each seat's rank: its placing, or (a seat its holder left to a CPU) after every other."""
    last = max(placings, default=0) + 1
    return [last if seat in forfeited else place for seat, place in enumerate(placings)]


def sides(placings: Sequence[int], teams: bool = False) -> int:
    """How many sides a game's result sets against each other: a rating needs two."""
    return len(set(placings)) if teams else len(placings)


def rate(
    placings: Sequence[int],
    players: Sequence[str],
    current: Mapping[str, Rating],
    teams: bool = False,
    forfeited: Collection[int] = (),
) -> list[RatingChange]:
    """Every seat's change after a game with these placings; `players` names each seat's
    player (all distinct: a rated room seats each account once) and `current` their ratings
    (missing: a new player)."""
    if len(placings) != len(players) or len(set(players)) != len(players):
        raise ValueError("one distinct player per placing")
    if teams:
        ranks = list(placings)
        sides = sorted(set(ranks))
        groups = [[seat for seat, place in enumerate(ranks) if place == side] for side in sides]
    else:
        ranks = ranks_of(placings, forfeited)
        sides = ranks
        groups = [[seat] for seat in range(len(players))]
    before = [current.get(player, Rating()) for player in players]
    rated = MODEL.rate(
        [[MODEL.rating(mu=before[seat].mu, sigma=before[seat].sigma) for seat in group] for group in groups],
        ranks=[float(side) for side in sides],
    )
    changes: dict[int, RatingChange] = {}
    for group, team in zip(groups, rated, strict=True):
        for seat, after in zip(group, team, strict=True):
            was = before[seat]
            changes[seat] = RatingChange(seat, players[seat], was, Rating(after.mu, after.sigma, was.games + 1))
    return [changes[seat] for seat in range(len(players))]
