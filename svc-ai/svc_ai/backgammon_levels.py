"""Backgammon levels as svc-ai serves them: GNU Backgammon at three of its own playing
strengths, each falling back to the pure-Python level of the same name
(svc_boards.backgammon.cpu) where gnubg is not installed or does not answer.

The levels are gnubg's own predefined checker-play settings (its "set player ... chequerplay
evaluation" presets), cubeless (with the cube on it only decides the doubles, below):
- easy: gnubg's "beginner": 0-ply, noise 0.060;
- medium: gnubg's "intermediate": 0-ply, noise 0.040;
- strong: gnubg's "world class": 2-ply with pruning, no noise.
The noise is gnubg's deterministic kind (a function of the position), so a replay repeats.
With the doubling cube on, the cube decisions follow the fallback's policy (svc_boards.
backgammon.cube: double at 70 % to win, take at 25 %) with gnubg's cubeless chance to win at
the level's own depth but without its noise (the beginner's noise makes a certain win look
like 67 %, which would turn the cube into a lottery), a single evaluation (milliseconds at
0-ply, a fraction of a second at 2-ply); or the fallback's rough chance where gnubg does not
answer.
Time caps per move: 2 s, 2 s and 10 s (0-ply answers in milliseconds, 2-ply in a fraction of
a second). The strength table in docs/cpu-strength.md gives the measured figures.
"""

from __future__ import annotations

from dataclasses import dataclass

from svc_boards.backgammon import cpu as pure
from svc_boards.backgammon.cube import DOUBLE_AT, TAKE_AT
from svc_boards.backgammon.rules import after

from rulekit.players import Ask, Choice, Levels, Player, legal_or_refuse

from .gnubg import GnubgUnavailable, driver


@dataclass(frozen=True)
class GnubgLevel:
    plies: int
    noise: float
    max_s: float

    @property
    def lane(self) -> str:
        """The gnubg process this level plays in: 0-ply answers in milliseconds and gets its
        own, away from 2-ply's longer evaluations."""
        return "quick" if self.plies == 0 else "deep"

    def context(self, noisy: bool = True) -> list[object]:
        # gnubg.evalcontext(cubeful, plies, deterministic, prune, noise)
        return [0, self.plies, 1, 1, self.noise if noisy else 0.0]


GNUBG_LEVELS: dict[str, GnubgLevel] = {
    "easy": GnubgLevel(0, 0.060, max_s=2.0),
    "medium": GnubgLevel(0, 0.040, max_s=2.0),
    "strong": GnubgLevel(2, 0.0, max_s=10.0),
}


def choose_gnubg(ask: Ask, level: GnubgLevel) -> Choice:
    """gnubg's move, as the legal turn reaching the same position; raises GnubgUnavailable
    where there is no working binary or its move is not among the legal ones."""
    legal = legal_or_refuse(ask.view)
    public = ask.view["public"]
    mine, theirs = public["board"][ask.seat], public["board"][1 - ask.seat]
    if len(legal) == 1:
        return Choice(dict(legal[0]), nodes=1)
    steps = driver(level.lane).best_move([theirs, mine], list(public["dice"]), level.context(), level.max_s)
    target = after(mine, theirs, steps)
    for move in legal:
        if after(mine, theirs, move["steps"]) == target:
            return Choice(dict(move), nodes=len(legal))
    raise GnubgUnavailable(f"gnubg chose {steps}, which is not a legal turn here")


def cube_gnubg(ask: Ask, level: GnubgLevel) -> Choice | None:
    """The cube decision by gnubg's chance to win, where the view asks for one; else None.
    Raises GnubgUnavailable like choose_gnubg."""
    kinds = {move["type"] for move in legal_or_refuse(ask.view)}
    board = ask.view["public"]["board"]
    mine, theirs = board[ask.seat], board[1 - ask.seat]
    if kinds == {"roll", "double"}:
        chance = driver(level.lane).win_chance([theirs, mine], level.context(noisy=False), level.max_s)
        return Choice({"type": "double" if chance >= DOUBLE_AT else "roll"}, nodes=1)
    if kinds == {"take", "drop"}:
        # The doubler is to roll: its chance, and ours is the rest.
        chance = 1.0 - driver(level.lane).win_chance([mine, theirs], level.context(noisy=False), level.max_s)
        return Choice({"type": "take" if chance >= TAKE_AT else "drop"}, nodes=1)
    return None


def _player(name: str) -> Player:
    level = GNUBG_LEVELS[name]

    def play(ask: Ask) -> Choice:
        try:
            return cube_gnubg(ask, level) or choose_gnubg(ask, level)
        except GnubgUnavailable:
            return pure.LEVELS[name](ask)

    play.__name__ = f"backgammon_{name}"
    return play


def _engine_only(name: str) -> Player:
    level = GNUBG_LEVELS[name]

    def play(ask: Ask) -> Choice:
        return cube_gnubg(ask, level) or choose_gnubg(ask, level)

    play.__name__ = f"backgammon_{name}_gnubg"
    return play


LEVELS: Levels = {name: _player(name) for name in pure.LEVELS}
# gnubg alone (GnubgUnavailable where it does not run), and the pure levels: as for chess.
ENGINE_LEVELS: Levels = {name: _engine_only(name) for name in pure.LEVELS}
FALLBACK: Levels = pure.LEVELS
LANES: dict[str, str] = {name: level.lane for name, level in GNUBG_LEVELS.items()}
