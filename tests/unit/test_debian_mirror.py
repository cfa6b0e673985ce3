"""The image build's Debian mirror, read from the build machine's apt sources (one-line and
deb822 files) instead of a package host named in the code."""

from __future__ import annotations

import importlib.util
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "debian_mirror.py"
_spec = importlib.util.spec_from_file_location("debian_mirror", SCRIPT)
assert _spec and _spec.loader
debian_mirror = importlib.util.module_from_spec(_spec)
sys.modules["debian_mirror"] = debian_mirror
_spec.loader.exec_module(debian_mirror)

BOOKWORM_DEB822 = """\
Types: deb
# a snapshot, kept as a comment
URIs: http://mirror.example.net/debian/
Suites: bookworm bookworm-updates
Components: main contrib
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://mirror.example.net/debian-security
Suites: bookworm-security
Components: main
"""
THIRD_PARTY_DEB822 = """\
Types: deb
URIs: https://repo.example.com/node_20.x
Suites: nodistro
Components: main
Signed-By:
 -----BEGIN PGP PUBLIC KEY BLOCK-----
 .
 mQINBF...
 -----END PGP PUBLIC KEY BLOCK-----
"""


def _apt(tmp_path: pathlib.Path, files: dict[str, str]) -> pathlib.Path:
    for name, text in files.items():
        path = tmp_path / "etc" / "apt" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_one_line_entries() -> None:
    text = """\
# deb http://commented.example/debian bookworm main
deb-src http://src.example/debian bookworm main
deb [arch=amd64 signed-by=/usr/share/keyrings/x.gpg] https://a.example/debian bookworm main non-free
deb\thttp://b.example/debian  sid   main
deb [ trusted=yes ] file:/srv/mirror/debian/ bookworm main # a local copy
"""
    found = debian_mirror.one_line_sources(text)
    assert [(s.types, s.uris, s.suites, s.components) for s in found] == [
        (("deb-src",), ("http://src.example/debian",), ("bookworm",), ("main",)),
        (("deb",), ("https://a.example/debian",), ("bookworm",), ("main", "non-free")),
        (("deb",), ("http://b.example/debian",), ("sid",), ("main",)),
        (("deb",), ("file:/srv/mirror/debian/",), ("bookworm",), ("main",)),
    ]


def test_deb822_stanzas() -> None:
    found = debian_mirror.deb822_sources(BOOKWORM_DEB822 + "\n" + THIRD_PARTY_DEB822 + "\nEnabled: no\nTypes: deb\n")
    assert [s.uris for s in found] == [
        ("http://mirror.example.net/debian/",),
        ("http://mirror.example.net/debian-security",),
        ("https://repo.example.com/node_20.x",),
        (),
    ]
    assert found[0].suites == ("bookworm", "bookworm-updates") and found[0].components == ("main", "contrib")
    assert [s.enabled for s in found] == [True, True, True, False]


def test_the_debian_archive_of_a_debian_machine(tmp_path: pathlib.Path) -> None:
    root = _apt(
        tmp_path,
        {
            # apt reads sources.list.d in name order: the third party's file comes first.
            "sources.list.d/a-node.sources": THIRD_PARTY_DEB822,
            "sources.list.d/debian.sources": BOOKWORM_DEB822,
            # Not a sources file: apt reads only .list and .sources.
            "sources.list.d/0-old.list.disabled": "deb http://disabled.example/debian bookworm main\n",
        },
    )
    assert debian_mirror.debian_mirror(debian_mirror.apt_sources(root)) == "http://mirror.example.net/debian"


def test_sources_list_comes_before_the_folder(tmp_path: pathlib.Path) -> None:
    root = _apt(
        tmp_path,
        {
            "sources.list": "deb http://security.example/debian-security bookworm-security main\n"
            "deb http://first.example/debian bookworm main\n",
            "sources.list.d/debian.sources": BOOKWORM_DEB822,
        },
    )
    assert debian_mirror.debian_mirror(debian_mirror.apt_sources(root)) == "http://first.example/debian"


@pytest.mark.parametrize(
    "text",
    [
        "deb http://archive.example.com/ubuntu jammy main universe\n",  # another distribution
        "deb-src http://deb.example/debian bookworm main\n",  # sources only
        "deb http://deb.example/debian bookworm contrib\n",  # no main
        "deb cdrom:[Debian GNU/Linux 12]/ bookworm main\n",  # debootstrap cannot use it
        "deb mirror+file:/etc/apt/mirrors.txt bookworm main\n",
        "",
    ],
)
def test_no_debian_archive(tmp_path: pathlib.Path, text: str) -> None:
    root = _apt(tmp_path, {"sources.list": text})
    assert debian_mirror.debian_mirror(debian_mirror.apt_sources(root)) is None


def test_a_disabled_stanza_is_passed_over(tmp_path: pathlib.Path) -> None:
    disabled = BOOKWORM_DEB822.replace("Types: deb\n# a snapshot", "Enabled: no\nTypes: deb\n# a snapshot", 1)
    root = _apt(tmp_path, {"sources.list.d/debian.sources": disabled})
    assert debian_mirror.debian_mirror(debian_mirror.apt_sources(root)) is None


def test_the_script_prints_the_mirror_or_says_what_to_set(tmp_path: pathlib.Path) -> None:
    root = _apt(tmp_path / "debian", {"sources.list.d/debian.sources": BOOKWORM_DEB822})
    found = subprocess.run([sys.executable, str(SCRIPT), str(root)], capture_output=True, text=True, check=True)
    assert found.stdout == "http://mirror.example.net/debian\n"
    empty = _apt(tmp_path / "other", {"sources.list": "deb http://archive.example.com/ubuntu jammy main\n"})
    missing = subprocess.run([sys.executable, str(SCRIPT), str(empty)], capture_output=True, text=True)
    assert missing.returncode == 1 and missing.stdout == ""
    assert "set GAMEROOM_DEBIAN_MIRROR" in missing.stderr


def test_the_image_build_names_no_package_host() -> None:
    script = (ROOT / "scripts" / "images.sh").read_text(encoding="utf-8")
    assert "debian.org" not in script
    assert "scripts/debian_mirror.py" in script and "GAMEROOM_DEBIAN_MIRROR" in script
