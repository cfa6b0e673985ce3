"""Backgammon positions for the tests: boards from {point: checkers} in each seat's own numbering."""

from __future__ import annotations

from svc_boards.backgammon import ENGINE
from svc_boards.backgammon.rules import after

from rulekit import State


def board(points: dict[int, int], bar: int = 0) -> list[int]:
    counts = [0] * 25
    for point, count in points.items():
        counts[point - 1] = count
    counts[24] = bar
    return counts


def position(
    mine: dict[int, int],
    theirs: dict[int, int],
    dice: tuple[int, int],
    *,
    seat: int = 0,
    bar: int = 0,
    their_bar: int = 0,
) -> State:
    """`seat` to move with `dice`; its checkers `mine`, the other's `theirs`, the rest borne off."""
    state = ENGINE.setup(2, {}, b"position")
    boards = [board(mine, bar), board(theirs, their_bar)]
    if seat == 1:
        boards.reverse()
    state.update(board=boards, turn=seat, dice=list(dice), turns=1)
    state["off"] = [15 - sum(b) for b in boards]
    return state


def finals(state: State) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The positions (mover's board, other board) the legal turns reach."""
    seat = state["turn"]
    mine, theirs = state["board"][seat], state["board"][1 - seat]
    out = set()
    for move in ENGINE.legal_moves(state, seat):
        m, t = after(mine, theirs, move["steps"])
        out.add((tuple(m), tuple(t)))
    return out


def reach(state: State, *steps: tuple[int, int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The position the mover reaches with these steps (not checked for legality)."""
    seat = state["turn"]
    m, t = after(state["board"][seat], state["board"][1 - seat], [list(s) for s in steps])
    return tuple(m), tuple(t)


def dice_used(state: State) -> set[int]:
    """How many dice the legal turns use."""
    return {len(move["steps"]) for move in ENGINE.legal_moves(state, state["turn"])}
