"""Dots and Boxes CPU levels, from the seat's view.

easy: closes a box when it can, else draws a safe line (one that gives no box its third
side) at random, else any line.
strong: knows chains. While safe lines remain it takes every free box and, in two-player
games once few safe lines are left, searches them for the long-chain rule: which player
will have to open the first chain. With no safe line left it opens the component that loses
least (short chains first, a two-chain in the middle so it cannot be declined), and when
handed a chain or a loop it keeps control with a double-cross (leaving the last two boxes,
or four of a loop) whenever the rest is worth more than the boxes it gives away.
With three or four players it plays the same endgame against the next seat alone.
"""

from __future__ import annotations

import random
import time
from typing import cast

from rulekit import Move, stopping
from rulekit.players import Ask, Choice

from .chains import Component, components, control
from .rules import ENGINE, closes, is_safe, sides_drawn, take_all, undrawn_lines
from .state import DotsAndBoxesState, DotsAndBoxesView

# The safe-line search runs only this late, and gives up (a random safe line) past these.
SEARCH_SAFE_LINES = 14
SEARCH_NODES = 40_000
SEARCH_MS = 600


def _lines(state: DotsAndBoxesState) -> list[Move]:
    return [{"type": "line", "dir": d, "row": r, "col": c} for d, r, c in undrawn_lines(state)]


def safe_lines(state: DotsAndBoxesState) -> list[Move]:
    """The safe lines, counted once per box (the search's hot path)."""
    rows, columns = state["options"]["rows"], state["options"]["columns"]
    h, v = state["h"], state["v"]
    sides = [
        (h[r * columns + c] >= 0)
        + (h[(r + 1) * columns + c] >= 0)
        + (v[r * (columns + 1) + c] >= 0)
        + (v[r * (columns + 1) + c + 1] >= 0)
        for r in range(rows)
        for c in range(columns)
    ]
    out = []
    for r in range(rows + 1):
        for c in range(columns):
            if (
                h[r * columns + c] < 0
                and (r == 0 or sides[(r - 1) * columns + c] <= 1)
                and (r == rows or sides[r * columns + c] <= 1)
            ):
                out.append({"type": "line", "dir": "h", "row": r, "col": c})
    for r in range(rows):
        for c in range(columns + 1):
            if (
                v[r * (columns + 1) + c] < 0
                and (c == 0 or sides[r * columns + c - 1] <= 1)
                and (c == columns or sides[r * columns + c] <= 1)
            ):
                out.append({"type": "line", "dir": "v", "row": r, "col": c})
    return out


def _open_boxes(state: DotsAndBoxesState) -> tuple[int, ...]:
    return tuple(i for i, owner in enumerate(state["boxes"]) if owner < 0)


def easy(ask: Ask) -> Choice:
    state = ENGINE.determinize(cast(DotsAndBoxesView, ask.view), ask.seat, ask.seed)
    rnd = random.Random(ask.seed)
    legal = ENGINE.legal_moves(state, ask.seat)
    closing = [m for m in legal if closes(state, m)]
    if closing:
        return Choice(rnd.choice(closing))
    safe = [m for m in legal if is_safe(state, m)]
    return Choice(rnd.choice(safe or legal))


def strong(ask: Ask) -> Choice:
    state = ENGINE.determinize(cast(DotsAndBoxesView, ask.view), ask.seat, ask.seed)
    rnd = random.Random(ask.seed)
    legal = ENGINE.legal_moves(state, ask.seat)
    rnd.shuffle(legal)
    closing = [m for m in legal if closes(state, m)]
    safe = [m for m in legal if is_safe(state, m)]
    if closing:
        if not safe:
            declined = double_cross(state, legal)
            if declined is not None:
                return Choice(declined)
        return Choice(max(closing, key=lambda m: len(closes(state, m))))
    if safe:
        if state["seats"] == 2 and len(safe) <= SEARCH_SAFE_LINES:
            found, nodes = search_safe(state, safe, min(ask.budget_ms, SEARCH_MS))
            if found is not None:
                return Choice(found, nodes)
        return Choice(safe[0])
    return Choice(best_opening(state, legal))


def double_cross(state: DotsAndBoxesState, legal: list[Move]) -> Move | None:
    """The line that leaves the last two boxes of a chain (or four of a loop) to the next
    player, if that is worth more than taking them: the next player must then open the rest."""
    after, gift = take_all(state)
    if gift not in (2, 4) or not _open_boxes(after):
        return None
    rest = control(components(after))
    # Declining: -gift and the next player opens the rest; taking: +gift and we open it.
    if -gift - rest <= gift + rest:
        return None
    if gift == 4 and sum(1 for b in _open_boxes(state) if _sides(state, b) == 3) != 2:
        return None  # four boxes of a chain: take two first, decline the last two
    target = _open_boxes(after)
    for move in legal:
        if closes(state, move):
            continue
        declined = ENGINE.successor(state, state["turn"], move)
        taken_after, taken = take_all(declined)
        if taken == gift and _open_boxes(taken_after) == target:
            return move
    return None


def _sides(state: DotsAndBoxesState, box: int) -> int:
    columns = state["options"]["columns"]
    return sides_drawn(state, box // columns, box % columns)


def best_opening(state: DotsAndBoxesState, legal: list[Move]) -> Move:
    """With no safe line left: the line whose component costs least, the next player taking
    all of it or declining the end as suits them."""
    before = sorted(components(state))

    def value(move: Move) -> tuple[int, int]:
        opened = ENGINE.successor(state, state["turn"], move)
        after, gift = take_all(opened)
        parts = components(after)
        rest = control(parts)
        taken_all = -(gift + rest)
        kind = _removed(before, parts, gift)
        if kind == "loop":
            worth = min(taken_all, 8 - gift + rest)
        elif kind == "chain" and gift >= 2 and not _both_ends_open(opened, gift):
            worth = min(taken_all, 4 - gift + rest)
        else:
            worth = taken_all
        return worth, -gift

    return max(legal, key=value)


def _removed(before: list[Component], after: list[Component], gift: int) -> str | None:
    """The kind of the one component taken whole, if that is what happened."""
    rest = list(before)
    for part in after:
        if part not in rest:
            return None
        rest.remove(part)
    if len(rest) == 1 and rest[0][1] == gift:
        return rest[0][0]
    return None


def _both_ends_open(state: DotsAndBoxesState, gift: int) -> bool:
    """A two-box chain opened in the middle: both boxes closable now, nothing to decline."""
    return gift == 2 and sum(1 for b in _open_boxes(state) if _sides(state, b) == 3) == 2


class _Budget(Exception):
    pass


def search_safe(state: DotsAndBoxesState, safe: list[Move], budget_ms: int) -> tuple[Move | None, int]:
    """Negamax over the safe lines alone: no box changes hands until they run out, and then
    the player to move must open a component (`control`). None when the budget runs out."""
    deadline = time.perf_counter() + budget_ms / 1000
    stop = stopping.current()
    if stop.deadline is not None:
        deadline = min(deadline, stop.deadline)
    table: dict[tuple[bool, ...], int] = {}
    nodes = 0

    def key(node: DotsAndBoxesState) -> tuple[bool, ...]:
        return tuple(x >= 0 for x in node["h"] + node["v"])

    def value(node: DotsAndBoxesState) -> int:
        nonlocal nodes
        nodes += 1
        if nodes > SEARCH_NODES or time.perf_counter() > deadline or stop.is_set():
            raise _Budget
        k = key(node)
        if k in table:
            return table[k]
        moves = safe_lines(node)
        if not moves:
            result = control(components(node))
        else:
            result = max(-value(ENGINE.successor(node, node["turn"], m)) for m in moves)
        table[k] = result
        return result

    try:
        scored = [(-value(ENGINE.successor(state, state["turn"], m)), i) for i, m in enumerate(safe)]
    except _Budget:
        return None, nodes
    return safe[max(scored)[1]], nodes


LEVELS = {"easy": easy, "strong": strong}
