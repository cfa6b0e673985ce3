"""Benchmark: how soon a phone can use the start page, a game's create page and a room.

Headless Chromium at 360×640, the browser cache off, the network throttled through the DevTools
protocol (Network.emulateNetworkConditions) to what phones get: unthrottled, slow 4G (150 ms
round trip, 1.6 Mbit/s down, 750 kbit/s up) and 3G (300 ms, 750 kbit/s down, 250 kbit/s up).
"Usable" is a state of the page, read in one look:

- start page: the gallery drawn (its first tile's "Play now" enabled) and the join button enabled;
- create page: the create button enabled (the game's options and seats drawn);
- room: the host's own new four-in-a-row room (against a CPU), its start button enabled.

One stack serves both sides. With `--baseline PATH` (another checkout with its own .venv, read
only: no bytecode is written there) a second gateway runs that checkout's code beside this one's,
on the same services and store, so before and after are measured in the same run, turn by turn.

    .venv/bin/python bench/page_load.py [--baseline OLD_CHECKOUT] [--runs 3] [--tls]

With `--tls` the browser reaches both gateways through nginx with TLS and HTTP/2, as it does
behind a production load balancer: the page's modules share one connection instead of HTTP/1.1's
six, and Chromium asks for brotli (which it does only over TLS).
"""

from __future__ import annotations

import argparse
import json
import os
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devstack import Stack, free_port  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
VIEWPORT = {"width": 360, "height": 640}

# DevTools' throughput is in bytes per second.
NETWORKS: dict[str, dict[str, float]] = {
    "unthrottled": {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
    "slow 4G": {"latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8},
    "3G": {"latency": 300, "downloadThroughput": 750_000 / 8, "uploadThroughput": 250_000 / 8},
}

USABLE = {
    "start": """() => !!document.querySelector('[data-testid="tile-play-four-in-a-row"]:not([disabled])')
        && !!document.querySelector('[data-testid="join-button"]:not([disabled])')""",
    "create": """() => !!document.querySelector('[data-testid="create-button"]:not([disabled])')""",
    "room": """() => !!document.querySelector('[data-testid="start-button"]:not([disabled])')""",
}
PAGES = {"start": "/", "create": "/games/four-in-a-row/new"}


@dataclass
class Load:
    seconds: float
    requests: int
    bytes: int  # as they came over the wire (headers and bodies)
    refused: list[str]  # what the Content-Security-Policy blocked (directive and URL)


# Everything the page's policy blocks, kept where one look reads it.
WATCH_POLICY = """window.__refused = [];
document.addEventListener('securitypolicyviolation',
  e => window.__refused.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline')));"""


def room_ticket(base: str) -> dict[str, Any]:
    """A new four-in-a-row room, Anna against a CPU, as the client keeps it in localStorage."""
    body = {"game": "four-in-a-row", "nickname": "Anna", "seats": [{"kind": "human"}, {"kind": "cpu"}]}
    request = urllib.request.Request(
        base + "/api/rooms", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30, context=ssl._create_unverified_context()) as answer:
        ticket = json.load(answer)
    code = ticket["code"]
    return {
        code: {
            "code": code,
            "token": ticket["token"],
            "seats": ticket["seats"],
            "invite": "",
            "game": ticket["room"]["game"],
            "saved_at": int(time.time() * 1000),
        }
    }


def measure(browser, base: str, page_name: str, network: str, timeout_s: float = 60) -> Load:  # type: ignore[no-untyped-def]
    """One cold load of a page in a fresh context (nothing cached), throttled, to its usable state."""
    context = browser.new_context(viewport=VIEWPORT, locale="en-GB")
    context.add_init_script(WATCH_POLICY)
    try:
        path = PAGES.get(page_name)
        if path is None:  # the room: a ticket for a new room, as if this phone had made it
            tickets = room_ticket(base)
            context.add_init_script(
                f"window.localStorage.setItem('gameroom.tickets', {json.dumps(json.dumps(tickets))});"
            )
            path = "/r/" + next(iter(tickets))
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        cdp.send("Network.emulateNetworkConditions", {"offline": False, **NETWORKS[network]})
        sizes: dict[str, float] = {}
        cdp.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
        # What went wrong, should the page never become usable: said in the error, not guessed.
        troubles: list[str] = []
        page.on("requestfailed", lambda r: troubles.append(f"failed {r.url}: {r.failure}"))
        page.on("response", lambda r: r.status >= 400 and troubles.append(f"{r.status} {r.url}"))
        page.on("console", lambda m: m.type == "error" and troubles.append(f"console: {m.text}"))
        page.on("pageerror", lambda e: troubles.append(f"page error: {e}"))
        started = time.perf_counter()
        page.goto(base + path, wait_until="commit")
        try:
            page.wait_for_function(USABLE[page_name], timeout=timeout_s * 1000, polling="raf")
        except Exception as error:
            shown = page.evaluate("document.body ? document.body.innerText.slice(0, 400) : '(no body)'")
            raise AssertionError(
                f"{page_name} not usable after {timeout_s} s; page shows {shown!r}; {troubles}"
            ) from error
        seconds = time.perf_counter() - started
        # The requests the page had made by then (the room's WebSocket is not one of them).
        return Load(seconds, len(sizes), int(sum(sizes.values())), page.evaluate("window.__refused"))
    finally:
        context.close()


def start_baseline_gateway(stack: Stack, checkout: Path, log_dir: Path) -> tuple[subprocess.Popen[bytes], str]:
    """The other checkout's gateway on the same services and store; its base URL."""
    http_port, play_port = free_port(), free_port()
    env = stack.env()
    env.update(
        GAMEROOM_HTTP_PORT=str(http_port),
        GAMEROOM_PLAY_PORT=str(play_port),
        GAMEROOM_PLAY_ADDR=f"127.0.0.1:{play_port}",
        GAMEROOM_GATEWAY_METRICS_PORT=str(free_port()),
        GAMEROOM_REPLICA_ID="gateway-baseline",
        PYTHONDONTWRITEBYTECODE="1",
    )
    output = open(log_dir / "gateway-baseline.log", "ab")  # noqa: SIM115 - the child owns it
    python = checkout / ".venv" / "bin" / "python"
    process = subprocess.Popen(
        [str(python), "-m", "gateway"], cwd=checkout, env=env, stdout=output, stderr=subprocess.STDOUT
    )
    base = f"http://127.0.0.1:{http_port}"
    give_up = time.monotonic() + 60
    while time.monotonic() < give_up:
        if process.poll() is not None:
            raise RuntimeError(f"the baseline gateway exited with {process.returncode}")
        try:
            with urllib.request.urlopen(base + "/readyz", timeout=1) as answer:
                if answer.status == 200:
                    return process, base
        except OSError:
            time.sleep(0.2)
    raise TimeoutError("the baseline gateway never got ready")


NGINX_CONF = """worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log;
events {{}}
http {{
  access_log off;
  client_body_temp_path {dir}/tmp; proxy_temp_path {dir}/tmp; fastcgi_temp_path {dir}/tmp;
  uwsgi_temp_path {dir}/tmp; scgi_temp_path {dir}/tmp;
  map $http_upgrade $connection_upgrade {{ default upgrade; '' ''; }}
{servers}
}}
"""
NGINX_SERVER = """  server {{
    listen 127.0.0.1:{port} ssl http2;
    ssl_certificate {dir}/cert.pem;
    ssl_certificate_key {dir}/key.pem;
    location / {{
      proxy_pass {upstream};
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_buffering off;
    }}
  }}"""


def start_tls_proxy(upstreams: list[str], ports: list[int], folder: Path) -> subprocess.Popen[bytes]:
    """nginx in front of the gateways with TLS and HTTP/2, as a load balancer would be: every
    request of the page on one connection, and the browser asks for brotli (only over TLS)."""
    (folder / "tmp").mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"]
        + ["-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")],
        check=True,
        capture_output=True,
    )
    servers = "\n".join(
        NGINX_SERVER.format(port=p, dir=folder, upstream=u) for p, u in zip(ports, upstreams, strict=False)
    )
    (folder / "nginx.conf").write_text(NGINX_CONF.format(dir=folder, servers=servers))
    process = subprocess.Popen(
        [
            "nginx",
            "-p",
            str(folder),
            "-c",
            str(folder / "nginx.conf"),
            "-e",
            str(folder / "error.log"),
            "-g",
            "daemon off;",
        ]
    )
    give_up = time.monotonic() + 30
    while not (folder / "nginx.pid").exists():
        if process.poll() is not None or time.monotonic() > give_up:
            raise RuntimeError("nginx did not start: " + (folder / "error.log").read_text())
        time.sleep(0.1)
    return process


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", type=Path, help="another checkout (with .venv) to measure beside this one")
    parser.add_argument("--runs", type=int, default=3, help="cold loads per page and network (median kept)")
    parser.add_argument("--networks", default=",".join(NETWORKS), help="comma-separated, of: " + ", ".join(NETWORKS))
    parser.add_argument(
        "--tls", action="store_true", help="through an HTTP/2 TLS proxy (nginx) as in production, not plain HTTP/1.1"
    )
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="page-load-"))
    stack = Stack.on_free_ports(f"sqlite:///{folder}/rooms.sqlite3", log_dir=folder / "logs")
    stack.extra_env["GAMEROOM_LIMITS_EXEMPT"] = "127.0.0.1,::1"
    proxy_ports = [free_port(), free_port()]
    if args.tls:  # the WebSocket's origin is the proxy's
        stack.extra_env["GAMEROOM_ALLOWED_ORIGINS"] = ",".join(f"https://127.0.0.1:{p}" for p in proxy_ports)
    stack.start()
    baseline = proxy = None
    try:
        sides = {"this": stack.base_url}
        if args.baseline:
            baseline, base = start_baseline_gateway(stack, args.baseline.resolve(), folder / "logs")
            sides = {"before": base, "after": stack.base_url}
        if args.tls:
            proxy = start_tls_proxy(list(sides.values()), proxy_ports, folder / "proxy")
            sides = {side: f"https://127.0.0.1:{port}" for side, port in zip(sides, proxy_ports, strict=False)}
        results: dict[tuple[str, str, str], list[Load]] = {}
        with sync_playwright() as playwright:
            flags = [*FLAGS, "--ignore-certificate-errors"] if args.tls else FLAGS
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=flags, headless=True)
            for network in args.networks.split(","):
                for page_name in (*PAGES, "room"):
                    for _ in range(args.runs):
                        for side, base in sides.items():  # turn by turn: both sides see the same machine
                            results.setdefault((network, page_name, side), []).append(
                                measure(browser, base, page_name, network)
                            )
            browser.close()
        print(
            f"| network | page | {' | '.join(f'{s} s' for s in sides)} | requests | kB |"
            + (" ratio |" if args.baseline else "")
        )
        print("|---|---|" + "---|" * (len(sides) + 2 + (1 if args.baseline else 0)))
        for network, page_name, side in results:
            if side != next(iter(sides)):
                continue
            cells, counts, kbs, medians = [], [], [], []
            for other in sides:
                runs = results[(network, page_name, other)]
                median = statistics.median(r.seconds for r in runs)
                medians.append(median)
                cells.append(f"{median:.2f}")
                counts.append(str(runs[0].requests))
                kbs.append(f"{statistics.median(r.bytes for r in runs) / 1000:.0f}")
            ratio = f" {medians[-1] / medians[0]:.2f}× |" if args.baseline else ""
            print(
                f"| {network} | {page_name} | {' | '.join(cells)} | {' → '.join(counts)} | {' → '.join(kbs)} |{ratio}"
            )
    finally:
        if proxy is not None:
            proxy.terminate()
            proxy.wait(10)
        if baseline is not None:
            baseline.terminate()
            baseline.wait(10)
        stack.stop()


if __name__ == "__main__":
    os.nice(5)
    main()
