"""The import graph, read from the source (ast): no import circle inside the lobby, and the
dependencies between our packages point one way (gateway → lobby → gRPC → services → game
packages → rulekit). Imports under `if TYPE_CHECKING:` count too: a circle only for the type
checker is still a circle for the reader."""

from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOURCE_ROOTS = {
    "lobby": ROOT,
    "gateway": ROOT,
    "rulekit": ROOT,
    "servicekit": ROOT,
    "svc_cards": ROOT / "svc-cards",
    "svc_boards": ROOT / "svc-boards",
    "svc_dice": ROOT / "svc-dice",
    "svc_words": ROOT / "svc-words",
    "svc_ai": ROOT / "svc-ai",
    "verifier": ROOT,
}
GAME_FAMILIES = ("svc_cards", "svc_boards", "svc_dice", "svc_words")
# Everything that is ours (the rest is the standard library or a dependency).
OURS = {*SOURCE_ROOTS, "gameroom", "devstack", "deploy", "examples", "tests", "bench"}


def _module_name(path: pathlib.Path, base: pathlib.Path) -> str:
    parts = list(path.relative_to(base).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, pathlib.Path]:
    found = {}
    for package, base in SOURCE_ROOTS.items():
        for path in sorted((base / package).rglob("*.py")):
            found[_module_name(path, base)] = path
    return found


MODULES = _modules()


def _imports(name: str, path: pathlib.Path) -> set[str]:
    """The modules `name` imports: a `from package import thing` names the submodule when
    `thing` is one, else the package."""
    is_package = path.name == "__init__.py"
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = name.split(".")
                anchor = anchor[: len(anchor) - node.level + (1 if is_package else 0)]
                base = ".".join(anchor + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            for alias in node.names:
                candidate = f"{base}.{alias.name}"
                out.add(candidate if candidate in MODULES else base)
    return out


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _top(module: str) -> str:
    return module.split(".", 1)[0]


def _importers(of: str, within: tuple[str, ...]) -> list[str]:
    """`module -> imported` pairs from packages `within` into top-level package `of`."""
    return sorted(f"{m} -> {i}" for m, imps in GRAPH.items() if _top(m) in within for i in imps if _top(i) == of)


def test_the_graph_was_read() -> None:
    # A reader that found nothing would pass every test below.
    assert "lobby.move_path" in GRAPH and "lobby.room" in GRAPH["lobby.move_path"]
    assert "rulekit" in {_top(i) for i in GRAPH["svc_boards.four_in_a_row.rules"]}
    assert "lobby.face" in GRAPH["gateway.app"]


def test_no_import_circle_among_lobby_modules() -> None:
    lobby = {m: {i for i in imps if i in GRAPH and _top(i) == "lobby" and i != m} for m, imps in GRAPH.items()}
    lobby = {m: imps for m, imps in lobby.items() if _top(m) == "lobby"}
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> None:
        if module in path:
            circle = path[path.index(module) :] + [module]
            pytest.fail("import circle: " + " -> ".join(circle))
        if module in done:
            return
        path.append(module)
        for imported in sorted(lobby.get(module, ())):
            visit(imported)
        path.pop()
        done.add(module)

    for module in sorted(lobby):
        visit(module)


def test_the_lobby_reaches_services_only_over_grpc() -> None:
    svc = ("svc_cards", "svc_boards", "svc_dice", "svc_words", "svc_ai")
    assert [pair for package in svc for pair in _importers(package, ("lobby",))] == []
    assert _importers("gateway", ("lobby",)) == []


def test_rulekit_imports_nothing_of_ours() -> None:
    assert (
        sorted(
            f"{m} -> {i}"
            for m, imps in GRAPH.items()
            if _top(m) == "rulekit"
            for i in imps
            if _top(i) in OURS - {"rulekit"}
        )
        == []
    )


def test_services_and_servicekit_never_import_the_lobby_or_gateway() -> None:
    within = (*GAME_FAMILIES, "svc_ai", "servicekit")
    assert _importers("lobby", within) + _importers("gateway", within) == []


def test_game_families_do_not_import_each_other() -> None:
    crossing = [
        pair for family in GAME_FAMILIES for pair in _importers(family, tuple(f for f in GAME_FAMILIES if f != family))
    ]
    assert crossing == []


def test_game_packages_do_not_import_svc_ai() -> None:
    assert _importers("svc_ai", GAME_FAMILIES) == []


def test_the_verifier_trusts_only_the_rule_engines() -> None:
    """`python -m verifier` replays a game with the game packages and rulekit alone: no lobby,
    gateway or service code (what a player checks must not be the server checking itself)."""
    imported = {_top(i) for m, imps in GRAPH.items() if _top(m) == "verifier" for i in imps if _top(i) in OURS}
    assert imported <= {"rulekit", "verifier", *GAME_FAMILIES}, imported
    for module, imports in GRAPH.items():
        if _top(module) == "verifier":
            assert all(
                i.endswith(".registry") or _top(i) in ("rulekit", "verifier")
                for i in imports
                if _top(i) in GAME_FAMILIES
            )
