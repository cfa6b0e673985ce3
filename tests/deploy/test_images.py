"""The container images, checked statically: there is no Docker engine on these machines, so
nothing here builds an image. Each Dockerfile is parsed and held to the platform's rules
(python:3.11-slim, multi-stage, a numeric non-root USER, a HEALTHCHECK through
servicekit.healthcheck, EXPOSE equal to the service's ports and to the manifests' container
ports), and what it copies is compared with the import closure of the service's entry module:
every first-party package it needs and nothing else, every third-party distribution it imports
pinned inside pyproject.toml's ranges. Then the image's /app tree is laid out in a temporary
folder exactly as its COPY lines say and the service is started from it, with the repository
hidden from the import system, and the HEALTHCHECK command is run against it."""

from __future__ import annotations

import ast
import fnmatch
import importlib.metadata
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from servicekit import config

from .conftest import ROOT, render

IMAGES_DIR = ROOT / "deploy" / "images"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
SOURCE_ROOTS = [ROOT / where for where in PYPROJECT["tool"]["setuptools"]["packages"]["find"]["where"]]
FAMILY_PACKAGES = {f"svc-{f}/svc_{f}" for f in config.FAMILIES}
# Chosen by URL at run time (GAMEROOM_STORE=postgresql://..., GAMEROOM_REDIS=redis://...), so an
# installation can switch store without a new image, even before the code imports them.
RUNTIME_SELECTED = {"gateway": {"asyncpg", "redis"}}


@dataclass(frozen=True)
class Expected:
    image: str  # the name the manifests use
    entry: str  # python -m <entry>
    ports: frozenset[int]
    requirements: str
    tools: frozenset[str] = frozenset()  # files other than Python packages the image copies on purpose


EXPECTED = {
    **{
        family: Expected(
            f"gameroom/svc-{family}",
            f"svc_{family}",
            frozenset({config.DEFAULT_PORTS[family], config.DEFAULT_METRICS_PORTS[family]}),
            # svc-boards and svc-cards have their own: python-chess for chess, PokerKit for poker.
            {"boards": "requirements-boards.txt", "cards": "requirements-cards.txt"}.get(
                family, "requirements-family.txt"
            ),
        )
        for family in config.FAMILIES
    },
    "ai": Expected(
        "gameroom/svc-ai",
        "svc_ai",
        frozenset({config.DEFAULT_PORTS["ai"], config.DEFAULT_METRICS_PORTS["ai"]}),
        "requirements-ai.txt",
    ),
    # HTTP (GAMEROOM_HTTP_PORT, 8080 by default), the gRPC play API and /metrics.
    "gateway": Expected(
        "gameroom/gateway",
        "gateway",
        frozenset({8080, config.DEFAULT_PORTS["play"], config.DEFAULT_METRICS_PORTS["gateway"]}),
        "requirements-gateway.txt",
        # esbuild bundles the web client when the gateway starts (gateway/client_bundle.py).
        frozenset({"node_modules/@esbuild/linux-x64/bin/esbuild"}),
    ),
}


# -- reading a Dockerfile ---------------------------------------------------------------------


@dataclass
class Instruction:
    keyword: str
    args: str

    def flags_and_words(self) -> tuple[dict[str, str], list[str]]:
        words = shlex.split(self.args) if not self.args.lstrip().startswith("[") else ast.literal_eval(self.args)
        flags = {}
        while words and words[0].startswith("--"):
            key, _, value = words.pop(0)[2:].partition("=")
            flags[key] = value
        return flags, words


@dataclass
class Stage:
    base: str
    name: str | None
    instructions: list[Instruction] = field(default_factory=list)

    def all(self, keyword: str) -> list[Instruction]:
        return [i for i in self.instructions if i.keyword == keyword]


def parse_dockerfile(path: Path) -> list[Stage]:
    """Stages with their instructions; continuation lines joined, comments dropped."""
    logical, current = [], ""
    for line in path.read_text().splitlines():
        stripped = line.strip()
        if stripped.startswith("#") or (not stripped and not current):
            continue
        if stripped.endswith("\\"):
            current += stripped[:-1] + " "
            continue
        logical.append(current + stripped)
        current = ""
    assert not current, f"{path.name}: a continuation runs off the end"
    stages: list[Stage] = []
    # ARGs before the first FROM name the base; a FROM's base is read with their defaults.
    base_args: dict[str, str] = {}
    for text in logical:
        keyword, _, args = text.partition(" ")
        keyword = keyword.upper()
        if keyword == "ARG" and not stages:
            name, _, default = args.strip().partition("=")
            base_args[name] = default
        elif keyword == "FROM":
            words = args.split()
            base = re.sub(r"\$\{(\w+)\}", lambda m: base_args[m.group(1)], words[0])
            stages.append(Stage(base, words[2] if len(words) == 3 and words[1].upper() == "AS" else None))
        else:
            assert stages, f"{path.name}: {keyword} before FROM"
            stages[-1].instructions.append(Instruction(keyword, args.strip()))
    return stages


def dockerfile(service: str) -> list[Stage]:
    return parse_dockerfile(IMAGES_DIR / f"{service}.Dockerfile")


def context_copies(stages: list[Stage]) -> list[tuple[str, str]]:
    """(source in the build context, destination) of every COPY that reads the context."""
    copies = []
    for stage in stages:
        for copy in stage.all("COPY"):
            flags, words = copy.flags_and_words()
            if "from" not in flags:
                copies.extend((source.rstrip("/"), words[-1]) for source in words[:-1])
    return copies


def final_env(stage: Stage) -> dict[str, str]:
    env = {}
    for instruction in stage.all("ENV"):
        for word in shlex.split(instruction.args):
            key, _, value = word.partition("=")
            env[key] = value
    return env


# -- what a service imports -------------------------------------------------------------------


def module_file(name: str) -> Path | None:
    for root in SOURCE_ROOTS:
        base = root.joinpath(*name.split("."))
        if (base / "__init__.py").is_file():
            return base / "__init__.py"
        if base.with_suffix(".py").is_file():
            return base.with_suffix(".py")
    return None


def _optional_imports(tree: ast.AST) -> set[ast.AST]:
    """Imports tried with a fallback (`try: import x` / `except ImportError`): the module works
    without them, so an image need not install them."""
    found: set[ast.AST] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Try):
            continue
        caught = set()
        for handler in node.handlers:
            names = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
            caught |= {n.id for n in names if isinstance(n, ast.Name)}
        if caught & {"ImportError", "ModuleNotFoundError"}:
            found |= {n for n in node.body if isinstance(n, (ast.Import, ast.ImportFrom))}
    return found


def import_closure(entries: list[str]) -> tuple[set[str], set[str]]:
    """First-party modules reachable from `entries` (imports inside functions included) and the
    top-level names of the third-party modules they import."""
    seen: set[str] = set()
    third_party: set[str] = set()
    queue = list(entries)
    while queue:
        name = queue.pop()
        if name in seen:
            continue
        seen.add(name)
        path = module_file(name)
        top = name.split(".")[0]
        if path is None:
            if top not in sys.stdlib_module_names and module_file(top) is None:
                third_party.add(top)
            continue  # else: an attribute imported with `from package import name`
        parts = name.split(".")
        queue.extend(".".join(parts[:i]) for i in range(1, len(parts)))
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(), str(path))
        optional = _optional_imports(tree)
        for node in ast.walk(tree):
            if node in optional:
                continue
            if isinstance(node, ast.Import):
                queue.extend(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                queue.append(base)
                queue.extend(f"{base}.{alias.name}" for alias in node.names)
    first_party = {m for m in seen if module_file(m) is not None}
    return first_party, third_party


def source_dir(module: str) -> str:
    """The repository folder of a first-party top-level package, as a COPY line names it."""
    path = module_file(module.split(".")[0])
    assert path is not None
    return path.parent.relative_to(ROOT).as_posix()


def needed_sources(service: str) -> tuple[set[str], set[str]]:
    first_party, third_party = import_closure([f"{EXPECTED[service].entry}.__main__", "servicekit.healthcheck"])
    return {source_dir(m) for m in first_party}, third_party


def distributions_of(top_level: str) -> set[str]:
    return {canonicalize_name(d) for d in importlib.metadata.packages_distributions().get(top_level, [])}


def image_requirements(service: str) -> dict[str, Requirement]:
    lines = (IMAGES_DIR / EXPECTED[service].requirements).read_text().splitlines()
    found = [Requirement(line) for line in (ln.strip() for ln in lines) if line and not line.startswith("#")]
    return {canonicalize_name(r.name): r for r in found}


# -- the rules --------------------------------------------------------------------------------

SERVICES = list(EXPECTED)


def test_one_dockerfile_per_service() -> None:
    assert {p.name for p in IMAGES_DIR.glob("*.Dockerfile")} == {f"{s}.Dockerfile" for s in SERVICES}


@pytest.mark.parametrize("service", SERVICES)
def test_multi_stage_from_python_slim_and_the_runtime_copies_only_from_the_build(service: str) -> None:
    stages = dockerfile(service)
    assert len(stages) >= 2
    assert {s.base for s in stages} == {"python:3.11-slim"}
    build_names = {s.name for s in stages[:-1]}
    runtime = stages[-1]
    for copy in runtime.all("COPY"):
        flags, _ = copy.flags_and_words()
        assert flags.get("from") in build_names, f"runtime stage copies from the context: COPY {copy.args}"
    assert not any("pip install" in run.args for run in runtime.all("RUN")), "installs belong to the build stage"


@pytest.mark.parametrize("service", SERVICES)
def test_runs_as_a_numeric_non_root_user(service: str) -> None:
    users = dockerfile(service)[-1].all("USER")
    assert users, "no USER in the runtime stage"
    uid = users[-1].args.split(":")[0]
    assert uid.isdigit() and int(uid) != 0, (
        f"USER {users[-1].args}: Kubernetes' runAsNonRoot needs a numeric non-zero uid"
    )
    for workload in (d for d in render("base") if d["kind"] == "Deployment"):
        if workload["spec"]["template"]["spec"]["containers"][0]["image"].startswith(EXPECTED[service].image + ":"):
            assert workload["spec"]["template"]["spec"]["securityContext"]["runAsUser"] == int(uid)


@pytest.mark.parametrize("service", SERVICES)
def test_health_check_uses_servicekit_healthcheck_on_the_service_port(service: str) -> None:
    checks = dockerfile(service)[-1].all("HEALTHCHECK")
    assert len(checks) == 1
    command = checks[0].args
    assert "CMD python -m servicekit.healthcheck" in command
    if service == "gateway":
        assert '"http://127.0.0.1:${GAMEROOM_HTTP_PORT:-8080}/healthz"' in command
    else:
        port = config.DEFAULT_PORTS[service]
        assert f'"127.0.0.1:${{GAMEROOM_{service.upper()}_PORT:-{port}}}"' in command


@pytest.mark.parametrize("service", SERVICES)
def test_exposes_the_service_ports_and_the_manifests_agree(service: str) -> None:
    exposed = {int(p.split("/")[0]) for e in dockerfile(service)[-1].all("EXPOSE") for p in e.args.split()}
    assert exposed == EXPECTED[service].ports
    containers = [
        c
        for d in render("base")
        if d["kind"] == "Deployment"
        for c in d["spec"]["template"]["spec"]["containers"]
        if c["image"].split(":")[0] == EXPECTED[service].image
    ]
    assert len(containers) == 1, f"one Deployment runs {EXPECTED[service].image}"
    assert {p["containerPort"] for p in containers[0]["ports"]} == exposed


@pytest.mark.parametrize("service", SERVICES)
def test_entrypoint_runs_the_service_module(service: str) -> None:
    entrypoints = dockerfile(service)[-1].all("ENTRYPOINT")
    assert [e.args for e in entrypoints] == [f'["python", "-m", "{EXPECTED[service].entry}"]']


@pytest.mark.parametrize("service", SERVICES)
def test_copies_exactly_the_packages_the_service_imports(service: str) -> None:
    needed, _ = needed_sources(service)
    copied = {source for source, _ in context_copies(dockerfile(service))}
    requirements = f"deploy/images/{EXPECTED[service].requirements}"
    assert requirements in copied
    copied.discard(requirements)
    missing = needed - copied
    assert not missing, f"the service imports these but the image lacks them: {sorted(missing)}"
    extra = copied - needed - EXPECTED[service].tools
    if service == "ai":
        # svc-ai hosts the CPU players of every family; families join as their games get players.
        extra -= FAMILY_PACKAGES
    assert not extra, f"copied but never imported: {sorted(extra)}"


@pytest.mark.parametrize("service", SERVICES)
def test_requirements_cover_the_third_party_imports_and_nothing_else(service: str) -> None:
    _, third_party = needed_sources(service)
    pinned = set(image_requirements(service))
    provided = set()
    for top in sorted(third_party):
        dists = distributions_of(top)
        assert dists & pinned, (
            f"{service} imports {top} ({sorted(dists) or 'not installed'}) but its image does not install it"
        )
        provided |= dists & pinned
    assert pinned - provided <= RUNTIME_SELECTED.get(service, set()), (
        f"installed but never imported: {sorted(pinned - provided)}"
    )


@pytest.mark.parametrize("service", SERVICES)
def test_requirements_are_exact_pins_inside_pyproject_ranges(service: str) -> None:
    declared = {canonicalize_name(r.name): r for r in map(Requirement, PYPROJECT["project"]["dependencies"])}
    for name, requirement in image_requirements(service).items():
        pins = list(requirement.specifier)
        assert len(pins) == 1 and pins[0].operator == "==", f"{requirement}: pin one exact version"
        assert name in declared, f"{name} is not a dependency in pyproject.toml"
        assert declared[name].specifier.contains(pins[0].version), (
            f"{requirement} is outside pyproject's {declared[name]}"
        )


def test_shared_requirements_pin_the_same_versions() -> None:
    versions: dict[str, set[str]] = {}
    for service in SERVICES:
        for name, requirement in image_requirements(service).items():
            versions.setdefault(name, set()).add(str(requirement.specifier))
    assert {n: v for n, v in versions.items() if len(v) > 1} == {}


def test_dockerignore_lets_in_only_what_the_images_copy() -> None:
    """The images build from the repository root, whose .dockerignore is an allow-list."""
    lines = [
        ln.strip() for ln in (ROOT / ".dockerignore").read_text().splitlines() if ln.strip() and not ln.startswith("#")
    ]
    assert lines[0] == "*", "start by ignoring everything"
    allowed = [ln[1:].rstrip("/") for ln in lines if ln.startswith("!")]

    def admitted(path: str) -> bool:
        return any(path == a or path.startswith(a + "/") or fnmatch.fnmatch(path, a) for a in allowed)

    for service in SERVICES:
        for source, _ in context_copies(dockerfile(service)):
            assert admitted(source), f"{service}: COPY {source} is ignored by .dockerignore"
    for private in (".venv", ".git", "tests", "var/gameroom.sqlite3", "docs", "bench"):
        assert not admitted(private), f"{private} would be sent to the Docker daemon"
    assert "**/__pycache__" in lines


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def lay_out_image(service: str, into: Path) -> dict[str, str]:
    """The image's source tree under `into` (its /app), and the runtime ENV with /app moved there."""
    stages = dockerfile(service)
    for source, destination in context_copies(stages):
        if destination.startswith("/app"):
            target = into / destination.removeprefix("/").removeprefix("app").lstrip("/")
            shutil.copytree(ROOT / source, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    env = final_env(stages[-1])
    return {k: v.replace("/app", str(into)) for k, v in env.items() if k in ("PYTHONPATH", "GAMEROOM_BIND")}


# Runs a module with the repository's sources hidden: no editable-install finder, no source
# folders on sys.path (the virtualenv's site-packages stays: the image installs those).
HIDE_REPOSITORY = (
    "import os, runpy, sys; "
    "sys.meta_path[:] = [f for f in sys.meta_path if '__editable__' not in str(getattr(f, '__module__', ''))]; "
    "sys.path[:] = [p for p in sys.path if '__editable__' not in p and os.path.abspath(p or '.') not in {roots!r}]; "
    "sys.path_importer_cache.clear(); "
    "sys.argv[1:] = {argv!r}; "
    "runpy.run_module({module!r}, run_name='__main__', alter_sys=True)"
)


HIDDEN_ROOTS = sorted({str(ROOT), *map(str, SOURCE_ROOTS)})


@pytest.mark.parametrize("service", ["cards", "ai"])
def test_the_image_tree_starts_and_passes_its_health_check(service: str, tmp_path: Path) -> None:
    app = tmp_path / "app"
    env_image = lay_out_image(service, app)
    port, metrics = free_port(), free_port()
    env = {
        **os.environ,
        **env_image,
        "GAMEROOM_BIND": "127.0.0.1",  # the image says 0.0.0.0; a test listens on loopback only
        f"GAMEROOM_{service.upper()}_PORT": str(port),
        f"GAMEROOM_{service.upper()}_METRICS_PORT": str(metrics),
        "PYTHONDONTWRITEBYTECODE": "1",
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    }
    code = HIDE_REPOSITORY.format(roots=HIDDEN_ROOTS, argv=[], module=EXPECTED[service].entry)
    process = subprocess.Popen(
        [sys.executable, "-c", code], cwd=app, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        health = dockerfile(service)[-1].all("HEALTHCHECK")[0].args
        command = health[health.index("CMD ") + 4 :]
        deadline = time.monotonic() + 120  # a service's start (its imports) is slow on a loaded machine
        while True:
            check = subprocess.run(
                ["/bin/sh", "-c", command], cwd=app, env=env, capture_output=True, text=True, timeout=30
            )
            if check.returncode == 0 or time.monotonic() > deadline or process.poll() is not None:
                break
            time.sleep(0.3)
        if check.returncode != 0:
            process.kill()
            output = process.communicate(timeout=10)[0]
            pytest.fail(f"health check failed: {check.stderr}\nservice output:\n{output}")
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if process.stdout:
            process.stdout.close()
    assert process.returncode == 0, "the service stops cleanly on SIGTERM"


def test_hiding_the_repository_really_hides_it(tmp_path: Path) -> None:
    """The start-up test above proves something only if a package the layout lacks is missing."""
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    code = HIDE_REPOSITORY.format(roots=HIDDEN_ROOTS, argv=[], module="svc_cards")
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=30
    )
    assert done.returncode != 0 and re.search(r"No module named '?svc_cards", done.stderr), done.stderr
