"""A page per game for client and bot authors, written from the code: docs/games/<id>.md and
the index docs/games/README.md.

    .venv/bin/python scripts/game_docs.py           # write every page
    .venv/bin/python scripts/game_docs.py --check   # exit 1 when a page in docs/games differs

Each page takes its facts from where they live: the game's metadata (seats, options, CPU
levels, clock), the TypedDicts of its state module (the shapes of `public`, `private`, moves
and events, with their comments), the hand-written `VIEW.md` in the game's own folder (how to
read a cell, a card id, a piece, the coordinates) and a real seeded game: the view of seat 0
at the start, its legal moves and the events of the first moves, played through the engine.
tests/unit/test_game_docs.py regenerates the pages in memory and fails when one differs.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
import json
import sys
import typing
from pathlib import Path
from types import ModuleType
from typing import Any

from svc_boards.registry import REGISTRY as BOARDS
from svc_cards.core import cards as card_ids
from svc_cards.registry import REGISTRY as CARDS
from svc_dice.registry import REGISTRY as DICE
from svc_words.registry import REGISTRY as WORDS

from rulekit import Refusal
from rulekit.contract import move_matches

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gateway.web_catalogue import ui_catalogue  # noqa: E402

OUT = ROOT / "docs" / "games"
FAMILIES = (CARDS, BOARDS, DICE, WORDS)
FIRST_STEPS = 4  # moves whose events each page shows
MOST_LEGAL = 12  # legal moves shown; the page says how many there are
GENERATED = "<!-- written by scripts/game_docs.py from the code; edit the game's VIEW.md and state.py, then run it -->"


def compact(value: Any, indent: int = 0) -> str:
    """JSON a person can read: objects one key a line, a list of scalars on one line."""
    pad = "  " * indent
    one_line = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    inside = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    if len(one_line) + len(pad) <= 100 and not any(isinstance(v, (dict, list)) and v for v in inside):
        return one_line
    if isinstance(value, dict) and value:
        items = [f"{pad}  {json.dumps(k)}: {compact(v, indent + 1).lstrip()}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{pad}}}"
    if isinstance(value, list) and any(isinstance(v, (dict, list)) and v for v in value):
        items = [f"{pad}  {compact(v, indent + 1).lstrip()}" for v in value]
        return "[\n" + ",\n".join(items) + f"\n{pad}]"
    return json.dumps(value, ensure_ascii=False)


def instantiate(legal: dict[str, Any]) -> dict[str, Any]:
    """A legal move as sent: a template's ranges at their lowest, its texts one letter."""
    move = {k: v for k, v in legal.items() if k not in ("range", "text")}
    for key, bounds in legal.get("range", {}).items():
        move[key] = bounds[0]
    for key in legal.get("text", {}):
        move[key] = "a"
    return move


def type_modules(engine: Any) -> list[ModuleType]:
    """The modules of the engine's state and view TypedDicts, and of the TypedDicts they extend
    inside the game packages (a race title's shared state), the engine's own first."""
    view_type = None
    for base in type(engine).__mro__:
        for generic in getattr(base, "__orig_bases__", ()):
            args = typing.get_args(generic)
            if len(args) == 2 and all(isinstance(a, type) for a in args):
                view_type = args[1]
                break
        if view_type is not None:
            break
    # An engine not parameterised with its types: the state module beside its rules.
    first = view_type.__module__ if view_type is not None else f"{type(engine).__module__.rsplit('.', 1)[0]}.state"
    modules: list[ModuleType] = []
    waiting = [importlib.import_module(first)]
    while waiting:
        module = waiting.pop(0)
        if module in modules:
            continue
        modules.append(module)
        # The bases as written (a TypedDict class keeps no record of them at run time).
        for node in ast.parse(inspect.getsource(module)).body:
            if isinstance(node, ast.ClassDef):
                for base in node.bases:
                    found = getattr(module, base.id, None) if isinstance(base, ast.Name) else None
                    name = getattr(found, "__module__", "")
                    if name.startswith("svc_") and name != module.__name__:
                        waiting.append(sys.modules[name])
    return modules


def typed_dicts(module: ModuleType) -> str:
    """The TypedDict classes of a module as written, with their comments."""
    source = inspect.getsource(module)
    tree = ast.parse(source)
    lines = source.splitlines()
    parts = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and typing.is_typeddict(getattr(module, node.name, None)):
            start = min([node.lineno, *(d.lineno for d in node.decorator_list)]) - 1
            while start > 0 and lines[start - 1].lstrip().startswith("#"):
                start -= 1
            parts.append("\n".join(lines[start : node.end_lineno]))
    return "\n\n\n".join(parts)


def first_events(engine: Any, state: Any) -> list[dict[str, Any]]:
    """The moves and events of the first steps of a game where every seat plays its first
    legal move that the engine takes (templates at their lowest)."""
    steps = []
    for _ in range(FIRST_STEPS):
        movers = sorted(engine.to_move(state))
        if not movers:
            break
        seat = movers[0]
        for legal in engine.legal_moves(state, seat):
            move = instantiate(legal)
            if not move_matches(legal, move):
                continue
            try:
                state, events = engine.apply(state, seat, move, 0)
            except Refusal:
                continue
            steps.append({"seat": seat, "move": move, "events": events})
            break
        else:
            break
    return steps


def options_table(meta: dict[str, Any]) -> str:
    if not meta["options"]:
        return "None.\n"
    rows = ["| key | kind | default | values |", "|---|---|---|---|"]
    for option in meta["options"]:
        if option.get("choices"):
            values = ", ".join(f"`{c}`" for c in option["choices"])
        elif "min" in option:
            values = f"{option['min']} to {option['max']}"
        else:
            values = ""
        default = json.dumps(option.get("default"), ensure_ascii=False)
        rows.append(f"| `{option['key']}` | {option['kind']} | `{default}` | {values} |")
    return "\n".join(rows) + "\n"


def game_folder(engine: Any) -> Path:
    return Path(inspect.getfile(type(engine))).parent


def page(engine: Any, family: str, title: str) -> str:
    meta = engine.meta.to_json()
    game = meta["id"]
    folder = game_folder(engine)
    view_text = (folder / "VIEW.md").read_text(encoding="utf-8").strip()
    seats = 2 if 2 in meta["seat_counts"] else meta["seat_counts"][0]
    state = engine.setup(seats, {}, f"game-docs:{game}".encode(), 0)
    view = json.loads(json.dumps(engine.view(state, 0)))
    legal = view.pop("legal_moves", [])
    steps = first_events(engine, state)
    modules = type_modules(engine)
    relative = folder.relative_to(ROOT)
    levels = ", ".join(f"`{level}`" for level in meta["cpu_levels"]) or "none (by design)"
    clock = meta.get("clock")
    facts = [
        f"- family `{family}`, seats {', '.join(str(s) for s in meta['seat_counts'])}",
        f"- CPU levels: {levels}",
        f"- chance: {'yes' if meta['chance'] else 'no'}; hidden information: "
        f"{'yes' if meta['hidden_information'] else 'no'}; simultaneous moves: {'yes' if meta['simultaneous'] else 'no'}",
        f"- longest game: {meta['longest_game']} moves",
        f"- move clock: {json.dumps(clock) if clock else 'none'}",
        f"- rules: [rules page](../../gateway/web/games/{game}/rules.en.md); code: [`{relative}/`](../../{relative}/)",
    ]
    shown = legal[:MOST_LEGAL]
    more = f" (the first {MOST_LEGAL} of {len(legal)})" if len(legal) > MOST_LEGAL else ""
    out = [
        f"# {title} (`{game}`)",
        "",
        GENERATED,
        "",
        *facts,
        "",
        "## Reading the view",
        "",
        view_text,
        "",
        "## Options",
        "",
        options_table(meta),
        "## Shapes",
        "",
        "The TypedDicts of the state and view (`public` is the state less what a seat may not see, "
        "`private` what only that seat sees; numbers arrive as doubles over gRPC):",
        "",
    ]
    for module in modules:
        path = Path(inspect.getfile(module)).relative_to(ROOT)
        out += [f"`{path}`:", "", "```python", typed_dicts(module), "```", ""]
    out += [
        f"## Example: seat 0 at the start of a {seats}-seat game",
        "",
        f'Default options, seed `"game-docs:{game}"`. The view without `legal_moves`:',
        "",
        "```json",
        compact(view),
        "```",
        "",
        f"Its `legal_moves`{more}:",
        "",
        "```json",
        compact(shown),
        "```",
        "",
        "## Example: the first moves and their events",
        "",
        "Each seat to move plays its first legal move (templates at their lowest). An event with "
        '`visible_to` reaches only those seats; the others get `{"code": "hidden"}`.',
        "",
        "```json",
        compact(steps),
        "```",
        "",
    ]
    return "\n".join(out)


def index(entries: list[tuple[str, str, str]]) -> str:
    cards_doc = inspect.getdoc(card_ids) or ""
    lines = [
        "# The games' views",
        "",
        GENERATED,
        "",
        "A page per game: how to read its view (`public`, `private`), the shapes of its state, "
        "moves and events, its options, and a real example. Every view also has the keys every "
        'game shares (docs/play-api.md, "The view").',
        "",
        "| game | id | family |",
        "|---|---|---|",
    ]
    lines += [f"| [{title}]({game}.md) | `{game}` | {family} |" for title, game, family in entries]
    lines += [
        "",
        "## Card ids",
        "",
        "Every card game names its cards the same way (`svc-cards/svc_cards/core/cards.py`):",
        "",
        cards_doc,
        "",
    ]
    return "\n".join(lines)


def pages() -> dict[Path, str]:
    """Every page, by its path."""
    titles = ui_catalogue(ROOT / "gateway" / "web", "en")
    out: dict[Path, str] = {}
    entries = []
    for registry in FAMILIES:
        for engine in sorted(registry, key=lambda e: titles[f"game.{e.meta.id}"]):
            game = engine.meta.id
            title = titles[f"game.{game}"]
            out[OUT / f"{game}.md"] = page(engine, registry.family, title)
            entries.append((title, game, registry.family))
    out[OUT / "README.md"] = index(entries)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="exit 1 when a page differs")
    args = parser.parse_args()
    written = pages()
    stale = [p for p, text in written.items() if not p.is_file() or p.read_text(encoding="utf-8") != text]
    extra = [p for p in OUT.glob("*.md") if p not in written] if OUT.is_dir() else []
    if args.check:
        for path in [*stale, *extra]:
            print(f"differs: {path.relative_to(ROOT)}")
        return 1 if stale or extra else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for path in stale:
        path.write_text(written[path], encoding="utf-8")
    for path in extra:
        path.unlink()
    print(f"{len(written)} pages, {len(stale)} written, {len(extra)} removed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
