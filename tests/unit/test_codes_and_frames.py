"""Room codes, tokens and client-frame parsing."""

from __future__ import annotations

import itertools
import json

import pytest

from gateway.frames import MAX_FRAME_BYTES, parse_client_frame, schema_parse
from gateway.limits import TokenBucket
from lobby import codes
from rulekit import Refusal


def test_codes_avoid_look_alikes() -> None:
    for _ in range(500):
        code = codes.new_room_code()
        assert codes.is_code(code)
        assert not set(code) & set("01OIL")
    assert codes.normalise_code(" k7q m2 ") == "K7QM2"


def test_tokens_are_stored_as_hashes() -> None:
    token = codes.new_token()
    assert len(token) >= 32 and codes.token_hash(token) != token and len(codes.token_hash(token)) == 64


def test_frames_keep_move_numbers_exact() -> None:
    branch, body = parse_client_frame(
        json.dumps({"move": {"seat": 1, "move": {"type": "drop", "column": 3}, "client_move_id": "a", "version": 4}})
    )
    assert (
        branch == "move" and body["move"] == {"type": "drop", "column": 3} and isinstance(body["move"]["column"], int)
    )
    assert body["seat"] == 1 and body["version"] == 4


NUMBERS = [0, 1, 7, -1, 2**31 - 1, 2**31, -(2**31) - 1, 1.0, 1.5, "3", True, None, [], {}]
IDS = ["", "m1", "ü " * 3, 5, None, ["a"]]
MOVES = [{"type": "drop", "column": 3}, {}, {"n": 1.5, "deep": {"a": [1, None]}}, [], "drop", 4, None]


def _outcome(parse, frame):  # type: ignore[no-untyped-def]
    try:
        return parse(frame)
    except Refusal as refusal:
        return ("refused", refusal.code)


def test_a_move_frame_reads_as_the_schema_reads_it() -> None:
    """The plain way of writing a move skips the schema's parse (the gateway's hot path); every
    frame, plain or not, comes out as the schema's parse gives it, refusals included."""
    frames = []
    for seat, version, move_id, move in itertools.product(NUMBERS, NUMBERS[:6], IDS, MOVES):
        body = {"seat": seat, "version": version, "client_move_id": move_id, "move": move}
        frames.append({"move": body})
        frames.append({"move": {k: v for k, v in body.items() if v not in (0, "", None) or k == "seat"}})
    frames += [{"move": {"seat": 1, "mvoe": {}}}, {"move": []}, {"move": None}, {"move": {}}, {"chat": {"text": "x"}}]
    for frame in frames:
        assert _outcome(lambda f: parse_client_frame(json.dumps(f)), frame) == _outcome(schema_parse, frame), frame


@pytest.mark.parametrize(
    "text,code",
    [
        ("nope", "malformed_frame"),
        ("{}", "malformed_frame"),
        ('{"hello": {"code": 5, "token": []}}', "malformed_frame"),
        ('{"hello": {}, "chat": {}}', "malformed_frame"),
        ('{"teleport": {}}', "malformed_frame"),
        ('{"move": []}', "malformed_frame"),
        ('{"start": [1]}', "malformed_frame"),
        (json.dumps({"chat": {"text": "x" * MAX_FRAME_BYTES}}), "frame_too_large"),
    ],
)
def test_bad_frames(text: str, code: str) -> None:
    with pytest.raises(Refusal) as refused:
        parse_client_frame(text)
    assert refused.value.code == code


def test_token_bucket_allows_bursts_then_refills() -> None:
    now = [0.0]
    bucket = TokenBucket(2.0, 3, clock=lambda: now[0])
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    now[0] += 1.0
    assert [bucket.take() for _ in range(3)] == [True, True, False]
