"""A fast deep copy of plain JSON-like data: dicts, lists and scalars.

States are plain data (docs/design.md), so a copy needs none of `copy.deepcopy`'s machinery (the
memo of shared objects, `__deepcopy__` lookups, reductions): only dicts and lists are
containers; str, int, float, bool and None are immutable and shared. Tuples are copied as
lists would be, element by element, and stay tuples (some engines keep constants in them).
Anything else is refused: a state holding it could not round-trip through JSON either.
"""

from __future__ import annotations

from typing import Any

_SCALARS = frozenset((str, int, float, bool, type(None)))


def copy_json(data: Any) -> Any:
    """A copy of `data` sharing no dict or list with it; scalars are shared (immutable).

    Raises TypeError on anything that is not JSON-like data.
    """
    kind = type(data)
    if kind is dict:
        return {key: value if type(value) in _SCALARS else copy_json(value) for key, value in data.items()}
    if kind is list:
        return [value if type(value) in _SCALARS else copy_json(value) for value in data]
    if kind in _SCALARS:
        return data
    if kind is tuple:
        return tuple(copy_json(value) for value in data)
    raise TypeError(f"not JSON-like data: {kind.__name__}")
