"""Nine Men's Morris (Mühle): place, then move; three in a line is a mill and takes a piece.

House rules (house-rules-de-en-es.txt, "Nine Men's Morris") and docs/catalogue.md. Host settings:
`pieces` 9 (default) or 12 (twelve adds the four corner diagonals, both as lines to move along
and as mills), `flying` (default on: a seat with exactly three pieces left in the moving phase
may move a piece to any free point). Decisions where the text is silent, also written on the
rules page:
- Seat 0 plays white and places first. A seat moves once all its pieces are placed; both
  seats finish placing on the same turn.
- Closing a mill and taking the piece are one move: the move names the piece to take
  (`"remove"`). Closing two mills at once still takes one piece. If every opposing piece on the
  board stands in a mill, any of them may be taken; if the opponent has no piece on the board
  yet, the mill takes nothing.
- Losing: a seat whose pieces (on the board and still in hand) drop below three, or who is to
  move and has no legal move, loses (with twelve pieces a full board therefore loses for the
  seat to move).
- "Fifty moves without a new mill": 50 moves in the moving phase in a row, both seats' moves
  counted, none closing a mill, draw the game. Placing moves do not count.

Points use the usual names: files a–g, ranks 1–7 ("a7", "d7", "g7" along the top of the outer
square, "d1" the middle of its bottom side). State: `board` is a 24-character string in the
order of POINTS; "." free, "W" white (seat 0), "B" black (seat 1). `in_hand` the pieces each
seat has still to place, `turn` the seat to move, `quiet` moving-phase moves since the last
mill, `over`, `winner` (a seat, or None for a draw) and `reason`. `last` is the last move,
None before the first: `{"to": p}` for a placement, `{"from": p, "to": p}` for a move, each
with `"removed": p` when it took a piece, so a client can mark it after a reload.

Moves: `{"type": "place", "to": "d1"}` and `{"type": "move", "from": "a1", "to": "a4"}`, each
with `"remove": point` when it closes a mill. Events: `placed` (seat, to), `moved` (seat,
from, to), `removed` (seat, point: the piece taken from the other seat), `game_over` (winner,
reason: "too_few_pieces" | "no_move" | "fifty_moves").
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
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
)

from .state import Last, MorrisState, MorrisView

POINTS = (
    "a7", "d7", "g7",
    "b6", "d6", "f6",
    "c5", "d5", "e5",
    "a4", "b4", "c4", "e4", "f4", "g4",
    "c3", "d3", "e3",
    "b2", "d2", "f2",
    "a1", "d1", "g1",
)  # fmt: skip
INDEX = {name: i for i, name in enumerate(POINTS)}
EMPTY = "."
COLOUR = ("W", "B")
DRAW_QUIET_MOVES = 50
_LINE_NAMES = (
    # rows
    "a7 d7 g7", "b6 d6 f6", "c5 d5 e5", "a4 b4 c4", "e4 f4 g4", "c3 d3 e3", "b2 d2 f2", "a1 d1 g1",
    # columns
    "a1 a4 a7", "b2 b4 b6", "c3 c4 c5", "d1 d2 d3", "d5 d6 d7", "e3 e4 e5", "f2 f4 f6", "g1 g4 g7",
)  # fmt: skip
_DIAGONAL_NAMES = ("a1 b2 c3", "a7 b6 c5", "g7 f6 e5", "g1 f2 e3")


def _lines(names: tuple[str, ...]) -> tuple[tuple[int, int, int], ...]:
    out = []
    for text in names:
        a, b, c = (INDEX[p] for p in text.split())
        out.append((a, b, c))
    return tuple(out)


class Layout:
    """The lines of one board (9 or 12 pieces): mills through each point and neighbours."""

    def __init__(self, diagonals: bool) -> None:
        self.lines = _lines(_LINE_NAMES + (_DIAGONAL_NAMES if diagonals else ()))
        through: list[list[tuple[int, int]]] = [[] for _ in POINTS]
        near: list[set[int]] = [set() for _ in POINTS]
        for a, b, c in self.lines:
            through[a].append((b, c))
            through[b].append((a, c))
            through[c].append((a, b))
            near[a].add(b)
            near[b].update((a, c))
            near[c].add(b)
        self.mills_through = tuple(tuple(pairs) for pairs in through)
        self.neighbours = tuple(tuple(sorted(n)) for n in near)


LAYOUTS = {9: Layout(diagonals=False), 12: Layout(diagonals=True)}

META = GameMeta(
    id="morris",
    family="boards",
    min_seats=2,
    max_seats=2,
    chance=False,
    hidden_information=False,
    simultaneous=False,
    # 24 placements; then at most 19 mills (10 + 9 pieces taken end the game) with fewer than
    # 50 quiet moves before each and after the last.
    longest_game=24 + 20 * DRAW_QUIET_MOVES,
    options=(
        Option("pieces", "choice", 9, "option.pieces", choices=(9, 12)),
        Option("flying", "bool", True, "option.flying"),
    ),
    cpu_levels=("random", "easy", "medium", "strong"),
    clock=MoveClock(relaxed_s=60, normal_s=30, fast_s=15),
    turn_based=True,
)


def closes_mill(layout: Layout, board: str, point: int, colour: str) -> bool:
    """Whether a piece of `colour` on `point` stands in a mill on `board`."""
    return any(board[a] == colour and board[b] == colour for a, b in layout.mills_through[point])


def removable(layout: Layout, board: str, colour: str) -> list[int]:
    """The pieces of `colour` a mill may take: those outside mills, or all if none is."""
    pieces = [i for i, cell in enumerate(board) if cell == colour]
    free = [i for i in pieces if not closes_mill(layout, board, i, colour)]
    return free or pieces


@lru_cache(maxsize=1 << 14)
def moves_of(board: str, seat: int, in_hand: int, pieces: int, flying: bool) -> tuple[tuple[int, int, int], ...]:
    """Every legal move as (from, to, remove): from = -1 for a placement, remove = -1 for none.

    Cached: views, validation and search all ask for the same positions again and again.
    """
    layout = LAYOUTS[pieces]
    own, other = COLOUR[seat], COLOUR[1 - seat]
    empties = [i for i, cell in enumerate(board) if cell == EMPTY]
    if in_hand:
        steps = [(-1, to) for to in empties]
    else:
        mine = [i for i, cell in enumerate(board) if cell == own]
        if flying and len(mine) == 3:
            steps = [(start, to) for start in mine for to in empties]
        else:
            steps = [(start, to) for start in mine for to in layout.neighbours[start] if board[to] == EMPTY]
    out: list[tuple[int, int, int]] = []
    targets: list[int] | None = None
    for start, to in steps:
        after = board if start < 0 else board[:start] + EMPTY + board[start + 1 :]
        after = after[:to] + own + after[to + 1 :]
        if closes_mill(layout, after, to, own):
            if targets is None:
                targets = removable(layout, board, other)
            if targets:
                out.extend((start, to, r) for r in targets)
                continue
        out.append((start, to, -1))
    return tuple(out)


def _as_move(step: tuple[int, int, int]) -> Move:
    start, to, remove = step
    move: Move = (
        {"type": "place", "to": POINTS[to]} if start < 0 else {"type": "move", "from": POINTS[start], "to": POINTS[to]}
    )
    if remove >= 0:
        move["remove"] = POINTS[remove]
    return move


@lru_cache(maxsize=1 << 12)
def _move_objects(board: str, seat: int, in_hand: int, pieces: int, flying: bool) -> tuple[Move, ...]:
    return tuple(_as_move(step) for step in moves_of(board, seat, in_hand, pieces, flying))


@lru_cache(maxsize=1 << 12)
def _move_index(board: str, seat: int, in_hand: int, pieces: int, flying: bool) -> dict[tuple[Any, ...], Move]:
    """The same move objects by (to, from, remove), for looking one up (never changed)."""
    objects = _move_objects(board, seat, in_hand, pieces, flying)
    return {(move.get("to"), move.get("from"), move.get("remove")): move for move in objects}


def _is_listed(state: MorrisState, seat: int, move: Move) -> bool:
    """Whether `move` is one of the moves listed for `seat`, who is to move, exactly as listed."""
    options = state["options"]
    index = _move_index(state["board"], seat, state["in_hand"][seat], options["pieces"], options["flying"])
    try:
        listed = index.get((move.get("to"), move.get("from"), move.get("remove")))
    except TypeError:  # an unhashable value: no listed move has one
        return False
    return listed is not None and listed == move


def state_moves(state: MorrisState) -> tuple[tuple[int, int, int], ...]:
    seat = state["turn"]
    options = state["options"]
    return moves_of(state["board"], seat, state["in_hand"][seat], options["pieces"], options["flying"])


def advance(state: MorrisState, seat: int, move: Move) -> None:
    """Play a legal move on `state` in place (`in_hand` and `last` are replaced, not changed)."""
    own = COLOUR[seat]
    cells = list(state["board"])
    to = INDEX[move["to"]]
    if move["type"] == "place":
        hands = list(state["in_hand"])
        hands[seat] -= 1
        state["in_hand"] = hands
    else:
        cells[INDEX[move["from"]]] = EMPTY
    cells[to] = own
    last: Last = {"to": move["to"]} if move["type"] == "place" else {"from": move["from"], "to": move["to"]}
    if "remove" in move:
        cells[INDEX[move["remove"]]] = EMPTY
        state["quiet"] = 0
        last["removed"] = move["remove"]
    elif move["type"] == "move":
        state["quiet"] += 1
    board = state["board"] = "".join(cells)
    state["last"] = last
    other = 1 - seat
    state["turn"] = other
    if board.count(COLOUR[other]) + state["in_hand"][other] < 3:
        state["over"], state["winner"], state["reason"] = True, seat, "too_few_pieces"
    elif not state_moves(state):
        state["over"], state["winner"], state["reason"] = True, seat, "no_move"
    elif state["quiet"] >= DRAW_QUIET_MOVES:
        state["over"], state["winner"], state["reason"] = True, None, "fifty_moves"


# `to_move`'s answers, built once: every move asks it.
NOBODY: frozenset[int] = frozenset()
ONLY = tuple(frozenset((seat,)) for seat in range(2))


class Morris(BaseEngine[MorrisState, MorrisView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> MorrisState:
        pieces = options["pieces"]
        return {
            "board": EMPTY * len(POINTS),
            "in_hand": [pieces, pieces],
            "turn": 0,
            "quiet": 0,
            "over": False,
            "winner": None,
            "reason": None,
            "last": None,
        }

    def to_move(self, state: MorrisState) -> frozenset[int]:
        return NOBODY if state["over"] else ONLY[state["turn"]]

    def legal_moves(self, state: MorrisState, seat: int) -> list[Move]:
        # Copies of cached objects: building the dicts anew each time was the playouts' hot spot.
        return [dict(move) for move in self.listed_moves(state, seat)]

    def listed_moves(self, state: MorrisState, seat: int) -> Sequence[Move]:
        if state["over"] or seat != state["turn"]:
            return ()
        options = state["options"]
        return _move_objects(state["board"], seat, state["in_hand"][seat], options["pieces"], options["flying"])

    def quick_listed(self, state: MorrisState, seat: int, move: Move) -> bool:
        # One lookup in the cached moves instead of comparing the move with each in turn.
        if state["over"] or seat != state["turn"]:
            return False
        return _is_listed(state, seat, move)

    def check_move(self, state: MorrisState, seat: int, move: Any) -> None:
        """The contract's check with the common case told first: the seat to move sends a move
        exactly as it is listed (one lookup in the cached index, where the general check asks
        `to_move` and `quick_listed` in turn: half of `apply`'s cost over the bare step).
        Anything else, refusals included, goes the general way and is named there."""
        if type(move) is dict and not state["over"] and seat == state["turn"] and _is_listed(state, seat, move):
            return
        super().check_move(state, seat, move)

    def copy_state(self, state: MorrisState) -> MorrisState:
        # `advance` replaces `in_hand` and `last` instead of changing them and never touches
        # the options; `apply` replaces the generator's dict. So a shallow copy suffices, as
        # in `successor`.
        return state.copy()

    def successor(self, state: MorrisState, seat: int, move: Move) -> MorrisState:
        """The search's fast path: the same rule code as `play`, without validation or events."""
        new_state = state.copy()
        advance(new_state, seat, move)
        return new_state

    def play(self, state: MorrisState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        advance(state, seat, move)
        # The events as `event` builds them, written out: they are a good part of a move's cost.
        if move["type"] == "place":
            events = [{"code": "placed", "seat": seat, "to": move["to"]}]
        else:
            events = [{"code": "moved", "seat": seat, "from": move["from"], "to": move["to"]}]
        if "remove" in move:
            events.append({"code": "removed", "seat": seat, "point": move["remove"]})
        if state["over"]:
            events.append(event("game_over", winner=state["winner"], reason=state["reason"]))
        return events

    def view(self, state: MorrisState, seat: int | None) -> MorrisView:
        return {**self.common_view(state, seat), "public": self.open_state(state)}

    def timeout_move(self, state: MorrisState, seat: int | None) -> Move:
        """Out of time: a move that wins, else one that closes a mill (taking the first
        piece on offer), else one after which the opponent cannot close a mill; on a tie the
        first in board order."""
        seat, legal = clock_moves(self, state, seat)

        def value(move: Move) -> tuple[bool, bool, bool]:
            child = self.successor(state, state["turn"], move)
            if child["over"]:
                return child["winner"] == state["turn"], True, True
            return False, "remove" in move, not any(remove >= 0 for _, _, remove in state_moves(child))

        return max(legal, key=value)

    def result(self, state: MorrisState) -> Result | None:
        if not state["over"]:
            return None
        winner = state["winner"]
        if winner is None:
            return {"placings": [1, 1], "scores": [0.5, 0.5]}
        return {
            "placings": [1 if s == winner else 2 for s in (0, 1)],
            "scores": [1 if s == winner else 0 for s in (0, 1)],
        }


ENGINE = Morris()
