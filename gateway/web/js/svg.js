// Shared SVG/DOM helpers for game modules: elements, accessible buttons, seat tokens.
import { h, onActivate } from "./dom.js";

export { h, onActivate } from "./dom.js";
export { isLegal, legalOfType } from "./moves.js";

export const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * s("circle", {cx: 1, cy: 2, r: 3}, children...) — an SVG element.
 * @param {string} tag
 * @param {import("./types.js").Attrs | null} [attrs]
 * @param {...import("./types.js").Child} children
 * @returns {SVGElement}
 */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "class") {
      el.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    } else if (key === "text") {
      el.textContent = value;
    } else if (key === "style" && typeof value === "object") {
      for (const [name, v] of Object.entries(value)) el.style.setProperty(name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), v);
    } else {
      el.setAttribute(key, String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/**
 * An <svg> that scales to its box, keeping its aspect ratio.
 * @param {number} width
 * @param {number} height
 * @param {{ label?: string, testid?: string, role?: string, class?: any }} [attrs]
 * @returns {SVGElement}
 */
export function svgRoot(width, height, attrs = {}) {
  return s("svg", {
    viewBox: `0 0 ${width} ${height}`,
    preserveAspectRatio: "xMidYMid meet",
    class: ["board", attrs.class],
    role: attrs.role || "group",
    "aria-label": attrs.label,
    "data-testid": attrs.testid,
  });
}

/**
 * An SVG group that behaves as a button: focusable by Tab, activated by click, Enter or
 * Space, spoken as `label`. `disabled` keeps it out of the tab order; `pressed` makes it a
 * toggle button (aria-pressed).
 * @param {{ label?: string, testid?: string, onPress?: (e: Event) => void, disabled?: boolean, pressed?: boolean | undefined, className?: any }} spec
 * @param {...import("./types.js").Child} children
 * @returns {SVGElement}
 */
export function svgButton({ label, testid, onPress, disabled = false, pressed, className }, ...children) {
  const g = s(
    "g",
    {
      role: "button",
      tabindex: disabled ? -1 : 0,
      "aria-label": label,
      "aria-disabled": disabled ? "true" : null,
      "aria-pressed": pressed === undefined ? null : String(Boolean(pressed)),
      "data-testid": testid,
      class: ["svg-btn", disabled ? "disabled" : "lit", className],
    },
    children,
  );
  if (!disabled && onPress) onActivate(g, onPress);
  return g;
}

/**
 * An HTML button with a label, test id and handler; `disabled` greys it out.
 * @param {{ text?: import("./types.js").Child, label?: string, testid?: string, onPress?: (e: Event) => void, disabled?: boolean, pressed?: boolean | undefined, className?: any, title?: string | undefined }} spec
 * @returns {HTMLButtonElement}
 */
export function button({ text, label, testid, onPress, disabled = false, pressed, className, title }) {
  return h(
    "button",
    {
      type: "button",
      class: className,
      "aria-label": label,
      "aria-pressed": pressed === undefined ? null : String(Boolean(pressed)),
      "data-testid": testid,
      title,
      disabled,
      onclick: disabled ? null : onPress,
    },
    text,
  );
}

/**
 * A seat's token: a disc in the seat's colour carrying its letter, so colour is never the
 * only signal. `ctx` is the render context.
 * @param {import("./types.js").DrawContext} ctx
 * @param {number} seat
 * @param {number} cx
 * @param {number} cy
 * @param {number} r
 * @param {{ class?: any }} [attrs]
 * @returns {SVGElement}
 */
export function seatToken(ctx, seat, cx, cy, r, attrs = {}) {
  return s(
    "g",
    { class: ["token", attrs.class], "aria-hidden": "true" },
    s("circle", { cx, cy, r, fill: ctx.seatColour(seat), class: "token-disc" }),
    s("text", {
      x: cx,
      y: cy,
      "font-size": r * 1.05,
      "text-anchor": "middle",
      "dominant-baseline": "central",
      fill: ctx.seatInk(seat),
      class: "token-mark",
      text: ctx.seatMark(seat),
    }),
  );
}

/**
 * Left/Right (and Up/Down) arrow keys move focus among `items` (elements in order):
 * a board reads like a row of buttons.
 * @param {import("./types.js").El[]} items
 */
export function arrowKeys(items) {
  items.forEach((item, index) => {
    item.addEventListener("keydown", (e) => {
      const key = /** @type {KeyboardEvent} */ (e).key;
      /** @type {number | null} */
      let next = null;
      if (key === "ArrowRight" || key === "ArrowDown") next = index + 1;
      if (key === "ArrowLeft" || key === "ArrowUp") next = index - 1;
      if (key === "Home") next = 0;
      if (key === "End") next = items.length - 1;
      if (next === null) return;
      e.preventDefault();
      const target = items[(next + items.length) % items.length];
      target.focus();
    });
  });
}

/**
 * Add a game's own stylesheet once: useStylesheet(new URL("./style.css", import.meta.url)).
 * @param {URL | string} url
 */
export function useStylesheet(url) {
  const href = String(url);
  if (document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return;
  document.head.append(h("link", { rel: "stylesheet", href }));
}
