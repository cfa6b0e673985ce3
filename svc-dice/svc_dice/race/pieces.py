"""Where the pieces stand and what stands in a move's way.

`pieces` is a list indexed by colour (None for a colour nobody plays) of each colour's
progress list (see track.py). Pure functions; the titles decide what blocks and what
captures."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .track import HOME, Track

Pieces = Sequence[Sequence[int] | None]


@dataclass(frozen=True)
class Spot:
    """A piece by colour and index."""

    colour: int
    index: int


def occupancy(track: Track, pieces: Pieces) -> dict[int, list[Spot]]:
    """Ring field -> the pieces standing there."""
    fields: dict[int, list[Spot]] = {}
    for colour, progress_list in enumerate(pieces):
        if progress_list is None:
            continue
        for index, progress in enumerate(progress_list):
            where = track.field(colour, progress)
            if where is not None:
                fields.setdefault(where, []).append(Spot(colour, index))
    return fields


def at_home(pieces: Sequence[int]) -> list[int]:
    return [i for i, progress in enumerate(pieces) if progress == HOME]


def in_goal(track: Track, pieces: Sequence[int]) -> bool:
    """Every piece of this colour is in its goal lane."""
    return all(track.in_lane(progress) for progress in pieces)


def packed(track: Track, pieces: Sequence[int]) -> bool:
    """No piece of this colour can ever move without a piece coming out first: none is on the
    ring and the ones in the lane fill its far end without a gap."""
    lane = sorted((p for p in pieces if track.in_lane(p)), reverse=True)
    if any(track.on_ring(p) for p in pieces):
        return False
    return lane == list(range(track.goal, track.goal - len(lane), -1))


def is_barrier(spots: Sequence[Spot]) -> bool:
    """Two (or more) pieces of one colour on one field."""
    return len(spots) >= 2 and len({spot.colour for spot in spots}) == 1


def lane_clear(pieces: Sequence[int], path: Sequence[int], track: Track, jump_own: bool) -> bool:
    """Whether the colour's own pieces leave `path` free: never the field it stops on, and,
    unless own pieces may be jumped over, no field on the way either (ring and lane)."""
    mine = set(p for p in pieces if p != HOME)
    if path[-1] in mine:
        return False
    return jump_own or not any(step in mine for step in path[:-1])


def ring_fields(track: Track, colour: int, path: Sequence[int]) -> list[int]:
    """The ring fields a path crosses (lane steps left out)."""
    return [f for f in (track.field(colour, step) for step in path) if f is not None]


def send_home(pieces: Sequence[list[int] | None], spot: Spot) -> None:
    colour_pieces = pieces[spot.colour]
    assert colour_pieces is not None
    colour_pieces[spot.index] = HOME


def total_progress(track: Track, pieces: Sequence[int]) -> int:
    """How far a colour has come: the sum of its pieces' progress (home counts as nothing)."""
    return sum(progress + 1 for progress in pieces)


def lead(track: Track, pieces: Sequence[int]) -> int:
    """Fields still to travel for every piece to reach the last goal field."""
    return sum(track.goal - progress for progress in pieces)
