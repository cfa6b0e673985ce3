"""Bingo: 75 balls, a 5×5 card for every player with a free centre; players take turns drawing
a ball, and the first to call Bingo with a complete pattern wins.

House rules (house-rules-de-en-es.txt, "Bingo"), 2–16 players. Decisions where the text is
silent, also written on the rules page:
- Cards are the standard ones, dealt from the game's generator: column B holds five numbers of
  1–15, I of 16–30, N four of 31–45 around the free centre, G of 46–60, O of 61–75.
- The winning pattern is a host setting: a line (any row, column or one of the two
  diagonals; the default) or the full card. The free centre always counts.
- Marking is the player's own act on their device, not a move: the server judges a call from
  the drawn balls alone, so a wrong mark costs nothing.
- Seat 0 draws first, then the turn to draw goes round. After every ball each player may call
  Bingo once: a call that the drawn balls do not complete is refused (the `bingo_refused`
  event) and costs nothing but the player's call until the next ball; a player who has
  nothing to call may also pass until the next ball (CPU players do). The next drawer may draw
  at any time, without waiting for the others.
- The first call the drawn balls complete wins; everyone else shares second place.

No ball to come is kept in the state: each draw takes one of the balls still in the drum with
the generator at that moment, so the order of the balls to come exists nowhere but in the
generator, which never leaves the server. Cards and drawn balls are open to everyone.

State: `cards` (per seat 25 numbers, row by row, 0 for the free centre), `drawn` (balls in
order), `drawer` (the seat to draw next), `may_call` (per seat: a call is open this ball),
`last_call` ({"seat", "valid"} or None), `winner`, `cells` (the winning cells, indices 0–24).

Moves: `draw` (the drawer, while balls are left), `bingo` (a seat with its call open), `pass`
(a seat other than the drawer with its call open). Events: `drawn` (seat, ball, count),
`bingo_refused` (seat), `bingo` (seat, cells), `game_over` (winner).
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
    clock_seat,
    event,
)

from .state import BingoState, BingoView

BALLS = 75
SIZE = 5
CENTRE = 12
FREE = 0
COLUMN_SPAN = 15
MAX_SEATS = 16
PATTERNS = ("line", "full_card")
LINES: tuple[tuple[int, ...], ...] = (
    *(tuple(row * SIZE + col for col in range(SIZE)) for row in range(SIZE)),
    *(tuple(row * SIZE + col for row in range(SIZE)) for col in range(SIZE)),
    tuple(i * SIZE + i for i in range(SIZE)),
    tuple(i * SIZE + SIZE - 1 - i for i in range(SIZE)),
)
FULL_CARD = tuple(range(SIZE * SIZE))

META = GameMeta(
    id="bingo",
    family="dice",
    min_seats=2,
    max_seats=MAX_SEATS,
    chance=True,
    hidden_information=False,
    simultaneous=True,
    # Every ball: one draw and at most one call or pass per seat; then the winning call.
    longest_game=BALLS * (MAX_SEATS + 1) + 1,
    options=(Option("pattern", "choice", "line", "option.pattern", choices=PATTERNS),),
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(relaxed_s=30, normal_s=15, fast_s=8),
)


def deal_card(rng: Rng) -> list[int]:
    """A standard card, row by row: each column five numbers of its fifteen, the centre free."""
    columns = []
    for col in range(SIZE):
        numbers = list(range(col * COLUMN_SPAN + 1, (col + 1) * COLUMN_SPAN + 1))
        rng.shuffle(numbers)
        columns.append(numbers[:SIZE])
    card = [columns[col][row] for row in range(SIZE) for col in range(SIZE)]
    card[CENTRE] = FREE
    return card


def winning_cells(card: list[int], drawn: set[int] | list[int], pattern: str) -> list[int] | None:
    """The cells of a complete pattern on `card` (the first line found), or None."""
    called = set(drawn)
    shapes = LINES if pattern == "line" else (FULL_CARD,)
    for shape in shapes:
        if all(card[cell] == FREE or card[cell] in called for cell in shape):
            return list(shape)
    return None


class Bingo(BaseEngine[BingoState, BingoView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> BingoState:
        return {
            "cards": [deal_card(rng) for _ in range(seats)],
            "drawn": [],
            "drawer": 0,
            "may_call": [False] * seats,
            "last_call": None,
            "winner": None,
            "cells": None,
        }

    def to_move(self, state: BingoState) -> frozenset[int]:
        if state["winner"] is not None:
            return frozenset()
        return frozenset([state["drawer"], *(s for s, open_ in enumerate(state["may_call"]) if open_)])

    def legal_moves(self, state: BingoState, seat: int) -> list[Move]:
        if state["winner"] is not None or seat not in self.to_move(state):
            return []
        moves: list[Move] = []
        if seat == state["drawer"] and len(state["drawn"]) < BALLS:
            moves.append({"type": "draw"})
        if state["may_call"][seat]:
            moves.append({"type": "bingo"})
            if seat != state["drawer"]:
                moves.append({"type": "pass"})
        return moves

    def play(self, state: BingoState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        if kind == "draw":
            called = set(state["drawn"])
            drum = [ball for ball in range(1, BALLS + 1) if ball not in called]
            ball = drum[rng.below(len(drum))]
            state["drawn"].append(ball)
            state["may_call"] = [True] * state["seats"]
            state["drawer"] = (seat + 1) % state["seats"]
            return [event("drawn", seat=seat, ball=ball, count=len(state["drawn"]))]
        state["may_call"][seat] = False
        if kind == "pass":
            return []
        cells = winning_cells(state["cards"][seat], state["drawn"], state["options"]["pattern"])
        state["last_call"] = {"seat": seat, "valid": cells is not None}
        if cells is None:
            return [event("bingo_refused", seat=seat)]
        state["winner"] = seat
        state["cells"] = cells
        state["may_call"] = [False] * state["seats"]
        return [event("bingo", seat=seat, cells=cells), event("game_over", winner=seat)]

    def copy_state(self, state: BingoState) -> BingoState:
        """A copy that knows the state's shape: the cards never change after the deal."""
        copied = state.copy()
        copied["drawn"] = list(state["drawn"])
        copied["may_call"] = list(state["may_call"])
        copied["options"] = dict(state["options"])
        copied["rng"] = state["rng"].copy()
        return copied

    def view(self, state: BingoState, seat: int | None) -> BingoView:
        return {**self.common_view(state, seat), "public": self.open_state(state)}

    def clock_seats(self, state: BingoState) -> list[int]:
        """Only the drawer is on the clock: a call is never forced."""
        return [] if state["winner"] is not None else [state["drawer"]]

    def timeout_move(self, state: BingoState, seat: int | None) -> Move:
        """Out of time the drawer draws; once the drum is empty every pattern is complete, and
        the clock calls Bingo."""
        seat = clock_seat(seat, (state["drawer"],) if state["winner"] is None else ())
        return {"type": "draw"} if len(state["drawn"]) < BALLS else {"type": "bingo"}

    def result(self, state: BingoState) -> Result | None:
        winner = state["winner"]
        if winner is None:
            return None
        scores = [1.0 if seat == winner else 0.0 for seat in range(state["seats"])]
        return {"placings": [1 if seat == winner else 2 for seat in range(state["seats"])], "scores": scores}


ENGINE = Bingo()
