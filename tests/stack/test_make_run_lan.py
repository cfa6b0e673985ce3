"""`make run LAN=1` serves the web client on the machine's local-network address, prints that
address and its QR code, keeps the access log out of the terminal (in var/access.log) and
writes one line per room event; `make stop` stops that platform by its pid file.

The test makes a network namespace of its own with a veth pair, one end at 10.77.0.1, and contacts
only that address, from inside the namespace: nothing outside it is reached."""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.stack

ADDRESS = "10.77.0.1"
PORT = 8080  # the namespace is the test's own: the default ports are free there
CHECKOUT = Path(__file__).resolve().parents[2]
NAMESPACE = (
    "ip link set lo up && ip link add lan0 type veth peer name lan1 && ip addr add {address}/24 dev lan0"
    " && ip link set lan0 up && ip link set lan1 up && ip route add default dev lan0 && exec {python} -m devstack"
)
# Run inside the namespace: the page and a room opened through the LAN address, with the
# browser's Origin header a phone would send.
VISIT = """
import json, sys, urllib.request
base = sys.argv[1]
page = urllib.request.urlopen(base + "/", timeout=30).read().decode()
def post(path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json", "Origin": base})
    return json.load(urllib.request.urlopen(request, timeout=30))
player = post("/api/players", {"nickname": "Anna"})
room = post("/api/rooms", {"game": "four-in-a-row", "nickname": "Anna", "player_token": player["token"],
    "seats": [{"kind": "human"}, {"kind": "cpu"}]})
print(json.dumps({"page": page, "room": room["code"]}))
"""


def _why_no_namespace() -> str | None:
    if os.geteuid() != 0:
        return "making a network namespace needs root"
    missing = [tool for tool in ("unshare", "nsenter", "ip") if shutil.which(tool) is None]
    if missing:
        return f"missing {', '.join(missing)}"
    tried = subprocess.run(
        ["unshare", "-n", "--", "sh", "-c", "ip link add probe0 type veth peer name probe1"],
        capture_output=True,
        text=True,
    )
    if tried.returncode != 0:
        return f"cannot make a network namespace with a veth pair here: {tried.stderr.strip()}"
    return None


def _reader(stream, lines: queue.Queue[str]) -> None:  # type: ignore[no-untyped-def]
    for line in iter(stream.readline, ""):
        lines.put(line)
    lines.put("")


def _until(lines: queue.Queue[str], seen: list[str], found, timeout: float) -> str:  # type: ignore[no-untyped-def]
    """Read the terminal's lines until one satisfies `found`; that line."""
    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        try:
            line = lines.get(timeout=1)
        except queue.Empty:
            continue
        if line == "":
            raise AssertionError("make run ended early:\n" + "".join(seen))
        seen.append(line)
        if found(line):
            return line
    raise AssertionError(f"not seen within {timeout} s:\n" + "".join(seen))


def test_the_lan_switch_serves_the_page_on_the_local_network_address(tmp_path: Path) -> None:
    reason = _why_no_namespace()
    if reason:
        pytest.skip(reason)
    var = tmp_path / "var"
    env = {key: value for key, value in os.environ.items() if not key.startswith("GAMEROOM_")}
    env.update(
        GAMEROOM_LAN="1",
        GAMEROOM_VAR=str(var),
        GAMEROOM_HTTP_PORT=str(PORT),
        GAMEROOM_STORE=f"sqlite:///{tmp_path}/rooms.sqlite3",
        PYTHONUNBUFFERED="1",
    )
    command = NAMESPACE.format(address=ADDRESS, python=sys.executable)
    platform = subprocess.Popen(
        ["unshare", "-n", "--", "sh", "-c", command],
        cwd=CHECKOUT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    lines: queue.Queue[str] = queue.Queue()
    seen: list[str] = []
    threading.Thread(target=_reader, args=(platform.stdout, lines), daemon=True).start()
    try:
        shown = _until(lines, seen, lambda line: "same network, open:" in line, timeout=180)
        url = shown.split("open:", 1)[1].strip()
        assert url == f"http://{ADDRESS}:{PORT}"
        _until(lines, seen, lambda line: "make stop" in line, timeout=30)
        terminal = "".join(seen)
        assert "▀" in terminal or "█" in terminal or "▄" in terminal  # the QR code
        assert (var / "devstack.pid").read_text().strip() == str(platform.pid)

        visited = subprocess.run(
            ["nsenter", f"--net=/proc/{platform.pid}/ns/net", "--", sys.executable, "-c", VISIT, url],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert visited.returncode == 0, visited.stderr
        answer = json.loads(visited.stdout)
        assert "<html" in answer["page"].lower() and "/static/" in answer["page"]
        # The room's opening is one line in the terminal; the requests are not, they are in the file.
        _until(lines, seen, lambda line: f"room {answer['room']} opened" in line, timeout=60)
        access = (var / "access.log").read_text()
        assert '"/api/rooms' in access or "/api/rooms" in access
        assert not any("/api/rooms" in line or "GET / " in line for line in seen)

        stopped = subprocess.run(
            [sys.executable, "-m", "devstack", "stop"],
            cwd=CHECKOUT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert stopped.returncode == 0, stopped.stderr
        assert platform.wait(timeout=30) == 0
        assert not (var / "devstack.pid").exists()
    finally:
        if platform.poll() is None:
            platform.terminate()
            platform.wait(timeout=30)
