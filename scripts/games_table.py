"""The README's games table, written from the code: each family's registry (seats, CPU levels),
the web client's English titles (from the game folders) and each game's rules page.

    .venv/bin/python scripts/games_table.py           # print the table
    .venv/bin/python scripts/games_table.py --write   # put it into README.md between its markers
    .venv/bin/python scripts/games_table.py --check   # exit 1 when README.md's table differs

tests/unit/test_doc_links.py runs the check, so a game added to a registry fails the suite until
the README lists it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from svc_boards.registry import REGISTRY as BOARDS
from svc_cards.registry import REGISTRY as CARDS
from svc_dice.registry import REGISTRY as DICE
from svc_words.registry import REGISTRY as WORDS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gateway.web_catalogue import ui_catalogue  # noqa: E402

README = ROOT / "README.md"
START, END = "<!-- games table: scripts/games_table.py -->", "<!-- end of games table -->"
FAMILIES = (CARDS, BOARDS, DICE, WORDS)


def seats_text(counts: tuple[int, ...]) -> str:
    """2–8 for an unbroken range, "2 or 4" for two counts, "2, 3, 4, 6" otherwise."""
    if len(counts) == 1:
        return str(counts[0])
    if counts == tuple(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    if len(counts) == 2:
        return f"{counts[0]} or {counts[1]}"
    return ", ".join(str(count) for count in counts)


def levels_text(levels: tuple[str, ...]) -> str:
    """The levels besides the random player every game with CPU seats has."""
    if not levels:
        return "none (by design)"
    return ", ".join(level for level in levels if level != "random") or "random"


def table() -> str:
    titles = ui_catalogue(ROOT / "gateway" / "web", "en")
    lines = ["| game | family | players | CPU levels | rules |", "|---|---|---:|---|---|"]
    for registry in FAMILIES:
        for engine in sorted(registry, key=lambda engine: titles[f"game.{engine.meta.id}"]):
            meta = engine.meta
            rules = f"gateway/web/games/{meta.id}/rules.en.md"
            if not (ROOT / rules).is_file():
                raise SystemExit(f"{meta.id} has no English rules page ({rules})")
            lines.append(
                f"| {titles[f'game.{meta.id}']} (`{meta.id}`) | {registry.family} "
                f"| {seats_text(meta.allowed_seat_counts())} | {levels_text(meta.cpu_levels)} | [rules]({rules}) |"
            )
    return "\n".join(lines)


def readme_table(text: str) -> str:
    """The table between the README's markers."""
    if START not in text or END not in text:
        raise SystemExit(f"README.md has no games table markers ({START} … {END})")
    return text.split(START, 1)[1].split(END, 1)[0].strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="replace the table in README.md")
    parser.add_argument("--check", action="store_true", help="exit 1 when README.md's table differs")
    args = parser.parse_args()
    made = table()
    text = README.read_text(encoding="utf-8")
    if args.write:
        before, rest = text.split(START, 1)
        README.write_text(f"{before}{START}\n{made}\n{END}{rest.split(END, 1)[1]}", encoding="utf-8")
    elif args.check:
        if readme_table(text) != made:
            print("README.md's games table is out of date: run scripts/games_table.py --write", file=sys.stderr)
            return 1
    else:
        print(made)
    return 0


if __name__ == "__main__":
    sys.exit(main())
