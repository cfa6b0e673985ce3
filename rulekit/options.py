"""Host settings: each game declares a schema; the lobby and the client read it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .errors import Refusal


@dataclass(frozen=True)
class Option:
    """One host setting. `kind` is "int", "bool" or "choice"; `label` is a translation key."""

    key: str
    kind: str
    default: Any
    label: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Any, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "kind": self.kind, "default": self.default, "label": self.label}
        if self.kind == "int":
            out["min"], out["max"] = self.minimum, self.maximum
        if self.kind == "choice":
            out["choices"] = list(self.choices)
        return out

    def check(self, value: Any) -> Any:
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise Refusal("bad_option", f"{self.key} must be true or false")
            return value
        if self.kind == "int":
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            if isinstance(value, bool) or not isinstance(value, int):
                raise Refusal("bad_option", f"{self.key} must be a whole number")
            assert self.minimum is not None and self.maximum is not None
            if not self.minimum <= value <= self.maximum:
                raise Refusal("bad_option", f"{self.key} must be in {self.minimum}..{self.maximum}")
            return value
        if self.kind == "choice":
            if value not in self.choices:
                raise Refusal("bad_option", f"{self.key} must be one of {list(self.choices)}")
            return value
        raise ValueError(f"unknown option kind {self.kind}")


def resolve_options(schema: tuple[Option, ...], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults filled in, every given value checked; unknown keys are refused."""
    given = dict(given or {})
    known = {option.key for option in schema}
    unknown = sorted(set(given) - known)
    if unknown:
        raise Refusal("bad_option", f"unknown option {unknown[0]}")
    return {o.key: o.check(given[o.key]) if o.key in given else o.default for o in schema}


def schema_json(schema: tuple[Option, ...]) -> list[dict[str, Any]]:
    return [option.to_json() for option in schema]
