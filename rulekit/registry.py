"""A family's games, listed explicitly (never discovered through import side effects)."""

from __future__ import annotations

from typing import Iterable

from .contract import Engine
from .errors import Refusal


class Registry:
    def __init__(self, family: str, engines: Iterable[Engine]) -> None:
        self.family = family
        self._engines: dict[str, Engine] = {}
        for engine in engines:
            if engine.meta.family != family:
                raise ValueError(f"{engine.meta.id} belongs to {engine.meta.family}, not {family}")
            if engine.meta.id in self._engines:
                raise ValueError(f"{engine.meta.id} registered twice")
            self._engines[engine.meta.id] = engine

    def get(self, game_id: str) -> Engine:
        try:
            return self._engines[game_id]
        except KeyError:
            raise Refusal("unknown_game", game_id) from None

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._engines

    def __iter__(self):
        return iter(self._engines.values())

    def ids(self) -> list[str]:
        return sorted(self._engines)
