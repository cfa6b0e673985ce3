"""The example bot's move choice (examples/bot/moves.py) and command line: what it sends is
always a move the server's own matching rule accepts."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from google.protobuf import json_format, struct_pb2

from examples.bot import choose_move, instantiate, plain
from examples.bot.__main__ import parse_args, parse_options
from examples.bot.client import BotError, Outcome
from examples.bot.moves import move_key
from rulekit import move_matches

ROOT = Path(__file__).resolve().parents[2]

TEMPLATES = [
    {"type": "bid", "range": {"amount": [10, 200, 10]}},
    {"type": "raise", "suit": "hearts", "range": {"amount": [3, 9, 3], "tricks": [0, 4, 1]}},
    {"type": "clue", "text": {"word": 12}},
    {"type": "answer", "category": 2, "range": {"points": [1, 1, 1]}, "text": {"word": 5}},
]


@pytest.mark.parametrize("template", TEMPLATES)
def test_instantiated_templates_match_the_servers_rule(template) -> None:  # type: ignore[no-untyped-def]
    rnd = random.Random(5)
    for _ in range(300):
        move = instantiate(template, rnd)
        assert move_matches(template, move), move
    lowest = instantiate(template, None)
    assert move_matches(template, lowest)
    for key, (low, _high, _step) in template.get("range", {}).items():
        assert lowest[key] == low
    for key in template.get("text", {}):
        assert lowest[key] == ""


def test_a_template_arriving_over_grpc_still_instantiates_to_whole_numbers() -> None:
    # A Struct turns every number into a double: the bot makes whole ones ints again.
    struct = struct_pb2.Struct()
    struct.update(TEMPLATES[1])
    arrived = json_format.MessageToDict(struct)
    assert arrived["range"]["amount"] == [3.0, 9.0, 3.0]
    legal = plain(arrived)
    move = instantiate(legal, random.Random(1))
    assert move_matches(TEMPLATES[1], move) and isinstance(move["amount"], int)


def test_levels_choose_among_the_legal_moves() -> None:
    legal = [{"type": "drop", "column": c} for c in (2, 4, 6)]
    assert choose_move(legal, "first", random.Random(0)) == {"type": "drop", "column": 2}
    seen = {choose_move(legal, "random", random.Random(seed))["column"] for seed in range(50)}  # type: ignore[index]
    assert seen == {2, 4, 6}
    with pytest.raises(ValueError):
        choose_move(legal, "strong", random.Random(0))


def test_refused_moves_are_not_sent_again_and_resigning_is_left_alone() -> None:
    legal = [{"type": "resign"}, {"type": "drop", "column": 1}, {"type": "drop", "column": 5}]
    refused = {move_key({"type": "drop", "column": 1})}
    for seed in range(30):
        assert choose_move(legal, "random", random.Random(seed), refused) == {"type": "drop", "column": 5}
    assert choose_move(legal, "first", random.Random(0)) == {"type": "drop", "column": 1}
    # When resigning is all there is, it is played; when everything was refused, nothing is.
    assert choose_move([{"type": "resign"}], "random", random.Random(0)) == {"type": "resign"}
    everything = {move_key(m) for m in legal}
    assert choose_move(legal, "random", random.Random(0), everything) is None


def test_command_line() -> None:
    args = parse_args(["--code", "k7qm2", "--name", "Robo", "--server", "10.0.0.5:50050", "--level", "first"])
    assert (args.code, args.name, args.server, args.level, args.create) == (
        "k7qm2",
        "Robo",
        "10.0.0.5:50050",
        "first",
        None,
    )
    assert parse_args(["--create", "dice-poker", "--players", "3"]).players == 3
    for wrong in (
        [],
        ["--code", "A", "--create", "chess"],
        ["--create", "chess", "--token", "t"],
        ["--code", "A", "--level", "x"],
    ):
        with pytest.raises(SystemExit):
            parse_args(wrong)
    online = parse_args(["--online", "--token", "bot", "--games", "four-in-a-row, dice-poker", "--challenge", "p1"])
    assert (online.online, online.token, online.challenge, online.game, online.count) == (
        True,
        "bot",
        "p1",
        "four-in-a-row",
        1,
    )
    for wrong in (
        ["--online"],  # no bot token
        ["--code", "A", "--online", "--token", "t"],
        ["--create", "chess", "--challenge", "p1"],  # challenging is the online mode's
        ["--online", "--token", "t", "--challenge", "p1", "--count", "0"],
    ):
        with pytest.raises(SystemExit):
            parse_args(wrong)
    assert parse_options(["variant=9x7-5", "rounds=3", "open=true"]) == {"variant": "9x7-5", "rounds": 3, "open": True}
    with pytest.raises(BotError):
        parse_options(["variant"])


def test_the_summary_names_every_seat_and_the_bots_placing() -> None:
    outcome = Outcome("K7QM2", "four-in-a-row", [1], ["Anna", "Robo"], [2, 1], [0, 1])
    assert outcome.summary() == (
        "game over in room K7QM2 (four-in-a-row): 1. Robo (seat 1, score 1), 2. Anna (seat 0, score 0); "
        "the bot's seat 1 placed 1 of 2"
    )


def test_importing_the_bot_starts_nothing() -> None:
    script = "import threading, examples.bot; assert threading.active_count() == 1; print('quiet')"
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "quiet\n" and done.stderr == ""
