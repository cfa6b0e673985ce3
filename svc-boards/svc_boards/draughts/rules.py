"""Draughts: 8×8 on the dark squares, men forward, compulsory captures, flying kings.

House rules (house-rules-de-en-es.txt, "Draughts") and docs/catalogue.md. Decisions where the text is
silent, also written on the rules page:
- Seat 0 plays black on squares 1–12 and moves first; seat 1 plays white on squares 21–32.
- Men move and capture only forwards. Capturing is compulsory, but any capture may be chosen
  (no rule to take the most pieces). A chain goes on while another jump is available; a king
  that may land on several squares behind a piece must pick one from which it can jump again,
  if there is one. Jumped pieces leave the board when the move ends, and no piece can be jumped
  twice. A man that reaches the far rank is crowned when its move ends.
- A king moves and captures any distance diagonally (over exactly one opposing piece, landing
  on any free square behind it).
- "Forty moves of kings without a capture": 40 moves in a row, both seats' moves counted,
  each a king move without capture, draw the game. A man's move or any capture restarts the count.

Squares use the standard 1..32 numbering. Seen with seat 0 at the top: square n is on row
r = (n - 1) // 4 from the top (row 0 = seat 0's back rank) and column c = 2 * ((n - 1) % 4) + 1
if r is even, 2 * ((n - 1) % 4) if r is odd (column 0 = the left edge). Squares 1–4 are seat
0's back rank, 29–32 seat 1's.

State: `board` is a 32-character string, index n - 1: "." empty, "b"/"B" a black man/king
(seat 0), "w"/"W" a white man/king (seat 1). `turn` is the seat to move, `king_moves` the
count of king moves without capture in a row, `over` and `winner` (a seat, or None for a draw).
`last` is the last move, None before the first: `{"path": [from, ..., to], "captured":
[squares]}` as in its `moved` event, so a client can mark it after a reload.

Moves: `{"type": "move", "path": [from, ..., to]}`: the start square, then every landing square
of the move in order (one for a step, one per jumped piece for a capture). Events: `moved`
(seat, path, captured: squares), `crowned` (seat, square), `game_over` (winner, reason:
"no_pieces" | "no_move" | "forty_king_moves").
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

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
)

from .state import DraughtsState, DraughtsView

ROWS = 8
SQUARES = 32
EMPTY = "."
MEN = ("b", "w")
KINGS = ("B", "W")
OWN = ("bB", "wW")
DRAW_KING_MOVES = 40
# Directions (row step, column step); seat 0 moves down the rows, seat 1 up.
DIRECTIONS = ((-1, -1), (-1, 1), (1, -1), (1, 1))
FORWARD = ((2, 3), (0, 1))
CROWN_ROW = (ROWS - 1, 0)

META = GameMeta(
    id="draughts",
    family="boards",
    min_seats=2,
    max_seats=2,
    chance=False,
    hidden_information=False,
    simultaneous=False,
    # Men steps (12 men * 7 rows * 2) and capture moves (at most 23) are the only moves that
    # restart the forty-move count, so at most 40 moves follow each of them.
    longest_game=(12 * 7 * 2 + 23 + 1) * DRAW_KING_MOVES,
    cpu_levels=("random", "easy", "medium", "strong"),
    clock=MoveClock(relaxed_s=90, normal_s=45, fast_s=20),
    turn_based=True,
)


def coords(index: int) -> tuple[int, int]:
    """(row, column) of a square index 0..31; row 0 is seat 0's back rank."""
    row, k = divmod(index, 4)
    return row, 2 * k + (1 if row % 2 == 0 else 0)


def index_at(row: int, col: int) -> int:
    """The square index at (row, column), or -1 off the board or on a light square."""
    if not (0 <= row < ROWS and 0 <= col < ROWS) or (row + col) % 2 == 0:
        return -1
    return row * 4 + col // 2


def _rays() -> tuple[tuple[tuple[int, ...], ...], ...]:
    out = []
    for i in range(SQUARES):
        row, col = coords(i)
        rays = []
        for dr, dc in DIRECTIONS:
            ray = []
            r, c = row + dr, col + dc
            while index_at(r, c) >= 0:
                ray.append(index_at(r, c))
                r, c = r + dr, c + dc
            rays.append(tuple(ray))
        out.append(tuple(rays))
    return tuple(out)


# RAYS[square][direction]: the squares along that diagonal, nearest first.
RAYS = _rays()
ROW_OF = tuple(coords(i)[0] for i in range(SQUARES))


def start_board() -> str:
    return "b" * 12 + EMPTY * 8 + "w" * 12


def _man_chains(board: str, seat: int, at: int, taken: tuple[int, ...], path: tuple[int, ...], out: list) -> None:
    """Extend a man's capture chain from `at`; complete chains go to `out` (as index paths)."""
    enemy = OWN[1 - seat]
    grown = False
    for d in FORWARD[seat]:
        ray = RAYS[at][d]
        if len(ray) >= 2 and board[ray[0]] in enemy and ray[0] not in taken and board[ray[1]] == EMPTY:
            grown = True
            _man_chains(board, seat, ray[1], (*taken, ray[0]), (*path, ray[1]), out)
    if not grown and taken:
        out.append(path)


def _king_jumps(board: str, seat: int, at: int, taken: tuple[int, ...]) -> list[tuple[int, list[int]]]:
    """(jumped square, landing squares) for every piece a king on `at` can jump next."""
    enemy = OWN[1 - seat]
    jumps = []
    for ray in RAYS[at]:
        for k, j in enumerate(ray):
            cell = board[j]
            if cell == EMPTY:
                continue
            if cell in enemy and j not in taken:
                landings = []
                for land in ray[k + 1 :]:
                    if board[land] != EMPTY:
                        break
                    landings.append(land)
                if landings:
                    jumps.append((j, landings))
            break  # own piece, a piece already jumped, or the jump is made: the ray ends
    return jumps


def _king_chains(board: str, seat: int, at: int, taken: tuple[int, ...], path: tuple[int, ...], out: list) -> None:
    """Extend a king's capture chain. Behind each jumped piece the king must land where it can
    jump again if any landing allows that."""
    jumps = _king_jumps(board, seat, at, taken)
    if not jumps:
        if taken:
            out.append(path)
        return
    for jumped, landings in jumps:
        now_taken = (*taken, jumped)
        onward = [land for land in landings if _king_jumps(board, seat, land, now_taken)]
        for land in onward or landings:
            _king_chains(board, seat, land, now_taken, (*path, land), out)


@lru_cache(maxsize=1 << 14)
def moves_of(board: str, seat: int) -> tuple[tuple[int, ...], ...]:
    """Every legal move of `seat` as a path of square indices; captures only if any exists.

    Cached: views, validation and search all ask for the same positions again and again.
    """
    own = OWN[seat]
    captures: list[tuple[int, ...]] = []
    for i in range(SQUARES):
        cell = board[i]
        if cell not in own:
            continue
        # The moving piece has left its square: a king's chain may pass it or land on it.
        lifted = board[:i] + EMPTY + board[i + 1 :]
        if cell == MEN[seat]:
            _man_chains(lifted, seat, i, (), (i,), captures)
        else:
            _king_chains(lifted, seat, i, (), (i,), captures)
    if captures:
        return tuple(captures)
    steps: list[tuple[int, ...]] = []
    for i in range(SQUARES):
        cell = board[i]
        if cell == MEN[seat]:
            for d in FORWARD[seat]:
                ray = RAYS[i][d]
                if ray and board[ray[0]] == EMPTY:
                    steps.append((i, ray[0]))
        elif cell == KINGS[seat]:
            for ray in RAYS[i]:
                for j in ray:
                    if board[j] != EMPTY:
                        break
                    steps.append((i, j))
    return tuple(steps)


def jumped_between(board: str, start: int, end: int) -> int | None:
    """The piece between two landing squares on one diagonal, if any."""
    for ray in RAYS[start]:
        if end in ray:
            for j in ray[: ray.index(end)]:
                if board[j] != EMPTY:
                    return j
            return None
    raise ValueError("squares not on one diagonal")


def make_move(board: str, seat: int, path: tuple[int, ...]) -> tuple[str, list[int], bool]:
    """The board after a legal move, the captured squares, and whether a man was crowned."""
    piece = board[path[0]]
    # The mover has left its start square, which a king's chain may cross again.
    lifted = board[: path[0]] + EMPTY + board[path[0] + 1 :]
    cells = list(lifted)
    captured = []
    for a, b in zip(path, path[1:], strict=False):
        j = jumped_between(lifted, a, b)
        if j is not None:
            captured.append(j)
    for j in captured:
        cells[j] = EMPTY
    crowned = piece == MEN[seat] and ROW_OF[path[-1]] == CROWN_ROW[seat]
    cells[path[-1]] = KINGS[seat] if crowned else piece
    return "".join(cells), captured, crowned


def advance(state: DraughtsState, seat: int, path: tuple[int, ...]) -> tuple[list[int], bool]:
    """Play a legal move on `state` in place; returns the captured squares and the crowning."""
    board = state["board"]
    king_move = board[path[0]] == KINGS[seat]
    state["board"], captured, crowned = make_move(board, seat, path)
    state["last"] = {"path": [i + 1 for i in path], "captured": sorted(j + 1 for j in captured)}
    state["king_moves"] = state["king_moves"] + 1 if king_move and not captured else 0
    other = 1 - seat
    state["turn"] = other
    if not any(cell in OWN[other] for cell in state["board"]):
        state["over"], state["winner"], state["reason"] = True, seat, "no_pieces"
    elif not moves_of(state["board"], other):
        state["over"], state["winner"], state["reason"] = True, seat, "no_move"
    elif state["king_moves"] >= DRAW_KING_MOVES:
        state["over"], state["winner"], state["reason"] = True, None, "forty_king_moves"
    return captured, crowned


# `to_move`'s answers, built once: every move asks it.
NOBODY: frozenset[int] = frozenset()
ONLY = tuple(frozenset((seat,)) for seat in range(2))


class Draughts(BaseEngine[DraughtsState, DraughtsView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> DraughtsState:
        return {
            "board": start_board(),
            "turn": 0,
            "king_moves": 0,
            "over": False,
            "winner": None,
            "reason": None,
            "last": None,
        }

    def to_move(self, state: DraughtsState) -> frozenset[int]:
        return NOBODY if state["over"] else ONLY[state["turn"]]

    def legal_moves(self, state: DraughtsState, seat: int) -> list[Move]:
        if state["over"] or seat != state["turn"]:
            return []
        return [{"type": "move", "path": [i + 1 for i in path]} for path in moves_of(state["board"], seat)]

    def quick_listed(self, state: DraughtsState, seat: int, move: Move) -> bool:
        # The cached paths of `moves_of`, looked up without building every move's dict.
        path = move.get("path")
        if len(move) != 2 or move["type"] != "move" or type(path) is not list or state["over"]:
            return False
        if seat != state["turn"] or any(type(n) is not int for n in path):
            return False
        return tuple(n - 1 for n in path) in moves_of(state["board"], seat)

    def copy_state(self, state: DraughtsState) -> DraughtsState:
        # Every value is immutable or, like `last`, replaced whole rather than changed; the
        # options are never touched and `apply` replaces the generator's dict. So a shallow
        # copy suffices, as in `successor`.
        return state.copy()

    def successor(self, state: DraughtsState, seat: int, move: Move) -> DraughtsState:
        """The search's fast path: the same rule code as `play`, without validation or events."""
        new_state = state.copy()
        advance(new_state, seat, tuple(n - 1 for n in move["path"]))
        return new_state

    def play(self, state: DraughtsState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        path = tuple(n - 1 for n in move["path"])
        captured, crowned = advance(state, seat, path)
        # The event as `event` builds it, written out: events are a good part of a move's cost.
        events = [
            {"code": "moved", "seat": seat, "path": list(move["path"]), "captured": sorted(j + 1 for j in captured)}
        ]
        if crowned:
            events.append(event("crowned", seat=seat, square=path[-1] + 1))
        if state["over"]:
            events.append(event("game_over", winner=state["winner"], reason=state["reason"]))
        return events

    def view(self, state: DraughtsState, seat: int | None) -> DraughtsView:
        return {**self.common_view(state, seat), "public": self.open_state(state)}

    def timeout_move(self, state: DraughtsState, seat: int | None) -> Move:
        """Out of time: a move that wins, else (captures being compulsory, any capture on
        offer is a legal move) the one taking the most pieces, then one after which the
        opponent has nothing to capture, then a crowning; on a tie the first in board order."""
        seat, legal = clock_moves(self, state, seat)
        board, mover = state["board"], state["turn"]

        def value(move: Move) -> tuple[bool, int, bool, bool]:
            after, captured, crowned = make_move(board, mover, tuple(n - 1 for n in move["path"]))
            replies = moves_of(after, 1 - mover)
            exposed = bool(replies) and bool(make_move(after, 1 - mover, replies[0])[1])
            return not replies, len(captured), not exposed, crowned

        return max(legal, key=value)

    def result(self, state: DraughtsState) -> Result | None:
        if not state["over"]:
            return None
        winner = state["winner"]
        if winner is None:
            return {"placings": [1, 1], "scores": [0.5, 0.5]}
        return {
            "placings": [1 if s == winner else 2 for s in (0, 1)],
            "scores": [1 if s == winner else 0 for s in (0, 1)],
        }


ENGINE = Draughts()
