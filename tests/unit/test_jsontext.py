"""The move path's JSON (lobby/jsontext.py) gives the standard library's values, and the legal
moves are compared from views decoded once per room (lobby/move_path.py absorb)."""

from __future__ import annotations

import json
import math

import pytest
from gameroom import engine_pb2

from gateway.frames import server_frame
from lobby import jsontext
from lobby.move_path import absorb
from lobby.room import Room, Seat

VALUES = [
    {"b": 1, "a": [1.5, -0.0, None, True, "x\u00e9\u2028"], "c": {"d": {}}},
    [10**30, {"deep": 10**20}],  # past 64 bits: orjson refuses, json writes them
    {2: "int key", None: "null key", True: "bool key"},
    "",
    [],
]


@pytest.mark.parametrize("value", VALUES)
def test_dumps_reads_back_as_the_standard_library_writes(value) -> None:  # type: ignore[no-untyped-def]
    assert json.loads(jsontext.dumps(value)) == json.loads(json.dumps(value, separators=(",", ":")))


def test_dumps_keeps_the_order_of_keys_and_is_compact() -> None:
    assert jsontext.dumps({"z": 1, "a": [1, 2]}) == '{"z":1,"a":[1,2]}'
    assert server_frame({"pong": {"nonce": 3}}) == '{"pong":{"nonce":3}}'


def test_dumps_nests_as_deep_as_json_does() -> None:
    deep: list = []
    for _ in range(300):  # past orjson's 255 levels
        deep = [deep]
    assert jsontext.dumps(deep) == json.dumps(deep, separators=(",", ":"))


@pytest.mark.parametrize(
    "text", ['{"a": [1, 2.5, "\\u00e9"], "b": null}', '"\\ud800"', "[NaN, Infinity]", "1E400", " {} "]
)
def test_loads_gives_the_standard_librarys_values(text: str) -> None:
    got, want = jsontext.loads(text), json.loads(text)
    if isinstance(want, list) and any(isinstance(v, float) and math.isnan(v) for v in want):
        assert math.isnan(got[0]) and got[1:] == want[1:]
    else:
        assert got == want and type(got) is type(want)


def test_loads_raises_what_json_raises() -> None:
    with pytest.raises(json.JSONDecodeError):
        jsontext.loads("{not json")


def test_a_view_is_decoded_once_per_room() -> None:
    room = Room(code="ABCDE", game="g", options={}, seats=[Seat("human")], views={"0": '{"legal_moves": [1]}'})
    first = room.view_value(room.views["0"])
    assert first == {"legal_moves": [1]}
    assert room.view_value('{"legal_moves": [1]}') is first
    assert room.to_json()["views"] == {"0": '{"legal_moves": [1]}'}  # the cache is not stored


def _reply(views: list[str]) -> engine_pb2.StepReply:
    return engine_pb2.StepReply(
        state_json="{}",
        views=[engine_pb2.SeatView(seat=seat, view_json=view) for seat, view in enumerate(views)],
        spectator_view_json='{"legal_moves": []}',
        to_move=[0, 1],
    )


def test_choice_version_moves_only_when_a_seats_legal_moves_change() -> None:
    room = Room(
        code="ABCDE",
        game="g",
        options={},
        seats=[Seat("human"), Seat("human"), Seat("human")],
        status="playing",
        version=4,
        views={
            "0": '{"board":1,"legal_moves":[{"column":1}]}',
            "1": '{"board":1,"legal_moves":[]}',
            "2": '{"board":1,"legal_moves":[]}',
        },
        choice_version={"0": 2, "1": 3, "2": 1},
    )
    absorb(
        room,
        _reply(
            [
                '{"board":1,"legal_moves":[{"column":1}]}',  # the same text
                '{"board":2,"legal_moves":[]}',  # another view, the same legal moves
                '{"board":2,"legal_moves":[{"column":0}]}',  # new legal moves
            ]
        ),
        [],
    )
    assert room.version == 5
    assert room.choice_version == {"0": 2, "1": 3, "2": 5}
