"""The race-track core of the pachisi family (Ludo, Mensch ärgere dich nicht, Parchís):
pure, standard library and rulekit only, randomness only through the engine's `rng`.

Track (`track.py`)
    `Track(colours, length, lane=4, lap=length, start_at=0, safe=())`: a ring of `length`
    fields with each colour's start field `spacing` apart and a goal lane of `lane` fields
    after `lap` ring fields. A piece is its progress: HOME (-1), 0 on its start field, up to
    `lap - 1` on the ring, then the lane up to `goal`. `field(colour, progress)` is the ring
    field, `path(progress, pips)` the steps of a move (None past the goal),
    `distance_behind` how far a piece is from a ring field. `spread_colours(colours, seats,
    per_seat)`: which colours each seat plays (opposite each other with two; two colours each
    alternating round the board).
Pieces (`pieces.py`)
    `occupancy(track, pieces)` ring field -> [Spot(colour, index)], `is_barrier(spots)`,
    `lane_clear(...)` (own pieces in the way), `packed` (nothing can move without coming out),
    `in_goal`, `at_home`, `send_home`, `lead` (fields still to go).
Turn (`engine.py`)
    `RaceEngine`: rulekit BaseEngine with the roll / move / roll-again / pass cycle, places for
    finishers, a ply bound, the open view and a fast copy. Titles write `track`, `after_roll`,
    `piece_moves`, `move_piece`, `roll_again`, `no_move`, `seat_done`, `game_done` (and
    `amounts` / `spend` where dice combine).
Tactics (`tactics.py`)
    `position_value`, `colour_value`, `threats`, `best_move` (one ply through the engine,
    optionally with a title's own `value`) and `front_runner`: the CPU levels and the move
    clocks of every title.
"""

from .engine import PIECES, ROLL, RaceEngine, colour_of, owner_of, progress_of, racing
from .pieces import Spot, at_home, in_goal, is_barrier, lane_clear, lead, occupancy, packed, ring_fields, send_home
from .tactics import best_move, colour_value, front_runner, position_value, threats
from .track import HOME, Track, spread_colours

__all__ = [
    "HOME",
    "PIECES",
    "ROLL",
    "RaceEngine",
    "Spot",
    "Track",
    "at_home",
    "best_move",
    "colour_value",
    "colour_of",
    "front_runner",
    "in_goal",
    "is_barrier",
    "lane_clear",
    "lead",
    "occupancy",
    "owner_of",
    "packed",
    "position_value",
    "progress_of",
    "racing",
    "ring_fields",
    "send_home",
    "spread_colours",
    "threats",
]
