"""Seeded random playouts through the public engine interface, with invariants at every step.

Every game's tests call `run_playouts`. A failure names its seed, so it can be replayed with
`random_playout(engine, seats, options, bytes.fromhex(seed))`.
"""

from __future__ import annotations

import json
import random
import re
import string
from dataclasses import dataclass, field
from json.encoder import encode_basestring  # type: ignore[attr-defined]
from typing import Any, Callable, Generic, Iterable, Mapping

from .contract import RANGE_KEY, TEXT_KEY, Deadline, Engine, Event, Move, Result, StateT, move_matches, to_json
from .errors import IllegalMove

try:  # writes JSON many times faster; without it the checks are the same, only slower
    import orjson
except ImportError:  # pragma: no cover
    orjson = None  # type: ignore[assignment]

# Generic over the game's state: a typed game writes `Check[ChessState]` and its callbacks take
# its own TypedDict; bare (`Check`) they take any state, as for an engine left untyped.
HiddenFrom = Callable[[StateT, "int | None"], Iterable[Any]]
Check = Callable[[StateT, StateT, int, Move, list[Event]], None]
Chooser = Callable[[Engine[StateT, Any], StateT, int, random.Random], Move]


@dataclass
class Playout(Generic[StateT]):
    seed: bytes
    seats: int
    # The state the game reached: the first one until it ends.
    final_state: StateT
    steps: int = 0
    events: list[Event] = field(default_factory=list)
    moves: list[tuple[int, Move]] = field(default_factory=list)


class PlayoutFailure(AssertionError):
    pass


def instantiate(legal: Move, rnd: random.Random) -> Move:
    """A concrete move from a legal move or a template (ranges and free text)."""
    move = {k: v for k, v in legal.items() if k not in (RANGE_KEY, TEXT_KEY)}
    for key, (low, high, step) in legal.get(RANGE_KEY, {}).items():
        move[key] = low + step * rnd.randrange((high - low) // step + 1)
    for key, longest in legal.get(TEXT_KEY, {}).items():
        move[key] = "".join(rnd.choice(string.ascii_letters) for _ in range(rnd.randrange(longest + 1)))
    return move


def random_choice(engine: Engine[StateT, Any], state: StateT, seat: int, rnd: random.Random) -> Move:
    return instantiate(rnd.choice(engine.legal_moves(state, seat)), rnd)


def final_result(engine: Engine[StateT, Any], state: StateT) -> Result:
    """The result of a game that has ended, for the checks of finished games."""
    result = engine.result(state)
    assert result is not None, "the game has ended without a result"
    return result


def leaves(data: Any) -> Iterable[Any]:
    """Every scalar in a JSON tree, keys included."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from leaves(value)
    elif isinstance(data, list):
        for item in data:
            yield from leaves(item)
    else:
        yield data


def _fail(run: Playout, message: str) -> None:
    raise PlayoutFailure(f"seed={run.seed.hex()} seats={run.seats} step={run.steps}: {message}")


# A JSON number, whole; and every string (keys too) or number of JSON text, where a string's
# digits belong to the string.
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
_TOKEN = re.compile(r'"([^"\\]*(?:\\.[^"\\]*)*)"|(' + _NUMBER.pattern + ")")


@dataclass(frozen=True)
class _Wanted:
    """How the secrets would read in JSON text: a string as its quoted text (between the
    quotes), a whole number as its digits, or quoted where it was a dict's key."""

    strings: frozenset[str]
    numbers: frozenset[str]


def _wanted(secret: set[Any]) -> _Wanted | None:
    """None when a secret is neither a string nor a whole number: only the full walk over
    the scalars compares those (a float equal to a number, say)."""
    # The common case in one look: every secret a string that JSON writes as it is.
    try:
        joined = "".join(secret)
    except TypeError:  # a number among them
        pass
    else:
        if joined.isprintable() and '"' not in joined and "\\" not in joined:
            return _Wanted(frozenset(secret), frozenset())
    strings, numbers = set(), set()
    for value in secret:
        if isinstance(value, str):
            # Both writers escape only quotes, backslashes and control characters.
            quoted = value if value.isprintable() and '"' not in value and "\\" not in value else _quoted(value)
            if quoted is None:
                return None
            strings.add(quoted)
        elif isinstance(value, int):
            digits = str(int(value))
            numbers.add(digits)
            strings.add(digits)
        else:
            return None
    return _Wanted(frozenset(strings), frozenset(numbers))


def _may_carry(text: str, wanted: _Wanted) -> bool:
    """Whether JSON `text` holds a string or number that `wanted` names. Never wrong when it
    says no; a yes is confirmed by the walk (a quoted number may be a string, not a key)."""
    if "\\" in text:  # an escaped quote would end a string too early for the split below
        found = _TOKEN.findall(text)
        return not wanted.strings.isdisjoint(q for q, _ in found) or not wanted.numbers.isdisjoint(n for _, n in found)
    pieces = text.split('"')
    if not wanted.strings.isdisjoint(pieces[1::2]):
        return True
    return bool(wanted.numbers) and not wanted.numbers.isdisjoint(_NUMBER.findall(" ".join(pieces[0::2])))


def _compact(data: Any) -> tuple[str, bool]:
    """The compact JSON text of a view or event, and whether its strings read as `_quoted`
    writes them (not where orjson cannot write it: a number as a key, a lone surrogate)."""
    if orjson is None:
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False), True
    try:
        return orjson.dumps(data).decode(), True
    except TypeError:
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False), False


def _quoted(value: str) -> str | None:
    """A string as `_compact` writes it, between its quotes."""
    if orjson is None:
        return str(encode_basestring(value))[1:-1]
    try:
        return orjson.dumps(value).decode()[1:-1]
    except TypeError:
        return None


def _state_text(state: Mapping[str, Any]) -> bytes | str:
    """A state's canonical JSON text (keys sorted), the same for equal states, whose parse
    equals the state where it round-trips; orjson's where it can write the state."""
    if orjson is not None:
        try:
            return orjson.dumps(state, option=orjson.OPT_SORT_KEYS)
        except TypeError:  # a number as a key, an integer beyond 64 bits: as the store writes it
            pass
    return to_json(state)


def _parsed(text: bytes | str) -> Any:
    return orjson.loads(text) if isinstance(text, bytes) else json.loads(text)


def _leaked(secret: set[Any], part: Any) -> set[Any]:
    """The strings and whole numbers in `part` (keys included, booleans not) that are secret."""
    return secret.intersection(v for v in leaves(part) if isinstance(v, (str, int)) and not isinstance(v, bool))


def _check_private(
    run: Playout[StateT],
    engine: Engine[StateT, Any],
    state: StateT,
    hidden_from: HiddenFrom[StateT] | None,
    events: list[Event],
    legal: dict[int, list[Move]],
) -> None:
    """No view carries the generator, each seat's view lists its legal moves (`legal`, the
    seats to move's), and no view or delivered event carries what `hidden_from` hides.

    Each view is serialised once, for the generator and for the secrets: a secret is looked
    up in that text, and only one found there is confirmed by the walk over every scalar."""
    seed_hex = state["rng"]["seed"]
    seats: list[int | None] = [*range(state["seats"]), None]
    event_texts = [_compact(e) for e in events] if hidden_from is not None else []
    for seat in seats:
        view = engine.view(state, seat)
        text, exact = _compact(view)
        if '"rng"' in text or seed_hex in text:
            _fail(run, f"view of seat {seat} carries the generator")
        if seat is not None and view.get("legal_moves") != legal.get(seat, []):
            _fail(run, f"view of seat {seat} lists other legal moves than legal_moves")
        if hidden_from is None:
            continue
        secret = set(hidden_from(state, seat))
        if not secret:
            continue
        wanted = _wanted(secret)
        delivered, texts = [], []
        for e, written in zip(events, event_texts, strict=True):
            if seat is not None and seat in e.get("visible_to", [seat]) or "visible_to" not in e:
                delivered.append(e)
                texts.append(written)
        for part, name, part_texts in ((view, "view", [(text, exact)]), (delivered, "events", texts)):
            if wanted is not None and not any(not ok or _may_carry(t, wanted) for t, ok in part_texts):
                continue
            leaked = _leaked(secret, part)
            if leaked:
                _fail(run, f"{name} of seat {seat} carries hidden {sorted(map(str, leaked))[:3]}")


def random_playout(
    engine: Engine[StateT, Any],
    seats: int,
    options: Mapping[str, Any] | None,
    seed: bytes,
    *,
    hidden_from: HiddenFrom[StateT] | None = None,
    check: Check[StateT] | None = None,
    choose: Chooser[StateT] = random_choice,
    step_ms: int = 1000,
    scan_views: bool = True,
    contract_checks: bool = True,
) -> Playout:
    """Play one game with random legal moves, checking the contract at every step.

    `scan_views=False` skips serialising every seat's view each step (most of a playout's
    cost at a big table). `contract_checks=False` also skips, at every step, serialising the
    state (to prove `apply` left its input alone and the state round-trips through JSON) and
    the illegal-move probe, and applying the clock's timeout (`apply_timeout`, whose state
    must pass the same checks; the playout goes on from the random move). What stays at
    every step: result and to_move agree, placings, the length bound, a legal move for
    every seat to move, the out-of-turn refusal, every timed-out seat's `timeout_move`
    among its legal moves, and `check`.
    """
    rnd = random.Random(seed)
    # The game starts at a known time, so a clock runs from the first turn on.
    now_ms = step_ms
    state = engine.setup(seats, dict(options or {}), seed, now_ms)
    run = Playout(seed=seed, seats=seats, final_state=state)
    events: list[Event] = []
    # The state's JSON text, kept from step to step: serialising is most of a playout's cost.
    before: bytes | str = _state_text(state) if contract_checks else ""
    while True:
        result = engine.result(state)
        to_move = engine.to_move(state)
        if (result is None) == (not to_move):
            _fail(run, f"result {result} but to_move {sorted(to_move)}")
        # Asked once per state: the view scan and the move below both use them.
        legal = {seat: engine.legal_moves(state, seat) for seat in sorted(to_move)}
        if scan_views:
            _check_private(run, engine, state, hidden_from, events, legal)
        if result is not None:
            placings = result.get("placings")
            if not isinstance(placings, list) or len(placings) != seats or not all(1 <= p <= seats for p in placings):
                _fail(run, f"bad placings {placings}")
            break
        if run.steps >= engine.meta.longest_game:
            _fail(run, f"longer than longest_game={engine.meta.longest_game}")
        for seat, moves in legal.items():
            if not moves:
                _fail(run, f"seat {seat} is to move without a legal move")
        idle = [s for s in range(seats) if s not in to_move]
        if idle:
            _expect_refusal(run, engine, state, idle[0], legal[min(to_move)][0], "not_your_turn", now_ms)
        if contract_checks:
            _expect_refusal(run, engine, state, min(to_move), {"type": "__no_such_move__"}, "illegal_move", now_ms)
        deadline = engine.deadline(state)
        if deadline is not None:
            _check_timeout(run, engine, state, deadline, legal, thorough=contract_checks)
        seat = rnd.choice(sorted(to_move))
        # The legal moves are already at hand; the default chooser would only ask again.
        move = (
            instantiate(rnd.choice(legal[seat]), rnd) if choose is random_choice else choose(engine, state, seat, rnd)
        )
        now_ms += step_ms
        new_state, events = engine.apply(state, seat, move, now_ms)
        after: bytes | str = ""
        if contract_checks:
            if _state_text(state) != before:
                _fail(run, "a refused move or apply changed the state it was given")
            after = _state_text(new_state)
            if _parsed(after) != new_state:
                _fail(run, "state does not round-trip through JSON")
        if check is not None:
            check(state, new_state, seat, move, events)
        run.steps += 1
        run.moves.append((seat, move))
        run.events.extend(events)
        state, before = new_state, after
    run.final_state = state
    return run


def _check_state(run: Playout[StateT], engine: Engine[StateT, Any], state: StateT) -> None:
    """The invariants of a state reached other than by a random move (a timeout)."""
    result, to_move = engine.result(state), engine.to_move(state)
    if (result is None) == (not to_move):
        _fail(run, f"result {result} but to_move {sorted(to_move)}")
    if result is not None and len(result.get("placings", [])) != run.seats:
        _fail(run, f"bad placings {result.get('placings')}")
    for seat in to_move:
        if not engine.legal_moves(state, seat):
            _fail(run, f"seat {seat} is to move without a legal move")


def _check_timeout(
    run: Playout[StateT],
    engine: Engine[StateT, Any],
    state: StateT,
    deadline: Deadline,
    legal: dict[int, list[Move]],
    thorough: bool,
) -> None:
    """Every timed-out seat's default move is legal; in the thorough mode the timeout is also
    applied and its state checked."""
    seats = deadline.get("seats", [])
    if deadline.get("seat") != (min(seats) if seats else None):
        _fail(run, f"deadline seat {deadline.get('seat')} is not the first of {seats}")
    for seat in seats:
        if seat not in legal:
            _fail(run, f"the clock runs for seat {seat}, who is not to move")
        move = engine.timeout_move(state, seat)
        if not any(move_matches(option, move) for option in legal[seat]):
            _fail(run, f"timeout move {move} of seat {seat} is not legal")
    if not thorough:
        return
    try:
        timed_out, events = engine.apply_timeout(state, deadline["at_ms"])
    except IllegalMove as refusal:
        _fail(run, f"apply_timeout refused at its own deadline: {refusal}")
        return
    # Whether it left `state` alone is checked with the random move's apply, against `before`.
    if _parsed(_state_text(timed_out)) != timed_out:
        _fail(run, "state after a timeout does not round-trip through JSON")
    announced = [e["seat"] for e in events if e.get("code") == "timed_out"]
    if deadline.get("window"):
        # A window's end (a buy window) closes a phase for everyone: nobody ran out of time.
        if announced:
            _fail(run, f"a window's end names seats {announced} as timed out")
    elif not announced or not set(announced) <= set(seats):
        _fail(run, f"timeout events name seats {announced}, the deadline {seats}")
    _check_state(run, engine, timed_out)


def _expect_refusal(
    run: Playout[StateT], engine: Engine[StateT, Any], state: StateT, seat: int, move: Move, code: str, now_ms: int
) -> None:
    try:
        engine.apply(state, seat, move, now_ms)
    except IllegalMove as refusal:
        if refusal.code != code:
            _fail(run, f"expected {code}, got {refusal.code}")
        return
    _fail(run, f"move {move} by seat {seat} was not refused with {code}")


def run_playouts(
    engine: Engine[StateT, Any],
    games: int,
    *,
    seat_counts: Iterable[int] | None = None,
    options: Mapping[str, Any] | None = None,
    label: str = "playout",
    hidden_from: HiddenFrom[StateT] | None = None,
    check: Check[StateT] | None = None,
    replay_every: int = 50,
    scanned: int | None = None,
    thorough: int | None = None,
    after_game: Callable[[Playout[StateT]], None] | None = None,
    keep: bool = True,
    first: int = 0,
    choose: Chooser[StateT] = random_choice,
) -> list[Playout[StateT]]:
    """`games` seeded random games per seat count; every `replay_every`-th is replayed to
    prove that the same seed gives the same game. The first `scanned` games per seat count
    (all when None) also scan every view and delivered event for hidden information; the
    first `thorough` (all when None) run the contract checks of `random_playout`.

    `after_game` sees each finished game; with `keep=False` the games are not returned, so
    thousands of long games do not pile up in memory. `first` numbers the games from there,
    so a long series can be split into blocks that run in parallel and give the same games.
    `choose` picks each move (uniformly among the legal ones unless a title says otherwise)."""
    counts = list(seat_counts or engine.meta.allowed_seat_counts())
    runs: list[Playout[StateT]] = []
    for seats in counts:
        for index in range(first, first + games):
            seed = f"{label}:{engine.meta.id}:{seats}:{index}".encode()
            scan = scanned is None or index < scanned
            full = thorough is None or index < thorough
            run = random_playout(
                engine,
                seats,
                options,
                seed,
                hidden_from=hidden_from,
                check=check,
                scan_views=scan,
                contract_checks=full,
                choose=choose,
            )
            if index % replay_every == 0:
                again = random_playout(
                    engine, seats, options, seed, scan_views=False, contract_checks=False, choose=choose
                )
                if to_json(again.final_state) != to_json(run.final_state) or again.events != run.events:
                    _fail(run, "the same seed gave another game")
            if after_game is not None:
                after_game(run)
            if keep:
                runs.append(run)
    return runs
