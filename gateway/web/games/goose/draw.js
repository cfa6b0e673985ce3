// Game of the Goose: the 63 fields as a square spiral on a 9×7 grid (field 1 bottom left,
// winding clockwise inwards to 63 in the middle), the special fields marked by colour, sign
// and name, every token in its seat's colour and letter; below it the dice and the Roll
// button. Rolling is the only move, and only view.legal_moves says when it is lit.
import { h, isLegal, s, seatToken, svgRoot, useStylesheet } from "../../js/svg.js";
import { zoomFrame } from "../board-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

const CELL = 40;
const NUMBER_TEXT = 14; // a field's number (.field-number in style.css): 12 CSS px on a phone
const TOKEN_R = 13; // a token alone on its field (its letter 13.65 units)
const COLS = 9;
const ROWS = 7;
const START_ROW = 40;
const ROLL = { type: "roll" };

// The special fields as the engine has them (svc_dice/goose/rules.py): only drawn here.
export const GEESE = [5, 9, 14, 18, 23, 27, 32, 36, 41, 45, 50, 54, 59];
export const SPECIAL = { 6: "bridge", 19: "inn", 31: "well", 42: "maze", 52: "prison", 58: "death", 63: "goal" };
const SIGN = { goose: "»", bridge: "⇒", inn: "☕", well: "◎", maze: "↺", prison: "▦", death: "☠", goal: "★" };

const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[28, 28], [50, 50], [72, 72]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 26], [72, 26], [28, 50], [72, 50], [28, 74], [72, 74]],
};

/** Grid cells of fields 1..63 in order: the clockwise spiral from the bottom-left corner. */
function spiral() {
  const cells = [];
  let [left, right, top, bottom] = [0, COLS - 1, 0, ROWS - 1];
  while (left <= right && top <= bottom) {
    for (let c = left; c <= right; c++) cells.push([c, bottom]);
    for (let r = bottom - 1; r >= top; r--) cells.push([right, r]);
    if (top < bottom) for (let c = right - 1; c >= left; c--) cells.push([c, top]);
    if (left < right) for (let r = top + 1; r < bottom; r++) cells.push([left, r]);
    left++;
    right--;
    top++;
    bottom--;
  }
  return cells;
}
const CELLS = spiral();

export function kind(field) {
  if (GEESE.includes(field)) return "goose";
  return SPECIAL[field] || null;
}

/** The centre of field `n` (1..63); 0 is the start strip below the board. */
export function centre(n) {
  if (n <= 0) return [CELL / 2, ROWS * CELL + START_ROW / 2];
  const [c, r] = CELLS[n - 1];
  return [c * CELL + CELL / 2, r * CELL + CELL / 2];
}

function dieFace(value, index) {
  return s(
    "svg",
    { viewBox: "0 0 100 100", class: "race-die", "aria-hidden": "true", "data-testid": `die-${index}` },
    s("rect", { x: 4, y: 4, width: 92, height: 92, rx: 18, class: "die-body" }),
    (PIPS[value] || []).map(([cx, cy]) => s("circle", { cx, cy, r: 9, class: "die-pip" })),
  );
}

function board(view, ctx) {
  const pub = view.public;
  const svg = svgRoot(COLS * CELL, ROWS * CELL + START_ROW, { label: ctx.t("board.label"), testid: "goose-board", role: "img", class: "race-board goose-board" });
  // The path first, so the fields read as one winding track.
  svg.append(s("polyline", { points: CELLS.map((_, i) => centre(i + 1).join(",")).join(" "), class: "track" }));
  for (let n = 1; n <= 63; n++) {
    const [cx, cy] = centre(n);
    const k = kind(n);
    svg.append(
      s("rect", { x: cx - CELL / 2 + 1, y: cy - CELL / 2 + 1, width: CELL - 2, height: CELL - 2, rx: 5, class: ["field", k && `field-${k}`], "data-field": n }),
      s("text", { x: cx - CELL / 2 + 4, y: cy - CELL / 2 + 14, class: "field-number", text: String(n) }),
    );
    if (k) svg.append(s("text", { x: cx + 8, y: cy + 12, class: "field-sign", "text-anchor": "middle", text: SIGN[k] }));
  }
  svg.append(s("text", { x: CELL + 4, y: ROWS * CELL + START_ROW / 2, class: "start-label", "dominant-baseline": "central", text: ctx.t("board.start") }));

  const byField = new Map();
  pub.fields.forEach((field, seat) => {
    if (!byField.has(field)) byField.set(field, []);
    byField.get(field).push(seat);
  });
  const mover = view.result ? null : pub.turn;
  let smallest = NUMBER_TEXT;
  let focus = [CELL * 3, ROWS * CELL + START_ROW / 2];
  for (const [field, seats] of byField) {
    const [cx, cy] = centre(field);
    const rows = Math.ceil(seats.length / 2);
    seats.forEach((seat, i) => {
      // Up to eight tokens on a field: two columns; on the start strip, one row.
      const alone = seats.length === 1;
      const x = field === 0 ? CELL * 3 + i * 30 : alone ? cx : cx + (i % 2 ? 8 : -8);
      const y = field === 0 ? cy : alone ? cy + 3 : cy + 2 + (Math.floor(i / 2) - (rows - 1) / 2) * (rows > 3 ? 7 : 10);
      const r = field === 0 || alone ? TOKEN_R : rows > 3 ? 5 : 7;
      const g = seatToken(ctx, seat, x, y, r, { class: seat === mover && "mover" });
      smallest = Math.min(smallest, r * 1.05); // seatToken's letter
      if (seat === ctx.mySeat) focus = [x, y];
      g.setAttribute("data-testid", `token-${seat}`);
      g.setAttribute("data-field", String(field));
      svg.append(g);
    });
  }
  // Where tokens crowd a field their letters shrink: the board is then zoomed on a phone,
  // the player's own token in view.
  return zoomFrame(svg, { width: COLS * CELL, height: ROWS * CELL + START_ROW, smallest, focus, ctx, label: ctx.t("board.label") });
}

function where(view, seat, ctx) {
  const pub = view.public;
  const field = pub.fields[seat];
  const name = ctx.seatName(seat);
  if (pub.places[seat] !== null && pub.places[seat] !== undefined) return ctx.t("position.finished", { name, place: pub.places[seat] });
  if (field === 0) return ctx.t("position.start", { name });
  const parts = [ctx.t("position.field", { name, field })];
  const k = kind(field);
  if (k) parts.push(ctx.t(`field.${k}`));
  if (pub.held[seat]) parts.push(ctx.t("position.held"));
  if (pub.inn_turns[seat] > 0) parts.push(ctx.t("position.inn", { count: pub.inn_turns[seat] }));
  return parts.join(" · ");
}

function positions(view, ctx) {
  const pub = view.public;
  return h(
    "ul",
    { class: "race-positions", "data-testid": "positions", "aria-label": ctx.t("positions.label") },
    pub.fields.map((_, seat) =>
      h(
        "li",
        { class: seat === pub.turn && !view.result ? "turn" : null, "data-testid": `position-${seat}` },
        h("span", { class: "chip-token", style: { background: ctx.seatColour(seat), color: ctx.seatInk(seat) }, "aria-hidden": "true" }, ctx.seatMark(seat)),
        ` ${where(view, seat, ctx)}`,
      ),
    ),
  );
}

function legend(ctx) {
  const kinds = ["goose", "bridge", "inn", "well", "maze", "prison", "death"];
  return h(
    "details",
    { class: "goose-legend", "data-testid": "legend" },
    h("summary", null, ctx.t("legend.title")),
    h(
      "ul",
      null,
      kinds.map((k) => h("li", null, h("span", { class: ["legend-sign", `field-${k}`], "aria-hidden": "true" }, SIGN[k]), ` ${ctx.t(`field.${k}`)}: ${ctx.t(`legend.${k}`)}`)),
    ),
  );
}

function rollZone(view, ctx) {
  const pub = view.public;
  const last = pub.last_roll;
  const count = pub.options && pub.options.dice === "one" ? 1 : 2;
  const dice = last ? last.dice : Array(count).fill(null);
  const canRoll = ctx.canMove && isLegal(view, ROLL);
  const label = last ? ctx.t("dice.last", { name: ctx.seatName(last.seat), dice: last.dice.join(" + "), pips: last.pips }) : ctx.t("dice.none");
  return h(
    "div",
    { class: "race-roll" },
    h("span", { class: "race-dice", role: "img", "aria-label": label, "data-testid": "dice" }, dice.map((v, i) => dieFace(v, i))),
    h("button", { type: "button", class: ["primary", "roll", canRoll && "lit"], "data-testid": "roll-button", disabled: !canRoll, onclick: () => ctx.move(ROLL) }, ctx.t("roll.button")),
  );
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  container.append(h("div", { class: "race" }, board(view, ctx), positions(view, ctx), legend(ctx)));
  if (!view.result) ctx.ownZone.append(rollZone(view, ctx));
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  if (event.code === "rolled") return ctx.t("event.rolled", { name, dice: (event.dice || []).join(" + "), pips: event.pips, field: event.field });
  if (event.code === "held") return ctx.t(`event.held_${event.where}`, { name });
  if (event.code === "waits") return ctx.t(`event.waits_${event.where}`, { name });
  if (event.code === "released") {
    const field = ctx.t(`field.${event.where}`);
    return event.by === null || event.by === undefined ? ctx.t("event.released_all", { name, where: field }) : ctx.t("event.released", { name, where: field, by: ctx.seatName(event.by) });
  }
  return null;
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove) return null;
  return ctx.t("status.roll");
}

/**
 * The seats strip shows each token's field.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const fields = view.public && view.public.fields;
  return fields && typeof fields[seat] === "number" ? ctx.formatNumber(fields[seat]) : null;
}

/** @type {import("../../js/types.js").ScoreText} */
export function scoreText(score, seat, ctx) {
  return ctx.t("result.field", { field: score });
}
