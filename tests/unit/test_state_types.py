"""Each typed engine's state and view TypedDicts (its `state.py`) name the keys its states and
views really have: mypy checks the code against the TypedDicts, this checks the TypedDicts
against seeded games, so a key the code adds without declaring it (or a declared key no state
has) is caught.

Every registered engine subclasses `BaseEngine[StateType, ViewType]` (or a family core generic
over them) and is checked, found through its class, so a new game is checked without a line here.
"""

from __future__ import annotations

import random
import typing
from collections.abc import Mapping
from typing import Any

import pytest

from rulekit import BaseEngine, Engine
from rulekit.playout import instantiate

GAMES_PER_COUNT = 1
MAX_STEPS = 150


def _engines() -> dict[str, Engine]:
    from svc_boards.registry import REGISTRY as BOARDS
    from svc_cards.registry import REGISTRY as CARDS
    from svc_dice.registry import REGISTRY as DICE
    from svc_words.registry import REGISTRY as WORDS

    return {game: registry.get(game) for registry in (CARDS, BOARDS, DICE, WORDS) for game in registry.ids()}


def declared_types(engine: object) -> tuple[type, type] | None:
    """The state and view TypedDicts an engine's class gives `BaseEngine`, or a family core's
    generic base (`RollRace[GooseState, GooseView]`), or None (untyped)."""
    for cls in type(engine).__mro__:
        for base in getattr(cls, "__orig_bases__", ()):
            origin = typing.get_origin(base)
            if isinstance(origin, type) and issubclass(origin, BaseEngine) and len(typing.get_args(base)) == 2:
                state_type, view_type = typing.get_args(base)
                if hasattr(state_type, "__required_keys__"):
                    return state_type, view_type
    return None


TYPED = {game: engine for game, engine in _engines().items() if declared_types(engine) is not None}


def _is_typed_dict(kind: Any) -> bool:
    return isinstance(kind, type) and hasattr(kind, "__required_keys__")


def key_sets(kind: type) -> tuple[set[str], set[str]]:
    """(every key, the required keys) of a TypedDict. Read from its type hints: with postponed
    annotations (`from __future__ import annotations`) `__required_keys__` misses `NotRequired`."""
    hints = typing.get_type_hints(kind, include_extras=True)
    total = getattr(kind, "__total__", True)
    required = {key for key, hint in hints.items() if total and typing.get_origin(hint) is not typing.NotRequired}
    return set(hints), required


def check_keys(where: str, data: Mapping[str, Any], kind: type) -> None:
    """`data`'s keys are the TypedDict's: none undeclared, none required missing; the parts
    typed as TypedDicts themselves (a view's `public`, `private`) likewise."""
    declared, required = key_sets(kind)
    assert not set(data) - declared, f"{where}: keys not in {kind.__name__}: {sorted(set(data) - declared)}"
    missing = required - set(data)
    assert not missing, f"{where}: required keys of {kind.__name__} missing: {sorted(missing)}"
    hints = typing.get_type_hints(kind)
    for key in ("public", "private"):
        part = hints.get(key)
        if key in data and _is_typed_dict(part) and data[key] is not None:
            check_keys(f"{where}[{key!r}]", data[key], part)


def test_every_engine_is_typed() -> None:
    """Every registered game runs on its state and view TypedDicts (CONTRIBUTING.md, rule 12)."""
    untyped = sorted(set(_engines()) - set(TYPED))
    assert not untyped, f"engines not on BaseEngine[State, View] or a typed family core: {untyped}"
    assert {"chess", "poker", "blackjack-duel", "hau-hau", "crazy-eights"} <= set(TYPED)


@pytest.mark.parametrize("game", sorted(TYPED))
def test_states_and_views_have_the_declared_keys(game: str) -> None:
    engine = TYPED[game]
    types = declared_types(engine)
    assert types is not None
    state_type, view_type = types
    counts = engine.meta.allowed_seat_counts()
    for seats in sorted({counts[0], counts[-1]}):
        for number in range(GAMES_PER_COUNT):
            seed = f"{game}:{seats}:{number}".encode()
            rnd = random.Random(seed)
            state = engine.setup(seats, {}, seed, now_ms=1_000)
            for step in range(MAX_STEPS):
                where = f"{game}, {seats} seats, game {number}, step {step} (seed {seed!r})"
                check_keys(where, state, state_type)
                for seat in [None, *range(seats)]:
                    check_keys(f"{where}, view of seat {seat}", engine.view(state, seat), view_type)
                movers = sorted(engine.to_move(state))
                if not movers:
                    break
                seat = rnd.choice(movers)
                move = instantiate(rnd.choice(engine.legal_moves(state, seat)), rnd)
                state, _ = engine.apply(state, seat, move, 1_000 + step)
