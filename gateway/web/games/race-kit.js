// Helpers shared by the race-track games (Ludo, Parchís; Mensch later): the ring of fields
// drawn as a circle for any number of colours (or, for four colours of 17 squares each, as
// the cross of a Parchís board: `crossGeometry`), each colour's home yard outside its start
// field and its goal lane running to the centre, pieces in their seat's colour and letter
// (stacked pieces fan out and carry a count), the legal pieces lit as buttons, and a die
// that tumbles when it is rolled. Game rules never live here: what is lit comes from
// view.legal_moves, where a piece stands from view.public.
import { h, isLegal, s, svgButton, svgRoot } from "../js/svg.js";
import { zoomFrame } from "./board-kit.js";

const STEP = 26; // distance between neighbouring fields along the ring
const FIELD_R = 10.5;
const PIECE_R = 11;
const PIECES = 4;
// The board's smallest text (piece letters, start marks, stack counts), in user units: the
// zoom frame draws the board so that it is 12 CSS px (see board-kit.js).
export const SMALLEST_TEXT = 13;

/** Colour an SVG element through the CSSOM (the page's policy refuses inline style text). */
function paint(el, property, colour) {
  el.style[property] = colour;
  return el;
}

const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[28, 28], [50, 50], [72, 72]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 26], [72, 26], [28, 50], [72, 50], [28, 74], [72, 74]],
};

/**
 * Where a board draws things: its size, a ring field's centre, a piece's spot by colour and
 * progress (negative: in the yard), and what lies under the track (`backdrop`, cross only).
 * @typedef {object} Geometry
 * @property {number} size
 * @property {number} centre
 * @property {number} R
 * @property {(colour: number) => number} start
 * @property {(f: number) => number[]} field
 * @property {(colour: number, progress: number, index: number) => number[]} place
 * @property {(f: number) => number} [angle]
 * @property {SVGElement[]} [backdrop]
 * @property {number} [cell]
 */

/**
 * The board's geometry. `track` is {length, lane, lap, startAt, colours} as the engine has
 * it; `bottom` is the colour whose start field is drawn at the bottom (the viewer's).
 * @param {any} track
 * @param {number} bottom
 * @returns {Geometry}
 */
export function geometry(track, bottom) {
  const R = Math.max(150, (track.length * STEP) / (2 * Math.PI));
  const margin = 70;
  const size = 2 * (R + margin);
  const c = size / 2;
  const spacing = track.length / track.colours;
  const start = (colour) => (track.startAt + colour * spacing) % track.length;
  // Angles grow clockwise on screen; the bottom colour's start field sits straight down.
  const offset = Math.PI / 2 - (2 * Math.PI * start(bottom)) / track.length;
  const angle = (f) => offset + (2 * Math.PI * f) / track.length;
  const at = (radius, a) => [c + radius * Math.cos(a), c + radius * Math.sin(a)];
  return {
    size,
    centre: c,
    R,
    start,
    field: (f) => at(R, angle(f)),
    angle,
    /** Where a piece of `colour` with `progress` stands (home: its yard spot `index`). */
    place(colour, progress, index) {
      if (progress < 0) {
        const a = angle(start(colour)) - (1.6 * 2 * Math.PI) / track.length;
        const [x, y] = at(R + 44, a);
        const dx = index % 2 ? 12 : -12;
        const dy = index < 2 ? -12 : 12;
        return [x + dx, y + dy];
      }
      if (progress < track.lap) return at(R, angle((start(colour) + progress) % track.length));
      const entry = (start(colour) + track.lap - 1) % track.length;
      const depth = progress - track.lap + 1;
      const laneStep = Math.min(STEP, (R - 40) / track.lane);
      return at(R - depth * laneStep, angle(entry));
    },
  };
}

/**
 * The cross of a four-colour board whose ring has 17 squares per colour (Parchís): each arm is
 * three columns of eight cells, the ring running up an arm's outer column, round its tip and
 * down the other; a colour's lane runs up the middle column of the arm whose tip is its last
 * ring square, to the centre. The colour `bottom` gets the bottom arm; yards sit in the corners.
 * Same interface as `geometry` plus `backdrop` (the arms and the centre).
 * @param {any} track
 * @param {number} bottom
 * @returns {Geometry}
 */
export function crossGeometry(track, bottom) {
  const CELL = 24;
  const N = 19; // 8 + 3 + 8 cells
  const size = N * CELL + 8;
  const spacing = track.length / track.colours; // 17
  const start = (colour) => (track.startAt + colour * spacing) % track.length;
  // Cells of the ring in order for the colour whose arm is at the bottom (grid column, row),
  // counter-clockwise on screen: up the bottom arm's right column, round the right arm, ...
  const cells = [];
  const run = (list) => list.forEach((cell) => cells.push(cell));
  const range = (a, b) => (a <= b ? [...Array(b - a + 1).keys()].map((i) => a + i) : [...Array(a - b + 1).keys()].map((i) => a - i));
  run(range(18, 11).map((r) => [10, r]));
  run(range(11, 18).map((c) => [c, 10]));
  cells.push([18, 9]);
  run(range(18, 11).map((c) => [c, 8]));
  run(range(7, 0).map((r) => [10, r]));
  cells.push([9, 0]);
  run(range(0, 7).map((r) => [8, r]));
  run(range(7, 0).map((c) => [c, 8]));
  cells.push([0, 9]);
  run(range(0, 7).map((c) => [c, 10]));
  run(range(11, 18).map((r) => [8, r]));
  cells.push([9, 18]);
  // Ring field f sits in cells[(f - offset)], where the bottom arm's tip is the last square of
  // colour `bottom` (its lane starts there).
  const lastOf = (colour) => (start(colour) + track.lap - 1) % track.length;
  const shift = lastOf(bottom) - (cells.length - 1);
  const mid = (N - 1) / 2; // 9
  // Quarter turns clockwise from the bottom arm to colour c's arm (arms go counter-clockwise).
  const turn = (colour) => ((colour - bottom) % track.colours + track.colours) % track.colours;
  /** @type {(cell: number[], quarters: number) => number[]} */
  const rotate = ([c, r], quarters) => {
    let [x, y] = [c - mid, r - mid];
    for (let q = 0; q < quarters; q++) [x, y] = [y, -x];
    return [x + mid, y + mid];
  };
  /** @type {(cell: number[]) => number[]} */
  const px = ([c, r]) => [4 + (c + 0.5) * CELL, 4 + (r + 0.5) * CELL];
  const field = (f) => px(cells[(((f - shift) % track.length) + track.length) % track.length]);
  const yard = [[13, 13], [15, 13], [13, 15], [15, 15]].map(([c, r]) => [c + 0.5, r + 0.5]);
  const backdrop = [
    s("rect", { x: 4 + 8 * CELL, y: 4, width: 3 * CELL, height: N * CELL, class: "arm" }),
    s("rect", { x: 4, y: 4 + 8 * CELL, width: N * CELL, height: 3 * CELL, class: "arm" }),
    s("rect", { x: 4 + 8 * CELL, y: 4 + 8 * CELL, width: 3 * CELL, height: 3 * CELL, class: "centre" }),
  ];
  return {
    size,
    centre: size / 2,
    R: 0,
    start,
    field,
    backdrop,
    cell: CELL,
    place(colour, progress, index) {
      const quarters = turn(colour);
      if (progress < 0) return px(rotate(yard[index], quarters));
      if (progress < track.lap) return field((start(colour) + progress) % track.length);
      const depth = progress - track.lap + 1; // 1 .. lane
      const row = depth >= track.lane ? 9.75 : 18 - depth;
      return px(rotate([9, row], quarters));
    },
  };
}

/**
 * A die showing `value` (or blank); it tumbles once when `rolling`.
 * @param {number | null} value
 * @param {string} label
 * @param {boolean} rolling
 * @param {string} [testid]
 * @returns {SVGElement}
 */
export function die(value, label, rolling, testid = "die") {
  return s(
    "svg",
    { viewBox: "0 0 100 100", class: ["race-die", rolling && "rolling"], role: "img", "aria-label": label, "data-testid": testid },
    s("g", { class: "die-face" },
      s("rect", { x: 4, y: 4, width: 92, height: 92, rx: 18, class: "die-body" }),
      (PIPS[value] || []).map(([cx, cy]) => s("circle", { cx, cy, r: 9, class: "die-pip" })),
    ),
  );
}

/**
 * The seat playing each colour (null for an unplayed colour).
 * @param {any} pub
 */
export function ownerOf(pub) {
  const owners = new Array(pub.board).fill(null);
  pub.colours.forEach((colours, seat) => colours.forEach((colour) => (owners[colour] = seat)));
  return owners;
}

/**
 * The legal piece moves of the view, by the seat's piece number.
 * @param {import("../js/types.js").View} view
 * @returns {Map<number, import("../js/types.js").Move[]>}
 */
export function litPieces(view) {
  const lit = new Map();
  for (const move of view.legal_moves || []) {
    if (move.type !== "move") continue;
    if (!lit.has(move.piece)) lit.set(move.piece, []);
    lit.get(move.piece).push(move);
  }
  return lit;
}

/**
 * Words for where a piece stands.
 * @param {import("../js/types.js").DrawContext} ctx
 * @param {any} track
 * @param {number} progress
 * @param {number | null} field
 * @returns {string}
 */
export function whereText(ctx, track, progress, field) {
  if (progress < 0) return ctx.t("where.home");
  if (track.finish && progress === track.lap + track.lane - 1) return ctx.t("where.finished");
  if (progress >= track.lap) return ctx.t("where.goal", { n: progress - track.lap + 1 });
  return ctx.t("where.field", { n: /** @type {number} on the ring */ (field) + 1 });
}

/**
 * The whole board as SVG. `track` as for geometry; the viewer's first colour is drawn at the
 * bottom. Lit pieces are buttons that send their move (the one with the most pips first).
 * `palette` (optional) is for games whose colours are fixed whoever plays them (Mensch: red,
 * blue, yellow, green; a player may hold two): {fill(colour), ink(colour), mark(colour),
 * name(colour)} paint the colour's pieces, start field, yard and lane with its own colour and
 * letter, and piece labels get `{colour}`. `pub.colour`, when set, is the one colour to move.
 * `shape` (optional) lays the track out: `geometry` (a ring, the default) or `crossGeometry`
 * (Parchís's cross of 68 squares).
 * @param {import("../js/types.js").View} view
 * @param {import("../js/types.js").DrawContext} ctx
 * @param {any} track
 * @param {{ testid: string, label: string, safe?: number[], palette?: any, shape?: (track: any, bottom: number) => Geometry }} spec
 */
export function board(view, ctx, track, { testid, label, safe = [], palette = null, shape = geometry }) {
  const pub = view.public;
  const owners = ownerOf(pub);
  const me = ctx.mySeat;
  const bottom = me !== null && me !== undefined ? pub.colours[me][0] : pub.colours[0][0];
  const geo = shape(track, bottom);
  const svg = svgRoot(geo.size, geo.size, { label, testid, class: "race-board" });
  const colourOf = (colour) =>
    palette ? palette.fill(colour) : owners[colour] === null ? "var(--line)" : ctx.seatColour(owners[colour]);
  const inkOf = (colour) => (palette ? palette.ink(colour) : ctx.seatInk(owners[colour]));
  const markOf = (colour) => (palette ? palette.mark(colour) : ctx.seatMark(owners[colour]));
  if (geo.backdrop) svg.append(...geo.backdrop);
  else svg.append(s("circle", { cx: geo.centre, cy: geo.centre, r: geo.R, class: "ring" }));
  for (let f = 0; f < track.length; f++) {
    const [x, y] = geo.field(f);
    const startOf = [...Array(track.colours).keys()].find((colour) => geo.start(colour) === f);
    const circle = s("circle", { cx: x, cy: y, r: FIELD_R, class: ["field", startOf !== undefined && "start", safe.includes(f) && "safe"], "data-field": f });
    if (startOf !== undefined) paint(circle, "fill", colourOf(startOf));
    svg.append(circle);
    if (startOf !== undefined && owners[startOf] !== null) {
      svg.append(s("text", { x, y, class: "start-mark", "text-anchor": "middle", "dominant-baseline": "central", fill: inkOf(startOf), text: markOf(startOf) }));
    }
  }
  for (let colour = 0; colour < track.colours; colour++) {
    for (let depth = 0; depth < track.lane; depth++) {
      const [x, y] = geo.place(colour, track.lap + depth, 0);
      svg.append(paint(s("circle", { cx: x, cy: y, r: FIELD_R - 1, class: "lane" }), "stroke", colourOf(colour)));
    }
    for (let i = 0; i < PIECES; i++) {
      const [x, y] = geo.place(colour, -1, i);
      svg.append(paint(s("circle", { cx: x, cy: y, r: PIECE_R + 1, class: "yard" }), "stroke", colourOf(colour)));
    }
  }
  // Pieces, grouped by the spot they stand on so stacked ones fan out and show a count.
  const spots = new Map();
  pub.pieces.forEach((progressList, colour) => {
    if (!progressList) return;
    progressList.forEach((progress, index) => {
      const [x, y] = geo.place(colour, progress, index);
      const key = `${Math.round(x)},${Math.round(y)}`;
      if (!spots.has(key)) spots.set(key, []);
      spots.get(key).push({ colour, index, progress, x, y });
    });
  });
  const lit = me !== null && me !== undefined && ctx.canMove ? litPieces(view) : new Map();
  const mover = view.result ? null : pub.turn;
  const buttons = [];
  for (const stack of spots.values()) {
    stack.forEach((p, i) => {
      const seat = owners[p.colour];
      const number = pub.colours[seat].indexOf(p.colour) * PIECES + p.index;
      const shift = stack.length > 1 ? (i - (stack.length - 1) / 2) * 7 : 0;
      const cx = p.x + shift;
      const cy = p.y - shift / 2;
      const field = p.progress >= 0 && p.progress < track.lap ? (geo.start(p.colour) + p.progress) % track.length : null;
      const where = whereText(ctx, track, p.progress, field);
      const moves = seat === me ? lit.get(number) : undefined;
      const piece = [
        s("circle", { cx, cy, r: PIECE_R + 4, class: "hit" }),
        s("circle", { cx, cy, r: PIECE_R, fill: colourOf(p.colour), class: ["piece-disc", seat === mover && (pub.colour === null || pub.colour === undefined || pub.colour === p.colour) && "mover"] }),
        s("text", { x: cx, y: cy, "font-size": SMALLEST_TEXT, "text-anchor": "middle", "dominant-baseline": "central", fill: inkOf(p.colour), class: "piece-mark", text: markOf(p.colour) }),
      ];
      if (stack.length > 1 && i === stack.length - 1) {
        piece.push(s("text", { x: cx + PIECE_R, y: cy - PIECE_R, class: "stack-count", text: String(stack.length) }));
      }
      const name = ctx.t("piece.label", { name: ctx.seatName(seat), n: p.index + 1, where, colour: palette ? palette.name(p.colour) : "" });
      if (moves) {
        const move = moves[0];
        const g = svgButton(
          { label: ctx.t("piece.lit", { label: name, pips: move.pips }), testid: `piece-${seat}-${number}`, onPress: () => ctx.move(move), className: "piece lit" },
          piece,
        );
        g.setAttribute("data-progress", String(p.progress));
        buttons.push(g);
        svg.append(g);
      } else {
        svg.append(
          s("g", { class: "piece", role: "img", "aria-label": name, "data-testid": `piece-${seat}-${number}`, "data-progress": String(p.progress) }, piece),
        );
      }
    });
  }
  return { svg, buttons, size: geo.size };
}

/**
 * The board in the board kit's zoom frame: readable on a phone, the viewer's own part (the
 * bottom of the board: their start, yard and lane) in view; `drawn` is what board() returned.
 * @param {{ svg: SVGElement, size: number, [key: string]: any }} drawn
 * @param {import("../js/types.js").DrawContext} ctx
 * @param {string} label
 * @returns {HTMLElement}
 */
export function framed(drawn, ctx, label) {
  return zoomFrame(drawn.svg, {
    width: drawn.size,
    height: drawn.size,
    smallest: SMALLEST_TEXT,
    focus: [drawn.size / 2, drawn.size * 0.78],
    ctx,
    label,
  });
}

/** The own zone: the die, the Roll button, and one large button per lit piece (`palette` as
 * for board: the buttons' text then gets the piece's `{colour}`). */
/**
 * @param {import("../js/types.js").View} view
 * @param {import("../js/types.js").DrawContext} ctx
 * @param {any} track
 * @param {{ palette?: any }} [spec]
 */
export function controls(view, ctx, track, { palette = null } = {}) {
  const pub = view.public;
  const canRoll = ctx.canMove && isLegal(view, { type: "roll" });
  const rolled = (ctx.events || []).some((e) => e.code === "rolled");
  const dice = pub.dice || [];
  const label = dice.length ? ctx.t("die.shows", { pips: dice.join(" + ") }) : ctx.t("die.none");
  const zone = h("div", { class: "race-controls" },
    h("div", { class: "race-dice" }, (dice.length ? dice : [null]).map((d, i) => die(d, label, rolled && !ctx.reducedMotion, i ? `die-${i}` : "die"))),
    h("button", { type: "button", class: ["primary", "roll", canRoll && "lit"], "data-testid": "roll-button", disabled: !canRoll, onclick: () => ctx.move({ type: "roll" }) }, ctx.t("roll.button")),
  );
  if (ctx.canMove) {
    const seat = /** @type {number} a seat that may move is a seat */ (ctx.mySeat);
    const list = h("div", { class: "race-pieces", role: "group", "aria-label": ctx.t("pieces.label") });
    for (const [number, moves] of litPieces(view)) {
      const colour = pub.colours[seat][Math.floor(number / PIECES)];
      const progress = pub.pieces[colour][number % PIECES];
      const field = progress >= 0 && progress < track.lap ? (track.startAt + colour * (track.length / track.colours) + progress) % track.length : null;
      for (const move of moves) {
        list.append(
          h("button", { type: "button", class: "piece-button lit", "data-testid": `move-piece-${number}-${move.pips}`, onclick: () => ctx.move(move) },
            ctx.t("move.button", { n: (number % PIECES) + 1, where: whereText(ctx, track, progress, field), pips: move.pips, colour: palette ? palette.name(colour) : "" })),
        );
      }
    }
    if (list.childElementCount) zone.append(list);
  }
  return zone;
}
