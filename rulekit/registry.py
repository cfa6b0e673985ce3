"""A family's games, listed explicitly (never discovered through import side effects): one
declaration per game (`rulekit.declaration`), its engine and what the platform needs to know
about it."""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from .contract import Engine
from .declaration import GameDeclaration
from .errors import Refusal


class Registry:
    def __init__(self, family: str, declarations: Iterable[GameDeclaration[Any]]) -> None:
        self.family = family
        self._declarations: dict[str, GameDeclaration[Any]] = {}
        for declaration in declarations:
            engine = declaration.engine
            if engine.meta.family != family:
                raise ValueError(f"{engine.meta.id} belongs to {engine.meta.family}, not {family}")
            if engine.meta.id in self._declarations:
                raise ValueError(f"{engine.meta.id} registered twice")
            self._declarations[engine.meta.id] = declaration

    def get(self, game_id: str) -> Engine[Any, Any]:
        return self.declaration(game_id).engine

    def declaration(self, game_id: str) -> GameDeclaration[Any]:
        try:
            return self._declarations[game_id]
        except KeyError:
            raise Refusal("unknown_game", game_id) from None

    def declarations(self) -> list[GameDeclaration[Any]]:
        """In the order the registry lists them."""
        return list(self._declarations.values())

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._declarations

    def __iter__(self) -> Iterator[Engine[Any, Any]]:
        return (declaration.engine for declaration in self._declarations.values())

    def ids(self) -> list[str]:
        return sorted(self._declarations)
