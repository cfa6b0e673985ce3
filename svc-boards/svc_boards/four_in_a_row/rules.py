"""Four in a Row (house rules): drop discs into columns; the first to line up `connect` wins.

Two variants: 7×6 with four in a row (default) and 9×7 with five in a row. Seat 0 moves first.
The board is a list of rows, `board[0]` the bottom row; a cell holds -1 (empty) or a seat.
`turn` passes to the other seat after every disc, the last one too; once the game is over
`to_move` is empty, `line` holds the winning run (or stays null for a draw).
"""

from __future__ import annotations

from typing import Any

from rulekit import (
    BaseEngine,
    Event,
    GameMeta,
    IllegalMove,
    Move,
    MoveClock,
    Option,
    Result,
    Rng,
    clock_moves,
    event,
)

from .state import FourInARowState, FourInARowView

META = GameMeta(
    id="four-in-a-row",
    family="boards",
    min_seats=2,
    max_seats=2,
    chance=False,
    hidden_information=False,
    simultaneous=False,
    longest_game=9 * 7,  # every cell of the larger grid filled
    options=(Option("variant", "choice", "7x6-4", "option.variant", choices=("7x6-4", "9x7-5")),),
    cpu_levels=("random", "easy", "medium", "strong"),
    clock=MoveClock(relaxed_s=60, normal_s=30, fast_s=15),
    turn_based=True,
)

# variant -> (columns, rows, discs in a row that win)
VARIANTS: dict[str, tuple[int, int, int]] = {"7x6-4": (7, 6, 4), "9x7-5": (9, 7, 5)}

EMPTY = -1

# Across, down, and the two diagonals, each as a (column, row) step.
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def winning_line(board: list[list[int]], column: int, row: int, connect: int) -> list[list[int]] | None:
    """The run of at least `connect` same-seat discs through (column, row), or None.

    When one disc completes several lines at once, the first direction in `DIRECTIONS` counts;
    the run is given whole (it may be longer than `connect`), from one end to the other.
    """
    seat = board[row][column]
    rows, columns = len(board), len(board[0])
    for step_c, step_r in DIRECTIONS:
        c, r = column, row
        while 0 <= c - step_c < columns and 0 <= r - step_r < rows and board[r - step_r][c - step_c] == seat:
            c, r = c - step_c, r - step_r
        run = []
        while 0 <= c < columns and 0 <= r < rows and board[r][c] == seat:
            run.append([c, r])
            c, r = c + step_c, r + step_r
        if len(run) >= connect:
            return run
    return None


class FourInARow(BaseEngine[FourInARowState, FourInARowView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> FourInARowState:
        columns, rows, connect = VARIANTS[options["variant"]]
        return {
            "columns": columns,
            "rows": rows,
            "connect": connect,
            "board": [[EMPTY] * columns for _ in range(rows)],
            "turn": 0,
            "last": None,
            "line": None,
            "moves": 0,
        }

    @staticmethod
    def _over(state: FourInARowState) -> bool:
        return state["line"] is not None or state["moves"] == state["rows"] * state["columns"]

    def to_move(self, state: FourInARowState) -> frozenset[int]:
        return frozenset() if self._over(state) else frozenset((state["turn"],))

    def legal_moves(self, state: FourInARowState, seat: int) -> list[Move]:
        if self._over(state) or seat != state["turn"]:
            return []
        top = state["board"][-1]
        return [{"type": "drop", "column": c} for c in range(state["columns"]) if top[c] == EMPTY]

    def quick_listed(self, state: FourInARowState, seat: int, move: Move) -> bool:
        # A drop is listed when its column is on the board and not full.
        column = move.get("column")
        return (
            len(move) == 2
            and move["type"] == "drop"
            and type(column) is int
            and 0 <= column < state["columns"]
            and seat == state["turn"]
            and not self._over(state)
            and state["board"][-1][column] == EMPTY
        )

    def check_move(self, state: FourInARowState, seat: int, move: Any) -> None:
        super().check_move(state, seat, move)
        # 3.0 and True compare equal to 3 and 1, so they pass the match against legal_moves.
        column = move["column"]
        if isinstance(column, bool) or not isinstance(column, int):
            raise IllegalMove("malformed_move", "column must be a whole number")

    def play(self, state: FourInARowState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        return self._drop(state, seat, move["column"])

    def copy_state(self, state: FourInARowState) -> FourInARowState:
        # A drop changes only the board's cells in place; `last` and `line` are replaced
        # whole, so they may be shared with `state`.
        return {
            **state,
            "board": [row[:] for row in state["board"]],
            "rng": state["rng"].copy(),
            "options": dict(state["options"]),
        }

    def successor(self, state: FourInARowState, seat: int, move: Move) -> FourInARowState:
        """The search's fast path (svc_ai.search): the state after a move from `legal_moves`.

        Runs the same rule code as `apply` (`_drop`), but skips re-validation and copies only
        what a drop changes; options and the generator are shared with `state`, which is
        never modified.
        """
        child = state.copy()
        child["board"] = [row[:] for row in state["board"]]
        self._drop(child, seat, move["column"])
        return child

    @staticmethod
    def _drop(state: FourInARowState, seat: int, column: int) -> list[Event]:
        board = state["board"]
        row = 0
        while board[row][column] != EMPTY:
            row += 1
        board[row][column] = seat
        state["moves"] += 1
        state["turn"] = 1 - seat
        state["last"] = {"column": column, "row": row}
        events = [event("dropped", seat=seat, column=column, row=row)]
        line = winning_line(board, column, row, state["connect"])
        if line is not None:
            state["line"] = line
            events.append(event("won", seat=seat, line=[cell[:] for cell in line]))
        elif state["moves"] == state["rows"] * state["columns"]:
            events.append(event("draw"))
        return events

    def view(self, state: FourInARowState, seat: int | None) -> FourInARowView:
        return {**self.common_view(state, seat), "public": self.open_state(state)}

    def timeout_move(self, state: FourInARowState, seat: int | None) -> Move:
        """Out of time: win at once if a drop does, else block the opponent's winning drop,
        else the column nearest the centre (the one that takes part in the most lines)."""
        seat, legal = clock_moves(self, state, seat)
        centre = (state["columns"] - 1) / 2

        def wins(mover: int, move: Move) -> bool:
            return self.successor(state, mover, move)["line"] is not None

        return max(legal, key=lambda m: (wins(seat, m), wins(1 - seat, m), -abs(m["column"] - centre)))

    def result(self, state: FourInARowState) -> Result | None:
        line = state["line"]
        if line is not None:
            column, row = line[0]
            winner = state["board"][row][column]
            return {
                "placings": [1, 2] if winner == 0 else [2, 1],
                "scores": [1, 0] if winner == 0 else [0, 1],
            }
        if state["moves"] == state["rows"] * state["columns"]:
            return {"placings": [1, 1], "scores": [0.5, 0.5]}
        return None


ENGINE = FourInARow()
