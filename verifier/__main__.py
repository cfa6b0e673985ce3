"""python -m verifier replay.json [--expect-hash HEX] [--expect-commit HEX]: exit 0 when the game checks out."""

from __future__ import annotations

import argparse
import json
import sys

from .replay import verify_replay


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m verifier", description=__doc__)
    parser.add_argument("replay", help="a replay file (GET /api/rooms/{code}/games/{n}), or - for standard input")
    parser.add_argument("--expect-hash", help="the seed's SHA-256 the game announced when it started")
    parser.add_argument("--expect-commit", help="the server seed's commitment the game announced before it started")
    args = parser.parse_args(argv)
    if args.replay == "-":
        text = sys.stdin.read()
    else:
        with open(args.replay, encoding="utf-8") as file:
            text = file.read()
    verdict = verify_replay(json.loads(text), args.expect_hash, args.expect_commit)
    print(verdict)
    return 0 if verdict.ok else 1


if __name__ == "__main__":
    sys.exit(main())
