// Helpers shared by the board games (chess, draughts, morris, reversi, kalaha): squares as
// SVG buttons with one tab stop for the whole board (arrow keys move between them), a local
// redraw when a selection changes, short animations, and a frame that zooms a board too big
// for a phone. Game rules never live here.
import { h, onActivate, s, useStylesheet } from "../js/svg.js";

useStylesheet(new URL("./board-kit.css", import.meta.url));

const READABLE_PX = 12; // the smallest text a table may show, in CSS px

/** Mark a box that scrolls with where more of it lies (classes more-above, more-below), now
 * and whenever it scrolls or changes size: the box's sheet draws a cue on that edge. */
function markScrolling(box) {
  const mark = () => {
    box.classList.toggle("more-above", box.scrollTop > 1);
    box.classList.toggle("more-below", box.scrollTop + box.clientHeight < box.scrollHeight - 1);
  };
  box.addEventListener("scroll", mark, { passive: true });
  new ResizeObserver(mark).observe(box);
  return mark;
}

/**
 * One square or point of a board: an SVG group acting as a button. Every square stays
 * focusable (arrow keys walk the board, a screen reader can read it all), so an inactive one
 * is not aria-disabled: its label says what it holds, and pressing it does nothing harmful.
 * `lit` marks a square the player may use now. Put a child with class `hit` in it for the
 * focus outline.
 * @param {{ label?: string, testid?: string, onPress?: (e: Event) => void, lit?: boolean, pressed?: boolean | undefined, className?: any }} spec
 * @param {...import("../js/types.js").Child} children
 * @returns {SVGElement}
 */
export function cell({ label, testid, onPress, lit = false, pressed, className }, ...children) {
  const g = s(
    "g",
    {
      role: "button",
      tabindex: "-1",
      "aria-label": label,
      "aria-pressed": pressed === undefined ? null : String(Boolean(pressed)),
      "data-testid": testid,
      class: ["svg-btn", "cell", lit ? "lit" : "quiet", className],
    },
    children,
  );
  if (onPress) onActivate(g, onPress);
  return g;
}

/**
 * The whole board is one tab stop: `rows` is the grid in display order (top row first), with
 * null where there is no square. The square last focused (its test id kept in
 * `state[key]`), else `preferred`, else the first, takes tabindex 0. Arrow keys move to the
 * next square in that direction (skipping gaps; up and down also try the columns beside).
 * @param {Array<Array<import("../js/types.js").El | null>>} rows
 * @param {Record<string, any>} state
 * @param {string | null} [preferred]
 * @param {string} [key]
 */
export function rovingGrid(rows, state, preferred = null, key = "focus") {
  const flat = /** @type {import("../js/types.js").El[]} */ (rows.flat().filter(Boolean));
  if (!flat.length) return;
  const byId = (id) => flat.find((el) => el.getAttribute("data-testid") === id);
  const current = byId(state[key]) || (preferred && byId(preferred)) || flat[0];
  for (const el of flat) el.setAttribute("tabindex", el === current ? "0" : "-1");
  const at = (r, c) => (r >= 0 && r < rows.length && c >= 0 && c < rows[r].length ? rows[r][c] : null);
  rows.forEach((row, r) =>
    row.forEach((el, c) => {
      if (!el) return;
      el.addEventListener("focus", () => {
        state[key] = el.getAttribute("data-testid");
        for (const other of flat) other.setAttribute("tabindex", other === el ? "0" : "-1");
      });
      el.addEventListener("keydown", (e) => {
        const pressed = /** @type {KeyboardEvent} */ (e).key;
        /** @type {import("../js/types.js").El | null | undefined} */
        let next = null;
        if (pressed === "Home") next = flat[0];
        else if (pressed === "End") next = flat[flat.length - 1];
        else if (pressed === "ArrowLeft" || pressed === "ArrowRight") {
          const dc = pressed === "ArrowLeft" ? -1 : 1;
          for (let cc = c + dc; cc >= 0 && cc < row.length && !next; cc += dc) next = row[cc];
        } else if (pressed === "ArrowUp" || pressed === "ArrowDown") {
          const dr = pressed === "ArrowUp" ? -1 : 1;
          for (let rr = r + dr; rr >= 0 && rr < rows.length && !next; rr += dr) next = at(rr, c) || at(rr, c - 1) || at(rr, c + 1);
        } else return;
        e.preventDefault();
        if (next) next.focus();
      });
    }),
  );
}

/**
 * Draw the game again in place after a local change (a piece selected), without the
 * update's animations, keeping keyboard focus on the element with the same test id.
 * @param {import("../js/types.js").Render} draw
 * @param {HTMLElement} container
 * @param {import("../js/types.js").View} view
 * @param {import("../js/types.js").DrawContext} ctx
 */
export function redraw(draw, container, view, ctx) {
  const active = document.activeElement;
  const inside = active && (container.contains(active) || ctx.ownZone.contains(active));
  const focusId = inside ? active.getAttribute("data-testid") : null;
  container.replaceChildren();
  ctx.ownZone.replaceChildren();
  draw(container, view, { ...ctx, events: [] });
  ctx.ownZone.hidden = !ctx.ownZone.childElementCount;
  if (focusId) {
    const selector = `[data-testid="${CSS.escape(focusId)}"]`;
    const again = /** @type {HTMLElement | null} */ (container.querySelector(selector) || ctx.ownZone.querySelector(selector));
    if (again) again.focus({ preventScroll: true });
  }
}

/**
 * Slide an element from (dx, dy) user units away to where it is now (≤ 250 ms).
 * @param {Element | null | undefined} el
 * @param {number} dx
 * @param {number} dy
 * @param {import("../js/types.js").DrawContext} ctx
 * @param {number} [ms]
 */
export function slide(el, dx, dy, ctx, ms = 200) {
  if (!el || ctx.reducedMotion || typeof el.animate !== "function" || (!dx && !dy)) return;
  el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0px, 0px)" }], { duration: ms, easing: "ease-out" });
}

/**
 * A short grow-in (a piece placed) or a squeeze (a disc flipped), about the element's centre.
 * @param {import("../js/types.js").El | null | undefined} el
 * @param {import("../js/types.js").DrawContext} ctx
 * @param {"grow" | "flip"} [kind]
 * @param {number} [ms]
 */
export function pop(el, ctx, kind = "grow", ms = 220) {
  if (!el || ctx.reducedMotion || typeof el.animate !== "function") return;
  el.style.transformBox = "fill-box";
  el.style.transformOrigin = "center";
  const frames =
    kind === "flip"
      ? [{ transform: "scaleX(0.1)" }, { transform: "scaleX(1)" }]
      : [{ transform: "scale(0.4)", opacity: 0.3 }, { transform: "scale(1)", opacity: 1 }];
  el.animate(frames, { duration: ms, easing: "ease-out" });
}

/**
 * A tiny filled (dark side) or hollow (light side) circle and a number, for the seats strip.
 * @param {boolean} dark
 * @param {number} count
 * @param {import("../js/types.js").DrawContext} ctx
 * @returns {string}
 */
export function countBadge(dark, count, ctx) {
  return `${dark ? "●" : "○"} ${ctx.formatNumber(count)}`;
}

/**
 * A board that cannot fit a phone without shrinking its text below 12 CSS px: its SVG (of
 * `width` × `height` user units, whose smallest text is `smallest` units high) in a frame
 * that scrolls both ways, drawn large enough to read, with the player's own part (`focus`,
 * [x, y] in user units) in view; a toggle shows the whole board instead (and back). Where the
 * board fits at a readable size (a desktop), the frame just fits it and the toggle stays
 * hidden. The choice and the scroll position live in `ctx.state`, so an update's redraw keeps
 * them; the frame is a tab stop whose arrow keys scroll it.
 * @param {SVGElement} svg
 * @param {{ width: number, height: number, smallest: number, focus: number[], ctx: import("../js/types.js").DrawContext, label: string }} spec
 * @returns {HTMLElement}
 */
export function zoomFrame(svg, { width, height, smallest, focus, ctx, label }) {
  const kept = (ctx.state.zoom ||= { whole: false, left: null, top: null });
  const perUnit = READABLE_PX / smallest;
  const frame = h("div", { class: "zoom-frame", tabindex: "0", role: "region", "aria-label": label, "data-testid": "zoom-frame" }, svg);
  const toggle = h("button", { type: "button", class: "zoom-toggle", "data-testid": "zoom-toggle", hidden: true });
  const wrap = h("div", { class: "zoom-wrap" }, frame, toggle);
  const markFrame = markScrolling(frame);
  let placed = false;
  // Draw as zoomed (or not) as the frame was before, at once: an update's redraw then never
  // shows the board small for a moment, before the frame is measured again.
  const show = (zoomed, fits) => {
    kept.zoomed = zoomed;
    kept.fits = fits;
    toggle.hidden = fits;
    toggle.textContent = ctx.t(zoomed ? "zoom.whole" : "zoom.in");
    toggle.setAttribute("aria-pressed", String(zoomed));
    frame.classList.toggle("zoomed", zoomed);
    frame.toggleAttribute("data-scroll-cue", zoomed);
    svg.style.width = zoomed ? `${Math.ceil(width * perUnit)}px` : "";
    svg.style.height = zoomed ? `${Math.ceil(height * perUnit)}px` : "";
  };
  if (kept.zoomed !== undefined) show(kept.zoomed && !kept.whole, kept.fits);
  const fit = () => {
    if (!frame.isConnected || !frame.clientWidth) return;
    const fits = Math.min(frame.clientWidth / width, frame.clientHeight / height) * smallest >= READABLE_PX - 0.05;
    const zoomed = !fits && !kept.whole;
    show(zoomed, fits);
    if (!zoomed || placed) return;
    placed = true;
    if (kept.left !== null) {
      frame.scrollTo(kept.left, kept.top);
    } else {
      frame.scrollTo(focus[0] * perUnit - frame.clientWidth / 2, focus[1] * perUnit - frame.clientHeight / 2);
    }
    markFrame();
  };
  toggle.addEventListener("click", () => {
    kept.whole = !kept.whole;
    kept.left = kept.top = null;
    placed = false;
    fit();
  });
  frame.addEventListener("scroll", () => {
    if (!placed || !frame.classList.contains("zoomed")) return;
    kept.left = frame.scrollLeft;
    kept.top = frame.scrollTop;
  });
  new ResizeObserver(fit).observe(frame);
  return wrap;
}

/**
 * A table taller than the room leaves it on a phone (a score sheet, a list of answers): a box
 * that fills the table and scrolls, and shows that it does by a shadow along each edge with
 * more beyond it (board-kit.css). Draw into the box instead of the game area.
 * @param {HTMLElement} container
 * @param {import("../js/types.js").DrawContext} ctx
 * @returns {HTMLElement}
 */
export function scrollBox(container, ctx) {
  // A tab stop of its own, so a keyboard scrolls it too.
  const box = h("div", { class: "scroll-box", "data-scroll-cue": "", "data-testid": "scroll-box", tabindex: "0", role: "region", "aria-label": ctx.t("table.scrolls") });
  markScrolling(box);
  container.append(box);
  return box;
}
