// Nine Men's Morris: the board's 24 points are buttons ("d6, free, legal target"). Placing:
// tap a lit free point. Moving (and flying, with three pieces left): tap your piece, then a
// lit point. When that closes a mill the engine's moves name a piece to take as well: the
// pieces you may take light up and the move is sent when you tap one. Above the board, each
// side's pieces still to place and on the board. Moves come only from view.legal_moves.
import { h, s, svgRoot, useStylesheet } from "../../js/svg.js";
import { cell, countBadge, pop, redraw, rovingGrid, slide } from "../board-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

// The board's points in the engine's order (its state string follows it).
const POINTS = [
  "a7", "d7", "g7",
  "b6", "d6", "f6",
  "c5", "d5", "e5",
  "a4", "b4", "c4", "e4", "f4", "g4",
  "c3", "d3", "e3",
  "b2", "d2", "f2",
  "a1", "d1", "g1",
]; // prettier-ignore
// The drawn lines (three points each); the corner diagonals belong to the twelve-piece board.
const LINES = [
  "a7 g7", "b6 f6", "c5 e5", "a4 c4", "e4 g4", "c3 e3", "b2 f2", "a1 g1",
  "a1 a7", "b2 b6", "c3 c5", "d1 d3", "d5 d7", "e3 e5", "f2 f6", "g1 g7",
]; // prettier-ignore
const DIAGONALS = ["a1 c3", "a7 c5", "g7 e5", "g1 e3"];
const U = 100;
const M = 50;
const COLOUR = ["W", "B"];

function xy(point) {
  return [M + "abcdefg".indexOf(point[0]) * U, M + (7 - Number(point[1])) * U];
}

function stone(seat, cx, cy, r, className) {
  return s(
    "g",
    { class: ["mo-stone", seat === 0 ? "light" : "dark", className], "aria-hidden": "true" },
    s("circle", { cx, cy, r, class: "mo-disc" }),
    s("circle", { cx, cy, r: r * 0.55, class: "mo-ring" }),
  );
}

function pieceName(seat, ctx) {
  return ctx.t(`piece.${seat}`);
}

/** What the seat to move is doing: placing, moving or flying (from the state, for words). */
function phaseOf(pub, seat) {
  if (pub.in_hand[seat] > 0) return "placing";
  const mine = [...pub.board].filter((ch) => ch === COLOUR[seat]).length;
  return pub.options && pub.options.flying && mine === 3 ? "flying" : "moving";
}

function draw(container, view, ctx) {
  const pub = view.public;
  const state = ctx.state;
  const key = `${pub.board}|${pub.turn}|${pub.in_hand.join(",")}`;
  if (state.key !== key) {
    state.key = key;
    state.from = null;
    state.to = null;
  }
  // The engine keeps the last move in the state, so the mark survives a reload and reaches a
  // spectator who joins late; the events stand in only for a server that does not send it.
  if (pub.last !== undefined) state.last = pub.last;
  else
    for (const event of ctx.events) {
      if (event.code === "placed") state.last = { to: event.to };
      else if (event.code === "moved") state.last = { from: event.from, to: event.to };
      else if (event.code === "removed" && state.last) state.last.removed = event.point;
    }
  const me = ctx.mySeat;
  const other = me === null ? null : 1 - me;
  const legal = ctx.canMove ? view.legal_moves || [] : [];
  const placing = legal.some((m) => m.type === "place");
  if (state.from && !legal.some((m) => m.from === state.from)) state.from = null;
  // Moves that fit what is chosen so far: the start point, then the target.
  const fits = (m) => (placing ? true : m.from === state.from);
  const chosen = legal.filter((m) => fits(m) && (state.to === null || m.to === state.to));
  const removing = state.to !== null;
  const removable = new Set(removing ? chosen.filter((m) => m.remove).map((m) => m.remove) : []);
  const starts = new Set(placing ? [] : legal.map((m) => m.from));
  const targets = new Set(!removing && (placing || state.from) ? legal.filter(fits).map((m) => m.to) : []);
  const board = pub.board;
  const at = (point) => board[POINTS.indexOf(point)];
  const again = () => redraw(draw, container, view, ctx);

  const press = (point) => {
    if (!ctx.canMove) return;
    if (removing) {
      if (removable.has(point)) {
        ctx.move(chosen.find((m) => m.remove === point));
        return;
      }
      state.to = null; // anything else steps back
      again();
      return;
    }
    if (targets.has(point)) {
      const options = legal.filter((m) => fits(m) && m.to === point);
      const plain = options.find((m) => !m.remove);
      if (plain && options.length === 1) {
        ctx.move(plain);
        return;
      }
      state.to = point;
      ctx.announce(ctx.t("announce.mill", { name: ctx.seatName(other) }));
      again();
      return;
    }
    if (starts.has(point)) {
      state.from = point === state.from ? null : point;
      again();
      return;
    }
    if (state.from) {
      state.from = null;
      again();
    }
  };

  const size = 2 * M + 6 * U;
  const svg = svgRoot(size, size, { class: "morris-board", label: ctx.t("board.label", { count: pub.options ? pub.options.pieces : 9 }), testid: "morris-board" });
  svg.append(s("rect", { x: 8, y: 8, width: size - 16, height: size - 16, rx: 18, class: "mo-wood" }));
  const lines = pub.options && pub.options.pieces === 12 ? [...LINES, ...DIAGONALS] : LINES;
  for (const line of lines) {
    const [a, b] = line.split(" ").map(xy);
    svg.append(s("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "mo-line" }));
  }
  const grid = Array.from({ length: 7 }, () => new Array(7).fill(null));
  const stones = new Map();
  const last = state.last || {};
  for (const point of POINTS) {
    const [cx, cy] = xy(point);
    const ch = at(point);
    const owner = ch === "." ? null : COLOUR.indexOf(ch);
    const shownOwner = removing && point === state.to ? me : state.from === point && removing ? null : owner;
    const parts = [point, shownOwner === null ? ctx.t("point.free") : pieceName(shownOwner, ctx)];
    const isTarget = targets.has(point);
    const isStart = starts.has(point) && !removing;
    const isRemovable = removable.has(point);
    if (point === state.from && !removing) parts.push(ctx.t("point.selected"));
    else if (isStart) parts.push(ctx.t("point.movable"));
    if (isTarget) parts.push(ctx.t("point.target"));
    if (isRemovable) parts.push(ctx.t("point.removable"));
    if (last.to === point) parts.push(ctx.t("point.last"));
    const children = [s("circle", { cx, cy, r: 9, class: "mo-spot" })];
    if (last.from === point && ch === ".") children.push(s("circle", { cx, cy, r: 22, class: "mo-from" }));
    if (shownOwner !== null) {
      const piece = stone(shownOwner, cx, cy, 34, removing && point === state.to ? "preview" : null);
      children.push(piece);
      stones.set(point, piece);
    }
    if (last.to === point) children.push(s("circle", { cx, cy, r: 42, class: "mo-last" }));
    if (last.removed === point && ch === ".") children.push(s("path", { d: `M${cx - 15} ${cy - 15} L${cx + 15} ${cy + 15} M${cx + 15} ${cy - 15} L${cx - 15} ${cy + 15}`, class: "mo-taken" }));
    if (point === state.from) children.push(s("circle", { cx, cy, r: 42, class: "mo-selected" }));
    if (isStart && !state.from) children.push(s("circle", { cx, cy, r: 41, class: "mo-movable" }));
    if (isTarget) children.push(s("circle", { cx, cy, r: 17, class: "mo-target" }));
    if (isRemovable) children.push(s("circle", { cx, cy, r: 43, class: "mo-removable" }));
    children.push(s("circle", { cx, cy, r: 47, class: "hit" }));
    const button = cell(
      {
        label: parts.join(", "),
        testid: `pt-${point}`,
        lit: isTarget || isStart || isRemovable,
        pressed: isStart ? point === state.from : undefined,
        className: [isTarget && "target", isStart && "movable", isRemovable && "removable"].filter(Boolean).join(" "),
        onPress: () => press(point),
      },
      children,
    );
    grid[7 - Number(point[1])]["abcdefg".indexOf(point[0])] = button;
    svg.append(button);
  }
  for (const event of ctx.events) {
    const piece = stones.get(event.to);
    if (event.code === "placed") pop(piece, ctx);
    if (event.code === "moved" && piece) {
      const [fx, fy] = xy(event.from);
      const [tx, ty] = xy(event.to);
      svg.append(piece.parentNode);
      slide(piece, fx - tx, fy - ty, ctx);
    }
  }
  const first = removing ? [...removable][0] : state.from || [...targets][0] || [...starts][0];
  rovingGrid(grid, state, first ? `pt-${first}` : null);

  container.append(hands(pub, ctx));
  container.append(svg);
  if (removing) {
    // The turn line above says the phase; this step exists only on this device, so it is said here.
    container.append(h("p", { class: "mo-hint", "data-testid": "morris-hint" }, ctx.t("hint.remove", { name: ctx.seatName(other) })));
    ctx.ownZone.append(
      h(
        "div",
        { class: "mo-actions" },
        h(
          "button",
          {
            type: "button",
            "data-testid": "morris-cancel",
            onclick: () => {
              state.to = null;
              again();
            },
          },
          ctx.t("cancel"),
        ),
      ),
    );
  }
}

/** Each side: its stones still to place (drawn), the count on the board, its phase. */
function hands(pub, ctx) {
  const row = (seat) => {
    const onBoard = [...pub.board].filter((ch) => ch === COLOUR[seat]).length;
    const inHand = pub.in_hand[seat];
    const phase = ctx.t(`phase.${phaseOf(pub, seat)}`);
    const shown = Math.min(inHand, 12);
    const strip = s(
      "svg",
      { viewBox: `0 0 ${Math.max(shown, 1) * 22} 24`, class: "mo-hand-stones", "aria-hidden": "true", focusable: "false", style: { width: `${Math.max(shown, 1) * 11}px` } },
      Array.from({ length: shown }, (_, i) => stone(seat, 11 + i * 22, 12, 9)),
    );
    return h(
      "li",
      { class: ["mo-hand", pub.turn === seat && !pub.over && "turn"], "data-testid": `hand-${seat}` },
      h("span", { class: "mo-hand-name" }, ctx.seatName(seat)),
      inHand ? strip : null,
      h("span", { class: "mo-hand-text" }, ctx.t("hand.line", { hand: inHand, board: onBoard, phase })),
    );
  };
  return h("ul", { class: "mo-hands", "aria-label": ctx.t("hand.label") }, row(0), row(1));
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
      return ctx.t("event.placed", { name, to: event.to });
    case "moved":
      return ctx.t("event.moved", { name, from: event.from, to: event.to });
    case "removed":
      return ctx.t("event.removed", { name, point: event.point, other: ctx.seatName(1 - event.seat) });
    case "game_over":
      if (event.winner === null || event.winner === undefined) return ctx.t("event.over.fifty_moves");
      return ctx.t(`event.over.${event.reason}`, { name: ctx.seatName(event.winner), loser: ctx.seatName(1 - event.winner) });
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove) return null;
  const seat = /** @type {number} canMove: a seat */ (ctx.mySeat);
  return ctx.t(`status.${phaseOf(view.public, seat)}`, { count: view.public.in_hand[seat] });
}

/**
 * The seats strip: the colour (hollow = white) and the pieces left, in hand and on the board.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || typeof pub.board !== "string") return null;
  return countBadge(seat === 1, [...pub.board].filter((ch) => ch === COLOUR[seat]).length + pub.in_hand[seat], ctx);
}

export const resultScores = false;
