"""docs/games/ is written from the code (scripts/game_docs.py): every registered game has its
page, with its hand-written VIEW.md, the TypedDicts of its state and a real seeded example;
a page that differs from what the code gives now fails here ("run scripts/game_docs.py")."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("game_docs", ROOT / "scripts" / "game_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["game_docs"] = module
    spec.loader.exec_module(module)
    return module


GAME_DOCS = _script()


def test_every_page_in_the_repository_is_the_one_the_code_writes() -> None:
    written = GAME_DOCS.pages()
    stale = [str(p.relative_to(ROOT)) for p, text in written.items() if not p.is_file() or p.read_text() != text]
    extra = [str(p.relative_to(ROOT)) for p in (ROOT / "docs" / "games").glob("*.md") if p not in written]
    assert not stale and not extra, f"run .venv/bin/python scripts/game_docs.py (differs: {stale}, extra: {extra})"


def test_a_page_per_registered_game_with_its_own_reading_and_example() -> None:
    written = GAME_DOCS.pages()
    games = [engine.meta.id for registry in GAME_DOCS.FAMILIES for engine in registry]
    assert len(games) == 37
    index = written[ROOT / "docs" / "games" / "README.md"]
    for game in games:
        text = written[ROOT / "docs" / "games" / f"{game}.md"]
        assert f"]({game}.md)" in index
        reading = text.split("## Reading the view\n", 1)[1].split("\n## ", 1)[0].strip()
        assert len(reading) > 80, f"{game}: its VIEW.md says too little"
        assert "```python\nclass " in text, f"{game}: no TypedDicts"
        # The example is JSON the engine produced: it parses, and is the view of seat 0.
        blocks = re.findall(r"```json\n(.*?)\n```", text, re.DOTALL)
        view, legal, steps = (json.loads(block) for block in blocks)
        assert view["game"] == game and view["seat"] == 0 and "public" in view and "legal_moves" not in view
        assert isinstance(legal, list) and isinstance(steps, list) and steps, game
        assert all("code" in event for step in steps for event in step["events"])


def test_the_index_explains_card_ids_from_the_deck_module() -> None:
    index = GAME_DOCS.pages()[ROOT / "docs" / "games" / "README.md"]
    assert '"SQ.0" (queen of spades' in index


def test_a_view_md_is_needed_in_every_game_folder(tmp_path, monkeypatch) -> None:
    engine = next(iter(GAME_DOCS.FAMILIES[1]))
    monkeypatch.setattr(GAME_DOCS, "game_folder", lambda _engine: tmp_path)
    try:
        GAME_DOCS.page(engine, "boards", "A game")
    except FileNotFoundError as missing:
        assert "VIEW.md" in str(missing)
    else:
        raise AssertionError("a page was written without its VIEW.md")
