// Reversi: the 8 × 8 board (a1 bottom left), every square a button ("d3, free, flips 1").
// On your turn each free square you may play shows how many discs it would flip (from the
// view's `flips`); one tap places there. When you cannot place, the only move is Pass, a
// button below the board. Disc counts above the board. Moves only from view.legal_moves.
import { h, isLegal, s, svgRoot, useStylesheet } from "../../js/svg.js";
import { cell, countBadge, pop, rovingGrid } from "../board-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

const FILES = "abcdefgh";
const SQ = 100;
const DISC = ["B", "W"];
const PASS = { type: "pass" };

function nameOf(index) {
  return `${FILES[index % 8]}${Math.floor(index / 8) + 1}`;
}

function disc(seat, cx, cy) {
  return s(
    "g",
    { class: ["rv-disc", seat === 0 ? "dark" : "light"], "aria-hidden": "true" },
    s("circle", { cx, cy, r: 40, class: "rv-face" }),
    s("circle", { cx, cy, r: 28, class: "rv-rim" }),
  );
}

function draw(container, view, ctx) {
  const pub = view.public;
  const board = pub.board;
  const state = ctx.state;
  const previous = state.board;
  state.board = board;
  // The engine keeps the last placement in the state, so the mark survives a reload and reaches a
  // spectator who joins late; the events stand in only for a server that does not send it.
  // After a pass it is null: the disc placed before the pass is no longer the last move.
  if (pub.last !== undefined) state.last = pub.last;
  else
    for (const event of ctx.events) {
      if (event.code === "placed") state.last = event.square;
      else if (event.code === "passed") state.last = null;
    }
  const flips = (ctx.canMove && pub.flips) || {};

  const svg = svgRoot(8 * SQ, 8 * SQ, { class: "reversi-board", label: ctx.t("board.label"), testid: "reversi-board" });
  svg.append(s("rect", { x: 0, y: 0, width: 8 * SQ, height: 8 * SQ, class: "rv-felt" }));
  for (let i = 1; i < 8; i++) {
    svg.append(s("line", { x1: i * SQ, y1: 0, x2: i * SQ, y2: 8 * SQ, class: "rv-grid" }));
    svg.append(s("line", { x1: 0, y1: i * SQ, x2: 8 * SQ, y2: i * SQ, class: "rv-grid" }));
  }
  for (const [x, y] of [
    [2, 2],
    [6, 2],
    [2, 6],
    [6, 6],
  ])
    svg.append(s("circle", { cx: x * SQ, cy: y * SQ, r: 7, class: "rv-star" }));

  const grid = Array.from({ length: 8 }, () => new Array(8).fill(null));
  const animate = [];
  for (let index = 0; index < 64; index++) {
    const square = nameOf(index);
    const col = index % 8;
    const row = 7 - Math.floor(index / 8);
    const [x, y] = [col * SQ, row * SQ];
    const [cx, cy] = [x + SQ / 2, y + SQ / 2];
    const ch = board[index];
    const seat = DISC.indexOf(ch);
    const count = flips[square];
    const move = { type: "place", square };
    const playable = ctx.canMove && isLegal(view, move) && count !== undefined;
    const parts = [square, seat === -1 ? ctx.t("square.empty") : ctx.t(`disc.${seat}`)];
    if (playable) parts.push(ctx.t("square.flips", { count }));
    if (state.last === square) parts.push(ctx.t("square.last"));
    const children = [];
    if (seat !== -1) {
      const piece = s("g", { class: "piece-wrap" }, disc(seat, cx, cy));
      children.push(piece);
      if (previous && previous[index] !== ch) animate.push([piece, previous[index] === "." ? "grow" : "flip"]);
    }
    if (state.last === square) children.push(s("circle", { cx, cy, r: 12, class: "rv-last" }));
    if (playable) {
      children.push(s("circle", { cx, cy, r: 30, class: "rv-target" }));
      children.push(s("text", { x: cx, y: cy, "text-anchor": "middle", "dominant-baseline": "central", class: "rv-count", text: ctx.formatNumber(count) }));
    }
    children.push(s("rect", { x: x + 3, y: y + 3, width: SQ - 6, height: SQ - 6, class: "hit" }));
    const button = cell(
      {
        label: parts.join(", "),
        testid: `sq-${square}`,
        lit: playable,
        className: playable ? "target" : null,
        onPress: () => {
          if (playable) ctx.move(move);
        },
      },
      children,
    );
    grid[row][col] = button;
    svg.append(button);
  }
  if (ctx.events.some((e) => e.code === "placed")) for (const [piece, kind] of animate) pop(piece, ctx, kind);
  const firstPlayable = Object.keys(flips)[0];
  rovingGrid(grid, state, firstPlayable ? `sq-${firstPlayable}` : null);

  container.append(scoreLine(board, pub, ctx));
  container.append(svg);
  if (ctx.canMove && isLegal(view, PASS)) {
    ctx.ownZone.append(
      h(
        "div",
        { class: "rv-pass" },
        h("p", { class: "hint" }, ctx.t("pass.hint")),
        h("button", { type: "button", class: "primary", "data-testid": "pass-button", onclick: () => ctx.move(PASS) }, ctx.t("pass.button")),
      ),
    );
  }
}

function scoreLine(board, pub, ctx) {
  const item = (seat) =>
    h(
      "li",
      { class: ["rv-score", pub.turn === seat && !pub.over && "turn"], "data-testid": `discs-${seat}` },
      s("svg", { viewBox: "0 0 100 100", class: "rv-chip", "aria-hidden": "true", focusable: "false" }, disc(seat, 50, 50)),
      h("span", { class: "rv-name" }, ctx.seatName(seat)),
      h("strong", { class: "rv-number" }, ctx.formatNumber([...board].filter((ch) => ch === DISC[seat]).length)),
    );
  return h("ul", { class: "rv-scores", "aria-label": ctx.t("discs.label") }, item(0), item(1));
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  draw(container, view, ctx);
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "placed":
      return ctx.t("event.placed", { name, square: event.square, count: event.flipped });
    case "passed":
      return ctx.t("event.passed", { name });
    case "game_over":
      return ctx.t("event.game_over", { a: ctx.seatName(0), b: ctx.seatName(1), x: event.scores[0], y: event.scores[1] });
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove) return null;
  return ctx.t(isLegal(view, PASS) ? "status.pass" : "status.place");
}

/**
 * The seats strip: the colour (filled = black) and the discs on the board.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const board = view.public && view.public.board;
  if (typeof board !== "string") return null;
  return countBadge(seat === 0, [...board].filter((ch) => ch === DISC[seat]).length, ctx);
}

/**
 * The result names what was counted (discs on the board), not "points".
 * @type {import("../../js/types.js").ScoreText}
 */
export function scoreText(score, seat, ctx) {
  return typeof score === "number" ? ctx.t("result.discs", { count: score }) : null;
}
