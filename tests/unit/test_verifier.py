"""The shuffle anyone can check (`python -m verifier`): every game of a thousand-game random run
verifies from its revealed seed, and a replay with one card, one move or one seed byte changed
is rejected."""

from __future__ import annotations

import copy
import hashlib
import json
import random
import subprocess
import sys
from typing import Any

import pytest

from rulekit import Engine
from rulekit.playout import random_choice
from verifier import verify_replay
from verifier.replay import ENGINES

# Cheap titles of every family, card games (where the seed deals the cards) first.
TITLES = [
    ("crazy-eights", 2),
    ("last-card", 3),
    ("mau-mau", 2),
    ("number-rows", 2),
    ("poker", 3),
    ("dice-poker", 2),
    ("snakes-and-ladders", 3),
    ("liars-dice", 2),
    ("dominoes", 2),
    ("four-in-a-row", 2),
]
GAMES = 1000  # the thousand games


def random_game(engine: Engine, seats: int, index: int) -> dict[str, Any]:
    """A seeded random game through the public engine interface, as the lobby records it."""
    seed = hashlib.sha256(b"verifier:%s:%d" % (engine.meta.id.encode(), index)).digest()
    rnd = random.Random(index)
    state = engine.setup(seats, {}, seed)
    moves = []
    now = 0
    while engine.result(state) is None:
        seat = min(engine.to_move(state))
        move = random_choice(engine, state, seat, rnd)
        now += 1000
        state, _ = engine.apply(state, seat, move, now)
        moves.append({"seat": seat, "move": move, "version": len(moves) + 1, "at_ms": str(now)})
        assert len(moves) < engine.meta.longest_game
    return {
        "game": engine.meta.id,
        "seed": seed.hex(),
        "seed_sha256": hashlib.sha256(seed).hexdigest(),
        "options": state["options"],
        "names": [f"P{n}" for n in range(seats)],
        "result": engine.result(state),
        "moves": moves,
    }


def test_every_game_of_a_thousand_game_random_run_verifies() -> None:
    for index in range(GAMES):
        game, seats = TITLES[index % len(TITLES)]
        replay = random_game(ENGINES[game], seats, index)
        verdict = verify_replay(replay)
        assert verdict.ok, (game, index, verdict.problem)
        assert verdict.moves == len(replay["moves"])


def _first_card_move(replay: dict[str, Any]) -> int:
    return next(i for i, m in enumerate(replay["moves"]) if m["move"].get("type") == "play")


@pytest.mark.parametrize("game", ["crazy-eights", "mau-mau", "last-card"])
def test_a_replay_with_one_card_changed_is_rejected(game: str) -> None:
    for index in range(20):
        replay = random_game(ENGINES[game], 2, index)
        forged = copy.deepcopy(replay)
        at = _first_card_move(forged)
        move = forged["moves"][at]["move"]
        cards = move.get("cards") or [move.get("card")]
        # Another card of the same deck: one the mover did not hold at that moment.
        swapped = cards[0].replace("H", "S") if "H" in cards[0] else cards[0].replace(cards[0][0], "H", 1)
        if "cards" in move:
            move["cards"] = [swapped, *cards[1:]]
        else:
            move["card"] = swapped
        verdict = verify_replay(forged)
        # Rejected at that move, or later when the card it really was is missing or the end differs.
        assert not verdict.ok, (game, index)


def test_a_replay_with_one_seed_byte_changed_is_rejected() -> None:
    for index in range(50):
        game, seats = TITLES[index % len(TITLES)]
        replay = random_game(ENGINES[game], seats, index)
        seed = bytearray(bytes.fromhex(replay["seed"]))
        seed[index % len(seed)] ^= 0x01
        forged = {**replay, "seed": seed.hex()}
        verdict = verify_replay(forged)
        assert not verdict.ok and "does not hash" in verdict.problem
        # Even told nothing of the hash, a card game's moves no longer fit the deal.
        if game in ("crazy-eights", "last-card", "mau-mau", "number-rows", "poker"):
            unsealed = {key: value for key, value in forged.items() if key != "seed_sha256"}
            assert not verify_replay(unsealed).ok


def test_a_changed_result_or_a_missing_move_is_rejected() -> None:
    replay = random_game(ENGINES["crazy-eights"], 2, 7)
    placings = replay["result"]["placings"]
    assert not verify_replay({**replay, "result": {**replay["result"], "placings": placings[::-1]}}).ok
    assert "do not finish" in verify_replay({**replay, "moves": replay["moves"][:-1]}).problem
    assert not verify_replay({**replay, "game": "no-such-game"}).ok
    assert not verify_replay(replay, expect_hash="00" * 32).ok


def test_the_command_line_says_verified_or_not(tmp_path) -> None:
    replay = random_game(ENGINES["crazy-eights"], 2, 3)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(replay))
    run = subprocess.run(
        [sys.executable, "-m", "verifier", str(good), "--expect-hash", replay["seed_sha256"]],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0 and run.stdout.startswith("verified:"), run.stdout + run.stderr
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**replay, "seed_sha256": "ab" * 32}))
    run = subprocess.run([sys.executable, "-m", "verifier", str(bad)], capture_output=True, text=True)
    assert run.returncode == 1 and run.stdout.startswith("NOT verified:")
