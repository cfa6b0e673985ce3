"""Mensch positions for tests: the colour choice made, pieces put where a test needs them
(editing the state, the only practical way) and dice loaded from the state's own generator."""

from __future__ import annotations

from svc_dice.mensch import ENGINE
from svc_dice.race import PIECES, owner_of

from rulekit import Event, State
from tests.games.snakes_and_ladders.support import next_rolls

ROLL = {"type": "roll"}
H = -1
RED, BLUE, YELLOW, GREEN = range(4)


def new_game(seats: int = 2, seed: bytes = b"mensch-rules", stake: int = 0) -> State:
    """A game whose start roll is over and whose chooser took the first choice (red, or red
    + yellow): red is to roll."""
    state = ENGINE.setup(seats, {"stake": stake}, seed)
    state, _ = ENGINE.apply(state, state["turn"], ENGINE.legal_moves(state, state["turn"])[0], 0)
    return state


def placed(state: State, colour_pieces: dict[int, list[int]], colour: int = RED) -> State:
    """A copy with these colours' pieces at these progress values (-1 home), `colour` to roll."""
    state = ENGINE.copy_state(state)
    for colour_, pieces in colour_pieces.items():
        state["pieces"][colour_] = list(pieces)
    owner = owner_of(state, colour)
    assert owner is not None
    state.update(turn=owner, colour=colour, phase="roll", pending=[], sixes=0, tries=0, last_moved=None, bonus=0)
    return state


def throw(state: State, pips: int) -> tuple[State, list[Event]]:
    """The seat to move rolls `pips`."""
    return ENGINE.apply(next_rolls(state, pips), state["turn"], ROLL, 0)


def number(state: State, index: int) -> int:
    """The seat's piece number of piece `index` of the colour to move."""
    return state["colours"][state["turn"]].index(state["colour"]) * PIECES + index


def move(state: State, index: int, pips: int) -> tuple[State, list[Event]]:
    """Piece `index` (0–3) of the colour to move moves `pips`."""
    return ENGINE.apply(state, state["turn"], {"type": "move", "piece": number(state, index), "pips": pips}, 0)


def movable(state: State) -> list[int]:
    """The pieces (0–3 of the colour to move) that may move now."""
    return [m["piece"] % PIECES for m in ENGINE.legal_moves(state, state["turn"]) if m["type"] == "move"]


def codes(events: list[Event]) -> list[str]:
    return [e["code"] for e in events]
