"""Choosing a move from a view: the view's `legal_moves` is the whole of the rules a bot needs.

A legal move is either a concrete move (`{"type": "drop", "column": 3}`) or a template whose
`range` and `text` keys say what the mover fills in (rulekit/contract.py, `move_matches`):

    {"type": "bid", "range": {"amount": [10, 200, 10]}}   ->  {"type": "bid", "amount": 40}
    {"type": "clue", "text": {"word": 20}}                ->  {"type": "clue", "word": "tree"}
"""

from __future__ import annotations

import json
import random
import string
from typing import Any

RANGE_KEY = "range"  # {"key": [low, high, step]}: a whole number low, low + step, ... high
TEXT_KEY = "text"  # {"key": longest}: any text of at most `longest` characters
LEVELS = ("random", "first")
# Legal, but no bot should pick them at random: a game would end because a die said so.
AVOIDED_TYPES = frozenset({"resign"})


def plain(value: Any) -> Any:
    """JSON from a protobuf Struct, with whole numbers as ints again (a Struct holds only
    doubles, so column 3 arrives as 3.0)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value


def is_template(legal: dict[str, Any]) -> bool:
    return RANGE_KEY in legal or TEXT_KEY in legal


def instantiate(legal: dict[str, Any], rnd: random.Random | None) -> dict[str, Any]:
    """A concrete move from a legal move or template: random values within its bounds, or,
    without `rnd`, the lowest number and an empty text."""
    move = {key: value for key, value in legal.items() if key not in (RANGE_KEY, TEXT_KEY)}
    for key, (low, high, step) in legal.get(RANGE_KEY, {}).items():
        low, high, step = int(low), int(high), max(1, int(step))
        move[key] = low if rnd is None else low + step * rnd.randrange((high - low) // step + 1)
    for key, longest in legal.get(TEXT_KEY, {}).items():
        length = 0 if rnd is None else rnd.randrange(int(longest) + 1)
        move[key] = "".join(rnd.choice(string.ascii_lowercase) for _ in range(length)) if rnd else ""
    return move


def choose_move(
    legal_moves: list[dict[str, Any]],
    level: str,
    rnd: random.Random,
    exclude: frozenset[str] | set[str] = frozenset(),
) -> dict[str, Any] | None:
    """A move for a seat whose view lists `legal_moves`; None when there is nothing to play.

    `level` "first" plays the first listed move (with the lowest values of a template),
    "random" any of them uniformly. `exclude` holds keys (see `move_key`) of concrete moves
    already refused at this version, so a bot never sends the same refused move twice."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {LEVELS}")
    candidates = [m for m in legal_moves if is_template(m) or move_key(m) not in exclude]
    candidates = [m for m in candidates if m.get("type") not in AVOIDED_TYPES] or candidates
    if not candidates:
        return None
    if level == "first":
        return instantiate(candidates[0], None)
    return instantiate(rnd.choice(candidates), rnd)


def move_key(move: dict[str, Any]) -> str:
    """A stable text for a concrete move, to remember which ones were refused."""
    return json.dumps(move, sort_keys=True, separators=(",", ":"))
