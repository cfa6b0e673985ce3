"""Dots and Boxes: draw lines between neighbouring dots; the fourth line of a box takes it and
the drawer goes again; most boxes wins.

House rules (house-rules-de-en-es.txt, "Dots and Boxes"), 2 to 4 players. Host settings
`columns` and `rows`: the grid in boxes, 2..8 each (default 5 × 5). Decisions where the text
is silent, also written on the rules page:
- Seat 0 draws first, then the seats in order. A line that closes one box or two gives the
  drawer every box it closes and one more line (however many boxes it closed).
- The game ends when every line is drawn. Boxes are counted; equal counts share a place.

State: `h` holds the horizontal lines, row by row: (rows + 1) rows of `columns` lines, the
line in row r, column c joining dot (r, c) to dot (r, c + 1); `v` the vertical lines: `rows`
rows of columns + 1 lines, the line in row r, column c joining dot (r, c) to (r + 1, c). A
line is -1 while undrawn, else the seat that drew it. `boxes` holds rows × columns owners (-1:
open). `turn` is the seat to move, `last` the line drawn last ({"seat", "dir", "row", "col"},
None before the first), so a client can mark it after a reload.

Moves: `{"type": "line", "dir": "h" | "v", "row": r, "col": c}`. Events: `line_drawn` (seat,
dir, row, col), `box_closed` (seat, row, col) for each box it closes, `goes_again` (seat),
`game_over` (scores).
"""

from __future__ import annotations

from typing import Any

from rulekit import (
    BaseEngine,
    Event,
    GameMeta,
    Move,
    MoveClock,
    Option,
    Result,
    Rng,
    clock_moves,
    event,
    placings_from_scores,
)

from .state import Direction, DotsAndBoxesState, DotsAndBoxesView

MIN_SIZE, MAX_SIZE = 2, 8

META = GameMeta(
    id="dots-and-boxes",
    family="boards",
    min_seats=2,
    max_seats=4,
    chance=False,
    hidden_information=False,
    simultaneous=False,
    # Every move draws one line: 2 * 8 * 9 lines on the largest grid.
    longest_game=2 * MAX_SIZE * (MAX_SIZE + 1),
    options=(
        Option("columns", "int", 5, "option.columns", minimum=MIN_SIZE, maximum=MAX_SIZE),
        Option("rows", "int", 5, "option.rows", minimum=MIN_SIZE, maximum=MAX_SIZE),
    ),
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(relaxed_s=30, normal_s=15, fast_s=8),
    turn_based=True,
)


def line_index(state: DotsAndBoxesState, direction: Direction, row: int, col: int) -> int:
    """Index of a line in its list (`h` or `v`)."""
    columns = state["options"]["columns"]
    return row * columns + col if direction == "h" else row * (columns + 1) + col


def box_sides(state: DotsAndBoxesState, row: int, col: int) -> tuple[tuple[Direction, int, int], ...]:
    """The four lines around box (row, col): top, bottom, left, right."""
    return (("h", row, col), ("h", row + 1, col), ("v", row, col), ("v", row, col + 1))


def drawn(state: DotsAndBoxesState, direction: Direction, row: int, col: int) -> bool:
    return state[direction][line_index(state, direction, row, col)] >= 0


def sides_drawn(state: DotsAndBoxesState, row: int, col: int) -> int:
    return sum(drawn(state, *line) for line in box_sides(state, row, col))


def boxes_of_line(state: DotsAndBoxesState, direction: Direction, row: int, col: int) -> list[tuple[int, int]]:
    """The one or two boxes a line borders."""
    rows, columns = state["options"]["rows"], state["options"]["columns"]
    if direction == "h":
        candidates = ((row - 1, col), (row, col))
    else:
        candidates = ((row, col - 1), (row, col))
    return [(r, c) for r, c in candidates if 0 <= r < rows and 0 <= c < columns]


def undrawn_lines(state: DotsAndBoxesState) -> list[tuple[Direction, int, int]]:
    rows, columns = state["options"]["rows"], state["options"]["columns"]
    lines: list[tuple[Direction, int, int]] = [
        ("h", r, c) for r in range(rows + 1) for c in range(columns) if state["h"][r * columns + c] < 0
    ]
    lines += [("v", r, c) for r in range(rows) for c in range(columns + 1) if state["v"][r * (columns + 1) + c] < 0]
    return lines


def draw_line(state: DotsAndBoxesState, seat: int, direction: Direction, row: int, col: int) -> list[tuple[int, int]]:
    """Draw the line in place; returns the boxes it closes (now the seat's)."""
    state[direction][line_index(state, direction, row, col)] = seat
    closed = [box for box in boxes_of_line(state, direction, row, col) if sides_drawn(state, *box) == 4]
    columns = state["options"]["columns"]
    for r, c in closed:
        state["boxes"][r * columns + c] = seat
    return closed


def scores(state: DotsAndBoxesState) -> list[float]:
    counts = [0.0] * state["seats"]
    for owner in state["boxes"]:
        if owner >= 0:
            counts[owner] += 1
    return counts


class DotsAndBoxes(BaseEngine[DotsAndBoxesState, DotsAndBoxesView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> DotsAndBoxesState:
        rows, columns = options["rows"], options["columns"]
        return {
            "h": [-1] * ((rows + 1) * columns),
            "v": [-1] * (rows * (columns + 1)),
            "boxes": [-1] * (rows * columns),
            "turn": 0,
            "over": False,
            "last": None,
        }

    def to_move(self, state: DotsAndBoxesState) -> frozenset[int]:
        return frozenset() if state["over"] else frozenset((state["turn"],))

    def legal_moves(self, state: DotsAndBoxesState, seat: int) -> list[Move]:
        if state["over"] or seat != state["turn"]:
            return []
        return [{"type": "line", "dir": d, "row": r, "col": c} for d, r, c in undrawn_lines(state)]

    def quick_listed(self, state: DotsAndBoxesState, seat: int, move: Move) -> bool:
        # Listing every undrawn line is most of a move's cost: look the one line up instead.
        if len(move) != 4 or move.get("type") != "line" or state["over"] or seat != state["turn"]:
            return False
        direction, row, col = move.get("dir"), move.get("row"), move.get("col")
        if type(row) is not int or type(col) is not int or direction not in ("h", "v"):
            return False
        rows, columns = state["options"]["rows"], state["options"]["columns"]
        if direction == "h":
            return 0 <= row <= rows and 0 <= col < columns and state["h"][row * columns + col] < 0
        return 0 <= row < rows and 0 <= col <= columns and state["v"][row * (columns + 1) + col] < 0

    def copy_state(self, state: DotsAndBoxesState) -> DotsAndBoxesState:
        # A move changes only the line lists, the box list and a few scalars.
        return {
            **state,
            "h": list(state["h"]),
            "v": list(state["v"]),
            "boxes": list(state["boxes"]),
            "rng": state["rng"].copy(),
            "options": dict(state["options"]),
        }

    def successor(self, state: DotsAndBoxesState, seat: int, move: Move) -> DotsAndBoxesState:
        """The search's fast path: the same rule code as `play`, without validation."""
        new_state: DotsAndBoxesState = {
            **state,
            "h": list(state["h"]),
            "v": list(state["v"]),
            "boxes": list(state["boxes"]),
        }
        self.play(new_state, seat, move, 0, None)  # type: ignore[arg-type]  # draws nothing
        return new_state

    def play(self, state: DotsAndBoxesState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        direction, row, col = move["dir"], move["row"], move["col"]
        closed = draw_line(state, seat, direction, row, col)
        state["last"] = {"seat": seat, "dir": direction, "row": row, "col": col}
        events = [event("line_drawn", seat=seat, dir=direction, row=row, col=col)]
        events += [event("box_closed", seat=seat, row=r, col=c) for r, c in closed]
        if all(owner >= 0 for owner in state["boxes"]):
            state["over"] = True
            events.append(event("game_over", scores=scores(state)))
        elif closed:
            events.append(event("goes_again", seat=seat))
        else:
            state["turn"] = (seat + 1) % state["seats"]
        return events

    def view(self, state: DotsAndBoxesState, seat: int | None) -> DotsAndBoxesView:
        return {**self.common_view(state, seat), "public": self.open_state(state)}

    def timeout_move(self, state: DotsAndBoxesState, seat: int | None) -> Move:
        """Out of time: a line that closes a box if there is one, else a line that gives no box
        its third side, else the line that hands the next player the fewest boxes."""
        seat, legal = clock_moves(self, state, seat)
        closing = [m for m in legal if closes(state, m)]
        if closing:
            return max(closing, key=lambda m: len(closes(state, m)))
        safe = [m for m in legal if is_safe(state, m)]
        if safe:
            return safe[0]
        return min(legal, key=lambda m: take_all(self.successor(state, state["turn"], m))[1])

    def result(self, state: DotsAndBoxesState) -> Result | None:
        if not state["over"]:
            return None
        counts = scores(state)
        return {"placings": placings_from_scores(counts), "scores": counts}


def closes(state: DotsAndBoxesState, move: Move) -> list[tuple[int, int]]:
    """The boxes a move would close."""
    return [box for box in boxes_of_line(state, move["dir"], move["row"], move["col"]) if sides_drawn(state, *box) == 3]


def is_safe(state: DotsAndBoxesState, move: Move) -> bool:
    """A line that closes nothing and gives no box its third side."""
    return all(sides_drawn(state, *box) <= 1 for box in boxes_of_line(state, move["dir"], move["row"], move["col"]))


def take_all(state: DotsAndBoxesState) -> tuple[DotsAndBoxesState, int]:
    """The state after the player to move closes every box it can, one after another, and how
    many boxes that was (on a copy; the owner recorded is seat 0, only the count matters)."""
    state = {**state, "h": list(state["h"]), "v": list(state["v"]), "boxes": list(state["boxes"])}
    taken = 0
    while True:
        found = next((line for line in undrawn_lines(state) if closes(state, _move(line))), None)
        if found is None:
            return state, taken
        taken += len(draw_line(state, 0, *found))


def _move(line: tuple[Direction, int, int]) -> Move:
    direction, row, col = line
    return {"type": "line", "dir": direction, "row": row, "col": col}


ENGINE = DotsAndBoxes()
