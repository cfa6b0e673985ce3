"""The smallest rendered text and the smallest tap target of every table at 360 × 640, as the
phone layout browser test measured them (it leaves test-output/phone/<title>.json).

    python -m pytest -m e2e tests/e2e/test_phone_layout.py; python bench/phone_sizes.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

OUTPUT = Path(__file__).resolve().parents[1] / "test-output" / "phone"


def main() -> int:
    rows = sorted(OUTPUT.glob("*.json"))
    if not rows:
        print(f"no figures in {OUTPUT}: run tests/e2e/test_phone_layout.py first", file=sys.stderr)
        return 1
    print(f"{'title':<20} {'text px':>8}  {'target px':>10}  breaches  smallest text")
    for path in rows:
        found = json.loads(path.read_text())
        text = found.get("smallest_text") or {}
        target = found.get("smallest_target") or {}
        side = min(target.get("width", 0), target.get("height", 0)) if target else 0
        print(
            f"{path.stem:<20} {text.get('size', 0):>8.1f}  {side:>10.1f}  {len(found['breaches']):>8}  {text.get('text', '')!r}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
