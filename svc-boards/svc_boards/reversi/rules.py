"""Reversi: 8×8, trap discs between the placed one and your own and flip them; most discs wins.

House rules (house-rules-de-en-es.txt, "Reversi"). Decisions where the text is silent, also
written on the rules page:
- Seat 0 plays black and moves first; the start position is the usual one (white d4 and e5,
  black d5 and e4).
- A seat that cannot place must pass: its only legal move is then `{"type": "pass"}`. When
  neither seat can place (board full or no flip possible for either), the game ends at once.
- The result counts discs only (empty squares go to nobody); equal counts are a draw.

State: `board` is a 64-character string, index = row * 8 + column with row 0 = rank 1 and
column 0 = file a (so "a1" is index 0, "h8" index 63); "." empty, "B" black (seat 0), "W"
white (seat 1). `turn` is the seat to move, `over` whether the game has ended. `last` is the
square of the last placement ("d3"), so a client can mark it after a reload; None before the
first move and after a pass (the disc placed before a pass is no longer the last move).

Moves: `{"type": "place", "square": "d3"}` and `{"type": "pass"}`.
View: `public` is the state (less the generator) plus `flips`, the number of discs each legal
square of the seat to move would flip ({"d3": 1, ...}; empty when it must pass or the game is over).
Events: `placed` (seat, square, flipped), `passed` (seat), `game_over` (scores).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, cast

from rulekit import (
    BaseEngine,
    Event,
    GameMeta,
    Move,
    MoveClock,
    Result,
    Rng,
    clock_moves,
    event,
    placings_from_scores,
)

from .state import ReversiPublic, ReversiState, ReversiView

SIZE = 8
CELLS = SIZE * SIZE
FILES = "abcdefgh"
DISC = ("B", "W")
EMPTY = "."
NAMES = tuple(FILES[i % SIZE] + str(i // SIZE + 1) for i in range(CELLS))
INDEX = {name: i for i, name in enumerate(NAMES)}
PASS: Move = {"type": "pass"}
# The usual weights of the squares (rank 1 first): corners best, the squares that give a
# corner away worst. The clock's move ranks placements by them.
_VALUE_ROWS = (
    (100, -20, 10, 5, 5, 10, -20, 100),
    (-20, -50, -2, -2, -2, -2, -50, -20),
    (10, -2, 1, 1, 1, 1, -2, 10),
    (5, -2, 1, 0, 0, 1, -2, 5),
)
SQUARE_VALUE = tuple(value for row in (*_VALUE_ROWS, *reversed(_VALUE_ROWS)) for value in row)

META = GameMeta(
    id="reversi",
    family="boards",
    min_seats=2,
    max_seats=2,
    chance=False,
    hidden_information=False,
    simultaneous=False,
    # 60 placements at most, and a pass is always followed by a placement (or the game ends).
    longest_game=120,
    cpu_levels=("random", "easy", "medium", "strong"),
    clock=MoveClock(relaxed_s=60, normal_s=30, fast_s=15),
    turn_based=True,
)


def _rays() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For every square, the squares in each of the 8 directions (only rays of 2 or more)."""
    out = []
    for i in range(CELLS):
        row, col = divmod(i, SIZE)
        rays = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if dr == dc == 0:
                    continue
                ray = []
                r, c = row + dr, col + dc
                while 0 <= r < SIZE and 0 <= c < SIZE:
                    ray.append(r * SIZE + c)
                    r, c = r + dr, c + dc
                if len(ray) >= 2:
                    rays.append(tuple(ray))
        out.append(tuple(rays))
    return tuple(out)


RAYS = _rays()


def start_board() -> str:
    cells = [EMPTY] * CELLS
    cells[INDEX["d4"]] = cells[INDEX["e5"]] = "W"
    cells[INDEX["d5"]] = cells[INDEX["e4"]] = "B"
    return "".join(cells)


def flipped_by(board: str, square: int, own: str) -> list[int]:
    """The discs a disc of colour `own` placed on the empty `square` would flip."""
    out: list[int] = []
    for ray in RAYS[square]:
        run: list[int] = []
        for j in ray:
            cell = board[j]
            if cell == own:
                out.extend(run)
                break
            if cell == EMPTY:
                break
            run.append(j)
    return out


@lru_cache(maxsize=1 << 14)
def flip_counts(board: str, seat: int) -> tuple[tuple[int, int], ...]:
    """(square, discs flipped) for every legal placement of `seat`, in square order.

    Cached: views, validation and search all ask for the same positions again and again.
    """
    own = DISC[seat]
    other = DISC[1 - seat]
    out = []
    for i in range(CELLS):
        if board[i] != EMPTY:
            continue
        total = 0
        for ray in RAYS[i]:
            if board[ray[0]] != other:
                continue
            for k in range(1, len(ray)):
                cell = board[ray[k]]
                if cell == own:
                    total += k
                    break
                if cell == EMPTY:
                    break
        if total:
            out.append((i, total))
    return tuple(out)


def place(board: str, square: int, seat: int, flips: list[int] | None = None) -> str:
    """The board after `seat` places on `square` (a legal placement); `flips`, when the
    caller has them already, are `flipped_by(board, square, DISC[seat])`."""
    cells = list(board)
    own = DISC[seat]
    cells[square] = own
    for j in flipped_by(board, square, own) if flips is None else flips:
        cells[j] = own
    return "".join(cells)


@lru_cache(maxsize=1 << 14)
def _placements(board: str, seat: int) -> tuple[Move, ...]:
    """The legal moves of `seat` on `board`, for validation (never changed)."""
    counts = flip_counts(board, seat)
    return tuple({"type": "place", "square": NAMES[i]} for i, _ in counts) if counts else (PASS,)


def settle(state: ReversiState, mover: int) -> None:
    """After `mover`'s placement: the other seat moves, or passes, or the game is over."""
    board = state["board"]
    other = 1 - mover
    if flip_counts(board, other) or flip_counts(board, mover):
        state["turn"] = other
    else:
        state["over"] = True


# `to_move`'s answers, built once: every move asks it.
NOBODY: frozenset[int] = frozenset()
ONLY = tuple(frozenset((seat,)) for seat in range(2))


class Reversi(BaseEngine[ReversiState, ReversiView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> ReversiState:
        return {"board": start_board(), "turn": 0, "over": False, "last": None}

    def to_move(self, state: ReversiState) -> frozenset[int]:
        return NOBODY if state["over"] else ONLY[state["turn"]]

    def legal_moves(self, state: ReversiState, seat: int) -> list[Move]:
        if state["over"] or seat != state["turn"]:
            return []
        counts = flip_counts(state["board"], seat)
        if not counts:
            return [dict(PASS)]
        return [{"type": "place", "square": NAMES[i]} for i, _ in counts]

    def listed_moves(self, state: ReversiState, seat: int) -> Sequence[Move]:
        # The same moves as `legal_moves`, from the same cached counts, kept uncopied.
        if state["over"] or seat != state["turn"]:
            return ()
        return _placements(state["board"], seat)

    def copy_state(self, state: ReversiState) -> ReversiState:
        # A move replaces values rather than changing them and never touches the options;
        # `apply` replaces the generator's dict. So a shallow copy suffices, as in `successor`.
        return state.copy()

    def successor(self, state: ReversiState, seat: int, move: Move) -> ReversiState:
        """The search's fast path: the same rule code as `play`, without validation or events."""
        new_state = state.copy()
        if move["type"] == "pass":
            new_state["turn"] = 1 - seat
            new_state["last"] = None
        else:
            new_state["board"] = place(state["board"], INDEX[move["square"]], seat)
            new_state["last"] = move["square"]
            settle(new_state, seat)
        return new_state

    def play(self, state: ReversiState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        if move["type"] == "pass":
            state["turn"] = 1 - seat
            state["last"] = None
            return [{"code": "passed", "seat": seat}]
        square = INDEX[move["square"]]
        before = state["board"]
        flips = flipped_by(before, square, DISC[seat])
        state["board"] = place(before, square, seat, flips)
        state["last"] = move["square"]
        # The event as `event` builds it, written out: events are a good part of a move's cost.
        events = [{"code": "placed", "seat": seat, "square": move["square"], "flipped": len(flips)}]
        settle(state, seat)
        if state["over"]:
            events.append(event("game_over", scores=self._scores(state)))
        return events

    @staticmethod
    def _scores(state: ReversiState) -> list[float]:
        return [state["board"].count(DISC[0]), state["board"].count(DISC[1])]

    def view(self, state: ReversiState, seat: int | None) -> ReversiView:
        counts = () if state["over"] else flip_counts(state["board"], state["turn"])
        public: ReversiPublic = {**self.open_state(state), "flips": {NAMES[i]: n for i, n in counts}}
        return {**self.common_view(state, seat), "public": public}

    def determinize(self, view: ReversiView, seat: int, seed: bytes) -> ReversiState:
        state = super().determinize(view, seat, seed)
        cast("dict[str, Any]", state).pop("flips", None)  # view-only: derived from the board
        return state

    def timeout_move(self, state: ReversiState, seat: int | None) -> Move:
        """Out of time: the square a reversi player values most (corners first, never the
        squares next to an empty corner while another will do), then the most flips; a
        pass when that is the only move."""
        seat, legal = clock_moves(self, state, seat)
        if legal[0]["type"] == "pass":
            return legal[0]
        flips = dict(flip_counts(state["board"], state["turn"]))
        return max(legal, key=lambda m: (SQUARE_VALUE[INDEX[m["square"]]], flips[INDEX[m["square"]]]))

    def result(self, state: ReversiState) -> Result | None:
        if not state["over"]:
            return None
        scores = self._scores(state)
        return {"placings": placings_from_scores(scores), "scores": scores}


ENGINE = Reversi()
