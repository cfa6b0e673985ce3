"""The dice games' Roll button, looked at in one query of the page.

Between two looks from the test (visible? enabled?) a CPU may move and the page be drawn
again, even without the button (the game over, or the player's pieces all home); a second
look on the vanished button would then wait 30 s for it and fail the test. One query reads
everything from the same drawing and says None when the button is not there."""

from __future__ import annotations

from playwright.sync_api import Page

_LOOK = """() => {
  const b = document.querySelector('[data-testid=roll-button]');
  return b && b.checkVisibility() ? [!b.disabled, b.classList.contains('lit')] : null;
}"""


def look_at_roll(page: Page) -> tuple[bool, bool] | None:
    """(enabled, lit) of the visible Roll button, or None when none is shown."""
    look = page.evaluate(_LOOK)
    return None if look is None else (bool(look[0]), bool(look[1]))
