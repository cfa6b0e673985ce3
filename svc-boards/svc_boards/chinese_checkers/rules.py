"""Chinese Checkers (Sternhalma): ten pegs each across the star into the opposite point.

House rules (house-rules-de-en-es.txt, "Chinese Checkers"), 2, 3, 4 or 6 players. Decisions
where the text is silent, also for the rules page:
- Seatings: two players in opposite points (0 and 3), three in every other point (0, 2, 4),
  four in two pairs of opposite points (0, 1, 3, 4), six everywhere. Seat 0 starts; turns go
  round the star.
- A move is one step to a free neighbouring hole or a chain of one or more jumps, each over
  one neighbouring peg (anyone's) to the free hole right behind it; the move names only its
  first and its final hole. Nothing is captured. Pegs may pass through and rest in any point.
- Blocking (as tournament play rules it): a player has won as soon as every hole of their
  target point is occupied and at least one of them by their own peg, so pegs another player
  never moves out of their home cannot keep anyone from winning.
- The first to win ends the game; the others are placed by pegs in their target, then by the
  steps still to go. After MAX_ROUNDS rounds without a winner the game ends so too.

State: `board` (121 holes: the seat whose peg is there, or -1), `homes` (the point of each
seat), `turn`, `moves` (made so far), `winner`, `last` ({"seat", "from", "to"}).
Moves: {"type": "move", "from": hole, "to": hole}. Events: `moved` (seat, from, to),
`won` (seat), `game_over`.
"""

from __future__ import annotations

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

from .board import HOLES, POINTS, TIPS, destinations, distance, reaches
from .state import ChineseCheckersPublic, ChineseCheckersState, ChineseCheckersView

SEATINGS: dict[int, tuple[int, ...]] = {2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4), 6: (0, 1, 2, 3, 4, 5)}
MAX_ROUNDS = 300

META = GameMeta(
    id="chinese-checkers",
    family="boards",
    min_seats=2,
    max_seats=6,
    seat_counts=(2, 3, 4, 6),
    chance=False,
    hidden_information=False,
    simultaneous=False,
    longest_game=6 * MAX_ROUNDS,
    cpu_levels=("random", "easy", "strong"),
    clock=MoveClock(relaxed_s=60, normal_s=30, fast_s=15),
    turn_based=True,
)


def target(home: int) -> int:
    return (home + 3) % 6


def has_won(board: list[int], seat: int, home: int) -> bool:
    holes = POINTS[target(home)]
    return all(board[h] >= 0 for h in holes) and any(board[h] == seat for h in holes)


def to_go(board: list[int], seat: int, home: int) -> int:
    """The steps the seat's pegs are from its target's tip, all together (0 is impossible;
    smaller is further on)."""
    tip = TIPS[target(home)]
    return sum(distance(h, tip) for h, owner in enumerate(board) if owner == seat)


# `to_move`'s answers, built once: every move asks it.
NOBODY: frozenset[int] = frozenset()
ONLY = tuple(frozenset((seat,)) for seat in range(6))


class ChineseCheckers(BaseEngine[ChineseCheckersState, ChineseCheckersView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> ChineseCheckersState:
        homes = list(SEATINGS[seats])
        board = [-1] * len(HOLES)
        for seat, home in enumerate(homes):
            for hole in POINTS[home]:
                board[hole] = seat
        return {"board": board, "homes": homes, "turn": 0, "moves": 0, "winner": None, "last": None}

    def to_move(self, state: ChineseCheckersState) -> frozenset[int]:
        return NOBODY if state["turn"] is None else ONLY[state["turn"]]

    def legal_moves(self, state: ChineseCheckersState, seat: int) -> list[Move]:
        if seat != state["turn"]:
            return []
        board = state["board"]
        return [
            {"type": "move", "from": hole, "to": to}
            for hole, owner in enumerate(board)
            if owner == seat
            for to in destinations(board, hole)
        ]

    def quick_listed(self, state: ChineseCheckersState, seat: int, move: Move) -> bool:
        # Listing every peg's destinations is most of a move's cost; one peg's are enough.
        if len(move) != 3 or move.get("type") != "move" or seat != state["turn"]:
            return False
        start, to = move.get("from"), move.get("to")
        board = state["board"]
        return (
            type(start) is int
            and type(to) is int
            and 0 <= start < len(board)
            and board[start] == seat
            and reaches(board, start, to)
        )

    def copy_state(self, state: ChineseCheckersState) -> ChineseCheckersState:
        return {**state, "board": list(state["board"]), "rng": state["rng"].copy(), "options": dict(state["options"])}

    def play(self, state: ChineseCheckersState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        board = state["board"]
        board[move["from"]], board[move["to"]] = -1, seat
        state["moves"] += 1
        state["last"] = {"seat": seat, "from": move["from"], "to": move["to"]}
        # The event as `event` builds it, written out: events are a good part of a move's cost.
        events: list[Event] = [{"code": "moved", "seat": seat, "from": move["from"], "to": move["to"]}]
        if has_won(board, seat, state["homes"][seat]):
            state["winner"], state["turn"] = seat, None
            return events + [event("won", seat=seat), event("game_over")]
        if state["moves"] >= MAX_ROUNDS * len(state["homes"]):
            state["turn"] = None
            return events + [event("game_over")]
        state["turn"] = (seat + 1) % len(state["homes"])
        return events

    def view(self, state: ChineseCheckersState, seat: int | None) -> ChineseCheckersView:
        public: ChineseCheckersPublic = {
            **self.open_state(state),
            "targets": [list(POINTS[target(home)]) for home in state["homes"]],
        }
        return {**self.common_view(state, seat), "public": public}

    def determinize(self, view: ChineseCheckersView, seat: int, seed: bytes) -> ChineseCheckersState:
        state = super().determinize(view, seat, seed)
        cast("dict[str, Any]", state).pop("targets", None)  # view-only: derived from the homes
        return state

    def timeout_move(self, state: ChineseCheckersState, seat: int | None) -> Move:
        """Out of time: the move that brings a peg furthest towards the target's tip (the
        rearmost peg first among equals)."""
        seat, legal = clock_moves(self, state, seat)
        tip = TIPS[target(state["homes"][seat])]
        return max(legal, key=lambda m: (distance(m["from"], tip) - distance(m["to"], tip), distance(m["from"], tip)))

    def result(self, state: ChineseCheckersState) -> Result | None:
        if state["turn"] is not None:
            return None
        board, homes = state["board"], state["homes"]
        scores = []
        for seat, home in enumerate(homes):
            inside = sum(1 for h in POINTS[target(home)] if board[h] == seat)
            scores.append(float(1000 if seat == state["winner"] else inside * 100 - to_go(board, seat, home) / 10))
        return {"placings": placings_from_scores(scores), "scores": scores}


ENGINE = ChineseCheckers()
