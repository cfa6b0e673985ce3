"""Write the golden playthroughs again (tests/conformance/golden.py): one short seeded game per
game and seat count, in tests/games/<game>/golden/<seats>.json.gz.

    python scripts/golden.py                   # every registered game
    python scripts/golden.py --games chess,poker
    python scripts/golden.py --check           # replay them and name the first step that differs

Run it after a deliberate change of a game's rules; the regenerated files' diff is the change."""

from __future__ import annotations

import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests import budget  # noqa: E402  (needs the path above)
from tests.conformance import golden  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", help="comma-separated game ids (default: every registered game)")
    parser.add_argument("--check", action="store_true", help="replay instead of writing")
    args = parser.parse_args()
    wanted = args.games.split(",") if args.games else sorted(budget.DECLARATIONS)
    failed = 0
    for game in wanted:
        engine = budget.DECLARATIONS[game].engine
        for seats in engine.meta.allowed_seat_counts():
            if args.check:
                difference = golden.replay(engine, golden.load(engine, seats))
                failed += difference is not None
                print(f"{game} {seats}: {difference or 'ok'}")
            else:
                target = golden.write(engine, seats)
                print(f"{target.relative_to(ROOT)} {target.stat().st_size} bytes")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
