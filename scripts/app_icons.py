"""Draw the installable web app's icons (gateway/web/icons/): a four-in-a-row disc and a die's
pips in the style's colours, at 192 and 512 px, and a maskable 512 px one whose drawing stays
inside the safe circle (the middle 80 %) that launchers crop to their own shapes.

Run after changing the drawing: `.venv/bin/python scripts/app_icons.py` (Pillow, a test tool)."""

from __future__ import annotations

import pathlib

from PIL import Image, ImageDraw

ROOT = pathlib.Path(__file__).resolve().parent.parent / "gateway" / "web" / "icons"
BACKGROUND = "#17191c"  # the dark theme's background (gateway/web/css/app.css --bg)
DISC = "#e69f00"  # the favicon's disc
PIP = "#56b4e9"  # the dark theme's accent
OVERSAMPLE = 4  # drawn large and scaled down: smooth edges without an antialiasing drawer


def icon(size: int, maskable: bool) -> Image.Image:
    big = size * OVERSAMPLE
    image = Image.new("RGBA", (big, big), BACKGROUND if maskable else (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if not maskable:
        draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=big // 5, fill=BACKGROUND)
    # The drawing: within the middle 80 % for a maskable icon, a little larger otherwise.
    scale = 0.8 if maskable else 0.92
    inset = big * (1 - scale) / 2
    span = big * scale

    def at(x: float, y: float) -> tuple[float, float]:
        return inset + x * span, inset + y * span

    cx, cy = at(0.5, 0.5)
    radius = span * 0.34
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=DISC)
    pip = span * 0.06
    for x, y in ((0.36, 0.36), (0.64, 0.64), (0.5, 0.5), (0.36, 0.64), (0.64, 0.36)):
        px, py = at(x, y)
        draw.ellipse((px - pip, py - pip, px + pip, py + pip), fill=BACKGROUND)
    # A small accent disc at the corner: a second player's piece.
    ax, ay = at(0.84, 0.84)
    small = span * 0.1
    draw.ellipse((ax - small, ay - small, ax + small, ay + small), fill=PIP)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    ROOT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        icon(size, maskable=False).save(ROOT / f"icon-{size}.png", optimize=True)
    icon(512, maskable=True).save(ROOT / "icon-maskable-512.png", optimize=True)


if __name__ == "__main__":
    main()
