"""The shared rule kit: the engine contract, the generator, options, errors and test harness."""

from .clock import MoveClock, clock_moves, clock_seat
from .contract import (
    BaseEngine,
    BaseView,
    CommonState,
    Deadline,
    Engine,
    Event,
    GameMeta,
    Move,
    Result,
    State,
    View,
    clone,
    event,
    move_matches,
    placings_from_scores,
    to_json,
)
from .errors import CODES, IllegalMove, Refusal
from .options import Option, resolve_options
from .registry import Registry
from .rng import Rng, RngState, new_rng_state, seed_commitment

__all__ = [
    "BaseEngine",
    "BaseView",
    "CommonState",
    "CODES",
    "Deadline",
    "Engine",
    "Event",
    "GameMeta",
    "IllegalMove",
    "Move",
    "MoveClock",
    "Option",
    "Refusal",
    "Registry",
    "Result",
    "Rng",
    "RngState",
    "State",
    "View",
    "clock_moves",
    "clock_seat",
    "clone",
    "event",
    "move_matches",
    "new_rng_state",
    "placings_from_scores",
    "resolve_options",
    "seed_commitment",
    "to_json",
]
