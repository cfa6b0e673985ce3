// Kalaha: two rows of six pits with a store at each end, your own row at the bottom and your
// store on the right (sowing runs anticlockwise: left to right along your row). Every pit and
// store is a button with its seed count ("Your pit 3: 4 seeds, playable"); tap one of your
// lit pits to sow it. Moves only from view.legal_moves.
import { isLegal, s, svgRoot, useStylesheet } from "../../js/svg.js";
import { cell, rovingGrid } from "../board-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

const PITS = 6;
const STORE = [6, 13];
const COL = 100;
const W = 8 * COL;
const TOP_Y = 88;
const BOTTOM_Y = 212;
const H = 300;
const R = 44;

/** Index into `pits` of seat's pit k (0..5 in sowing order). */
function pitIndex(seat, k) {
  return seat * (PITS + 1) + k;
}

/** Seeds as dots inside a circle or box, placed on a sunflower spiral (the same every time). */
function seeds(count, cx, cy, radius) {
  const shown = Math.min(count, 24);
  const dots = [];
  for (let i = 0; i < shown; i++) {
    const r = radius * Math.sqrt((i + 0.5) / Math.max(shown, 6));
    const a = i * 2.39996;
    dots.push(s("circle", { cx: cx + r * Math.cos(a), cy: cy + r * Math.sin(a), r: 6.5, class: "kh-seed" }));
  }
  return s("g", { "aria-hidden": "true" }, dots);
}

function draw(container, view, ctx) {
  const pub = view.public;
  const pits = pub.pits;
  const state = ctx.state;
  const previous = state.pits;
  state.pits = [...pits];
  // The engine keeps the pit sown last in the state, so the mark survives a reload and reaches a
  // spectator who joins late; the events stand in only for a server that does not send it.
  if (pub.last !== undefined) state.last = pub.last;
  else for (const event of ctx.events) if (event.code === "sowed") state.last = { seat: event.seat, pit: event.pit };
  const bottom = ctx.mySeat ?? 0;
  const top = 1 - bottom;
  const changed = (index) => ctx.events.length > 0 && previous && previous[index] !== pits[index];

  const whose = (seat) => (seat === ctx.mySeat ? "mine" : "theirs");
  const svg = svgRoot(W, H, { class: "kalaha-board", label: ctx.t("board.label", { name: ctx.seatName(bottom) }), testid: "kalaha-board" });
  svg.append(s("rect", { x: 4, y: 4, width: W - 8, height: H - 8, rx: 40, class: "kh-wood" }));

  const row = [];
  const pitButton = (seat, k) => {
    const index = pitIndex(seat, k);
    const count = pits[index];
    const col = seat === bottom ? 1 + k : PITS - k;
    const cx = col * COL + COL / 2;
    const cy = seat === bottom ? BOTTOM_Y : TOP_Y;
    const move = { type: "sow", pit: k };
    const playable = ctx.canMove && seat === ctx.mySeat && isLegal(view, move);
    const last = state.last && state.last.seat === seat && state.last.pit === k;
    const parts = [ctx.t(`pit.${whose(seat)}`, { name: ctx.seatName(seat), n: k + 1, count })];
    if (playable) parts.push(ctx.t("pit.playable"));
    if (last) parts.push(ctx.t("pit.last"));
    // The count sits outside the pit: above the top row, below the bottom row.
    const numberY = seat === bottom ? cy + R + 30 : cy - R - 24;
    const children = [
      s("circle", { cx, cy, r: R, class: ["kh-pit", changed(index) && "changed"] }),
      seeds(count, cx, cy, R - 12),
      s("text", { x: cx, y: numberY, "text-anchor": "middle", "dominant-baseline": "central", class: "kh-count", text: ctx.formatNumber(count) }),
    ];
    if (last) children.push(s("circle", { cx, cy, r: R + 5, class: "kh-last" }));
    if (playable) children.push(s("circle", { cx, cy, r: R + 4, class: "kh-playable" }));
    const y0 = seat === bottom ? BOTTOM_Y - R - 6 : 10;
    children.push(s("rect", { x: col * COL + 4, y: y0, width: COL - 8, height: H / 2 - 12, rx: 14, class: "hit" }));
    return cell(
      {
        label: parts.join(", "),
        testid: `pit-${seat}-${k}`,
        lit: playable,
        className: playable ? "target" : null,
        onPress: () => {
          if (playable) ctx.move(move);
        },
      },
      children,
    );
  };
  const storeButton = (seat) => {
    const index = STORE[seat];
    const count = pits[index];
    const x = seat === bottom ? 7 * COL : 0;
    const cx = x + COL / 2;
    return cell(
      { label: ctx.t(`store.${whose(seat)}`, { name: ctx.seatName(seat), count }), testid: `store-${seat}`, className: "kh-store-cell" },
      s("rect", { x: x + 10, y: 40, width: COL - 20, height: H - 80, rx: 36, class: ["kh-store", changed(index) && "changed"] }),
      seeds(count, cx, H / 2, 30),
      s("text", { x: cx, y: seat === bottom ? H - 22 : 22, "text-anchor": "middle", "dominant-baseline": "central", class: "kh-count store", text: ctx.formatNumber(count) }),
      s("rect", { x: x + 6, y: 10, width: COL - 12, height: H - 20, rx: 30, class: "hit" }),
    );
  };

  const topRow = [];
  const bottomRow = [];
  const topStore = storeButton(top);
  const bottomStore = storeButton(bottom);
  svg.append(topStore, bottomStore);
  for (let k = PITS - 1; k >= 0; k--) topRow.push(pitButton(top, k)); // left to right on screen
  for (let k = 0; k < PITS; k++) bottomRow.push(pitButton(bottom, k));
  svg.append(...topRow, ...bottomRow);
  row.push([topStore, ...topRow, null], [null, ...bottomRow, bottomStore]);
  const firstPlayable = bottomRow.find((el) => el.classList.contains("lit"));
  rovingGrid(row, state, firstPlayable ? firstPlayable.getAttribute("data-testid") : null);

  // Which way the seeds travel along your row: towards your store (anticlockwise).
  const y = H / 2;
  svg.append(s("path", { d: `M${1.6 * COL} ${y} H${6.4 * COL} M${6.4 * COL - 16} ${y - 11} L${6.4 * COL} ${y} L${6.4 * COL - 16} ${y + 11}`, class: "kh-arrow", "aria-hidden": "true" }));
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
    case "sowed":
      return ctx.t("event.sowed", { name, n: event.pit + 1, count: event.seeds });
    case "extra_turn":
      return ctx.t("event.extra_turn", { name });
    case "captured":
      return ctx.t("event.captured", { name, n: event.pit + 1, count: event.seeds });
    case "swept":
      return ctx.t("event.swept", { name, count: event.seeds });
    case "game_over":
      return ctx.t("event.game_over", { a: ctx.seatName(0), b: ctx.seatName(1), x: event.scores[0], y: event.scores[1] });
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove) return null;
  return ctx.t("status.sow");
}

/**
 * The seats strip: seeds in each store.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const pits = view.public && view.public.pits;
  if (!Array.isArray(pits)) return null;
  return ctx.formatNumber(pits[STORE[seat]]);
}

/**
 * The result names what was counted (seeds in a store), not "points".
 * @type {import("../../js/types.js").ScoreText}
 */
export function scoreText(score, seat, ctx) {
  return typeof score === "number" ? ctx.t("result.seeds", { count: score }) : null;
}
