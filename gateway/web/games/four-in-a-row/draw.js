// Four in a Row: the grid in SVG. Every column you may drop into is a button (Tab, Enter,
// Space, arrow keys); hovering or focusing it shows where the disc would land. Which columns
// are playable comes only from view.legal_moves.
import { arrowKeys, isLegal, s, seatToken, svgButton, svgRoot, useStylesheet } from "../../js/svg.js";

useStylesheet(new URL("./style.css", import.meta.url));

const CELL = 100;
const TOP = 90; // the strip above the grid where the next disc hovers
const R = 40;
const DROP_MS = 230;

/** The lowest empty row of a column (board[0] is the bottom row), or -1 when full. */
function landingRow(board, column) {
  for (let row = 0; row < board.length; row++) if (board[row][column] === -1) return row;
  return -1;
}

function cellCentre(rows, column, row) {
  return [column * CELL + CELL / 2, TOP + (rows - 1 - row) * CELL + CELL / 2];
}

function columnSummary(board, column, ctx) {
  const marks = [];
  for (let row = 0; row < board.length; row++) {
    const seat = board[row][column];
    if (seat !== -1) marks.push(ctx.seatMark(seat));
  }
  return marks.length ? marks.join(" ") : ctx.t("column.empty_short");
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  const pub = view.public;
  const { columns, rows, board } = pub;
  const width = columns * CELL;
  const height = TOP + rows * CELL;
  const svg = svgRoot(width, height, {
    class: "fiar",
    label: ctx.t("board.label", { columns, rows, connect: pub.connect }),
    testid: "fiar-board",
  });

  // The frame with its holes.
  svg.append(s("rect", { x: 0, y: TOP, width, height: rows * CELL, rx: 18, class: "fiar-frame" }));
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const [cx, cy] = cellCentre(rows, column, row);
      svg.append(s("circle", { cx, cy, r: R, class: "fiar-hole" }));
    }
  }

  // The discs, each in its seat's colour with its letter.
  const discs = new Map();
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const seat = board[row][column];
      if (seat === -1) continue;
      const [cx, cy] = cellCentre(rows, column, row);
      const disc = seatToken(ctx, seat, cx, cy, R, { class: "fiar-disc" });
      discs.set(`${column},${row}`, disc);
      svg.append(disc);
    }
  }

  // The last disc: a dashed ring; the winning line: solid rings joined by a bar.
  if (pub.last) {
    const [cx, cy] = cellCentre(rows, pub.last.column, pub.last.row);
    svg.append(s("circle", { cx, cy, r: R + 5, class: "fiar-last", "data-testid": "fiar-last" }));
  }
  if (pub.line && pub.line.length) {
    const points = pub.line.map(([column, row]) => cellCentre(rows, column, row));
    const [x1, y1] = points[0];
    const [x2, y2] = points[points.length - 1];
    svg.append(s("line", { x1, y1, x2, y2, class: "fiar-line-bar" }));
    for (const [cx, cy] of points) svg.append(s("circle", { cx, cy, r: R + 4, class: "fiar-line", "data-testid": "fiar-line" }));
  }

  // The columns: buttons when this seat may drop there.
  const buttons = [];
  if (ctx.canMove) {
    for (let column = 0; column < columns; column++) {
      const playable = isLegal(view, { type: "drop", column });
      const landing = landingRow(board, column);
      const n = column + 1;
      const label = playable ? ctx.t("column.playable", { n }) : ctx.t("column.full", { n });
      const children = [s("rect", { x: column * CELL + 2, y: 2, width: CELL - 4, height: height - 4, rx: 12, class: "hit" })];
      if (playable) {
        children.push(s("path", { d: `M${column * CELL + 35} 30 h30 l-15 22 z`, class: "fiar-arrow" }));
        if (landing !== -1) {
          const [cx, cy] = cellCentre(rows, column, landing);
          // The preview carries no letter: it is only ever the mover's own disc.
          const colour = ctx.seatColour(/** @type {number} canMove: a seat */ (ctx.mySeat));
          children.push(
            s(
              "g",
              { class: "ghost", "aria-hidden": "true" },
              s("circle", { cx, cy: TOP / 2, r: R - 4, fill: colour }),
              s("circle", { cx, cy, r: R, fill: colour, class: "ghost-landing" }),
            ),
          );
        }
      }
      const button = svgButton(
        {
          label,
          testid: `col-${column}`,
          disabled: !playable,
          className: "fiar-col",
          onPress: () => ctx.move({ type: "drop", column }),
        },
        children,
      );
      svg.append(button);
      if (playable) buttons.push(button);
    }
    arrowKeys(buttons);
  }

  container.append(svg);
  container.append(
    Object.assign(document.createElement("p"), {
      className: "sr-only",
      textContent: Array.from({ length: columns }, (_, c) => ctx.t("column.contents", { n: c + 1, discs: columnSummary(board, c, ctx) })).join("; "),
    }),
  );

  // A short drop for discs that just arrived (≤ 250 ms, nothing waits on it).
  if (!ctx.reducedMotion) {
    for (const event of ctx.events) {
      if (event.code !== "dropped") continue;
      const disc = discs.get(`${event.column},${event.row}`);
      if (!disc || typeof disc.animate !== "function") continue;
      const [, cy] = cellCentre(rows, event.column, event.row);
      const fall = cy - TOP / 2;
      disc.animate([{ transform: `translate(0px, ${-fall}px)` }, { transform: "translate(0px, 0px)" }], {
        duration: DROP_MS,
        easing: "cubic-bezier(0.55, 0, 1, 0.45)",
      });
    }
  }
}

/**
 * "Anna dropped a disc in column 4" — columns counted from 1 for people.
 * @type {import("../../js/types.js").Describe}
 */
export function describe(event, ctx) {
  if (event.code === "dropped") return ctx.t("event.dropped", { name: ctx.seatName(event.seat), column: event.column + 1, row: event.row + 1 });
  if (event.code === "won") return ctx.t("event.won", { name: ctx.seatName(event.seat) });
  if (event.code === "draw") return ctx.t("event.draw");
  return null;
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (ctx.canMove) return ctx.t("status.choose");
  return null;
}

// Scores are only win/loss here; the placings say it all.
export const resultScores = false;
