"""The rule-engine contract (docs/design.md) and the base every engine builds on.

State, moves, views and events are plain JSON data. An engine is pure: no I/O, no clock
(time enters as `now_ms`), no randomness but the generator kept in the state.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Generic, Mapping, NotRequired, Protocol, Sequence, TypedDict, TypeVar, cast

from .clock import TURN_STARTED, MoveClock, clock_choice
from .errors import IllegalMove, Refusal
from .fastcopy import copy_json
from .options import Option, resolve_options, schema_json
from .rng import Rng, RngState, new_rng_state

State = dict[str, Any]
Move = dict[str, Any]
View = dict[str, Any]
Event = dict[str, Any]
Result = dict[str, Any]
# {"at_ms", "seat", "seats"}: when the clock runs out and for whom; `"window": True` marks the
# end of a phase everyone may act in (a buy window): it closes, nobody has run out of time.
Deadline = dict[str, Any]

SCHEMA_VERSION = 1


class CommonState(TypedDict):
    """The keys `BaseEngine.setup` adds to every game's state. A game's state TypedDict
    extends this; they are not required because `initial_state` returns the state without
    them, and a view's `public` part is the state less its generator."""

    schema: NotRequired[int]
    game: NotRequired[str]
    seats: NotRequired[int]
    options: NotRequired[dict[str, Any]]
    rng: NotRequired[RngState]
    turn_started_ms: NotRequired[int | None]


class BaseView(TypedDict):
    """The parts every view has (`BaseEngine.base_view`); a game's view TypedDict extends it
    with `public` and, where it has secrets, `private`."""

    game: str
    seat: int | None
    seats: int
    options: dict[str, Any]
    to_move: list[int]
    legal_moves: list[Move]
    result: Result | None


# A game's own state and view TypedDicts: `class Chess(BaseEngine[ChessState, ChessView])`.
# An engine left bare (`BaseEngine`, `Engine`) takes and gives plain dicts as before.
StateT = TypeVar("StateT", bound=Mapping[str, Any])
ViewT = TypeVar("ViewT", bound=Mapping[str, Any])
_S = TypeVar("_S", bound=Mapping[str, Any])
_J = TypeVar("_J")

# Keys of a legal-move template whose values the mover chooses within bounds.
RANGE_KEY = "range"  # {"amount": [min, max, step]}
TEXT_KEY = "text"  # {"answer": max_length}


@dataclass(frozen=True)
class GameMeta:
    """What a game declares about itself, at the top of its module."""

    id: str
    family: str
    min_seats: int
    max_seats: int
    chance: bool
    hidden_information: bool
    simultaneous: bool
    longest_game: int  # most moves a game can take; playout tests stop there
    options: tuple[Option, ...] = field(default_factory=tuple)
    cpu_levels: tuple[str, ...] = ("random",)
    seat_counts: tuple[int, ...] = ()  # allowed counts when not every count in the range is
    clock: MoveClock | None = None  # adds the host option `move_clock` to `options`
    # The placings are a team result: seats sharing a placing played on one side and are rated
    # as one team (Word Agents' two teams; Village Night's pack and village, known at the end).
    teams: bool = False
    # Players take turns, so a table may run over days with each player moving when they have
    # a minute (the lobby's turn-based setting). False where the game lives on everyone
    # acting at once or on a pace (a writing phase, calls, throws, a night's actions).
    turn_based: bool = False

    def __post_init__(self) -> None:
        if self.clock is not None and all(option.key != "move_clock" for option in self.options):
            object.__setattr__(self, "options", (*self.options, self.clock.option()))

    def allowed_seat_counts(self) -> tuple[int, ...]:
        return self.seat_counts or tuple(range(self.min_seats, self.max_seats + 1))

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "family": self.family,
            "min_seats": self.min_seats,
            "max_seats": self.max_seats,
            "seat_counts": list(self.allowed_seat_counts()),
            "chance": self.chance,
            "hidden_information": self.hidden_information,
            "simultaneous": self.simultaneous,
            "longest_game": self.longest_game,
            "options": schema_json(self.options),
            "cpu_levels": list(self.cpu_levels),
            "turn_based": self.turn_based,
            **({"clock": self.clock.to_json()} if self.clock is not None else {}),
            **({"teams": True} if self.teams else {}),
        }


class Engine(Protocol[StateT, ViewT]):
    meta: GameMeta

    def setup(self, seats: int, options: Mapping[str, Any], seed: bytes, now_ms: int = 0) -> StateT: ...
    def to_move(self, state: StateT) -> frozenset[int]: ...
    def legal_moves(self, state: StateT, seat: int) -> list[Move]: ...
    def apply(self, state: StateT, seat: int, move: Move, now_ms: int) -> tuple[StateT, list[Event]]: ...
    def view(self, state: StateT, seat: int | None) -> ViewT: ...
    def result(self, state: StateT) -> Result | None: ...
    def deadline(self, state: StateT) -> Deadline | None: ...
    def timeout_move(self, state: StateT, seat: int | None) -> Move: ...
    def apply_timeout(self, state: StateT, now_ms: int) -> tuple[StateT, list[Event]]: ...
    def determinize(self, view: ViewT, seat: int, seed: bytes) -> StateT: ...


def event(code: str, visible_to: list[int] | None = None, **params: Any) -> Event:
    """An event is a code with parameters; `visible_to` limits a private one to some seats."""
    out: Event = {"code": code, **params}
    if visible_to is not None:
        out["visible_to"] = sorted(visible_to)
    return out


def move_matches(legal: Move, move: Move) -> bool:
    """Whether `move` is `legal` itself, or an instance of it where `legal` is a template."""
    if RANGE_KEY not in legal and TEXT_KEY not in legal:
        return legal == move
    ranges: dict[str, list[int]] = legal.get(RANGE_KEY, {})
    texts: dict[str, int] = legal.get(TEXT_KEY, {})
    fixed = {k: v for k, v in legal.items() if k not in (RANGE_KEY, TEXT_KEY)}
    if set(move) != set(fixed) | set(ranges) | set(texts):
        return False
    if any(move[k] != v for k, v in fixed.items()):
        return False
    for key, (low, high, step) in ranges.items():
        value = move[key]
        if isinstance(value, bool) or not isinstance(value, int):
            return False
        if not low <= value <= high or (value - low) % step:
            return False
    for key, longest in texts.items():
        value = move[key]
        if not isinstance(value, str) or len(value) > longest:
            return False
    return True


class _NoDraws(Rng):
    """The generator a game without chance (`meta.chance` False) gets in `play`: one shared
    object, built once, that refuses to draw."""

    def __init__(self) -> None:
        super().__init__({"seed": "", "counter": 0})

    def _block(self) -> int:
        raise RuntimeError("a game declared without chance drew from the generator")


NO_DRAWS: Rng = _NoDraws()


def clone(state: _J) -> _J:
    """A deep copy of plain JSON data; `apply` works on one so the given state never changes."""
    result: _J = copy_json(state)
    return result


def to_json(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


class BaseEngine(Generic[StateT, ViewT]):
    """Shared plumbing: option resolution, validation through `legal_moves`, RNG handling.

    A game subclasses this and writes `initial_state`, `to_move`, `legal_moves`, `play`,
    `view` and `result`; the defaults cover games without clocks and, for perfect
    information, `determinize`.
    """

    meta: GameMeta

    # -- what a game writes -------------------------------------------------------------
    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> StateT:
        raise NotImplementedError

    def play(self, state: StateT, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        """Carry out a legal move on `state` (already a private copy); return its events."""
        raise NotImplementedError

    # -- the contract -------------------------------------------------------------------
    def setup(self, seats: int, options: Mapping[str, Any], seed: bytes, now_ms: int = 0) -> StateT:
        """A new game. `now_ms` starts the first turn's clock; 0 means "not known" (a caller
        without a clock), and the clock then starts with the first move."""
        if seats not in self.meta.allowed_seat_counts():
            raise Refusal("bad_seat_count", f"{self.meta.id} takes {list(self.meta.allowed_seat_counts())} seats")
        resolved = resolve_options(self.meta.options, options)
        rng = Rng(new_rng_state(seed))
        state = self.initial_state(seats, resolved, rng)
        fields = cast("dict[str, Any]", state)
        fields.update(schema=SCHEMA_VERSION, game=self.meta.id, seats=seats, options=resolved, rng=rng.to_state())
        fields[TURN_STARTED] = now_ms or None
        self.start_clock(state, now_ms)
        return state

    def to_move(self, state: StateT) -> frozenset[int]:
        raise NotImplementedError

    def legal_moves(self, state: StateT, seat: int) -> list[Move]:
        raise NotImplementedError

    def listed_moves(self, state: StateT, seat: int) -> Sequence[Move]:
        """`legal_moves` for reading only: what `check_move` validates against. A game whose
        `legal_moves` copies a cached list hands the cached one here, uncopied; nobody may
        change it or pass it on."""
        return self.legal_moves(state, seat)

    def quick_listed(self, state: StateT, seat: int, move: Move) -> bool:
        """Whether `move` is certainly one of `legal_moves(state, seat)`, told without listing
        them: a game whose moves are costly to list checks the one move here with the same
        rule code. True only when it is listed exactly as it is (same keys, values of the same
        types); False sends the move through the full check, which also names a refusal.
        Asked only once `seat` is known to be to move."""
        return False

    def check_move(self, state: StateT, seat: int, move: Any) -> None:
        """Raises the refusal `apply` would give; the single door every move goes through."""
        if not isinstance(move, dict) or not isinstance(move.get("type"), str):
            raise IllegalMove("malformed_move", "a move is an object with a type")
        # `to_move` is empty once the game is over, so the result is asked only to name a refusal.
        if seat not in self.to_move(state):
            if self.result(state) is not None:
                raise IllegalMove("game_over")
            raise IllegalMove("not_your_turn", f"seat {seat} is not to move")
        if self.quick_listed(state, seat, move):
            return
        legal_moves = self.listed_moves(state, seat)
        # Most moves are listed as they are: `in` compares them in C. A move carrying a
        # template's keys is never one of those, so it goes the long way.
        if move in legal_moves and RANGE_KEY not in move and TEXT_KEY not in move:
            return
        if not any(move_matches(legal, move) for legal in legal_moves):
            raise IllegalMove("illegal_move", to_json(move))

    def copy_state(self, state: StateT) -> StateT:
        """The private copy `apply` works on; a game that knows its state's shape copies faster."""
        return clone(state)

    def apply(self, state: StateT, seat: int, move: Move, now_ms: int) -> tuple[StateT, list[Event]]:
        self.check_move(state, seat, move)
        new_state = self.copy_state(state)
        fields = cast("dict[str, Any]", new_state)
        if self.meta.chance:
            rng = Rng(fields["rng"])
            events = self.play(new_state, seat, move, now_ms, rng)
            fields["rng"] = rng.to_state()
        else:
            # A game without chance never draws in a move: its generator stays as it was.
            events = self.play(new_state, seat, move, now_ms, NO_DRAWS)
        # A move starts the next turn's clock (0: a caller without a clock), unless others
        # were acting at the same time and still are. Without a running clock there is
        # nothing to continue, so who was to move (`state` is unchanged) is asked only then.
        if state.get(TURN_STARTED) is None or not self.clock_continues(state, new_state, self.to_move(state)):
            fields[TURN_STARTED] = now_ms or None
        return new_state, events

    def clock_continues(self, before: StateT, after: StateT, movers_before: frozenset[int]) -> bool:
        """Whether a move leaves the running clock as it was: where several seats act at once
        (everyone writes, votes, throws; buyers beside the seat to move), one seat's move
        must not give the others fresh time, nor may typing keep a round alive. The clock
        starts again when the phase changes or a seat comes to move that was not already."""
        if len(movers_before) < 2 or before.get(TURN_STARTED) is None:
            return False
        movers_after = self.to_move(after)
        return bool(movers_after) and movers_after <= movers_before and before.get("phase") == after.get("phase")

    def view(self, state: StateT, seat: int | None) -> ViewT:
        raise NotImplementedError

    def result(self, state: StateT) -> Result | None:
        raise NotImplementedError

    # -- the move clock -----------------------------------------------------------------
    def start_clock(self, state: StateT, now_ms: int) -> None:
        """Set up a game's own clock fields in a new state (a chess clock's banks); none here."""

    def clock_seconds(self, state: StateT) -> int | None:
        """The seconds each move may take under the state's `move_clock`, or None when off."""
        clock = self.meta.clock
        return None if clock is None else clock.seconds(clock_choice(state.get("options", {})))

    def clock_seats(self, state: StateT) -> list[int]:
        """The seats whose clock runs: every seat still to act (all throwers of a
        simultaneous phase)."""
        return sorted(self.to_move(state))

    def deadline(self, state: StateT) -> Deadline | None:
        seconds = self.clock_seconds(state)
        started = state.get(TURN_STARTED)
        if seconds is None or started is None or self.result(state) is not None:
            return None
        seats = self.clock_seats(state)
        if not seats:
            return None
        return {"at_ms": started + seconds * 1000, "seat": min(seats), "seats": seats}

    def timeout_move(self, state: StateT, seat: int | None) -> Move:
        """The move the clock makes for `seat`: a pure choice among its legal moves that a
        player of the game would accept. Every game with a clock chooses its own; there is
        no "first legal move" default."""
        raise NotImplementedError(f"{self.meta.id} has not chosen a default move for its clock")

    def play_timeout(self, state: StateT, seat: int, now_ms: int) -> tuple[StateT, list[Event]]:
        """Apply `seat`'s default move; a game whose default needs the generator overrides this."""
        return self.apply(state, seat, self.timeout_move(state, seat), now_ms)

    def apply_timeout(self, state: StateT, now_ms: int) -> tuple[StateT, list[Event]]:
        """The clock has run out: every seat in the deadline gets its default move, each
        announced by a `timed_out` event before the move's own events. A game with a game
        clock (a deadline without seats) overrides this."""
        deadline = self.deadline(state)
        if deadline is None or deadline["at_ms"] > now_ms:
            raise IllegalMove("illegal_move", "no clock has run out")
        events: list[Event] = []
        for seat in deadline["seats"]:
            # An earlier seat's default move may have settled this seat's turn too.
            if seat not in self.to_move(state):
                continue
            events.append(event("timed_out", seat=seat))
            state, move_events = self.play_timeout(state, seat, now_ms)
            events += move_events
        return state, events

    def determinize(self, view: ViewT, seat: int, seed: bytes) -> StateT:
        """Open games: the view's `public` part is the state less its generator; add a fresh one."""
        if self.meta.hidden_information:
            raise NotImplementedError(f"{self.meta.id} must sample hidden information")
        state = clone(view["public"])
        state["rng"] = new_rng_state(seed)
        return cast(StateT, state)

    # -- helpers for games ---------------------------------------------------------------
    @staticmethod
    def open_state(state: _S) -> _S:
        """The state less its generator: all of it a seat may see in a game without secrets.
        (Its type is the state's own: the generator is not a required key.)"""
        return cast(_S, {key: value for key, value in state.items() if key != "rng"})

    def base_view(self, state: StateT, seat: int | None) -> View:
        """`common_view` as a plain dict, for a game that adds its parts in place."""
        return cast(View, self.common_view(state, seat))

    def common_view(self, state: StateT, seat: int | None) -> BaseView:
        """The parts every view has: who is to move, the seat's legal moves, the result.

        A game adds `public` (what every seat sees; in an open game, `open_state(state)`)
        and, where it has secrets, `private` (what only this seat sees); a game with a view
        TypedDict builds it as `{**self.common_view(state, seat), "public": ...}`.
        """
        to_move = sorted(self.to_move(state))
        return {
            "game": state["game"],
            "seat": seat,
            "seats": state["seats"],
            "options": state["options"],
            "to_move": to_move,
            "legal_moves": self.legal_moves(state, seat) if seat is not None and seat in to_move else [],
            "result": self.result(state),
        }


def placings_from_scores(scores: Sequence[float], higher_wins: bool = True) -> list[int]:
    """Rank 1 is first; equal scores share a rank (1, 1, 3)."""
    ordered = sorted(scores, reverse=higher_wins)
    return [ordered.index(score) + 1 for score in scores]
