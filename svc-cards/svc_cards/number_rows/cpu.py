"""Number Rows CPU players. Both decide from the seat's view alone.

Laying is compulsory, so the only choice is which fitting card to lay.
- easy: lays the card that opens the fewest numbers it does not hold itself (a card whose
  next number it holds, or that ends a row at 1 or 20, opens none; an 11 opens two).
- strong: weighs each card: the run of its own cards it opens (laid on the next turns
  without giving anything away), how many of its cards further along that row the card
  brings nearer, and a penalty when the next number is one it does not hold (an opponent may
  lay it). Holding a blocking card is what makes opponents draw.
"""

from __future__ import annotations

from rulekit.players import Ask, Choice

from ..core import Card, parse
from ..core.tactics import legal_or_refuse
from .rules import HIGHEST, OPENER


def _mine(hand: list[Card]) -> dict[str, set[int]]:
    out: dict[str, set[int]] = {}
    for card in hand:
        colour, rank = parse(card)
        out.setdefault(colour or "", set()).add(int(rank))
    return out


def _lays(legal: list[dict]) -> list[dict]:
    return [move for move in legal if move["type"] == "lay"]


def _gives(card: Card, mine: dict[str, set[int]], rows: dict) -> int:
    """How many numbers laying `card` opens that this hand does not hold (an 11 opens two)."""
    colour, rank = parse(card)
    number = int(rank)
    own = mine.get(colour or "", set())
    row = rows[colour]
    if row is None:
        return sum(1 for n in (OPENER - 1, OPENER + 1) if n not in own)
    step = -1 if number < row[0] else 1
    return int(1 <= number + step <= HIGHEST and number + step not in own)


def easy(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    lays = _lays(legal)
    if len(lays) <= 1:
        return Choice(legal[0])
    mine = _mine(ask.view["private"]["hand"])
    rows = ask.view["public"]["rows"]
    return Choice(min(lays, key=lambda move: _gives(move["card"], mine, rows)))


def _side(number: int, step: int, own: set[int]) -> float:
    """Value of extending a row past `number` in direction `step` (+1 or -1)."""
    value = 0.0
    run = 0
    nxt = number + step
    while nxt in own:
        run += 1
        nxt += step
    value += 2.0 * run
    further = [n for n in own if (n - number) * step > 0]
    value += 0.5 * len(further)
    if not 1 <= number + step <= HIGHEST:
        return value
    if number + step not in own:
        # The next number goes to whoever holds it; worse when I have nothing further on.
        value -= 1.0 if further else 2.0
    return value


def _value(card: Card, mine: dict[str, set[int]], rows: dict) -> float:
    colour, rank = parse(card)
    number = int(rank)
    own = mine.get(colour or "", set()) - {number}
    row = rows[colour]
    if row is None:  # an 11 opens both ways
        return _side(OPENER, 1, own) + _side(OPENER, -1, own)
    step = -1 if number < row[0] else 1
    return _side(number, step, own)


def strong(ask: Ask) -> Choice:
    view = ask.view
    legal = legal_or_refuse(view)
    lays = _lays(legal)
    if len(lays) <= 1:
        return Choice(legal[0])
    mine = _mine(view["private"]["hand"])
    rows = view["public"]["rows"]
    return Choice(max(lays, key=lambda move: _value(move["card"], mine, rows)))


LEVELS = {"easy": easy, "strong": strong}
