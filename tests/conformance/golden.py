"""Golden playthroughs: per game and seat count, one short seeded game (every move, the events
it gave, every seat's and a spectator's view after it, the result) kept as gzipped JSON in the
game's test folder (`tests/games/<game>/golden/<seats>.json.gz`). The engine must replay it
exactly; `replay` names the first step that differs and where.

`scripts/golden.py` (or pytest's `--update-golden`) writes them again after a deliberate change
of the rules; the diff of the regenerated files is then the change a reviewer reads."""

from __future__ import annotations

import gzip
import json
import pathlib
import random
from typing import Any

from rulekit import Engine, State
from rulekit.playout import instantiate

GAMES_DIR = pathlib.Path(__file__).resolve().parent.parent / "games"
FORMAT = 1
LONGEST = 80  # moves recorded at most: a game that goes on is kept to its opening
SHORTEST = 20  # moves a finished game needs to be kept (not a resignation on the first move)
SEEDS = 8  # seeds tried: the shortest finished game among them is kept whole
STEP_MS = 1000


def path(engine: Engine, seats: int) -> pathlib.Path:
    return GAMES_DIR / engine.meta.id.replace("-", "_") / "golden" / f"{seats}.json.gz"


def _views(engine: Engine, state: State) -> list[Any]:
    return [engine.view(state, seat) for seat in [*range(state["seats"]), None]]


def _play(engine: Engine, seats: int, seed: str) -> dict[str, Any]:
    rnd = random.Random(seed)
    state = engine.setup(seats, {}, seed.encode(), STEP_MS)
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": engine.meta.id,
        "seats": seats,
        "options": {},
        "seed": seed,
        "views": _views(engine, state),
        "steps": [],
    }
    now = STEP_MS
    while engine.result(state) is None and len(record["steps"]) < LONGEST:
        seat = rnd.choice(sorted(engine.to_move(state)))
        move = instantiate(rnd.choice(engine.legal_moves(state, seat)), rnd)
        now += STEP_MS
        state, events = engine.apply(state, seat, move, now)
        record["steps"].append(
            {"seat": seat, "move": move, "now_ms": now, "events": events, "views": _views(engine, state)}
        )
    record["result"] = engine.result(state)
    return record


def record(engine: Engine, seats: int) -> dict[str, Any]:
    """The shortest of SEEDS seeded random games that ends within LONGEST moves and takes at
    least SHORTEST; the first game's opening (cut at LONGEST) when none does."""
    games = [_play(engine, seats, f"golden:{engine.meta.id}:{seats}:{index}") for index in range(SEEDS)]
    whole = [g for g in games if g["result"] is not None and len(g["steps"]) >= SHORTEST]
    return min(whole, key=lambda g: len(g["steps"])) if whole else games[0]


def write(engine: Engine, seats: int) -> pathlib.Path:
    target = path(engine, seats)
    target.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(record(engine, seats), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    # mtime 0: the same game gives the same bytes, so a regenerated file shows no spurious diff
    target.write_bytes(gzip.compress(text.encode(), compresslevel=9, mtime=0))
    return target


def load(engine: Engine, seats: int) -> dict[str, Any]:
    return json.loads(gzip.decompress(path(engine, seats).read_bytes()))


def first_difference(expected: Any, actual: Any, where: str = "") -> str | None:
    """Where two JSON trees first differ (a key path), and how; None when they are equal."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in sorted(set(expected) | set(actual), key=str):
            if key not in actual:
                return f"{where}.{key}: missing (expected {expected[key]!r:.80})"
            if key not in expected:
                return f"{where}.{key}: unexpected {actual[key]!r:.80}"
            found = first_difference(expected[key], actual[key], f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(actual, list):
        for index, (e, a) in enumerate(zip(expected, actual, strict=False)):
            found = first_difference(e, a, f"{where}[{index}]")
            if found:
                return found
        if len(expected) != len(actual):
            return f"{where}: {len(actual)} items, expected {len(expected)}"
        return None
    if expected != actual or type(expected) is not type(actual):
        return f"{where}: {actual!r:.80}, expected {expected!r:.80}"
    return None


def replay(engine: Engine, golden: dict[str, Any]) -> str | None:
    """None when the engine plays the recorded game exactly; else the first step that differs
    (0 is the setup) and what differs there."""
    seats = golden["seats"]
    state = engine.setup(seats, golden["options"], golden["seed"].encode(), STEP_MS)
    found = first_difference(golden["views"], _views(engine, state), "views")
    if found:
        return f"step 0 (setup): {found}"
    for number, step in enumerate(golden["steps"], start=1):
        try:
            state, events = engine.apply(state, step["seat"], step["move"], step["now_ms"])
        except Exception as refusal:  # an engine error is a difference like any other
            return f"step {number}: seat {step['seat']}'s move {step['move']} refused: {refusal!r}"
        # JSON's own round trip: what was recorded is what JSON gives back (tuples as lists)
        actual = json.loads(json.dumps({"events": events, "views": _views(engine, state)}))
        found = first_difference({"events": step["events"], "views": step["views"]}, actual)
        if found:
            return f"step {number} (seat {step['seat']}, {step['move']}): {found}"
    found = first_difference(golden["result"], json.loads(json.dumps(engine.result(state))), "result")
    return f"the end, after step {len(golden['steps'])}: {found}" if found else None
