"""What the platform knows of Mensch ärgere dich nicht beyond its rules: CPU levels, test budget,
invariants and staked tables."""

from __future__ import annotations

from rulekit import Event, Move
from rulekit.declaration import Budget, GameDeclaration, Variant
from rulekit.playout import Playout
from svc_dice.race import in_goal

from ..race.state import RaceState
from . import ENGINE
from .cpu import LEVELS

H = -1


def check(before: RaceState, after: RaceState, seat: int, move: Move, events: list[Event]) -> None:
    track = ENGINE.track(after)
    colours = after["colours"]
    if after["seats"] == 2:
        assert sorted(colours) == [[0, 2], [1, 3]]
    else:
        assert sorted(colours) == [[0], [1], [2], [3]]
    assert after["start_rolls"] == before["start_rolls"]
    fields: list[int | None] = []
    for colour in range(4):
        pieces = after["pieces"][colour]
        assert len(pieces) == 4 and all(H <= p <= track.goal for p in pieces)
        out = [p for p in pieces if p > H]
        assert len(out) == len(set(out))
        fields += [track.field(colour, p) for p in pieces if track.on_ring(p)]
    assert len(fields) == len(set(fields))
    if move["type"] == "roll":
        assert events[0]["code"] == "rolled" and len(events[0]["dice"]) == 1 and 1 <= events[0]["dice"][0] <= 6
    done = [s for s in range(after["seats"]) if any(in_goal(track, after["pieces"][c]) for c in colours[s])]
    if after["over"]:
        result = ENGINE.result(after)
        assert result is not None and sorted(result["placings"])[0] == 1
        if after["plies"] < ENGINE.ply_limit:
            assert done == [result["placings"].index(1)] and result["placings"].count(1) == 1
    else:
        assert done == [] and after["colour"] in colours[after["turn"]]
        assert after["phase"] in ("roll", "move") and (after["phase"] == "move") == bool(after["pending"])
        if after["phase"] == "move":
            assert ENGINE.legal_moves(after, after["turn"])


def finished(run: Playout[RaceState]) -> None:
    result = ENGINE.result(run.final_state)
    assert result is not None and result["placings"].count(1) == 1
    assert run.events[-1]["code"] == "game_over"


DECLARATION = GameDeclaration(
    engine=ENGINE,
    budget=Budget({2: 150, 4: 120}, thorough=3, scanned=1),
    levels=LEVELS,
    check=check,
    finished=finished,
    # Staked tables play the same game.
    variants=tuple(Variant("staked", {"stake": stake}, 3, seats=(2,)) for stake in (3000, 75000)),
)
