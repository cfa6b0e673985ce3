// Chinese Checkers: the star of 121 holes, turned so that your own point is at the bottom
// (a spectator sees seat 0's). Your target's holes are rimmed in green (with a ring, not
// only a colour). Tap one of your pegs that can move, then the final hole of its step or
// jump chain: only the final hole is needed. The board is one tab stop; arrow keys walk the
// rows, Enter or Space chooses. Everything lit comes from view.legal_moves.
import { s, svgRoot, useStylesheet } from "../../js/svg.js";
import { cell, redraw, rovingGrid, zoomFrame } from "../board-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

const STEP = 30; // hole spacing in SVG units
const R = 11;
const MARK = 14; // a peg's letter, the board's smallest text (12 CSS px when zoomed)
const HOLES = [];
for (let x = -8; x <= 8; x++)
  for (let y = -8; y <= 8; y++) {
    const z = -x - y;
    if (z < -8 || z > 8) continue;
    if (Math.min(x, y, z) >= -4 || Math.max(x, y, z) <= 4) HOLES.push([x, y, z]);
  }
// The engine numbers holes in sorted (x, y) order, as built above.

/** Turn a hole by 60 degrees `times` times: point k goes to point k - times. */
function turn([x, y, z], times) {
  let c = [x, y, z];
  for (let i = 0; i < ((times % 6) + 6) % 6; i++) c = [-c[2], -c[0], -c[1]];
  return c;
}

/**
 * Each hole's place on screen and its drawn row; draw() numbers the holes of a row (`col`).
 * @param {number} bottomHome
 * @returns {Array<{ px: number, py: number, row: number, col?: number }>}
 */
function layout(bottomHome) {
  // Point 3 is drawn at the bottom: turn the player's home there.
  const times = bottomHome - 3;
  return HOLES.map((cube) => {
    const [x, y, z] = turn(cube, times);
    return { px: ((y - z) * STEP) / 2, py: -x * STEP * 0.866, row: -x };
  });
}

function holeName(index, pos, t) {
  return t("hole", { row: pos[index].row + 9, n: pos[index].col + 1 });
}

function draw(container, view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const me = ctx.mySeat;
  const viewer = me ?? 0;
  const pos = layout(pub.homes[viewer]);
  // Columns within each drawn row, left to right, for names and arrow keys.
  const rowsByY = new Map();
  pos.forEach((p, index) => {
    const key = p.row;
    if (!rowsByY.has(key)) rowsByY.set(key, []);
    rowsByY.get(key).push(index);
  });
  const rowKeys = [...rowsByY.keys()].sort((a, b) => a - b);
  for (const key of rowKeys) {
    const row = rowsByY.get(key).sort((a, b) => pos[a].px - pos[b].px);
    row.forEach((index, col) => (pos[index].col = col));
  }

  const legal = ctx.canMove ? (view.legal_moves || []).filter((m) => m.type === "move") : [];
  const movable = new Set(legal.map((m) => m.from));
  if (ctx.state.from !== undefined && !movable.has(ctx.state.from)) ctx.state.from = undefined;
  const from = ctx.state.from;
  const targets = new Set(from === undefined ? [] : legal.filter((m) => m.from === from).map((m) => m.to));
  const myTarget = new Set(me === null || me === undefined ? pub.targets[pub.turn ?? 0] : pub.targets[me]);
  const last = pub.last;

  const minX = Math.min(...pos.map((p) => p.px)) - STEP;
  const minY = Math.min(...pos.map((p) => p.py)) - STEP;
  const width = Math.max(...pos.map((p) => p.px)) - minX + STEP;
  const height = Math.max(...pos.map((p) => p.py)) - minY + STEP;
  const svg = svgRoot(width, height, { class: "cc-board", label: t("board.label"), testid: "cc-board" });
  const group = s("g", { transform: `translate(${-minX} ${-minY})` });
  svg.append(group);

  const elements = new Map();
  pos.forEach((p, index) => {
    const owner = pub.board[index];
    const parts = [holeName(index, pos, t)];
    parts.push(owner < 0 ? t("hole.empty") : owner === me ? t("hole.yours") : t("hole.peg", { name: ctx.seatName(owner) }));
    if (myTarget.has(index)) parts.push(t("hole.target"));
    const isFrom = index === from;
    const canGo = targets.has(index);
    const canPick = movable.has(index);
    if (isFrom) parts.push(t("hole.chosen"));
    else if (canGo) parts.push(t("hole.move_here"));
    else if (canPick) parts.push(t("hole.can_move"));
    if (last && (last.from === index || last.to === index)) parts.push(t("hole.last"));
    const children = [
      s("circle", { cx: p.px, cy: p.py, r: R, class: ["cc-hole", myTarget.has(index) && "target"] }),
    ];
    if (owner >= 0) {
      children.push(s("circle", { cx: p.px, cy: p.py, r: R - 2, fill: ctx.seatColour(owner), class: "cc-peg" }));
      children.push(
        s("text", { x: p.px, y: p.py, "text-anchor": "middle", "dominant-baseline": "central", "font-size": MARK, fill: ctx.seatInk(owner), class: "cc-mark", text: ctx.seatMark(owner) }),
      );
    }
    if (last && last.to === index) children.push(s("circle", { cx: p.px, cy: p.py, r: R + 3, class: "cc-last" }));
    if (canGo || canPick || isFrom) children.push(s("circle", { cx: p.px, cy: p.py, r: R + 2, class: ["cc-lit", isFrom && "chosen", canGo && "dest"] }));
    children.push(s("rect", { x: p.px - STEP / 2, y: p.py - STEP / 2, width: STEP, height: STEP, class: "hit" }));
    const el = cell(
      {
        label: parts.join(", "),
        testid: `hole-${index}`,
        lit: canGo || canPick,
        pressed: canPick ? isFrom : undefined,
        onPress: () => {
          if (canGo) {
            const move = legal.find((m) => m.from === from && m.to === index);
            ctx.state.from = undefined;
            ctx.move(move);
          } else if (canPick) {
            ctx.state.from = isFrom ? undefined : index;
            redraw(draw, container, view, ctx);
          }
        },
      },
      children,
    );
    elements.set(index, el);
    group.append(el);
  });
  // Too big for a phone at a readable size: zoomed, the viewer's home point (the bottom) in view.
  container.append(zoomFrame(svg, { width, height, smallest: MARK, focus: [width / 2, height * 0.85], ctx, label: t("board.label") }));
  const rows = rowKeys.map((key) => rowsByY.get(key).map((index) => elements.get(index)));
  const preferred = from !== undefined ? `hole-${from}` : movable.size ? `hole-${[...movable][0]}` : null;
  rovingGrid(rows, ctx.state, preferred);
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  draw(container, view, ctx);
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  if (event.code !== "moved") return null;
  return ctx.t("event.moved", { name: ctx.seatName(event.seat) });
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove) return null;
  return ctx.t("status.pick");
}

/**
 * The seats strip: pegs in the target point.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || !pub.targets) return null;
  const count = pub.targets[seat].filter((h) => pub.board[h] === seat).length;
  return ctx.t("badge.home", { count });
}

export const resultScores = false;
