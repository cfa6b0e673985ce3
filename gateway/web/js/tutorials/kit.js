// Building blocks of the tutorial scenes: buttons the player picks from (one or more right,
// the rest answered with a hint), a small board, a die and a domino tile. Every choice is an
// HTML button with a spoken label, so Tab, Enter and Space work as in the games.
import { cardName, cardSvg } from "../cards.js";
import { h } from "../dom.js";
import { s } from "../svg.js";

/**
 * One choice of a scene. A right one solves the step (after `onRight`, which may note what
 * was chosen in `api.state`); a wrong one shows `hint` (a key, with `params`) and stays.
 */
/**
 * @param {any} api
 * @param {{ id: string, label: string, right?: boolean, hint?: string | null, params?: Record<string, any> | null, onRight?: (() => void) | null, className?: string | null, lit?: boolean }} spec
 * @param {...import("../types.js").Child} content
 */
export function choice(api, { id, label, right = false, hint = null, params = null, onRight = null, className = null, lit = false }, ...content) {
  return h(
    "button",
    {
      type: "button",
      class: ["tut-choice", lit && "lit", className].flat(),
      "aria-label": label,
      "data-testid": `tutorial-option-${id}`,
      disabled: api.solved,
      onclick: () => {
        if (right) {
          if (onRight) onRight();
          api.solve();
        } else {
          api.hint(hint, params);
        }
      },
    },
    content,
  );
}

/**
 * A row of choices (cards in a hand, letters, answers).
 * @param {string} label
 * @param {...import("../types.js").Child} items
 * @returns {HTMLElement}
 */
export function row(label, ...items) {
  return h("div", { class: "tut-row", role: "group", "aria-label": label }, items);
}

/**
 * A labelled picture that is not a choice (the discard pile, the open ends).
 * @param {string} label
 * @param {...import("../types.js").Child} content
 * @returns {HTMLElement}
 */
export function shown(label, ...content) {
  return h("figure", { class: "tut-shown" }, h("figcaption", { class: "tut-caption" }, label), content);
}

/**
 * A card face with its spoken name, for a choice or a picture.
 * @param {string} id
 * @returns {SVGElement}
 */
export function card(id) {
  return cardSvg(id, { class: "tut-card" });
}

/**
 * A card's spoken name ("Seven of hearts").
 * @param {string} id
 * @param {import("../types.js").Translate} t
 * @returns {string}
 */
export function nameOfCard(id, t) {
  return cardName(id, t);
}

const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[28, 28], [50, 50], [72, 72]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 25], [72, 25], [28, 50], [72, 50], [28, 75], [72, 75]],
};

/**
 * A die showing `value` (blank for none), spoken as `label`.
 * @param {number | null} value
 * @param {string} label
 * @returns {SVGElement}
 */
export function die(value, label) {
  return s(
    "svg",
    { viewBox: "0 0 100 100", class: "tut-die", role: "img", "aria-label": label, "data-testid": "tutorial-die" },
    s("rect", { x: 4, y: 4, width: 92, height: 92, rx: 18, class: "tut-die-body" }),
    (PIPS[value] || []).map(([cx, cy]) => s("circle", { cx, cy, r: 9, class: "tut-pip" })),
  );
}

/**
 * A domino tile a|b drawn across (a picture: its choice or caption says its values).
 * @param {number} a
 * @param {number} [b]
 * @returns {SVGElement}
 */
export function tile(a, b) {
  const half = (value, x) => (PIPS[value] || []).map(([cx, cy]) => s("circle", { cx: x + cx, cy, r: 8, class: "tut-pip" }));
  return s(
    "svg",
    { viewBox: "0 0 200 100", class: "tut-tile", "aria-hidden": "true", focusable: "false" },
    s("rect", { x: 3, y: 3, width: 194, height: 94, rx: 12, class: "tut-tile-body" }),
    s("line", { x1: 100, y1: 12, x2: 100, y2: 88, class: "tut-tile-line" }),
    half(a, 0),
    half(b, 100),
  );
}

/**
 * A piece on a square: "own" (a filled disc), "other" (a ring), "x" or "o".
 * @param {string | null | undefined} kind
 * @returns {HTMLElement | null}
 */
export function piece(kind) {
  if (kind === "x" || kind === "o") return h("span", { class: ["tut-piece", kind], "aria-hidden": "true" }, kind === "x" ? "✕" : "◯");
  return kind ? h("span", { class: ["tut-piece", kind], "aria-hidden": "true" }) : null;
}

/**
 * A board of `cols` columns from `cells` (top row first): each {kind, lit, chosen, right,
 * hint, params, dark}. Squares are named like a chess board ("b3", row 1 at the bottom); the
 * label says what stands there and whether it is lit.
 * @param {any} api
 * @param {{ cols: number, cells: any[], label: string, names: Record<string, string> }} spec
 * @returns {HTMLElement}
 */
export function board(api, { cols, cells, label, names }) {
  const rows = Math.ceil(cells.length / cols);
  return h(
    "div",
    { class: "tut-board", role: "group", "aria-label": label, style: { "--cols": String(cols) } },
    cells.map((cell, i) => {
      const square = `${"abcdefgh"[i % cols]}${rows - Math.floor(i / cols)}`;
      const parts = [api.t("tutorial.square", { name: square }), names[cell.kind || "empty"]];
      if (cell.lit) parts.push(api.t("tutorial.lit"));
      if (cell.chosen) parts.push(api.t("tutorial.chosen"));
      return choice(api, { ...cell, id: square, label: parts.join(", "), className: [cell.dark ? "dark" : "light", cell.chosen && "chosen"] }, piece(cell.kind), cell.lit && !cell.kind ? h("span", { class: "tut-dot", "aria-hidden": "true" }) : null);
    }),
  );
}

/**
 * What the board's pieces are called, for its labels.
 * @param {import("../types.js").Translate} t
 * @returns {Record<string, string>}
 */
export function pieceNames(t) {
  return {
    empty: t("tutorial.empty"),
    own: t("tutorial.piece.own"),
    other: t("tutorial.piece.other"),
    x: t("tutorial.piece.own"),
    o: t("tutorial.piece.other"),
  };
}
