"""The gateway reaches the lobby through `lobby.face` alone (imports read from the source with
`ast`, those under `if TYPE_CHECKING:` included), and the lobby it runs has that face."""

from __future__ import annotations

import ast
import inspect
import pathlib

from lobby.face import ConnectedRooms, LobbyFace, PlayerDesk, RatingDesk
from lobby.hub import Hub
from lobby.leaderboards import Leaderboards
from lobby.lobby import Lobby
from lobby.players import Players

ROOT = pathlib.Path(__file__).resolve().parents[2]
GATEWAY = sorted((ROOT / "gateway").rglob("*.py"))


def lobby_imports(path: pathlib.Path) -> list[str]:
    """Every lobby module `path` imports: `from lobby import x` names `lobby.x`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if alias.name.split(".")[0] == "lobby"]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            if node.module == "lobby":
                found += [f"lobby.{alias.name}" for alias in node.names]
            elif node.module.split(".")[0] == "lobby":
                found.append(node.module)
    return found


def test_the_gateway_imports_only_the_face_of_the_lobby() -> None:
    imports = {path.relative_to(ROOT).as_posix(): lobby_imports(path) for path in GATEWAY}
    # A reader that found nothing would pass: the app and the play API do use the lobby.
    assert "lobby.face" in imports["gateway/app.py"] and "lobby.face" in imports["gateway/play_grpc.py"]
    beside = {path: [m for m in found if m != "lobby.face"] for path, found in imports.items()}
    assert {path: found for path, found in beside.items() if found} == {}


def test_the_reader_sees_each_way_of_importing(tmp_path: pathlib.Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text(
        "import lobby\nimport lobby.room as r\nfrom lobby import codes, face\nfrom lobby.bus import make_bus\n"
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from lobby.lobby import Lobby\n"
        "from . import dispatch\n"
    )
    assert lobby_imports(source) == ["lobby", "lobby.room", "lobby.codes", "lobby.face", "lobby.bus", "lobby.lobby"]


def _members(protocol: type) -> dict[str, object]:
    return {
        name: value
        for name, value in vars(protocol).items()
        if not name.startswith("_") and (callable(value) or isinstance(value, property))
    }


def _parameters(function: object) -> list[tuple[str, object]]:
    return [(p.name, p.default) for p in inspect.signature(function).parameters.values()]  # type: ignore[arg-type]


def _check(protocol: type, implementation: type) -> None:
    for name, declared in _members(protocol).items():
        actual = getattr(implementation, name, None)
        if isinstance(declared, property):
            continue  # an attribute: the classes behind it are checked by name below
        assert callable(actual), f"{implementation.__name__} has no {name}"
        assert inspect.iscoroutinefunction(actual) == inspect.iscoroutinefunction(declared), name
        # Every parameter the face names, in its place and with its default; more is allowed
        # only with a default (`Players.finished_games`' limit).
        mine, theirs = _parameters(declared), _parameters(actual)
        assert theirs[: len(mine)] == mine, name
        assert all(default is not inspect.Parameter.empty for _, default in theirs[len(mine) :]), name


def test_the_lobby_has_the_face_the_gateway_sees() -> None:
    _check(LobbyFace, Lobby)
    _check(PlayerDesk, Players)
    _check(ConnectedRooms, Hub)
    _check(RatingDesk, Leaderboards)
    assert {"players", "ratings", "hub"} <= set(_members(LobbyFace))
    assert "accepting_rooms" in LobbyFace.__annotations__ and isinstance(Lobby.accepting_rooms, property)


def test_every_public_method_the_gateway_calls_is_on_the_face() -> None:
    """`lobby.<name>(` in the gateway's source names a member of the face."""
    called: set[str] = set()
    for path in GATEWAY:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "lobby":
                called.add(node.attr)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) and node.value.attr == "lobby":
                called.add(node.attr)
    assert {"connect", "move", "join_room"} <= called
    assert called <= set(_members(LobbyFace)) | set(LobbyFace.__annotations__), called - set(_members(LobbyFace))
