// Draughts: the 8 × 8 board turned so your men start at the bottom; the 32 dark squares are
// buttons ("Square 14, black man, can move"). Tap a lit piece, then the final square of its
// move: a whole capture chain is one tap. When captures exist the engine lists only those,
// so only pieces that can capture light up. Two chains of the same piece ending on the same
// square are told apart in a small dialog. Moves come only from view.legal_moves (paths of
// square numbers 1..32, start first).
import { openDialog } from "../../js/dialog.js";
import { arrowKeys, h, s, svgRoot, useStylesheet } from "../../js/svg.js";
import { cell, countBadge, redraw, rovingGrid, slide } from "../board-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

const SQ = 100;
const OWN = ["bB", "wW"];

/** Engine geometry: square n (1..32) → row from seat 0's back rank, column from the left. */
function coords(n) {
  const index = n - 1;
  const row = Math.floor(index / 4);
  return [row, 2 * (index % 4) + (row % 2 === 0 ? 1 : 0)];
}

function squareAt(row, col) {
  if (row < 0 || row > 7 || col < 0 || col > 7 || (row + col) % 2 === 0) return 0;
  return row * 4 + Math.floor(col / 2) + 1;
}

/** Display position (top-left corner): your own back rank at the bottom. */
function place(n, seat0Bottom) {
  const [row, col] = coords(n);
  return seat0Bottom ? [(7 - col) * SQ, (7 - row) * SQ] : [col * SQ, row * SQ];
}

function centre(n, seat0Bottom) {
  const [x, y] = place(n, seat0Bottom);
  return [x + SQ / 2, y + SQ / 2];
}

/** Whether a path jumps: a piece stands between its first two squares. */
function isCapture(board, path) {
  const [r1, c1] = coords(path[0]);
  const [r2, c2] = coords(path[1]);
  const dr = Math.sign(r2 - r1);
  const dc = Math.sign(c2 - c1);
  for (let r = r1 + dr, c = c1 + dc; r !== r2; r += dr, c += dc) {
    if (board[squareAt(r, c) - 1] !== ".") return true;
  }
  return false;
}

function pieceName(ch, ctx) {
  return ctx.t(`piece.${ch === ch.toUpperCase() ? "king" : "man"}.${ch.toLowerCase()}`);
}

/** A man (a disc with a ring) or a king (a crown and a letter on the disc), centred on (cx, cy). */
function pieceShape(ch, cx, cy, ctx) {
  const dark = ch.toLowerCase() === "b";
  const king = ch === ch.toUpperCase();
  return s(
    "g",
    { class: ["dr-piece", dark ? "dark" : "light", king && "king"], "aria-hidden": "true" },
    s("circle", { cx, cy, r: 38, class: "dr-disc" }),
    king
      ? [
          s("path", { d: `M${cx - 24} ${cy + 5} L${cx - 28} ${cy - 22} L${cx - 13} ${cy - 9} L${cx} ${cy - 28} L${cx + 13} ${cy - 9} L${cx + 28} ${cy - 22} L${cx + 24} ${cy + 5} Z`, class: "dr-crown" }),
          s("text", { x: cx, y: cy + 20, "text-anchor": "middle", "dominant-baseline": "central", class: "dr-king-mark", text: ctx.t("king.mark") }),
        ]
      : s("circle", { cx, cy, r: 27, class: "dr-ring" }),
  );
}

function routeText(path, capture) {
  return path.join(capture ? "×" : "–");
}

function routeDialog(paths, ctx, onChoose) {
  const buttons = paths.map((path, i) =>
    h(
      "button",
      {
        type: "button",
        class: "route-choice",
        "data-testid": `route-${i}`,
        onclick: () => {
          handle.close();
          onChoose(path);
        },
      },
      // Every step of a chain jumps exactly one piece.
      ctx.t("route.takes", { route: routeText(path, true), count: path.length - 1 }),
    ),
  );
  const handle = openDialog({ title: ctx.t("route.title"), testid: "route-dialog", content: h("div", { class: "route-list" }, buttons) });
  arrowKeys(buttons);
  buttons[0].focus();
}

function draw(container, view, ctx) {
  const pub = view.public;
  const board = pub.board;
  const state = ctx.state;
  if (state.boardSeen !== board) {
    state.boardSeen = board;
    state.selected = null;
  }
  // The engine keeps the last move in the state, so the mark survives a reload and reaches a
  // spectator who joins late; the events stand in only for a server that does not send it.
  if (pub.last !== undefined) state.last = pub.last;
  else for (const event of ctx.events) if (event.code === "moved") state.last = { path: event.path, captured: event.captured || [] };
  const seat0Bottom = (ctx.mySeat ?? 0) === 0;

  const paths = ctx.canMove ? (view.legal_moves || []).filter((m) => m.type === "move").map((m) => m.path) : [];
  const byFrom = new Map();
  for (const path of paths) {
    if (!byFrom.has(path[0])) byFrom.set(path[0], []);
    byFrom.get(path[0]).push(path);
  }
  if (state.selected && !byFrom.has(state.selected)) state.selected = null;
  const selected = state.selected;
  const targets = new Map();
  for (const path of selected ? byFrom.get(selected) : []) {
    const to = path[path.length - 1];
    if (!targets.has(to)) targets.set(to, []);
    targets.get(to).push(path);
  }
  const capturing = paths.length > 0 && isCapture(board, paths[0]);
  const again = () => redraw(draw, container, view, ctx);

  const press = (n) => {
    if (!ctx.canMove) return;
    if (selected && targets.has(n)) {
      const options = targets.get(n);
      if (options.length === 1) ctx.move({ type: "move", path: options[0] });
      else routeDialog(options, ctx, (path) => ctx.move({ type: "move", path }));
      return;
    }
    if (byFrom.has(n)) {
      state.selected = n === selected ? null : n;
      if (state.selected) ctx.announce(ctx.t("announce.selected", { n, count: new Set(byFrom.get(n).map((p) => p[p.length - 1])).size }));
      again();
    } else if (selected) {
      state.selected = null;
      again();
    }
  };

  const svg = svgRoot(8 * SQ, 8 * SQ, {
    class: "draughts-board",
    label: ctx.t("board.label", { colour: ctx.t(`colour.${seat0Bottom ? "b" : "w"}`) }),
    testid: "draughts-board",
  });
  // Light squares are only drawn; the dark ones are the buttons.
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      if ((row + col) % 2 === 0) svg.append(s("rect", { x: col * SQ, y: row * SQ, width: SQ, height: SQ, class: "dr-light" }));
    }
  }
  const grid = Array.from({ length: 8 }, () => new Array(8).fill(null));
  const lastPath = state.last ? state.last.path : [];
  const pieces = new Map();
  for (let n = 1; n <= 32; n++) {
    const [x, y] = place(n, seat0Bottom);
    const [cx, cy] = [x + SQ / 2, y + SQ / 2];
    const ch = board[n - 1];
    const movable = byFrom.has(n);
    const target = targets.has(n);
    const parts = [ctx.t("square.n", { n }), ch === "." ? ctx.t("square.empty") : pieceName(ch, ctx)];
    if (n === selected) parts.push(ctx.t("square.selected"));
    else if (movable) parts.push(ctx.t(capturing ? "square.must_capture" : "square.movable"));
    if (target) {
      const jumps = targets.get(n).map((p) => (capturing ? p.length - 1 : 0));
      parts.push(capturing ? ctx.t("square.target_capture", { count: Math.max(...jumps) }) : ctx.t("square.target"));
    }
    if (lastPath.includes(n)) parts.push(ctx.t("square.last"));
    const children = [s("rect", { x, y, width: SQ, height: SQ, class: "dr-dark" })];
    if (lastPath.length && (n === lastPath[0] || n === lastPath[lastPath.length - 1])) {
      children.push(s("rect", { x: x + 4, y: y + 4, width: SQ - 8, height: SQ - 8, class: "last-move" }));
    }
    if (n === selected) children.push(s("rect", { x: x + 3, y: y + 3, width: SQ - 6, height: SQ - 6, class: "selected" }));
    children.push(s("text", { x: x + 5, y: y + 26, class: "dr-number", text: String(n) }));
    if (ch !== ".") {
      const piece = s("g", { class: "piece-wrap" }, pieceShape(ch, cx, cy, ctx));
      pieces.set(n, piece);
      children.push(piece);
      if (movable && !selected) children.push(s("circle", { cx, cy, r: 45, class: capturing ? "movable-ring capture" : "movable-ring" }));
    }
    if (target) {
      children.push(s("circle", { cx, cy, r: 16, class: "target-dot" }));
      const most = Math.max(...targets.get(n).map((p) => p.length - 1));
      if (capturing && most > 1) children.push(s("text", { x: cx, y: cy, "text-anchor": "middle", "dominant-baseline": "central", class: "target-count", text: String(most) }));
    }
    children.push(s("rect", { x: x + 3, y: y + 3, width: SQ - 6, height: SQ - 6, class: "hit" }));
    const button = cell(
      {
        label: parts.join(", "),
        testid: `sq-${n}`,
        lit: target || movable,
        pressed: movable ? n === selected : undefined,
        className: [target && "target", movable && "movable"].filter(Boolean).join(" "),
        onPress: () => press(n),
      },
      children,
    );
    grid[y / SQ][x / SQ] = button;
    svg.append(button);
  }

  // The last move's way, and crosses where its captured pieces stood.
  if (state.last) {
    const points = state.last.path.map((n) => centre(n, seat0Bottom).join(",")).join(" ");
    svg.append(s("polyline", { points, class: "last-path", "aria-hidden": "true" }));
    for (const n of state.last.captured) {
      const [cx, cy] = centre(n, seat0Bottom);
      svg.append(s("path", { d: `M${cx - 14} ${cy - 14} L${cx + 14} ${cy + 14} M${cx + 14} ${cy - 14} L${cx - 14} ${cy + 14}`, class: "taken-mark", "aria-hidden": "true" }));
    }
  }
  for (const event of ctx.events) {
    if (event.code !== "moved") continue;
    const to = event.path[event.path.length - 1];
    const [fx, fy] = centre(event.path[0], seat0Bottom);
    const [tx, ty] = centre(to, seat0Bottom);
    const piece = pieces.get(to);
    if (piece) {
      svg.append(piece.parentNode);
      slide(piece, fx - tx, fy - ty, ctx);
    }
  }
  rovingGrid(grid, state, selected ? `sq-${selected}` : paths.length ? `sq-${paths[0][0]}` : null);
  container.append(svg);
  container.append(counts(board, ctx));
}

function counts(board, ctx) {
  const line = (seat) => {
    const men = [...board].filter((ch) => ch === OWN[seat][0]).length;
    const kings = [...board].filter((ch) => ch === OWN[seat][1]).length;
    return h(
      "li",
      { "data-testid": `pieces-${seat}` },
      h("span", { class: ["dr-chip", seat === 0 ? "dark" : "light"], "aria-hidden": "true" }),
      ctx.t("count.line", { name: ctx.seatName(seat), men: ctx.t("count.men", { count: men }), kings: ctx.t("count.kings", { count: kings }) }),
    );
  };
  return h("ul", { class: "dr-counts" }, line(0), line(1));
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  draw(container, view, ctx);
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "moved": {
      const taken = (event.captured || []).length;
      if (!taken) return ctx.t("event.moved", { name, route: routeText(event.path, false) });
      return ctx.t("event.captured", { name, route: routeText(event.path, true), count: taken });
    }
    case "crowned":
      return ctx.t("event.crowned", { name, square: event.square });
    case "game_over": {
      if (event.winner === null || event.winner === undefined) return ctx.t("event.draw_forty");
      const loser = ctx.seatName(1 - event.winner);
      return ctx.t(`event.over.${event.reason}`, { name: ctx.seatName(event.winner), loser });
    }
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove) return null;
  const paths = (view.legal_moves || []).filter((m) => m.type === "move").map((m) => m.path);
  const capturing = paths.length > 0 && isCapture(view.public.board, paths[0]);
  return ctx.t(capturing ? "status.capture" : "status.move");
}

/**
 * The seats strip: the colour (filled = black) and the pieces left.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const board = view.public && view.public.board;
  if (typeof board !== "string") return null;
  return countBadge(seat === 0, [...board].filter((ch) => OWN[seat].includes(ch)).length, ctx);
}

export const resultScores = false;
