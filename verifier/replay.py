"""Replaying a finished game from its revealed seed (see the package docstring)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from svc_boards.registry import REGISTRY as BOARDS
from svc_cards.registry import REGISTRY as CARDS
from svc_dice.registry import REGISTRY as DICE
from svc_words.registry import REGISTRY as WORDS

from rulekit import Engine, Refusal, fairness

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
    mixed: bool = False  # the seed was recomputed from the server seed and the contributions
    dealt: dict[str, Any] = field(default_factory=dict)  # seat -> its first private view

    def __str__(self) -> str:
        if self.ok:
            chain = "commitment and contributions give the seed, " if self.mixed else ""
            return f"verified: {chain}seed sha256 {self.seed_sha256}, {self.moves} moves replayed, result as recorded"
        return f"NOT verified: {self.problem}"


def mixed_seed(replay: dict[str, Any], seats: int, expect_commit: str | None = None) -> bytes:
    """The game's seed recomputed from the revealed server seed and the seats' contributions
    (see rulekit.fairness); a ValueError says which link of the chain does not hold."""
    server_seed = bytes.fromhex(replay["server_seed"])
    announced = (expect_commit or replay.get("commit") or "").lower()
    if fairness.commit(server_seed) != announced:
        raise ValueError(f"the server seed does not hash to the commitment {announced or '(none)'}")
    contributions = replay.get("contributions") or []
    if [c.get("seat") for c in contributions] != list(range(seats)):
        raise ValueError("the contributions are not one per seat, in seat order")
    values = []
    for item in contributions:
        value = fairness.parse_value(item.get("value"))
        if value is None:
            raise ValueError(f"seat {item.get('seat')}'s contribution is not 32 bytes of hex")
        if item.get("from") == "server" and value != fairness.server_value(server_seed, item["seat"]):
            raise ValueError(f"seat {item['seat']}'s server value is not the one the server seed gives")
        values.append(value)
    return fairness.mix(server_seed, values)


def verify_replay(replay: dict[str, Any], expect_hash: str | None = None, expect_commit: str | None = None) -> Verdict:
    """Check a replay: the commitment and the seed mixed from the contributions (replays made
    before players contributed have neither), the seed's hash, then every move and the result."""
    try:
        engine = ENGINES[replay["game"]]
        seed = bytes.fromhex(replay["seed"])
    except (KeyError, ValueError, TypeError) as error:
        return Verdict(False, problem=f"not a replay of a known game: {error!r}")
    digest = hashlib.sha256(seed).hexdigest()
    verdict = Verdict(False, seed_sha256=digest)
    seats = len(replay.get("names") or [])
    if "server_seed" in replay or expect_commit:
        try:
            mixed = mixed_seed(replay, seats, expect_commit)
        except (KeyError, ValueError, TypeError, AttributeError) as error:
            verdict.problem = f"the seed's chain does not hold: {error}"
            return verdict
        if mixed != seed:
            verdict.problem = "the seed is not the one the server seed and the contributions give"
            return verdict
        verdict.mixed = True
    announced = (expect_hash or replay.get("seed_sha256") or "").lower()
    if announced and announced != digest:
        verdict.problem = f"the seed does not hash to the announced {announced} (it hashes to {digest})"
        return verdict
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
