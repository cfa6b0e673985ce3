"""What a phone player sees of a table, measured inside the page in one look.

`measure_layout(page)` reads, in a single `evaluate` call (so a redraw between two reads cannot
mix two drawings), everything the phone-first rules of the room speak of:

- the rendered size of every visible text: an HTML element's computed font size times the
  scale of every CSS transform above it; an SVG text's font size times the scale its SVG is
  drawn at on screen (`getScreenCTM`, which holds the viewBox fit and any CSS transform), so
  a 14 px label in a board drawn at 0.4 reads as 5.6 px, as a player sees it;
- every lit control (enabled, visible, something a tap does: buttons, links, inputs, ARIA
  widgets, focusable or clickable SVG shapes) and its drawn width and height;
- clipped text (a box narrower than its text that hides the rest or ends it in "…");
- boxes that scroll inside without showing it (no scroll bar and no cue drawn for it: an
  element that means to scroll carries `data-scroll-cue` and draws its cue);
- anything drawn past the right or left edge of the screen.

`PhoneLayout.breaches()` turns that into plain lines, empty when the table keeps every rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# The room's frame; the drawer, when closed, is not visible and so not measured.
ROOM = "[data-testid=room]"
# The main actions: the words a player taps to act (the own zone's buttons that are not a card,
# a die or a small tool, and every primary button).
MAIN_ACTIONS = (
    "[data-testid=own-zone] button:not(.card-btn):not(.die):not(.die-btn):not([data-minor]),"
    " [data-testid=room] button.primary"
)

# Text that may end in "…" because a tap shows it whole: the last-event ticker opens the log.
CLIP_OK = ".ticker-text"

MEASURE = r"""([rootSelector, mainSelector, clipOk]) => {
  const root = document.querySelector(rootSelector) || document.body;
  const vw = document.documentElement.clientWidth;
  const round = (v) => Math.round(v * 10) / 10;
  const shown = (e) => {
    if (!e.getClientRects().length) return false;
    if (e.checkVisibility && !e.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    return !e.closest('[hidden], [inert], .sr-only, dialog:not([open])');
  };
  const describe = (e) => {
    const id = e.closest('[data-testid]');
    const cls = typeof e.className === 'string' ? e.className : (e.className && e.className.baseVal) || '';
    return `${e.tagName.toLowerCase()}${cls ? '.' + cls.trim().split(/\s+/).join('.') : ''}${id ? ' in ' + id.dataset.testid : ''}`;
  };
  const label = (e) => (e.getAttribute('aria-label') || e.textContent || e.getAttribute('title') || '').trim().replace(/\s+/g, ' ').slice(0, 60);
  // The scale CSS transforms put on an HTML element: the product of every ancestor's.
  const htmlScale = (e) => {
    let scale = 1;
    for (let n = e; n && n.nodeType === 1; n = n.parentElement) {
      const t = getComputedStyle(n).transform;
      if (t && t !== 'none') {
        const m = new DOMMatrixReadOnly(t);
        scale *= Math.hypot(m.c, m.d);
      }
      const z = parseFloat(getComputedStyle(n).zoom);
      if (z && z !== 1) scale *= z;
    }
    return scale;
  };
  const renderedSize = (e) => {
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (e instanceof SVGElement) {
      const m = e.getScreenCTM();
      return m ? size * Math.hypot(m.c, m.d) : size;
    }
    return size * htmlScale(e);
  };

  // Text: every element that holds a visible text node of its own.
  const texts = [];
  const seen = new Set();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.data.trim();
    const e = node.parentElement;
    if (!text || !e || seen.has(e)) continue;
    seen.add(e);
    if (['SCRIPT', 'STYLE', 'TITLE', 'OPTION', 'DESC'].includes(e.tagName.toUpperCase())) continue;
    if (!shown(e)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) continue;  // clipped away (a screen reader's text)
    texts.push({ size: round(renderedSize(e)), text: text.slice(0, 60), where: describe(e) });
  }
  texts.sort((a, b) => a.size - b.size);

  // Controls: lit, visible, something a tap does.
  const CONTROL = 'button, a[href], input:not([type=hidden]), select, textarea, summary,'
    + ' [role=button], [role=link], [role=checkbox], [role=radio], [role=tab], [role=menuitem], [role=option], [role=switch],'
    + ' svg [tabindex], svg [onclick], svg [role]';
  const mains = new Set(mainSelector ? root.querySelectorAll(mainSelector) : []);
  const controls = [];
  for (const e of root.querySelectorAll(CONTROL)) {
    if (e instanceof SVGSVGElement && !e.hasAttribute('tabindex') && !e.hasAttribute('role')) continue;
    if (e instanceof SVGElement && e.getAttribute('role') && !['button', 'link', 'checkbox', 'radio', 'option', 'gridcell'].includes(e.getAttribute('role')) && !e.hasAttribute('tabindex')) continue;
    if (e.disabled || e.getAttribute('aria-disabled') === 'true' || e.closest('fieldset[disabled]')) continue;
    if (!shown(e) || getComputedStyle(e).pointerEvents === 'none') continue;
    if (e.parentElement && e.parentElement.closest(CONTROL) && !(e.parentElement.closest(CONTROL) instanceof SVGSVGElement)) continue;  // a part of a bigger control
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    controls.push({ width: round(r.width), height: round(r.height), label: label(e), where: describe(e), main: mains.has(e) });
  }

  // Clipped text and scroll boxes.
  const clipped = [];
  const scrolls = [];
  for (const e of root.querySelectorAll('*')) {
    if (e instanceof SVGElement || !shown(e)) continue;
    const s = getComputedStyle(e);
    const hides = (o) => o === 'hidden' || o === 'clip';
    const scrollsIn = (o) => o === 'auto' || o === 'scroll';
    const overX = e.scrollWidth > e.clientWidth + 1;
    const overY = e.scrollHeight > e.clientHeight + 1;
    if (overX && (hides(s.overflowX) || s.textOverflow === 'ellipsis') && e.textContent.trim() && !(clipOk && e.matches(clipOk))) {
      clipped.push({ text: label(e), where: describe(e), shows: e.clientWidth, needs: e.scrollWidth });
    }
    const barX = e.offsetHeight - e.clientHeight - parseFloat(s.borderTopWidth) - parseFloat(s.borderBottomWidth) > 0;
    const barY = e.offsetWidth - e.clientWidth - parseFloat(s.borderLeftWidth) - parseFloat(s.borderRightWidth) > 0;
    const cue = !!e.closest('[data-scroll-cue]');
    if (overX && scrollsIn(s.overflowX) && !barX && !cue) {
      scrolls.push({ where: describe(e), axis: 'x', shows: e.clientWidth, holds: e.scrollWidth });
    }
    if (overY && scrollsIn(s.overflowY) && !barY && !cue) {
      scrolls.push({ where: describe(e), axis: 'y', shows: e.clientHeight, holds: e.scrollHeight });
    }
  }

  // Past the screen's edge, outside any box that scrolls (those are scrolled to, not lost).
  const overflow = [];
  for (const e of root.querySelectorAll('*')) {
    if (!shown(e)) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || (r.right <= vw + 1 && r.left >= -1)) continue;
    let inScroller = false;
    for (let n = e.parentElement; n && n !== document.body; n = n.parentElement) {
      const o = getComputedStyle(n).overflowX;
      if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') { inScroller = true; break; }
    }
    if (!inScroller) overflow.push({ where: describe(e), left: round(r.left), right: round(r.right) });
  }
  return {
    viewport: { width: vw, height: document.documentElement.clientHeight },
    page_wider_by: document.documentElement.scrollWidth - window.innerWidth,
    texts, controls, clipped, scrolls, overflow: overflow.slice(0, 20),
  };
}"""


@dataclass
class PhoneLayout:
    """One look at a drawn room. Sizes are rendered CSS px."""

    viewport: dict[str, int]
    page_wider_by: int
    texts: list[dict[str, Any]]  # {size, text, where}, smallest first
    controls: list[dict[str, Any]]  # {width, height, label, where, main}
    clipped: list[dict[str, Any]]  # {text, where, shows, needs}
    scrolls: list[dict[str, Any]]  # boxes scrolling without a bar or cue: {where, axis, shows, holds}
    overflow: list[dict[str, Any]] = field(default_factory=list)  # {where, left, right}

    @property
    def smallest_text(self) -> dict[str, Any] | None:
        return self.texts[0] if self.texts else None

    @property
    def smallest_target(self) -> dict[str, Any] | None:
        return min(self.controls, key=lambda c: min(c["width"], c["height"]), default=None)

    def breaches(self, min_text: float = 12, min_target: float = 24, min_main: float = 44) -> list[str]:
        """Every broken rule, one line each; empty when the table keeps them all."""
        out = [
            f"text {t['size']} px < {min_text}: {t['text']!r} ({t['where']})"
            for t in self.texts
            if t["size"] < min_text - 0.05
        ]
        for c in self.controls:
            if c["width"] < min_target - 0.5 or c["height"] < min_target - 0.5:
                out.append(f"target {c['width']}×{c['height']} < {min_target}: {c['label']!r} ({c['where']})")
            elif c["main"] and c["height"] < min_main - 0.5:
                out.append(f"main action {c['height']} px tall < {min_main}: {c['label']!r} ({c['where']})")
        out += [f"clipped ({c['shows']} of {c['needs']} px): {c['text']!r} ({c['where']})" for c in self.clipped]
        out += [
            f"scrolls in {s['axis']} without showing it ({s['shows']} of {s['holds']} px): {s['where']}"
            for s in self.scrolls
        ]
        out += [f"past the screen ({o['left']}..{o['right']}): {o['where']}" for o in self.overflow]
        if self.page_wider_by > 0:
            out.append(f"page {self.page_wider_by} px wider than the screen")
        return out


def measure_layout(
    page: Any, root: str = ROOM, main_actions: str = MAIN_ACTIONS, clip_ok: str = CLIP_OK
) -> PhoneLayout:
    """Measure the room drawn on `page` (a Playwright page) in one evaluate call."""
    found = page.evaluate(MEASURE, [root, main_actions, clip_ok])
    return PhoneLayout(**found)
