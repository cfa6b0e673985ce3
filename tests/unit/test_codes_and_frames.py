"""Room codes, tokens and client-frame parsing."""

from __future__ import annotations

import json

import pytest

from gateway.frames import MAX_FRAME_BYTES, parse_client_frame
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


@pytest.mark.parametrize(
    "text,code",
    [
        ("nope", "malformed_frame"),
        ("{}", "malformed_frame"),
        ('{"hello": {"code": 5, "token": []}}', "malformed_frame"),
        ('{"hello": {}, "chat": {}}', "malformed_frame"),
        ('{"teleport": {}}', "malformed_frame"),
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
