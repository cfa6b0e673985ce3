// Snakes and Ladders: the 10×10 board (square 1 bottom left, rows winding upwards), ladders
// in green, snakes in red, every token in its seat's colour and letter; below it the die and
// the Roll button. Rolling is the only move, and only view.legal_moves says when it is lit.
import { h, isLegal, s, seatToken, svgRoot, useStylesheet } from "../../js/svg.js";
import { zoomFrame } from "../board-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

const CELL = 40;
const NUMBER_TEXT = 14; // a square's number (.square-number in style.css): 12 CSS px on a phone
const TOKEN_R = 14; // a token alone on its square (its letter 14.7 units)
const SIZE = 10 * CELL;
const START_ROW = 44; // the strip below the board where tokens wait on square 0
const ROLL = { type: "roll" };

// The board as the engine has it (svc_dice/snakes_and_ladders/rules.py): only drawn here,
// the engine decides where a token goes.
export const LADDERS = { 1: 38, 4: 14, 9: 31, 21: 42, 28: 84, 36: 44, 51: 67, 71: 91, 80: 100 };
export const SNAKES = { 16: 6, 47: 26, 49: 11, 56: 53, 62: 19, 64: 60, 87: 24, 93: 73, 95: 75, 98: 78 };

const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[28, 28], [50, 50], [72, 72]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 26], [72, 26], [28, 50], [72, 50], [28, 74], [72, 74]],
};

/** The centre of square `n` (1..100); 0 is the start strip below the board. */
export function centre(n) {
  if (n <= 0) return [CELL / 2, SIZE + START_ROW / 2];
  const row = Math.floor((n - 1) / 10);
  const inRow = (n - 1) % 10;
  const col = row % 2 === 0 ? inRow : 9 - inRow;
  return [col * CELL + CELL / 2, (9 - row) * CELL + CELL / 2];
}

function dieFace(value, label) {
  return s(
    "svg",
    { viewBox: "0 0 100 100", class: "race-die", role: "img", "aria-label": label, "data-testid": "die" },
    s("rect", { x: 4, y: 4, width: 92, height: 92, rx: 18, class: "die-body" }),
    (PIPS[value] || []).map(([cx, cy]) => s("circle", { cx, cy, r: 9, class: "die-pip" })),
  );
}

function drawLadder(foot, top) {
  const [x1, y1] = centre(foot);
  const [x2, y2] = centre(top);
  const len = Math.hypot(x2 - x1, y2 - y1);
  const nx = ((y2 - y1) / len) * 6;
  const ny = (-(x2 - x1) / len) * 6;
  const rungs = [];
  const count = Math.max(2, Math.floor(len / 18));
  for (let i = 1; i < count; i++) {
    const t = i / count;
    const x = x1 + (x2 - x1) * t;
    const y = y1 + (y2 - y1) * t;
    rungs.push(s("line", { x1: x - nx, y1: y - ny, x2: x + nx, y2: y + ny, class: "rung" }));
  }
  return s(
    "g",
    { class: "ladder", "data-foot": foot },
    s("line", { x1: x1 - nx, y1: y1 - ny, x2: x2 - nx, y2: y2 - ny, class: "rail" }),
    s("line", { x1: x1 + nx, y1: y1 + ny, x2: x2 + nx, y2: y2 + ny, class: "rail" }),
    rungs,
  );
}

function drawSnake(head, tail) {
  const [x1, y1] = centre(head);
  const [x2, y2] = centre(tail);
  // A gentle S: two control points pushed to either side of the straight line.
  const dx = x2 - x1;
  const dy = y2 - y1;
  const c1 = [x1 + dx / 3 + dy / 5, y1 + dy / 3 - dx / 5];
  const c2 = [x1 + (2 * dx) / 3 - dy / 5, y1 + (2 * dy) / 3 + dx / 5];
  return s(
    "g",
    { class: "snake", "data-head": head },
    s("path", { d: `M${x1},${y1} C${c1[0]},${c1[1]} ${c2[0]},${c2[1]} ${x2},${y2}`, class: "snake-body" }),
    s("circle", { cx: x1, cy: y1, r: 6, class: "snake-head" }),
  );
}

function board(view, ctx) {
  const pub = view.public;
  const svg = svgRoot(SIZE, SIZE + START_ROW, {
    label: ctx.t("board.label"),
    testid: "snl-board",
    role: "img",
    class: "race-board",
  });
  for (let n = 1; n <= 100; n++) {
    const [cx, cy] = centre(n);
    svg.append(
      s("rect", { x: cx - CELL / 2, y: cy - CELL / 2, width: CELL, height: CELL, class: ["square", (n + Math.floor((n - 1) / 10)) % 2 && "alt", n === 100 && "goal"] }),
      s("text", { x: cx - CELL / 2 + 3, y: cy - CELL / 2 + 14, class: "square-number", text: String(n) }),
    );
  }
  svg.append(s("text", { x: CELL + 4, y: SIZE + START_ROW / 2, class: "start-label", "dominant-baseline": "central", text: ctx.t("board.start") }));
  Object.entries(LADDERS).forEach(([foot, top]) => svg.append(drawLadder(Number(foot), top)));
  Object.entries(SNAKES).forEach(([head, tail]) => svg.append(drawSnake(Number(head), tail)));

  // Tokens sharing a square sit side by side; the mover's token is ringed.
  const bySquare = new Map();
  pub.squares.forEach((square, seat) => {
    if (!bySquare.has(square)) bySquare.set(square, []);
    bySquare.get(square).push(seat);
  });
  const mover = view.result ? null : pub.turn;
  let smallest = NUMBER_TEXT;
  let focus = [CELL * 3, SIZE + START_ROW / 2];
  for (const [square, seats] of bySquare) {
    const [cx, cy] = centre(square);
    const rows = Math.ceil(seats.length / 2);
    seats.forEach((seat, i) => {
      // Up to six tokens on a square: two columns, up to three rows; on the start strip, a row.
      const alone = seats.length === 1;
      const x = square === 0 ? CELL * 3 + i * 30 : alone ? cx + 3 : cx + (i % 2 ? 8 : -8);
      const y = square === 0 ? cy : alone ? cy + 5 : cy + 3 + (Math.floor(i / 2) - (rows - 1) / 2) * 10;
      const r = square === 0 || alone ? TOKEN_R : 7;
      const g = seatToken(ctx, seat, x, y, r, { class: seat === mover && "mover" });
      smallest = Math.min(smallest, r * 1.05); // seatToken's letter
      if (seat === ctx.mySeat) focus = [x, y];
      g.setAttribute("data-testid", `token-${seat}`);
      g.setAttribute("data-square", String(square));
      svg.append(g);
    });
  }
  // Where tokens crowd a square their letters shrink: the board is then zoomed on a phone,
  // the player's own token in view.
  return zoomFrame(svg, { width: SIZE, height: SIZE + START_ROW, smallest, focus, ctx, label: ctx.t("board.label") });
}

function positions(view, ctx) {
  const pub = view.public;
  return h(
    "ul",
    { class: "race-positions", "data-testid": "positions", "aria-label": ctx.t("positions.label") },
    pub.squares.map((square, seat) =>
      h(
        "li",
        { class: seat === pub.turn && !view.result ? "turn" : null, "data-testid": `position-${seat}` },
        h("span", { class: "chip-token", style: { background: ctx.seatColour(seat), color: ctx.seatInk(seat) }, "aria-hidden": "true" }, ctx.seatMark(seat)),
        ` ${ctx.t(square === 0 ? "position.start" : "position.square", { name: ctx.seatName(seat), square })}`,
      ),
    ),
  );
}

function rollZone(view, ctx) {
  const pub = view.public;
  const last = pub.last_roll;
  const canRoll = ctx.canMove && isLegal(view, ROLL);
  return h(
    "div",
    { class: "race-roll" },
    dieFace(last ? last.pips : null, last ? ctx.t("die.last", { name: ctx.seatName(last.seat), pips: last.pips }) : ctx.t("die.none")),
    h(
      "button",
      { type: "button", class: ["primary", "roll", canRoll && "lit"], "data-testid": "roll-button", disabled: !canRoll, onclick: () => ctx.move(ROLL) },
      ctx.t(pub.rolls > 0 ? "roll.again" : "roll.button"),
    ),
  );
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  container.append(h("div", { class: "race" }, board(view, ctx), positions(view, ctx)));
  if (!view.result) ctx.ownZone.append(rollZone(view, ctx));
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove) return null;
  return ctx.t(view.public.rolls > 0 ? "status.roll_again" : "status.roll");
}

/**
 * The seats strip shows each token's square.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const square = view.public && view.public.squares ? view.public.squares[seat] : null;
  return typeof square === "number" ? ctx.formatNumber(square) : null;
}

/** @type {import("../../js/types.js").ScoreText} */
export function scoreText(score, seat, ctx) {
  return ctx.t("result.square", { square: score });
}
