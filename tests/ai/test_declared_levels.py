"""svc-ai serves every game the levels its declaration lists (the family registries), in the
order of the game's metadata; chess and backgammon through their outside engines, which fall
back to the same pure-Python levels."""

from __future__ import annotations

import pytest
from svc_ai.players import PLAYERS, PURE_PLAYERS, describe, levels_of

from rulekit.declaration import GameDeclaration
from tests import budget

DECLARATIONS = list(budget.DECLARATIONS.values())


@pytest.mark.parametrize("declaration", DECLARATIONS, ids=lambda d: d.id)
def test_svc_ai_serves_the_declared_levels(declaration: GameDeclaration) -> None:
    meta = declaration.engine.meta
    if not declaration.levels:
        assert declaration.id not in PLAYERS and levels_of(declaration.id) == ["random"]
        return
    assert levels_of(declaration.id) == ["random", *declaration.levels] == list(meta.cpu_levels)
    assert PURE_PLAYERS[declaration.id] is declaration.levels
    if declaration.id not in ("chess", "backgammon"):
        assert PLAYERS[declaration.id] is declaration.levels


def test_every_game_with_levels_is_described() -> None:
    assert sorted(describe()) == sorted(d.id for d in DECLARATIONS if d.levels)
