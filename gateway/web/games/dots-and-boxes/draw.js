// Dots and Boxes: a grid of dots; every line between two neighbouring dots is a button ("Line
// B2–C2, free"), every box says whose it is. Arrow keys walk lines and boxes as laid out on
// the grid (one tab stop for the board). Lines you may draw now are lit; the line drawn last
// is marked. Moves only from view.legal_moves.
import { isLegal, s, seatToken, svgRoot, useStylesheet } from "../../js/svg.js";
import { cell, pop, rovingGrid } from "../board-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

const G = 64; // dot spacing
const M = 30; // margin around the dots

const x = (c) => M + c * G;
const y = (r) => M + r * G;

/** A dot's name: its column as a letter, its row as a number (A1 top left). */
function dotName(r, c) {
  return `${String.fromCharCode(65 + c)}${r + 1}`;
}

function ends(dir, r, c) {
  return dir === "h" ? [dotName(r, c), dotName(r, c + 1)] : [dotName(r, c), dotName(r + 1, c)];
}

function lineIndex(columns, dir, r, c) {
  return dir === "h" ? r * columns + c : r * (columns + 1) + c;
}

function draw(container, view, ctx) {
  const pub = view.public;
  const { columns, rows } = pub.options;
  const W = 2 * M + columns * G;
  const H = 2 * M + rows * G;
  const last = pub.last;
  const svg = svgRoot(W, H, {
    class: "dots-board",
    label: ctx.t("board.label", { columns, rows }),
    testid: "dots-board",
  });
  // Display grid for the arrow keys: (2 rows + 1) × (2 columns + 1), dots left empty.
  const grid = Array.from({ length: 2 * rows + 1 }, () => Array(2 * columns + 1).fill(null));
  const justDrawn = new Set(ctx.events.filter((e) => e.code === "line_drawn").map((e) => `${e.dir}-${e.row}-${e.col}`));
  const justClosed = new Set(ctx.events.filter((e) => e.code === "box_closed").map((e) => `${e.row}-${e.col}`));

  const boxes = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const owner = pub.boxes[r * columns + c];
      const sides =
        Number(pub.h[r * columns + c] >= 0) + Number(pub.h[(r + 1) * columns + c] >= 0) + Number(pub.v[r * (columns + 1) + c] >= 0) + Number(pub.v[r * (columns + 1) + c + 1] >= 0);
      const at = dotName(r, c);
      const label = owner >= 0 ? ctx.t("box.owned", { at, name: ctx.seatName(owner) }) : ctx.t("box.open", { at, count: sides });
      const children = [s("rect", { x: x(c) + 4, y: y(r) + 4, width: G - 8, height: G - 8, rx: 6, class: "hit db-box-hit" })];
      if (owner >= 0) {
        children.unshift(s("rect", { x: x(c) + 3, y: y(r) + 3, width: G - 6, height: G - 6, rx: 6, fill: ctx.seatColour(owner), class: "db-box" }));
        children.push(seatToken(ctx, owner, x(c) + G / 2, y(r) + G / 2, G / 4));
      } else if (sides === 3) {
        children.unshift(s("rect", { x: x(c) + 6, y: y(r) + 6, width: G - 12, height: G - 12, rx: 6, class: "db-box three" }));
      }
      const box = cell({ label, testid: `box-${r}-${c}`, className: ["db-box-cell", owner >= 0 && `owner-${owner}`].filter(Boolean).join(" ") }, children);
      if (justClosed.has(`${r}-${c}`)) pop(box.querySelector(".token"), ctx);
      grid[2 * r + 1][2 * c + 1] = box;
      boxes.push(box);
    }
  }
  svg.append(...boxes);

  const lines = [];
  const lineButton = (dir, r, c) => {
    const owner = pub[dir][lineIndex(columns, dir, r, c)];
    const move = { type: "line", dir, row: r, col: c };
    const legal = ctx.canMove && owner < 0 && isLegal(view, move);
    const isLast = last && last.dir === dir && last.row === r && last.col === c;
    const [a, b] = ends(dir, r, c);
    const parts = [ctx.t("line.label", { a, b })];
    parts.push(owner >= 0 ? ctx.t("line.drawn", { name: ctx.seatName(owner) }) : ctx.t("line.free"));
    if (isLast) parts.push(ctx.t("line.last"));
    const [x1, y1, x2, y2] = dir === "h" ? [x(c), y(r), x(c + 1), y(r)] : [x(c), y(r), x(c), y(r + 1)];
    // 40 × 40 units: 36 px on a 360 px phone at 5 × 5, 24 px at 8 × 8 (they overlap a little
    // by the dots, where the one drawn last wins).
    const hit =
      dir === "h"
        ? { x: x1 + 12, y: y1 - 20, width: G - 24, height: 40 }
        : { x: x1 - 20, y: y1 + 12, width: 40, height: G - 24 };
    const children = [
      s("rect", { ...hit, rx: 8, class: "hit" }),
      s("line", { x1, y1, x2, y2, class: ["db-line", owner >= 0 ? "drawn" : "free", legal && "legal", isLast && "last"] }),
    ];
    if (owner >= 0) children[1].setAttribute("stroke", ctx.seatColour(owner));
    const el = cell(
      {
        label: parts.join(", "),
        testid: `line-${dir}-${r}-${c}`,
        lit: legal,
        className: legal ? "target" : null,
        onPress: () => {
          if (legal) ctx.move(move);
        },
      },
      children,
    );
    if (justDrawn.has(`${dir}-${r}-${c}`)) pop(children[1], ctx);
    return el;
  };
  for (let r = 0; r <= rows; r++) {
    for (let c = 0; c < columns; c++) {
      const el = lineButton("h", r, c);
      grid[2 * r][2 * c + 1] = el;
      lines.push(el);
    }
  }
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c <= columns; c++) {
      const el = lineButton("v", r, c);
      grid[2 * r + 1][2 * c] = el;
      lines.push(el);
    }
  }
  svg.append(...lines);
  const dots = [];
  for (let r = 0; r <= rows; r++) for (let c = 0; c <= columns; c++) dots.push(s("circle", { cx: x(c), cy: y(r), r: 6, class: "db-dot", "aria-hidden": "true" }));
  svg.append(s("g", { "aria-hidden": "true" }, dots));

  const firstLegal = lines.find((el) => el.classList.contains("lit"));
  rovingGrid(grid, ctx.state, firstLegal ? firstLegal.getAttribute("data-testid") : null);
  container.append(svg);
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  draw(container, view, ctx);
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "line_drawn": {
      const [a, b] = ends(event.dir, event.row, event.col);
      return ctx.t("event.line_drawn", { name, a, b });
    }
    case "box_closed":
      return ctx.t("event.box_closed", { name, at: dotName(event.row, event.col) });
    case "goes_again":
      return ctx.t("event.goes_again", { name });
    case "game_over":
      return ctx.t("event.game_over");
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove) return null;
  const last = view.public && view.public.last;
  return ctx.t(last && last.seat === ctx.mySeat ? "status.again" : "status.draw");
}

/**
 * The seats strip: boxes taken.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const boxes = view.public && view.public.boxes;
  if (!Array.isArray(boxes)) return null;
  return `▣ ${ctx.formatNumber(boxes.filter((owner) => owner === seat).length)}`;
}
