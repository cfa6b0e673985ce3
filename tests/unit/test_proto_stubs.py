"""The committed stubs are what the .proto files generate: a changed .proto without
`make stubs` fails here."""

from __future__ import annotations

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "proto"))

import generate  # noqa: E402


def test_stubs_are_fresh(tmp_path: pathlib.Path) -> None:
    generate.generate(tmp_path)
    committed = ROOT / "proto" / "gameroom"
    fresh = sorted((tmp_path / "gameroom").glob("*_pb2*.py*"))
    assert fresh, "protoc produced nothing"
    for path in fresh:
        assert (committed / path.name).read_text() == path.read_text(), f"{path.name} is stale: run `make stubs`"
    assert sorted(p.name for p in committed.glob("*_pb2*.py*")) == [p.name for p in fresh]
