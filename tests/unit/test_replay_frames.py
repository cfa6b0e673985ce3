"""Replay frames from the steps a family service answered: a seat sees its own view, the
events meant for it and its own moves only; revealed shows everything; sizes are bounded."""

from __future__ import annotations

import json

import pytest

from lobby.replays import PlayedGame, Replays, Step, frames, parse_seat
from lobby.store import FinishedGame
from rulekit import Refusal


def _played(code: str = "ABCDE", hand_chars: int = 1) -> PlayedGame:
    game = FinishedGame(code, 1, "g", {"o": 1}, "00", ["Anna", "Ben"], ["", ""], {"placings": [1, 2]}, 5, 9)
    hands = [{"hand": ["A" * hand_chars]}, {"hand": ["B" * hand_chars]}]
    table = {"public": {"pile": 3}}
    views = tuple(json.dumps(h) for h in hands)
    return PlayedGame(
        game,
        (
            Step(None, None, ((({"code": "dealt"}), None),), views, json.dumps(table)),
            Step(
                0,
                {"type": "pass", "card": "A"},
                (({"code": "passed", "card": "A"}, (0,)), ({"code": "moved"}, None)),
                views,
                json.dumps(table),
            ),
            Step(
                1, {"type": "pass", "card": "B"}, (({"code": "passed", "card": "B"}, (1,)),), views, json.dumps(table)
            ),
            Step(-1, {"timeout": True}, (({"code": "timed_out"}, None),), views, json.dumps(table)),
        ),
    )


def test_a_seat_sees_its_own_view_events_and_moves_only() -> None:
    replay = frames(_played(), 0)
    assert replay["seat"] == "0" and replay["moves"] == 3 and len(replay["frames"]) == 4
    assert all(f["view"] == {"hand": ["A"]} and "views" not in f for f in replay["frames"])
    assert "B" not in json.dumps(replay["frames"])
    step0, step1, step2, step3 = replay["frames"]
    assert "seat" not in step0 and "move" not in step0
    assert step1["move"] == {"type": "pass", "card": "A"} and len(step1["events"]) == 2
    assert step2["seat"] == 1 and "move" not in step2 and step2["events"] == []
    assert step3["move"] == {"timeout": True}  # a clock running out is no secret
    assert step3["events"][-1] == {"code": "game_over", "result": {"placings": [1, 2]}}


def test_revealed_shows_every_seat_every_event_and_move() -> None:
    replay = frames(_played(), None)
    assert replay["seat"] == "all" and replay["options"] == {"o": 1}
    step2 = replay["frames"][2]
    assert step2["view"] == {"public": {"pile": 3}}
    assert step2["views"] == [{"seat": 0, "view": {"hand": ["A"]}}, {"seat": 1, "view": {"hand": ["B"]}}]
    assert step2["move"] == {"type": "pass", "card": "B"} and step2["events"] == [{"code": "passed", "card": "B"}]


@pytest.mark.parametrize(("text", "seat"), [("all", None), ("", None), ("0", 0), ("1", 1)])
def test_seats_are_all_or_a_seat_of_the_game(text: str, seat: int | None) -> None:
    assert parse_seat(text, 2) == seat


@pytest.mark.parametrize("text", ["2", "-1", "x", "1.0", "０"])
def test_other_seats_are_refused(text: str) -> None:
    with pytest.raises(Refusal) as refused:
        parse_seat(text, 2)
    assert refused.value.code == "bad_request"


def test_a_replay_too_large_is_refused_whole() -> None:
    played = _played(hand_chars=1000)
    assert frames(played, 0, max_chars=5000)["frames"]  # one seat: four views of about 1 kB
    with pytest.raises(Refusal) as refused:
        frames(played, None, max_chars=5000)  # revealed: both hands at every step
    assert refused.value.code == "frame_too_large"


def test_the_cache_keeps_the_newest_games_within_its_bounds() -> None:
    replays = Replays(engines=None, games=2, chars=10_000)  # type: ignore[arg-type]
    for code in ("AAAAA", "BBBBB", "CCCCC"):
        replays._keep((code, 1), _played(code))
    assert list(replays._cache) == [("BBBBB", 1), ("CCCCC", 1)]
    replays._keep(("DDDDD", 1), _played("DDDDD", hand_chars=2_000))  # larger than the whole cache
    assert ("DDDDD", 1) not in replays._cache
