"""How a race-game player weighs its pieces: shared by the CPU levels and the move clock.

`position_value` scores a position for one seat: pieces far along, safe in the lane, and out
of reach of the pieces behind them are worth more; the opponents' progress counts against
it. `best_move` plays each legal piece move through the engine and keeps the best resulting
position (capture, escape, block and entering all show up there), `front_runner` moves the
piece furthest ahead, the simple way. A title whose seats win differently (Mensch 1 vs 1: one
of a player's two colours complete is enough) weighs its colours itself with `colour_value`
and hands `best_move` its own `value`."""

from __future__ import annotations

from collections.abc import Callable

from rulekit import Move

from .engine import RaceEngine, progress_of
from .state import RaceState
from .track import HOME, Track

Reach = Callable[[RaceState, int], bool]
Value = Callable[[RaceState, int], float]

# How much a piece standing within reach of a foreign piece loses of its worth, per unit of
# `threats` (about a hit's chance next time round).
DANGER = 1.5


def threats(engine: RaceEngine, state: RaceState, colour: int, where: int) -> float:
    """How likely the ring field `where` is hit by another colour's piece next time round:
    each foreign piece 1–6 fields behind counts 1/6, one 7–12 behind a little, and a
    foreign colour with a piece at home whose start field it is counts 1/6."""
    track = engine.track(state)
    danger = 0.0
    for other, progress_list in enumerate(state["pieces"]):
        if progress_list is None or other == colour:
            continue
        for progress in progress_list:
            if progress == HOME:
                continue
            gap = track.distance_behind(progress, other, where)
            if gap is not None and gap <= 6:
                danger += 1 / 6
            elif gap is not None and gap <= 12:
                danger += 1 / 36
        if HOME in progress_list and track.start(other) == where:
            danger += 1 / 6
    return danger


def position_value(engine: RaceEngine, state: RaceState, seat: int, safe: Reach | None = None) -> float:
    """The seat's standing (higher is better), its own colours against everyone else's."""
    track = engine.track(state)
    mine = 0.0
    theirs = 0.0
    for colour, progress_list in enumerate(state["pieces"]):
        if progress_list is None:
            continue
        value = 0.0
        for progress in progress_list:
            value += _piece_value(engine, state, track, colour, progress, safe)
        if colour in state["colours"][seat]:
            mine += value
        else:
            theirs += value
    others = max(1, sum(1 for p in state["pieces"] if p is not None) - len(state["colours"][seat]))
    if state["places"][seat] is not None:
        mine += 1000
    return mine - theirs / others


def colour_value(
    engine: RaceEngine, state: RaceState, colour: int, safe: Reach | None = None, danger: float = DANGER
) -> float:
    """What one colour's pieces are worth where they stand (the sum `position_value` counts
    for each colour): far along and in the lane is worth more, within reach of a foreign piece
    less, by `danger`."""
    track = engine.track(state)
    pieces = state["pieces"][colour]
    if pieces is None:
        return 0.0
    return sum(_piece_value(engine, state, track, colour, progress, safe, danger) for progress in pieces)


def _piece_value(
    engine: RaceEngine,
    state: RaceState,
    track: Track,
    colour: int,
    progress: int,
    safe: Reach | None,
    danger: float = DANGER,
) -> float:
    if progress == HOME:
        return 0.0
    if track.in_lane(progress):
        return track.lap + 12 + (progress - track.lap)
    value: float = 8 + progress
    where = track.field(colour, progress)
    assert where is not None
    if safe is None or not safe(state, where):
        value -= threats(engine, state, colour, where) * (8 + progress) * danger
    return value


def best_move(
    engine: RaceEngine,
    state: RaceState,
    seat: int,
    legal: list[Move],
    safe: Reach | None = None,
    value: Value | None = None,
) -> Move:
    """The piece move whose resulting position is worth most (ties: the piece furthest
    ahead); a roll when rolling is all there is. `value(state, seat)` scores a position
    (`position_value` with `safe` unless a title gives its own)."""
    if len(legal) == 1:
        return dict(legal[0])
    best: tuple[float, int] | None = None
    chosen = legal[0]
    for move in legal:
        after, _ = engine.apply(state, seat, move, 0)
        worth = value(after, seat) if value is not None else position_value(engine, after, seat, safe)
        score = (worth, progress_of(state, seat, move["piece"]))
        if best is None or score > best:
            best, chosen = score, move
    return dict(chosen)


def front_runner(state: RaceState, seat: int, legal: list[Move]) -> Move:
    """Move the piece furthest along (bringing one out only when nothing else moves)."""
    return dict(max(legal, key=lambda move: progress_of(state, seat, move["piece"]) if move["type"] == "move" else 0))
