"""The race track: a ring of fields shared by every colour, each colour's start field on it,
and each colour's own lane of goal fields off it.

A piece is described by its progress from its own colour's point of view:
HOME (-1) while it waits at home, 0 on its start field, up to `lap - 1` on the ring, then
`lap` .. `lap + lane - 1` in its goal lane. Only pieces on the ring meet other colours.
"""

from __future__ import annotations

from dataclasses import dataclass, field

HOME = -1


@dataclass(frozen=True)
class Track:
    """One board: `colours` start fields spread evenly over a ring of `length` fields.

    `lap` is how many fields of the ring a piece travels before it turns into its lane (the
    whole ring by default: it turns off just before its own start field again). `start_at`
    puts colour 0's start field somewhere other than field 0; `safe` lists ring fields where
    nobody is captured."""

    colours: int
    length: int
    lane: int = 4
    lap: int = 0
    start_at: int = 0
    safe: frozenset[int] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if self.length % self.colours:
            raise ValueError("the ring must split evenly between the colours")
        if not self.lap:
            object.__setattr__(self, "lap", self.length)

    @property
    def spacing(self) -> int:
        return self.length // self.colours

    @property
    def goal(self) -> int:
        """The progress of the last goal field: no piece goes further."""
        return self.lap + self.lane - 1

    def start(self, colour: int) -> int:
        """The ring field where `colour`'s pieces come out."""
        return (self.start_at + colour * self.spacing) % self.length

    def on_ring(self, progress: int) -> bool:
        return 0 <= progress < self.lap

    def in_lane(self, progress: int) -> bool:
        return self.lap <= progress <= self.goal

    def field(self, colour: int, progress: int) -> int | None:
        """The ring field of a piece, or None at home and in the goal lane."""
        if not self.on_ring(progress):
            return None
        return (self.start(colour) + progress) % self.length

    def path(self, progress: int, pips: int) -> list[int] | None:
        """Every progress a piece steps on moving `pips` from `progress` (the last is where it
        stops), or None when the move would run past the last goal field."""
        if progress == HOME or pips <= 0:
            return None
        target = progress + pips
        if target > self.goal:
            return None
        return list(range(progress + 1, target + 1))

    def distance_behind(self, chaser: int, chaser_colour: int, target_field: int) -> int | None:
        """How many fields a piece of `chaser_colour` at `chaser` progress needs to reach the
        ring field `target_field` without leaving the ring first (None if it cannot)."""
        here = self.field(chaser_colour, chaser)
        if here is None:
            return None
        gap = (target_field - here) % self.length
        if gap == 0 or chaser + gap >= self.lap:
            return None
        return gap


def spread_colours(colours: int, seats: int, per_seat: int = 1) -> list[list[int]]:
    """The colours each seat plays: with one colour each, spread as evenly round the board as
    the seats allow (two players on four colours sit opposite); with two each (colours ==
    seats * 2) a seat takes every `seats`-th colour, so the colours alternate round the board
    between the players."""
    if per_seat == 1:
        return [[(seat * colours) // seats] for seat in range(seats)]
    if seats * per_seat != colours:
        raise ValueError("with several colours each, every colour is played")
    return [[seat + k * seats for k in range(per_seat)] for seat in range(seats)]
