"""Backgammon: fifteen checkers a side, two dice, hit, enter from the bar, bear off.

House rules (house-rules-de-en-es.txt, "Backgammon"). Decisions where the text is silent, also
written on the rules page:
- The usual starting position. The first turn: each seat rolls one die (equal dice are rolled
  again) and the higher die starts, playing those two dice.
- A whole turn is one move: the steps of every die it uses. The server lists every legal turn
  once per set of steps (in an order that is legal step by step; 24/21/20 and 24/23/20 are
  two turns), and only turns that use as many dice as possible; where only one die of two can be used, the
  larger one whenever it can be. A roll that allows no step at all passes the turn by itself
  (event `no_move`).
- Bearing off: exactly the point's number, or a higher die from the highest occupied point.
- The winner scores 1, a gammon (the loser has borne off nothing) 2, a backgammon (and still
  has a checker on the bar or in the winner's home board) 3, times the doubling cube's value.
- The doubling cube is a host option (`cube`, off by default; off, the cube stays at 1 and no
  turn has a decision before the roll). On, it is the money game's cube: it starts in the
  middle at 1. From the second turn on (the opening roll is played at once), a seat whose turn
  begins may double when the cube is in the middle or its own: its turn then starts with a
  decision, `roll` or `double`; otherwise the dice are rolled as without the cube. After a
  double the other seat answers `take` (the cube doubles and is the taker's; the doubler then
  rolls, and cannot double again, the cube being the taker's) or `drop` (the doubler wins the
  cube's value before the double at once, never a gammon; kind `drop`). The cube stops at
  CUBE_LIMIT (no double beyond it). No Jacoby rule: gammons count with the cube in the middle
  too. Out of time, a seat about to roll rolls and a seat facing a double takes (the game goes
  on rather than ending on the clock).
- A game still running after TURN_LIMIT turns (practically never) ends there: the lower pip
  count wins, equal counts draw.

State: `board[s]` is seat s's checkers counted from its own side, the way players and GNU
Backgammon number them: `board[s][p - 1]` for its points p = 1..24 (1..6 its home board, it
moves from 24 towards 1) and `board[s][24]` its bar. Seat s's point p is the other seat's point
25 - p. `off[s]` counts the checkers borne off. `turn` is the seat to move, `dice` its roll
(two numbers; a double is played four times), `turns` the turns played so far, `last` the
previous turn (seat, dice, steps) for the client. With the cube on, also `cube` (its value),
`cube_owner` (the seat that owns it, None in the middle) and `phase`: `decide` (the seat to
move has not rolled yet and may double; dice [0, 0]), `answer` (the seat to move faces a
double) or `move` (the dice are rolled).

Moves: `{"type": "move", "steps": [[from, to], ...]}` in the mover's numbering, `from` 1..25
(25 the bar) and `to` 0..24 (0 borne off), in an order that is legal step by step; with the
cube also `{"type": "roll"}`, `{"type": "double"}`, `{"type": "take"}`, `{"type": "drop"}`.
Events: `opening_roll` (dice: seat 0's, seat 1's), `rolled` (seat, dice), `moved` (seat,
steps, hits), `no_move` (seat, dice), `doubled` (seat, value: the cube if taken), `taken`
(seat, value), `dropped` (seat), `game_over` (seat, kind: single/gammon/backgammon/drop/
turn_limit, scores).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, cast

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

from .evaluation import evaluate
from .state import BackgammonState, BackgammonView

CHECKERS = 15
BAR = 25  # the bar as a step's `from`
OFF = 0  # borne off as a step's `to`
TURN_LIMIT = 2000
CUBE_LIMIT = 64
# Doubles the cube can take from 1 to CUBE_LIMIT.
CUBE_STEPS = CUBE_LIMIT.bit_length() - 1
# Seat s's own numbering, point -> checkers: 2 on 24, 5 on 13, 3 on 8, 5 on 6.
START = {24: 2, 13: 5, 8: 3, 6: 5}
KINDS = {1: "single", 2: "gammon", 3: "backgammon"}

META = GameMeta(
    id="backgammon",
    family="boards",
    min_seats=2,
    max_seats=2,
    chance=True,
    hidden_information=False,
    simultaneous=False,
    # A turn is one move; with the cube also a decision before the roll, and at most
    # CUBE_STEPS doubles taken (two moves each) and a last double dropped.
    longest_game=2 * TURN_LIMIT + 2 * CUBE_STEPS + 2,
    options=(Option("cube", "bool", False, "option.cube"),),
    cpu_levels=("random", "easy", "medium", "strong"),
    # A turn is a few taps and a confirm; thinking over a double takes a while.
    clock=MoveClock(relaxed_s=60, normal_s=30, fast_s=15),
    turn_based=True,
)

Board = list[int]  # 25 counts: points 1..24 at index 0..23, the bar at 24
Step = tuple[int, int]


def start_board() -> Board:
    board = [0] * 25
    for point, count in START.items():
        board[point - 1] = count
    return board


def pips(board: Board) -> int:
    """The pip count: how far the seat's checkers still have to go (the bar counts 25)."""
    return sum((index + 1) * count for index, count in enumerate(board))


def all_home(mine: Board) -> bool:
    return not any(mine[6:])


def step_targets(mine: Board, theirs: Board, die: int) -> list[Step]:
    """Every single step the mover can make with `die` (the bar first, bearing off only with
    every checker home)."""
    if mine[24]:
        to = BAR - die
        return [] if theirs[24 - to] >= 2 else [(BAR, to)]
    steps: list[Step] = []
    home = all_home(mine)
    highest = 0
    if home:
        for index in range(5, -1, -1):
            if mine[index]:
                highest = index + 1
                break
    for index in range(23, -1, -1):
        if not mine[index]:
            continue
        point = index + 1
        to = point - die
        if to >= 1:
            if theirs[24 - to] < 2:
                steps.append((point, to))
        elif home and (to == 0 or point == highest):
            steps.append((point, OFF))
    return steps


def do_step(mine: Board, theirs: Board, step: Step) -> bool:
    """Carry out one step in place; whether it hit a blot (which goes to the other bar)."""
    start, to = step
    mine[start - 1] -= 1
    if to == OFF:
        return False
    mine[to - 1] += 1
    if theirs[24 - to] == 1:
        theirs[24 - to] = 0
        theirs[24] += 1
        return True
    return False


def turns(mine: Board, theirs: Board, dice: list[int]) -> list[list[Step]]:
    """Every legal turn for the roll, one per set of steps (in an order legal step by step):
    as many dice as possible, the larger die where only one of two can be used."""
    found: dict[tuple[Step, ...], list[Step]] = {}
    best = [0]
    larger_used: dict[tuple[Step, ...], bool] = {}

    doubles = dice[0] == dice[1]
    larger_die = max(dice)

    def search(mine: Board, theirs: Board, left: list[int], done: list[Step], floor: int, first_die: int) -> None:
        progressed = False
        tried: set[int] = set()
        for i, die in enumerate(left):
            if die in tried:
                continue
            tried.add(die)
            for step in step_targets(mine, theirs, die):
                # Doubles: steps in order from the back, so each position is reached once
                # (moving the back checkers first never makes a later step illegal).
                if step[0] > floor:
                    continue
                progressed = True
                m, t = list(mine), list(theirs)
                do_step(m, t, step)
                search(m, t, left[:i] + left[i + 1 :], [*done, step], step[0] if doubles else BAR, first_die or die)
        if progressed:
            return
        used = len(done)
        if used < best[0]:
            return
        if used > best[0]:
            best[0] = used
            found.clear()
            larger_used.clear()
        # One move per set of steps: the order of the steps does not change where they lead.
        # A checker using both dice by either way round is two moves (different points
        # touched), so a client can offer the steps in any order the player taps them.
        key = tuple(sorted(done))
        with_larger = first_die == larger_die
        if key not in found or (with_larger and not larger_used[key]):
            found[key] = done
            larger_used[key] = with_larger

    roll = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    search(list(mine), list(theirs), roll, [], BAR, 0)
    if best[0] == 1 and dice[0] != dice[1]:
        # Only one die can be used: the larger one, where it can be.
        larger = [key for key, flag in larger_used.items() if flag]
        if larger:
            return [found[key] for key in larger]
    return list(found.values())


@lru_cache(maxsize=1 << 12)
def turns_of(mine: tuple[int, ...], theirs: tuple[int, ...], dice: tuple[int, ...]) -> tuple[tuple[Step, ...], ...]:
    """`turns` of a position, cached and never changed: a move's roll is settled by asking
    whether the next seat can move, and that seat's move is then checked against the same
    turns."""
    return tuple(tuple(steps) for steps in turns(list(mine), list(theirs), list(dice)))


@lru_cache(maxsize=1 << 12)
def turn_set(mine: tuple[int, ...], theirs: tuple[int, ...], dice: tuple[int, ...]) -> frozenset[tuple[Step, ...]]:
    """The same turns as a set, for looking one up."""
    return frozenset(turns_of(mine, theirs, dice))


def apply_steps(state: BackgammonState, seat: int, steps: list[Step]) -> int:
    """Play the steps on the state in place; the number of blots hit."""
    mine, theirs = state["board"][seat], state["board"][1 - seat]
    hits = 0
    for step in steps:
        hits += do_step(mine, theirs, (step[0], step[1]))
        if step[1] == OFF:
            state["off"][seat] += 1
    return hits


def after(mine: Board, theirs: Board, steps: list[list[int]]) -> tuple[Board, Board]:
    """Both boards after the mover plays `steps` (new lists)."""
    m, t = list(mine), list(theirs)
    for step in steps:
        do_step(m, t, (step[0], step[1]))
    return m, t


def best_by_evaluation(state: BackgammonState, seat: int, legal: list[Move]) -> Move:
    """The legal turn whose position `evaluate` scores highest; the first listed on a tie."""
    mine, theirs = state["board"][seat], state["board"][1 - seat]
    return max(legal, key=lambda move: evaluate(*after(mine, theirs, move["steps"])))


DECIDE = [{"type": "roll"}, {"type": "double"}]
ANSWER = [{"type": "take"}, {"type": "drop"}]


def may_double(state: BackgammonState, seat: int) -> bool:
    """Whether `seat` may double at the start of its turn: the cube is on, in the middle or
    its own, and below CUBE_LIMIT (and the game is not about to end on the turn limit)."""
    return (
        "cube" in state
        and state["cube"] < CUBE_LIMIT
        and state["cube_owner"] in (None, seat)
        and state["turns"] < TURN_LIMIT
    )


class Backgammon(BaseEngine[BackgammonState, BackgammonView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> BackgammonState:
        # The opening roll comes last: the key is in place, its value None until then.
        state = cast(
            BackgammonState,
            {
                "board": [start_board(), start_board()],
                "off": [0, 0],
                "turn": 0,
                "dice": [0, 0],
                "turns": 0,
                "over": False,
                "winner": None,
                "kind": None,
                "last": None,
                "opening": None,
            },
        )
        if options.get("cube"):
            state.update({"cube": 1, "cube_owner": None, "phase": "move"})
        while True:
            first, second = rng.die(6), rng.die(6)
            if first != second:
                break
        state["opening"] = [first, second]
        state["turn"] = 0 if first > second else 1
        state["dice"] = [first, second]
        self._settle(state, rng, [])
        return state

    def to_move(self, state: BackgammonState) -> frozenset[int]:
        return frozenset() if state["over"] else frozenset((state["turn"],))

    def legal_moves(self, state: BackgammonState, seat: int) -> list[Move]:
        if state["over"] or seat != state["turn"]:
            return []
        phase = state.get("phase", "move")
        if phase == "decide":
            return [dict(move) for move in DECIDE]
        if phase == "answer":
            return [dict(move) for move in ANSWER]
        mine, theirs = tuple(state["board"][seat]), tuple(state["board"][1 - seat])
        return [
            {"type": "move", "steps": [list(s) for s in steps]}
            for steps in turns_of(mine, theirs, tuple(state["dice"]))
        ]

    def quick_listed(self, state: BackgammonState, seat: int, move: Move) -> bool:
        # A turn is listed when its steps, in their order, are one of the cached turns.
        steps = move.get("steps")
        if len(move) != 2 or move["type"] != "move" or type(steps) is not list or seat != state["turn"]:
            return False
        if state["over"] or state.get("phase", "move") != "move":
            return False
        if any(type(s) is not list or len(s) != 2 or type(s[0]) is not int or type(s[1]) is not int for s in steps):
            return False
        board = state["board"]
        key = tuple((s[0], s[1]) for s in steps)
        return key in turn_set(tuple(board[seat]), tuple(board[1 - seat]), tuple(state["dice"]))

    def copy_state(self, state: BackgammonState) -> BackgammonState:
        return {
            **state,
            "board": [list(state["board"][0]), list(state["board"][1])],
            "off": list(state["off"]),
            "dice": list(state["dice"]),
            "rng": state["rng"].copy(),
            "options": dict(state["options"]),
        }

    def play(self, state: BackgammonState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        kind = move["type"]
        if kind == "roll":
            events: list[Event] = []
            state.update({"phase": "move", "dice": [rng.die(6), rng.die(6)]})
            self._settle(state, rng, events)
            return events
        if kind == "double":
            state.update({"phase": "answer", "turn": 1 - seat})
            return [event("doubled", seat=seat, value=2 * state["cube"])]
        if kind == "take":
            state.update({"cube": 2 * state["cube"], "cube_owner": seat, "phase": "move", "turn": 1 - seat})
            events = [event("taken", seat=seat, value=state["cube"])]
            state["dice"] = [rng.die(6), rng.die(6)]
            self._settle(state, rng, events)
            return events
        if kind == "drop":
            events = [event("dropped", seat=seat)]
            self._finish_on_drop(state, 1 - seat, events)
            return events
        steps = [(s[0], s[1]) for s in move["steps"]]
        hits = apply_steps(state, seat, steps)
        events = [event("moved", seat=seat, steps=[list(s) for s in steps], hits=hits)]
        state["last"] = {"seat": seat, "dice": list(state["dice"]), "steps": [list(s) for s in steps]}
        state["turns"] += 1
        if state["off"][seat] == CHECKERS:
            self._finish(state, seat, events)
            return events
        if not self._begin_turn(state, 1 - seat, rng):
            self._settle(state, rng, events)
        return events

    @staticmethod
    def _begin_turn(state: BackgammonState, seat: int, rng: Rng) -> bool:
        """Give `seat` the turn: a decision before the roll where it may double (True), else
        its dice (False; the caller settles the roll)."""
        state["turn"] = seat
        if may_double(state, seat):
            state.update({"phase": "decide", "dice": [0, 0]})
            return True
        state["dice"] = [rng.die(6), rng.die(6)]
        return False

    def _settle(self, state: BackgammonState, rng: Rng, events: list[Event]) -> None:
        """Announce the roll; pass the turn (rolling again) while the seat cannot move."""
        if state["turns"] == 0 and not events:
            events.append(event("opening_roll", dice=list(state["opening"])))
        while True:
            seat = state["turn"]
            events.append(event("rolled", seat=seat, dice=list(state["dice"])))
            if state["turns"] >= TURN_LIMIT:
                self._finish_on_pips(state, events)
                return
            if turns_of(tuple(state["board"][seat]), tuple(state["board"][1 - seat]), tuple(state["dice"])) != ((),):
                return
            events.append(event("no_move", seat=seat, dice=list(state["dice"])))
            state["last"] = {"seat": seat, "dice": list(state["dice"]), "steps": []}
            state["turns"] += 1
            if self._begin_turn(state, 1 - seat, rng):
                return

    @staticmethod
    def _finish(state: BackgammonState, winner: int, events: list[Event]) -> None:
        loser = 1 - winner
        value = 1
        if state["off"][loser] == 0:
            value = 2
            theirs = state["board"][loser]
            # The loser's bar, or its points 19..24 (the winner's home board).
            if theirs[24] or any(theirs[18:24]):
                value = 3
        state.update({"over": True, "winner": winner, "kind": KINDS[value], "dice": [0, 0]})
        scores = [0, 0]
        scores[winner] = value * state.get("cube", 1)
        state["scores"] = scores
        events.append(event("game_over", seat=winner, kind=KINDS[value], scores=scores))

    @staticmethod
    def _finish_on_pips(state: BackgammonState, events: list[Event]) -> None:
        counts = [pips(state["board"][0]), pips(state["board"][1])]
        winner = None if counts[0] == counts[1] else (0 if counts[0] < counts[1] else 1)
        scores = [0, 0]
        if winner is not None:
            scores[winner] = state.get("cube", 1)
        state.update({"over": True, "winner": winner, "kind": "turn_limit", "dice": [0, 0], "scores": scores})
        events.append(event("game_over", seat=winner, kind="turn_limit", scores=scores))

    @staticmethod
    def _finish_on_drop(state: BackgammonState, doubler: int, events: list[Event]) -> None:
        scores = [0, 0]
        scores[doubler] = state["cube"]
        state.update(
            {"over": True, "winner": doubler, "kind": "drop", "dice": [0, 0], "scores": scores, "phase": "move"}
        )
        events.append(event("game_over", seat=doubler, kind="drop", scores=scores))

    def view(self, state: BackgammonState, seat: int | None) -> BackgammonView:
        return {**self.common_view(state, seat), "public": self.open_state(state)}

    def timeout_move(self, state: BackgammonState, seat: int | None) -> Move:
        """Out of time: the turn the race-and-safety evaluation likes best (one ply, as the
        medium fallback level plays), the same choice for the same position. Before the roll
        the clock rolls (never doubles); facing a double it takes, so the game goes on."""
        seat, legal = clock_moves(self, state, seat)
        if state.get("phase") == "decide":
            return {"type": "roll"}
        if state.get("phase") == "answer":
            return {"type": "take"}
        return best_by_evaluation(state, seat, legal)

    def result(self, state: BackgammonState) -> Result | None:
        if not state["over"]:
            return None
        scores = state["scores"]
        if state["winner"] is None:
            return {"placings": [1, 1], "scores": scores}
        placings = [2, 2]
        placings[state["winner"]] = 1
        return {"placings": placings, "scores": scores}


ENGINE = Backgammon()
