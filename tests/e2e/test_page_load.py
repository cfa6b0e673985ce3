"""A phone on slow 4G (150 ms, 1.6 Mbit/s, Chromium's own throttling, nothing cached) gets a
usable start page, create page and room well within the time a person waits. The goal is
1.5 s (bench/page_load.py prints the figures); this fails only far past it, at 4 s, so that a
busy machine does not fail it. What "usable" means is a state of the page (bench/page_load.py)."""

from __future__ import annotations

import pytest

from bench.page_load import PAGES, measure

pytestmark = pytest.mark.e2e

WELL_PAST_THE_GOAL_S = 4.0


@pytest.mark.parametrize("page_name", [*PAGES, "room"])
def test_a_phone_on_slow_4g_can_use_the_page_soon(browser, stack, page_name: str) -> None:
    load = measure(browser, stack.base_url, page_name, "slow 4G")
    assert load.refused == [], load.refused
    assert load.seconds < WELL_PAST_THE_GOAL_S, f"{page_name} usable after {load.seconds:.2f} s on slow 4G: {load}"
    # The client's files came compressed: the whole start is far below their 370 kB as written.
    assert load.bytes < 250_000, load
