"""A signed-in device's short name from its User-Agent (gateway/device_label.py)."""

from __future__ import annotations

import pytest

from gateway.device_label import MAX_LABEL, device_label


@pytest.mark.parametrize(
    ("agent", "label"),
    [
        (
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
            "Chrome on Android",
        ),
        (
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
            "Safari on iPhone",
        ),
        (
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0",
            "Edge on Windows",
        ),
        ("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on macOS"),
        ("Mozilla/5.0 (X11; Linux x86_64)", "Linux"),
        ("grpc-python/1.85 curl/8.0", ""),
        ("", ""),
    ],
)
def test_the_browser_and_the_system_name_the_device(agent: str, label: str) -> None:
    assert device_label(agent) == label


def test_a_label_is_short_whatever_the_header() -> None:
    assert len(device_label("Firefox/1 " * 500 + "Windows")) <= MAX_LABEL
