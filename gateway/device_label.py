"""A short name for a signed-in device, from its User-Agent: "Firefox on Android". Only for the
player's list of devices, so the browser and the system are enough, and nothing else of the
header (versions, build numbers) is kept."""

from __future__ import annotations

# Checked in order: Edge and Opera say "Chrome" too, Chrome says "Safari" too.
BROWSERS = (
    ("Edg/", "Edge"),
    ("OPR/", "Opera"),
    ("Firefox/", "Firefox"),
    ("SamsungBrowser/", "Samsung Internet"),
    ("Chrome/", "Chrome"),
    ("Chromium/", "Chromium"),
    ("Safari/", "Safari"),
)
SYSTEMS = (
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Android", "Android"),
    ("Windows", "Windows"),
    ("Mac OS X", "macOS"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
)
MAX_LABEL = 40


def device_label(user_agent: str) -> str:
    """ "<browser> on <system>", either part alone when the other is unknown, "" for neither."""
    agent = (user_agent or "")[:512]
    browser = next((name for mark, name in BROWSERS if mark in agent), "")
    system = next((name for mark, name in SYSTEMS if mark in agent), "")
    if browser and system:
        return f"{browser} on {system}"[:MAX_LABEL]
    return (browser or system)[:MAX_LABEL]
