"""Replaying a finished game from its revealed seed (see the package docstring)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from svc_boards.registry import REGISTRY as BOARDS
from svc_cards.registry import REGISTRY as CARDS
from svc_dice.registry import REGISTRY as DICE
from svc_words.registry import REGISTRY as WORDS

from rulekit import Engine, Refusal

ENGINES: dict[str, Engine] = {
    engine.meta.id: engine for registry in (BOARDS, CARDS, DICE, WORDS) for engine in registry
}


@dataclass
class Verdict:
    """What the replay showed: `ok`, or the first thing that failed (`problem`)."""

    ok: bool
    seed_sha256: str = ""
    moves: int = 0
    problem: str = ""
    dealt: dict[str, Any] = field(default_factory=dict)  # seat -> its first private view

    def __str__(self) -> str:
        if self.ok:
            return f"verified: seed sha256 {self.seed_sha256}, {self.moves} moves replayed, result as recorded"
        return f"NOT verified: {self.problem}"


def verify_replay(replay: dict[str, Any], expect_hash: str | None = None) -> Verdict:
    try:
        engine = ENGINES[replay["game"]]
        seed = bytes.fromhex(replay["seed"])
    except (KeyError, ValueError, TypeError) as error:
        return Verdict(False, problem=f"not a replay of a known game: {error!r}")
    digest = hashlib.sha256(seed).hexdigest()
    verdict = Verdict(False, seed_sha256=digest)
    announced = (expect_hash or replay.get("seed_sha256") or "").lower()
    if announced and announced != digest:
        verdict.problem = f"the seed does not hash to the announced {announced} (it hashes to {digest})"
        return verdict
    seats = len(replay.get("names") or [])
    try:
        state = engine.setup(seats, replay.get("options") or {}, seed)
    except Refusal as refusal:
        verdict.problem = f"the game cannot be set up from the replay: {refusal}"
        return verdict
    for seat in range(seats):
        verdict.dealt[str(seat)] = engine.view(state, seat).get("private")
    for number, record in enumerate(replay.get("moves") or [], start=1):
        try:
            seat, move, at_ms = record["seat"], record["move"], int(record.get("at_ms") or 0)
            state, _ = engine.apply(state, seat, move, at_ms)
        except Refusal as refusal:
            verdict.problem = f"move {number} ({record.get('move')!r} by seat {record.get('seat')}) is not legal there: {refusal.code}"
            return verdict
        except (KeyError, TypeError, ValueError) as error:
            verdict.problem = f"move {number} is malformed: {error!r}"
            return verdict
        verdict.moves = number
    result = engine.result(state)
    recorded = replay.get("result")
    if recorded is not None and result is not None and result.get("placings") != recorded.get("placings"):
        verdict.problem = (
            f"the moves end in placings {result.get('placings')}, the replay says {recorded.get('placings')}"
        )
        return verdict
    if result is None:
        verdict.problem = "the moves do not finish the game"
        return verdict
    verdict.ok = True
    return verdict
