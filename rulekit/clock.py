"""The move clock: a host setting every game offers, with seconds chosen per game.

A game declares `GameMeta.clock = MoveClock(...)`; its schema then gets the option
`move_clock` ("off", "relaxed", "normal", "fast"), or the single choice "fixed" where the
rule text fixes the clock, so it cannot be switched off. The state keeps when the current
turn began (`turn_started_ms`); `BaseEngine.apply` restarts it on every move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Collection, Final, Mapping, Protocol, TypeVar

from .errors import IllegalMove
from .options import Option

# A move is plain JSON (rulekit.contract.Move); named here without importing the contract,
# which imports this module.
Move = dict[str, Any]

OPTION_KEY = "move_clock"
LABEL = "option.move_clock"
CHOICES = ("off", "relaxed", "normal", "fast")
FIXED = "fixed"
# When the current turn began; None while no time is known (a setup without `now_ms`).
TURN_STARTED: Final = "turn_started_ms"
# What `timeout_move` says to a seat it has no default move for (no clock runs for it).
NO_CLOCK = "no clock runs for this seat"


@dataclass(frozen=True)
class MoveClock:
    """Seconds per move for each choice, or one `fixed_s` the rules prescribe.

    `increment_s` (relaxed, normal, fast) makes it a chess clock: the seconds are then each
    side's time bank for the whole game, and every move made adds the increment."""

    relaxed_s: int = 0
    normal_s: int = 0
    fast_s: int = 0
    default: str = "off"
    fixed_s: int | None = None
    increment_s: tuple[int, int, int] | None = None

    def __post_init__(self) -> None:
        if self.fixed_s is None:
            if not 0 < self.fast_s <= self.normal_s <= self.relaxed_s:
                raise ValueError("a move clock needs 0 < fast <= normal <= relaxed seconds")
            if self.default not in CHOICES:
                raise ValueError(f"default must be one of {CHOICES}")
        elif self.fixed_s <= 0:
            raise ValueError("a fixed clock needs positive seconds")

    @property
    def choices(self) -> tuple[str, ...]:
        return (FIXED,) if self.fixed_s is not None else CHOICES

    def option(self) -> Option:
        default = FIXED if self.fixed_s is not None else self.default
        return Option(OPTION_KEY, "choice", default, LABEL, choices=self.choices)

    def seconds(self, choice: str | None) -> int | None:
        """The seconds per move (or the time bank) of a choice; None when the clock is off."""
        if self.fixed_s is not None:
            return self.fixed_s
        return {"relaxed": self.relaxed_s, "normal": self.normal_s, "fast": self.fast_s}.get(choice or "off")

    def increment(self, choice: str | None) -> int:
        if self.increment_s is None or choice not in CHOICES[1:]:
            return 0
        return self.increment_s[CHOICES.index(choice) - 1]

    def to_json(self) -> dict[str, Any]:
        """The seconds per choice, for the create form and the waiting room."""
        if self.fixed_s is not None:
            return {FIXED: self.fixed_s}
        out: dict[str, Any] = {"relaxed": self.relaxed_s, "normal": self.normal_s, "fast": self.fast_s}
        if self.increment_s is not None:
            # A time bank per side for the whole game, plus an increment per move.
            out["bank"] = True
            out["increment"] = dict(zip(CHOICES[1:], self.increment_s, strict=True))
        return out


def clock_choice(options: Mapping[str, Any]) -> str | None:
    value = options.get(OPTION_KEY)
    return value if isinstance(value, str) else None


# -- the guard of `timeout_move` -------------------------------------------------------------


StateT_contra = TypeVar("StateT_contra", contravariant=True)
StateT = TypeVar("StateT")


class _LegalMoves(Protocol[StateT_contra]):
    def legal_moves(self, state: StateT_contra, seat: int) -> list[Move]: ...


def clock_seat(seat: int | None, timed: Collection[int | None], code: str = "not_your_turn") -> int:
    """`seat` when the clock runs for it (it is one of the `timed` seats); any other seat,
    or none, is refused with `code`."""
    if seat is None or seat not in timed:
        raise IllegalMove(code, NO_CLOCK)
    return seat


def clock_moves(engine: _LegalMoves[StateT], state: StateT, seat: int | None) -> tuple[int, list[Move]]:
    """The seat the clock runs for and its legal moves (never empty); a seat with none, or no
    seat, is refused with `not_your_turn`."""
    legal = engine.legal_moves(state, seat) if seat is not None else []
    if seat is None or not legal:
        raise IllegalMove("not_your_turn", NO_CLOCK)
    return seat, legal
