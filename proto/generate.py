"""Regenerates the Python stubs beside the .proto files.

The stubs are committed, so running the platform needs no code generation; the test
`tests/unit/test_proto_stubs.py` fails when they are stale.
Usage: python proto/generate.py [--out DIR]
"""

from __future__ import annotations

import argparse
import pathlib
import sys

import grpc_tools
from grpc_tools import protoc

HERE = pathlib.Path(__file__).resolve().parent
PROTOS = sorted(str(p.relative_to(HERE)) for p in (HERE / "gameroom").glob("*.proto"))


def generate(out: pathlib.Path) -> None:
    include = pathlib.Path(grpc_tools.__file__).parent / "_proto"
    args = [
        "protoc",
        f"-I{HERE}",
        f"-I{include}",
        f"--python_out={out}",
        f"--pyi_out={out}",
        f"--grpc_python_out={out}",
        *PROTOS,
    ]
    if protoc.main(args) != 0:
        sys.exit("protoc failed")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=pathlib.Path, default=HERE)
    generate(parser.parse_args().out)
