"""What the platform knows of draughts beyond its rules: CPU levels, test budget, invariants."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration
from rulekit.playout import Playout

from . import ENGINE
from .cpu import LEVELS
from .rules import DRAW_KING_MOVES, FORWARD, KINGS, MEN, OWN, RAYS, ROW_OF, moves_of
from .state import DraughtsState


def can_jump(board: str, seat: int) -> bool:
    """Whether any piece of `seat` has a first jump: a man over an adjacent enemy forwards, a
    king over the first piece along any diagonal, each onto a free square behind (worked out
    here apart from the rules' own move generator)."""
    for i, cell in enumerate(board):
        if cell not in OWN[seat]:
            continue
        directions = FORWARD[seat] if cell == MEN[seat] else range(4)
        for d in directions:
            ray = RAYS[i][d]
            k = 0
            if cell == KINGS[seat]:
                while k < len(ray) and board[ray[k]] == ".":
                    k += 1
            if k + 1 < len(ray) and board[ray[k]] in OWN[1 - seat] and board[ray[k + 1]] == ".":
                return True
    return False


def check(before: DraughtsState, after: DraughtsState, seat: int, move: Move, events: list[Event]) -> None:
    """Only the mover's piece moves; exactly the reported pieces disappear, all the
    opponent's; the mover's pieces stay as many; men become kings only on the far rank;
    a capture was taken whenever one existed; the forty-move count runs as the rules say;
    `last` is this move as its event tells it."""
    path = move["path"]
    captured = events[0]["captured"]
    own, other = OWN[seat], OWN[1 - seat]

    def count(state: DraughtsState, kinds: str) -> int:
        return sum(state["board"].count(k) for k in kinds)

    assert count(after, own) == count(before, own)
    assert count(after, other) == count(before, other) - len(captured)
    assert all(before["board"][n - 1] in other and after["board"][n - 1] == "." for n in captured)
    assert len(captured) == (len(path) - 1 if captured else 0)
    if can_jump(before["board"], seat):
        assert captured
    start, end = path[0] - 1, path[-1] - 1
    piece, landed = before["board"][start], after["board"][end]
    crowned = piece == MEN[seat] and ROW_OF[end] == (7 if seat == 0 else 0)
    assert landed == (KINGS[seat] if crowned else piece)
    assert after["board"].count(KINGS[seat]) == before["board"].count(KINGS[seat]) + crowned
    if piece == KINGS[seat] and not captured:
        assert after["king_moves"] == before["king_moves"] + 1
    else:
        assert after["king_moves"] == 0
    assert after["over"] or after["king_moves"] < DRAW_KING_MOVES
    assert after["last"] == {"path": path, "captured": captured}


def finished(run: Playout[DraughtsState]) -> None:
    """A game ends for one of the rules' reasons, and the loser's side shows it."""
    state = run.final_state
    assert state["reason"] in {"no_pieces", "no_move", "forty_king_moves"}
    loser = 1 - state["winner"] if state["winner"] is not None else None
    if state["reason"] == "no_pieces":
        assert loser is not None and not any(cell in OWN[loser] for cell in state["board"])
    elif state["reason"] == "no_move":
        assert not moves_of(state["board"], loser)


DECLARATION = GameDeclaration(engine=ENGINE, budget=Budget(1000), levels=LEVELS, check=check, finished=finished)
