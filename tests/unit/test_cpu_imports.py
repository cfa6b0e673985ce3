"""Dependencies point one way: svc-ai -> game packages -> rulekit (read from the source, by ast)."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Every top-level package of this repository; rulekit may import none of them but itself.
OURS = {"rulekit", "servicekit", "lobby", "gateway", "devstack", "gameroom", "opsctl", "svc_ai"} | {
    path.name for path in ROOT.glob("svc-*/svc_*")
}
# Outside the standard library, what a game's CPU module may use besides rulekit and its own
# family package: python-chess, which the chess rules are built on.
CPU_THIRD_PARTY = {"chess"}


def modules(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*.py") if "__pycache__" not in path.parts)


def imports(path: Path) -> Iterator[tuple[str, int, bool]]:
    """(absolute module name or "" for a relative import, line, at module level) of every import."""
    tree = ast.parse(path.read_text(), str(path))
    top = {id(node) for node in tree.body}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno, id(node) in top
        elif isinstance(node, ast.ImportFrom):
            yield ("" if node.level else node.module or ""), node.lineno, id(node) in top


def game_modules() -> list[Path]:
    return [path for folder in sorted(ROOT.glob("svc-*/svc_*")) if folder.name != "svc_ai" for path in modules(folder)]


def test_the_walk_finds_the_services_and_the_cpu_modules() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in game_modules()}
    assert "svc-cards/svc_cards/hau_hau/cpu.py" in names and "svc-boards/svc_boards/chess/cpu.py" in names
    assert not any(name.startswith("svc-ai/") for name in names)


@pytest.mark.parametrize("path", game_modules(), ids=lambda path: path.relative_to(ROOT).as_posix())
def test_no_family_service_imports_svc_ai(path: Path) -> None:
    found = [line for name, line, _ in imports(path) if name.split(".")[0] == "svc_ai"]
    assert not found, f"{path.relative_to(ROOT)} imports svc_ai at lines {found}"


@pytest.mark.parametrize("path", modules(ROOT / "rulekit"), ids=lambda path: path.name)
def test_rulekit_imports_none_of_our_other_packages(path: Path) -> None:
    found = [(name, line) for name, line, _ in imports(path) if name.split(".")[0] in OURS - {"rulekit"}]
    assert not found, f"rulekit/{path.name} imports {found}"


CPU_MODULES = sorted(ROOT.glob("svc-*/svc_*/*/cpu.py"))


def test_every_game_has_its_cpu_module_in_the_walk() -> None:
    assert len(CPU_MODULES) >= 13


@pytest.mark.parametrize("path", CPU_MODULES, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_cpu_modules_import_only_rulekit_and_their_own_family_at_the_top(path: Path) -> None:
    family = path.parents[1].name
    for name, line, at_top in imports(path):
        where = f"{path.relative_to(ROOT)}:{line}"
        assert at_top, f"{where}: imports inside a function or block"
        root = name.split(".")[0]
        allowed = root in ("", "rulekit", family, "__future__") or root in CPU_THIRD_PARTY
        assert allowed or (root in sys.stdlib_module_names and root not in OURS), f"{where}: imports {name}"
