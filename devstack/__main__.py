"""make run: the whole platform locally; the web client on http://localhost:8080."""

from __future__ import annotations

import os
import signal
import time

from lobby.store import store_url

from . import SERVICES, Stack


def main() -> None:
    stack = Stack(store_url=store_url(), http_port=int(os.environ.get("GAMEROOM_HTTP_PORT", "8080")))
    stopping = False

    def stop(*_: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    stack.start()
    print(f"\nThe game room is open: http://localhost:{stack.http_port}  (Ctrl-C stops everything)\n", flush=True)
    try:
        while not stopping:
            time.sleep(0.5)
            for name in SERVICES:
                process = stack.processes.get(name)
                if process is not None and process.poll() is not None and not stopping:
                    print(f"{name} exited ({process.returncode}); restarting it", flush=True)
                    stack.start_service(name)
    finally:
        stack.stop()


if __name__ == "__main__":
    main()
