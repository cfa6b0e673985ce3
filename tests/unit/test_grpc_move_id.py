"""The move id of a gRPC ClientMessage, read from its wire bytes without parsing it."""

from __future__ import annotations

from gameroom import play_pb2

from gateway.play_grpc import move_id_of


def test_the_move_id_is_read_from_the_bytes() -> None:
    move = play_pb2.MoveRequest(seat=3, client_move_id="m-17", version=12)
    move.move.update({"type": "drop", "column": 3})
    assert move_id_of(play_pb2.ClientMessage(move=move).SerializeToString()) == "m-17"


def test_no_move_or_no_id_or_garbage_names_nothing() -> None:
    hello = play_pb2.ClientMessage(hello=play_pb2.Hello(code="K7QMX", token="t" * 40))
    assert move_id_of(hello.SerializeToString()) == ""
    assert move_id_of(play_pb2.ClientMessage(move=play_pb2.MoveRequest(seat=1)).SerializeToString()) == ""
    assert (
        move_id_of(play_pb2.ClientMessage(move=play_pb2.MoveRequest(client_move_id="x" * 65)).SerializeToString()) == ""
    )
    for garbage in (b"", b"\xff", b"\x12\x7f", b"\x12\x05\x1a\x09abc", b"\x80" * 20):
        assert move_id_of(garbage) == ""
