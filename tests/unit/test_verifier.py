"""The shuffle anyone can check (`python -m verifier`): every game of a thousand-game random run
verifies from its revealed server seed and the seats' contributions, and a replay with one card,
one move, one contribution or one seed byte changed is rejected."""

from __future__ import annotations

import copy
import hashlib
import json
import random
import subprocess
import sys
from typing import Any

import pytest

from rulekit import Engine, fairness
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
GAMES = 1000  # random games across the titles above, each replayed and verified from its seeds


def contributed(server_seed: bytes, seats: int, rnd: random.Random) -> list[dict[str, Any]]:
    """Each seat's value as the lobby records it: a browser's random bytes, or the server's."""
    out = []
    for seat in range(seats):
        if rnd.random() < 0.7:
            out.append({"seat": seat, "value": rnd.randbytes(32).hex(), "from": "seat"})
        else:
            out.append({"seat": seat, "value": fairness.server_value(server_seed, seat).hex(), "from": "server"})
    return out


def random_game(engine: Engine, seats: int, index: int) -> dict[str, Any]:
    """A seeded random game through the public engine interface, as the lobby records it:
    the seed mixed from a committed server seed and every seat's contribution."""
    rnd = random.Random(index)
    server_seed = hashlib.sha256(b"verifier:%s:%d" % (engine.meta.id.encode(), index)).digest()
    contributions = contributed(server_seed, seats, rnd)
    seed = fairness.mix(server_seed, [bytes.fromhex(c["value"]) for c in contributions])
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
        "server_seed": server_seed.hex(),
        "commit": hashlib.sha256(server_seed).hexdigest(),
        "contributions": contributions,
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
        assert verdict.mixed and verdict.moves == len(replay["moves"])


def test_the_seed_is_the_tagged_hash_of_the_server_seed_and_the_values_in_seat_order() -> None:
    server_seed, first, second = b"\x01" * 32, b"\x02" * 32, b"\x03" * 32
    spelled_out = hashlib.sha256(b"gameroom-shuffle-v1" + server_seed + first + second).digest()
    assert fairness.mix(server_seed, [first, second]) == spelled_out
    assert fairness.mix(server_seed, [second, first]) != spelled_out  # the order is the seats'
    assert (
        fairness.server_value(server_seed, 1)
        == hashlib.sha256(b"gameroom-seat-v1" + server_seed + (1).to_bytes(4, "big")).digest()
    )
    assert fairness.server_value(server_seed, 0) != fairness.server_value(server_seed, 1)
    with pytest.raises(ValueError):
        fairness.mix(server_seed, [b"\x02" * 31])
    assert fairness.parse_value("ab" * 32) == b"\xab" * 32
    assert [fairness.parse_value(v) for v in ("ab" * 31, "zz" * 32, 7, "ab" * 33)] == [None] * 4


@pytest.mark.parametrize("index", range(10))
def test_a_replay_with_one_contribution_or_server_seed_byte_changed_is_rejected(index: int) -> None:
    game, seats = TITLES[index]
    replay = random_game(ENGINES[game], seats, index)
    assert verify_replay(replay).ok
    for item in replay["contributions"]:
        item["from"] = "seat"  # a browser's value: changing it is caught by the seed alone
    at = index % seats
    value = bytearray(bytes.fromhex(replay["contributions"][at]["value"]))
    value[index] ^= 0x80
    changed = copy.deepcopy(replay)
    changed["contributions"][at]["value"] = value.hex()
    assert "not the one the server seed and the contributions give" in verify_replay(changed).problem
    server_seed = bytearray(bytes.fromhex(replay["server_seed"]))
    server_seed[31 - index] ^= 0x01
    assert "does not hash to the commitment" in verify_replay({**replay, "server_seed": server_seed.hex()}).problem
    # A new commitment to match the changed server seed: the seed it gives is not the game's.
    recommitted = {**replay, "server_seed": server_seed.hex(), "commit": hashlib.sha256(server_seed).hexdigest()}
    assert not verify_replay(recommitted).ok
    assert not verify_replay(replay, expect_commit="00" * 32).ok
    dropped = {**replay, "contributions": replay["contributions"][:-1]}
    assert "one per seat" in verify_replay(dropped).problem


def test_a_server_value_in_place_of_a_seats_own_must_be_the_one_the_server_seed_gives() -> None:
    replay = random_game(ENGINES["crazy-eights"], 2, 11)
    forged = copy.deepcopy(replay)
    forged["contributions"][0] = {"seat": 0, "value": "11" * 32, "from": "server"}
    assert "server value" in verify_replay(forged).problem


def test_a_replay_from_before_players_contributed_still_verifies() -> None:
    replay = random_game(ENGINES["mau-mau"], 2, 5)
    old = {k: v for k, v in replay.items() if k not in ("server_seed", "commit", "contributions")}
    verdict = verify_replay(old)
    assert verdict.ok and not verdict.mixed


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
        assert "not the one the server seed" in verify_replay(forged).problem
        # Without the chain (a replay from before players contributed), the seed's hash catches it.
        chain = ("server_seed", "commit", "contributions")
        forged = {key: value for key, value in forged.items() if key not in chain}
        verdict = verify_replay(forged)
        assert not verdict.ok and "does not hash" in verdict.problem
        # Even told nothing of the hash, a card game's moves no longer fit the deal (not
        # poker's: a hand everyone folds before the showdown fits any deal).
        if game in ("crazy-eights", "last-card", "mau-mau", "number-rows"):
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
        [
            sys.executable,
            "-m",
            "verifier",
            str(good),
            "--expect-hash",
            replay["seed_sha256"],
            "--expect-commit",
            replay["commit"],
        ],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0 and run.stdout.startswith("verified:"), run.stdout + run.stderr
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**replay, "seed_sha256": "ab" * 32}))
    run = subprocess.run([sys.executable, "-m", "verifier", str(bad)], capture_output=True, text=True)
    assert run.returncode == 1 and run.stdout.startswith("NOT verified:")
