"""Screenshots of the same tables drawn by this checkout's web client and by a baseline's, and
how many pixels differ: a check that a change to the client's drawing leaves the screen as it was.

    .venv/bin/python scripts/compare_tables.py BASELINE_TREE [--games oh-hell poker ...]
        [--out test-output/compare]

BASELINE_TREE is another tree of the repository (`git archive <rev> | tar -x -C DIR`): its
gateway runs beside this one's on the same services and store (as in bench/page_load.py), with
this checkout's .venv and the baseline's own packages first on the path. For each game a room
is made as test_every_title makes it (CPU seats where the game has them) and started; once the
table waits for the player it is opened afresh through this gateway, through the baseline's,
and through this one again (what differs between two looks at the same code: a clock, the
room's address), at 360 × 640 and 1280 × 800, with animations stopped, each once it holds still. Prints a row
per game and size: the pixels that differ between baseline and now, and between the two looks
at now; the images go to --out.
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from PIL import Image, ImageChops
from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devstack import Stack, free_port  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
SIZES = {"phone": {"width": 360, "height": 640}, "desktop": {"width": 1280, "height": 800}}
SIX = ["oh-hell", "penalty-tricks", "poker", "blackjack-duel", "rummy", "contract-rummy"]
# The table is drawn and waits for the player (or the game is over).
DRAWN = """() => {
  const room = document.querySelector('[data-testid=room]');
  const area = document.querySelector('[data-testid=game-area]');
  if (!room || !area || !area.childElementCount) return false;
  return room.dataset.status === 'finished' || !!document.querySelector('.turn-status.mine');
}"""
TICKET = (
    "t => localStorage.setItem('gameroom.tickets', JSON.stringify({[t.code]: {code: t.code,"
    " token: t.token, seats: t.seats, invite: '', game: t.room.game, saved_at: Date.now()}}))"
)


def start_gateway(stack: Stack, tree: Path, log_dir: Path) -> tuple[subprocess.Popen[bytes], str]:
    """The baseline tree's gateway on the same services and store; its base URL."""
    http_port, play_port = free_port(), free_port()
    env = stack.env()
    env.update(
        GAMEROOM_HTTP_PORT=str(http_port),
        GAMEROOM_PLAY_PORT=str(play_port),
        GAMEROOM_PLAY_ADDR=f"127.0.0.1:{play_port}",
        GAMEROOM_GATEWAY_METRICS_PORT=str(free_port()),
        GAMEROOM_REPLICA_ID="gateway-baseline",
        PYTHONDONTWRITEBYTECODE="1",
        PYTHONPATH=str(tree),
    )
    output = open(log_dir / "gateway-baseline.log", "ab")  # noqa: SIM115 - the child owns it
    process = subprocess.Popen(
        [sys.executable, "-m", "gateway"], cwd=tree, env=env, stdout=output, stderr=subprocess.STDOUT
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


def seats_for(base: str, game: str) -> list[dict]:
    with urllib.request.urlopen(f"{base}/api/games", timeout=30) as answer:
        meta = next(g["meta"] for g in json.load(answer)["games"] if g["id"] == game)
    count = max(2, meta["min_seats"]) if meta["max_seats"] >= 2 else 1
    levels = meta.get("cpu_levels") or []
    other = {"kind": "cpu", "level": levels[0]} if levels else {"kind": "human", "local": True}
    return [{"kind": "human"}] + [dict(other) for _ in range(count - 1)]


def open_room(browser: Browser, base: str, ticket: dict, size: dict[str, int], start: bool) -> Page:
    context = browser.new_context(viewport=size, locale="en-GB")
    page = context.new_page()
    page.goto(base)
    page.evaluate(TICKET, ticket)
    page.goto(f"{base}/r/{ticket['code']}")
    if start:
        page.get_by_test_id("start-button").click()
    page.wait_for_function(DRAWN, timeout=60_000)
    pass_on = page.get_by_test_id("handover-reveal")
    if pass_on.count() and pass_on.is_visible():
        pass_on.click()
        page.wait_for_function(DRAWN, timeout=60_000)
    return page


def shot(page: Page, tries: int = 12) -> Image.Image:
    """The page once it holds still: photographed until two looks running are the same (a CPU's
    move or a passing card may still arrive), or the last of `tries` (a clock ticking)."""
    page.evaluate("document.fonts.ready")
    last = None
    for _ in range(tries):
        image = Image.open(io.BytesIO(page.screenshot(full_page=True, animations="disabled", caret="hide"))).convert(
            "RGB"
        )
        if last is not None and differing(last, image)[0] == 0:
            break
        last = image
    return image


def differing(a: Image.Image, b: Image.Image) -> tuple[int, tuple[int, int, int, int] | None]:
    """Pixels that differ, and the box around them (None: none)."""
    if a.size != b.size:
        width, height = max(a.width, b.width), max(a.height, b.height)
        a, b = pad(a, width, height), pad(b, width, height)
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v else 0)
    return diff.histogram()[255], diff.getbbox()


def pad(image: Image.Image, width: int, height: int) -> Image.Image:
    canvas = Image.new("RGB", (width, height), (255, 0, 255))
    canvas.paste(image, (0, 0))
    return canvas


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("baseline", type=Path)
    parser.add_argument("--games", nargs="+", default=SIX)
    parser.add_argument("--out", type=Path, default=ROOT / "test-output" / "compare")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="compare-"))
    stack = Stack.on_free_ports(f"sqlite:///{folder}/rooms.sqlite3", log_dir=folder / "logs")
    stack.extra_env["GAMEROOM_LIMITS_EXEMPT"] = "127.0.0.1,::1"
    stack.start()
    baseline = None
    try:
        baseline, old = start_gateway(stack, args.baseline.resolve(), folder / "logs")
        new = stack.base_url
        print("| game | size | baseline ~ now: pixels (box) | now ~ now again: pixels (box) |")
        print("|---|---|---|---|")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
            for game in args.games:
                for size_name, size in SIZES.items():
                    body = json.dumps({"game": game, "seats": seats_for(new, game), "nickname": "Anna"}).encode()
                    request = urllib.request.Request(f"{new}/api/rooms", body, {"Content-Type": "application/json"})
                    with urllib.request.urlopen(request, timeout=30) as answer:
                        ticket = json.load(answer)
                    # Started in a page of its own, so that each photographed page opens on a
                    # table already waiting for the player, as the others do.
                    open_room(browser, new, ticket, size, start=True).context.close()
                    pages = [open_room(browser, base, ticket, size, start=False) for base in (new, old, new)]
                    now, before, again = (shot(page) for page in pages)
                    for name, image in (("now", now), ("baseline", before), ("again", again)):
                        image.save(args.out / f"{game}-{size_name}-{name}.png")
                    changed, box = differing(before, now)
                    noise, noise_box = differing(again, now)
                    print(f"| {game} | {size_name} | {changed} {box or ''} | {noise} {noise_box or ''} |", flush=True)
                    for page in pages:
                        page.context.close()
            browser.close()
    finally:
        if baseline is not None:
            baseline.terminate()
            baseline.wait(10)
        stack.stop()


if __name__ == "__main__":
    main()
