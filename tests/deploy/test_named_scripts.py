"""Every script and module the READMEs and docs tell people to run still imports and parses its
arguments: `deploy/images/run.py`, `bench/*.py`, `python -m devstack`, `opsctl`, `verifier`...

The long runs themselves stay outside the suite (minutes, root, gigabytes), so without this a
reshaped helper they import is only noticed by whoever runs them next. Each script is started
as the docs start it, in a process of its own: with `--help` when it parses arguments with
argparse (that imports everything it imports at the top and builds its parser), with
`--dry-run` too when it offers one; a script or module without argparse is imported without
running its `__main__` block.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", ROOT / "deploy" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PYTHON = sys.executable
# Generous: a cold import of the heavier scripts on a loaded machine.
TIMEOUT = 120

# Scripts by path: anything under the script folders, and elsewhere what follows `python`.
SCRIPT = re.compile(r"(?<![\w./-])((?:bench|deploy|scripts|proto)/[\w/.-]+\.py)\b")
RUN = re.compile(r"python3? ((?:[\w.-]+/)+[\w.-]+\.py)\b")
MODULE = re.compile(r"python3? -m ([A-Za-z_][\w.]*)")


def module_file(module: str) -> Path | None:
    """The project file `python -m module` runs, or None for a module from elsewhere (pytest...)."""
    parts = module.split(".")
    for base in (ROOT, ROOT / "deploy"):  # opsctl lives under deploy/ and is installed from there
        path = base.joinpath(*parts)
        if (path / "__main__.py").is_file():
            return path / "__main__.py"
        if path.with_suffix(".py").is_file():
            return path.with_suffix(".py")
    return None


def named() -> list[tuple[str, str]]:
    """(kind, name) for every project script ("file") and module ("module") the docs name."""
    found: set[tuple[str, str]] = set()
    for doc in DOCS:
        text = doc.read_text()
        for path in SCRIPT.findall(text) + RUN.findall(text):
            if (ROOT / path).is_file():
                found.add(("file", path))
        for module in MODULE.findall(text):
            module = module.rstrip(".")
            if module_file(module) is not None:
                found.add(("module", module))
    return sorted(found)


def source_of(kind: str, name: str) -> str:
    """The script's source; for a package run with -m, every module of the package (its parser
    may live beside `__main__.py`)."""
    path = ROOT / name if kind == "file" else module_file(name)
    assert path is not None
    if path.name == "__main__.py":
        return "".join(part.read_text() for part in sorted(path.parent.glob("*.py")))
    return path.read_text()


def run(argv: list[str]) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT, env=env)


def launch(kind: str, name: str) -> list[str]:
    return [PYTHON, name] if kind == "file" else [PYTHON, "-m", name]


NAMED = named()


def test_the_docs_name_the_scripts_this_checks() -> None:
    """So an empty or shrunken list cannot pass for a green check."""
    names = {name for _, name in NAMED}
    assert {"deploy/images/run.py", "bench/load.py", "devstack", "verifier"} <= names
    assert len(NAMED) >= 20
    assert "scripts/images.sh" in SHELL_NAMED


@pytest.mark.parametrize(("kind", "name"), NAMED, ids=[name for _, name in NAMED])
def test_a_named_script_imports_and_parses_its_arguments(kind: str, name: str) -> None:
    source = source_of(kind, name)
    if "argparse" in source:
        done = run([*launch(kind, name), "--help"])
        assert done.returncode == 0, f"{name} --help failed:\n{done.stderr[-3000:]}"
        assert "usage:" in done.stdout, f"{name} --help printed no usage:\n{done.stdout[-2000:]}"
        if "--dry-run" in done.stdout:
            done = run([*launch(kind, name), "--dry-run"])
            assert done.returncode == 0, f"{name} --dry-run failed:\n{done.stderr[-3000:]}"
        return
    # No argument parser: import it the way it runs, without its `if __name__ == "__main__"` part.
    if kind == "file":
        code = f"import runpy, sys; sys.argv = [{name!r}]; runpy.run_path({name!r}, run_name='imported')"
    else:
        target = name if module_file(name).name != "__main__.py" else f"{name}.__main__"  # type: ignore[union-attr]
        code = f"import importlib; importlib.import_module({target!r})"
    done = run([PYTHON, "-c", code])
    assert done.returncode == 0, f"{name} does not import:\n{done.stderr[-3000:]}"


def test_the_images_dry_run_names_every_container_and_the_benchmark() -> None:
    done = run([PYTHON, "deploy/images/run.py", "--dry-run", "--connections", "40", "--seconds", "3"])
    assert done.returncode == 0, done.stderr[-3000:]
    served = re.findall(r"would serve (\S+)\s+from (\S+): .* python -m (\S+)$", done.stdout, re.MULTILINE)
    assert [s[0] for s in served] == ["cards", "boards", "dice", "words", "ai", "gateway", "gateway-2"]
    assert ("ai", "localhost/gameroom/svc-ai:dev", "svc_ai") in served
    assert "would measure 40 WebSocket players for 3 s" in done.stdout


def test_a_drifted_import_fails_the_check(tmp_path: Path) -> None:
    """The failure this guards against, made on purpose: a script importing a name its helper
    no longer has exits non-zero on --help."""
    (tmp_path / "helper.py").write_text("def kept() -> None: ...\n")
    script = tmp_path / "script.py"
    script.write_text("import argparse\nfrom helper import run_phase\nargparse.ArgumentParser().parse_args()\n")
    done = subprocess.run([PYTHON, str(script), "--help"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "cannot import name 'run_phase'" in done.stderr


SHELL_SCRIPT = re.compile(r"(?<![\w./-])(scripts/[\w.-]+\.sh)\b")
SHELL_NAMED = sorted(
    {path for doc in DOCS for path in SHELL_SCRIPT.findall(doc.read_text()) if (ROOT / path).is_file()}
)


@pytest.mark.parametrize("path", SHELL_NAMED)
def test_a_named_shell_script_parses(path: str) -> None:
    done = subprocess.run(["bash", "-n", path], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
