"""make run: the whole platform locally; the web client on http://localhost:8080.

`make run LAN=1` (GAMEROOM_LAN=1) opens the web client to the local network too, so phones and
tablets on the same Wi-Fi can join: it prints the address to open there and a QR code of it.
The terminal shows the address, warnings and errors, and one line per room event; the HTTP
access log goes to var/access.log. The running platform's process id is kept in
var/devstack.pid, so `make stop` (python -m devstack stop) stops this checkout's platform only.
"""

from __future__ import annotations

import os
import signal
import socket
import sys
import time
from pathlib import Path

from lobby.store import store_url

from . import SERVICES, Stack

CHECKOUT = Path(__file__).resolve().parent.parent
PID_FILE = "devstack.pid"
ACCESS_LOG = "access.log"
VAPID_FILE = "vapid-private.key"


def var_dir() -> Path:
    """Where this checkout keeps its running state (GAMEROOM_VAR, else var/ in the checkout)."""
    return Path(os.environ.get("GAMEROOM_VAR") or CHECKOUT / "var")


def lan_address() -> str | None:
    """This machine's address on the local network: the source address of the default route
    (a UDP socket's connect sends nothing), else a non-loopback address of the host name."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1, never reached
            address = probe.getsockname()[0]
        except OSError:
            address = ""
    if address and not address.startswith("127.") and address != "0.0.0.0":
        return address
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    return next((str(info[4][0]) for info in infos if not str(info[4][0]).startswith("127.")), None)


def running_pid(pid_file: Path) -> int | None:
    """The pid in the file when that process still runs."""
    try:
        pid = int(pid_file.read_text().strip())
        os.kill(pid, 0)
    except (OSError, ValueError):
        return None
    return pid


def qr_lines(url: str) -> str:
    """The QR code of `url` as text for a terminal (two rows of modules per line)."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def stop() -> int:
    """Stop the platform this checkout started (its pid file), wait until it has gone."""
    pid_file = var_dir() / PID_FILE
    pid = running_pid(pid_file)
    if pid is None:
        print("The game room of this folder is not running.")
        return 0
    os.kill(pid, signal.SIGTERM)
    give_up = time.monotonic() + 30
    while time.monotonic() < give_up and running_pid(pid_file) == pid:
        time.sleep(0.2)
    if running_pid(pid_file) == pid:
        print(f"The game room (process {pid}) did not stop within 30 s.", file=sys.stderr)
        return 1
    print("The game room has stopped.")
    return 0


def main() -> int:
    var = var_dir()
    var.mkdir(parents=True, exist_ok=True)
    pid_file = var / PID_FILE
    other = running_pid(pid_file)
    if other is not None and other != os.getpid():
        print(f"The game room of this folder already runs (process {other}); `make stop` stops it.", file=sys.stderr)
        return 1
    http_port = int(os.environ.get("GAMEROOM_HTTP_PORT", "8080"))
    lan = os.environ.get("GAMEROOM_LAN", "") not in ("", "0")
    extra = {"GAMEROOM_LOG_CONSOLE": "1", "GAMEROOM_ACCESS_LOG": str(var / ACCESS_LOG)}
    if not os.environ.get("GAMEROOM_VAPID_PRIVATE_KEY"):
        # Web Push's key pair, made on the first run and kept: subscriptions outlive a restart.
        extra.setdefault("GAMEROOM_VAPID_KEY_FILE", os.environ.get("GAMEROOM_VAPID_KEY_FILE") or str(var / VAPID_FILE))
    address = lan_address() if lan else None
    if lan:
        # Only the web client is opened to the network; the services stay on loopback.
        extra["GAMEROOM_HTTP_BIND"] = "0.0.0.0"
        origins = [f"http://localhost:{http_port}", f"http://127.0.0.1:{http_port}"]
        if address:
            origins.append(f"http://{address}:{http_port}")
        extra["GAMEROOM_ALLOWED_ORIGINS"] = ",".join(origins)
    stack = Stack(store_url=store_url(), http_port=http_port, extra_env=extra)
    stopping = False

    def on_signal(*_: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    pid_file.write_text(f"{os.getpid()}\n")
    try:
        stack.start()
        lines = ["", f"The game room is open: http://localhost:{stack.http_port}"]
        if lan and address:
            url = f"http://{address}:{stack.http_port}"
            lines += [f"On a phone or tablet on the same network, open: {url}", "", qr_lines(url)]
        elif lan:
            lines.append("Open to the local network, but this machine's address there was not found.")
        lines += [f"Stop it with Ctrl-C, or `make stop` in {CHECKOUT}. Access log: {var / ACCESS_LOG}", ""]
        print("\n".join(lines), flush=True)
        while not stopping:
            time.sleep(0.5)
            for name in SERVICES:
                process = stack.processes.get(name)
                if process is not None and process.poll() is not None and not stopping:
                    print(f"{name} exited ({process.returncode}); restarting it", flush=True)
                    stack.start_service(name)
    finally:
        stack.stop()
        if running_pid(pid_file) == os.getpid():
            pid_file.unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(stop() if sys.argv[1:] == ["stop"] else main())
