"""Move generation through the engine interface against the published perft counts.

perft.json holds the usual test positions (chessprogramming.org "Perft Results") with their
counts. `svc_boards.chess.perft.perft` walks the tree with `ENGINE.apply` at every interior
node and counts the board moves `ENGINE.listed_moves` lists at the last one (bulk counting):
the start position to depth 4 (197,281), Kiwipete to depth 3 (97,862), position 3 to depth 4,
the others to depth 3. bench/chess_perft.py goes deeper.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from svc_boards.chess import ENGINE
from svc_boards.chess.perft import board_moves, perft, state_at

DATA = json.loads((Path(__file__).parent / "perft.json").read_text())
POSITIONS = {p["name"]: p for p in DATA["positions"]}


@pytest.mark.parametrize("name", list(POSITIONS))
def test_perft(name: str) -> None:
    """Move generation is checked against the usual test positions (the rules text)."""
    entry = POSITIONS[name]
    state = state_at(entry["fen"])
    for depth in range(1, entry["test_depth"] + 1):
        assert perft(state, depth) == entry["counts"][depth - 1], f"{name} depth {depth}"


def test_required_depths_are_covered() -> None:
    """The start position to depth 4 and Kiwipete to depth 3, the usual test depths."""
    assert POSITIONS["start"]["test_depth"] >= 4 and POSITIONS["start"]["counts"][3] == 197_281
    assert POSITIONS["kiwipete"]["test_depth"] >= 3 and POSITIONS["kiwipete"]["counts"][2] == 97_862


def test_resignation_is_listed_but_not_counted() -> None:
    state = state_at(POSITIONS["start"]["fen"])
    legal = ENGINE.legal_moves(state, 0)
    assert len(legal) == 21 and legal[-1] == {"type": "resign"}
    assert len(board_moves(state)) == 20
    # perft counts the read-only listing: `legal_moves` is the same moves, copied
    assert legal == list(ENGINE.listed_moves(state, 0)) and legal[0] is not ENGINE.listed_moves(state, 0)[0]
