// Sea Battle: two 10 × 10 grids, columns A–J and rows 1–10. While placing, your own grid is
// the control: move with the arrow keys (or tap), R turns the ship, Enter (or a tap) puts the
// next ship there; buttons place the rest at random, take the last ship back or lock the
// fleet. While firing, tap (or Enter on) a lit cell of the enemy grid. The enemy fleet is not
// in the view until the game is over, so this module never has it to show.
import { button, h, isLegal, s, svgRoot, useStylesheet } from "../../js/svg.js";
import { cell, pop, redraw, rovingGrid } from "../board-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

const N = 10;
const C = 30; // cell size
const M = 20; // margin for the coordinates (15 units: 12 CSS px on a grid 260 px high, a 360 px phone)
const FLEET = [
  ["carrier", 5],
  ["battleship", 4],
  ["cruiser", 3],
  ["submarine", 3],
  ["destroyer", 2],
];

const cellId = (owner, r, c) => (owner + 1) * 100 + r * N + c;
const at = (r, c) => `${String.fromCharCode(65 + c)}${r + 1}`;

/** The grid of one seat's waters; `mode` is "place", "fire" or null (nothing to press). */
function grid(view, ctx, owner, mode, fleet) {
  const pub = view.public;
  const shooter = 1 - owner;
  const shots = new Set(pub.shots[shooter]);
  const hits = new Set(pub.hits[shooter]);
  const sunkAt = new Map();
  for (const ship of pub.sunk[owner]) for (const id of ship.cells) sunkAt.set(id, ship.name);
  const shipAt = new Map();
  for (const ship of fleet || []) for (const id of ship.cells) shipAt.set(id, ship.name);
  const mine = owner === ctx.mySeat;
  const prefix = mine || (ctx.mySeat === null && owner === 0) ? "own" : "enemy";
  const title = mine ? ctx.t("board.own") : ctx.t("board.theirs", { name: ctx.seatName(owner) });
  const W = M + N * C + 4;
  const svg = svgRoot(W, W, { class: "sea-board", label: title, testid: `${prefix}-board` });
  for (let k = 0; k < N; k++) {
    svg.append(s("text", { x: M + k * C + C / 2, y: M / 2 + 2, class: "sb-coord", "text-anchor": "middle", "dominant-baseline": "central", text: String.fromCharCode(65 + k), "aria-hidden": "true" }));
    svg.append(s("text", { x: M / 2, y: M + k * C + C / 2, class: "sb-coord", "text-anchor": "middle", "dominant-baseline": "central", text: String(k + 1), "aria-hidden": "true" }));
  }
  const next = FLEET[(fleet || []).length];
  const dir = ctx.state.dir || "h";
  const last = pub.last;
  const rows = [];
  for (let r = 0; r < N; r++) {
    const row = [];
    for (let c = 0; c < N; c++) {
      const id = cellId(owner, r, c);
      const x = M + c * C;
      const y = M + r * C;
      const ship = shipAt.get(id);
      const sunk = sunkAt.get(id);
      let label;
      if (sunk) label = ctx.t("cell.sunk", { at: at(r, c), ship: ctx.t(`ship.${sunk}`) });
      else if (hits.has(id)) label = ctx.t("cell.hit", { at: at(r, c) });
      else if (shots.has(id)) label = ctx.t("cell.miss", { at: at(r, c) });
      else if (ship) label = ctx.t(mine ? "cell.ship" : "cell.their_ship", { at: at(r, c), ship: ctx.t(`ship.${ship}`), name: ctx.seatName(owner) });
      else label = ctx.t("cell.water", { at: at(r, c) });
      /** @type {import("../../js/types.js").Move | null} */
      let move = null;
      if (mode === "place" && next) move = { type: "place", ship: next[0], row: r, col: c, dir };
      if (mode === "fire") move = { type: "fire", row: r, col: c };
      const legal = Boolean(move) && ctx.canMove && isLegal(view, move);
      if (legal) label += `, ${mode === "place" ? ctx.t("cell.fits", { ship: ctx.t(`ship.${next[0]}`), dir: ctx.t(`dir.${dir}`) }) : ctx.t("cell.target")}`;
      const isLast = last && last.seat === shooter && last.row === r && last.col === c;
      if (isLast) label += `, ${ctx.t("cell.last")}`;
      const children = [s("rect", { x: x + 1, y: y + 1, width: C - 2, height: C - 2, rx: 3, class: ["hit", "sb-water", ship && "ship", sunk && "sunk", legal && "legal"] })];
      if (hits.has(id)) children.push(s("path", { d: `M${x + 8} ${y + 8} L${x + C - 8} ${y + C - 8} M${x + C - 8} ${y + 8} L${x + 8} ${y + C - 8}`, class: "sb-hit" }));
      else if (shots.has(id)) children.push(s("circle", { cx: x + C / 2, cy: y + C / 2, r: 4, class: "sb-miss" }));
      if (isLast) children.push(s("rect", { x: x + 3, y: y + 3, width: C - 6, height: C - 6, rx: 3, class: "sb-last" }));
      const el = cell(
        {
          label,
          testid: `${prefix}-${r}-${c}`,
          lit: legal,
          className: legal ? "target" : null,
          onPress: () => {
            if (legal) ctx.move(move);
          },
        },
        children,
      );
      if (isLast && ctx.events.some((e) => e.code === "shot")) pop(children[children.length - 1], ctx);
      if (mode === "place") {
        el.addEventListener("keydown", (e) => {
          if (e.key === "r" || e.key === "R") {
            e.preventDefault();
            turnShip(view, ctx);
          }
        });
      }
      row.push(el);
    }
    rows.push(row);
  }
  svg.append(...rows.flat());
  const firstLit = rows.flat().find((el) => el.classList.contains("lit"));
  rovingGrid(rows, ctx.state, firstLit ? firstLit.getAttribute("data-testid") : null, `focus-${prefix}`);
  return h("section", { class: "sb-waters", "data-side": prefix }, h("h3", { class: "sb-title" }, title), svg);
}

/**
 * Both grids side by side where they fit; on a phone one at a time, as large as the table
 * allows, with two buttons to switch: the grid the player acts on (their own while placing,
 * the enemy's while firing) comes first, and their choice holds until the phase changes.
 */
function seas(view, ctx, first, second) {
  const phase = view.public.phase;
  if (!ctx.state.show || ctx.state.show.phase !== phase) ctx.state.show = { phase, side: first.getAttribute("data-side") };
  const wrap = h("div", { class: "sb-seas", "data-show": ctx.state.show.side });
  const choices = [first, second].map((section) => {
    const side = section.getAttribute("data-side");
    const choice = button({
      text: section.querySelector(".sb-title").textContent,
      testid: `sb-show-${side}`,
      pressed: side === ctx.state.show.side,
      onPress: () => {
        ctx.state.show.side = side;
        wrap.setAttribute("data-show", side);
        for (const other of choices) other.setAttribute("aria-pressed", String(other === choice));
      },
    });
    return choice;
  });
  wrap.append(h("div", { class: "sb-switch" }, choices), first, second);
  return wrap;
}

function turnShip(view, ctx) {
  ctx.state.dir = (ctx.state.dir || "h") === "h" ? "v" : "h";
  ctx.announce(ctx.t("status.turned", { dir: ctx.t(`dir.${ctx.state.dir}`) }));
  redraw(draw, ctx.container, view, ctx);
}

function draw(container, view, ctx) {
  ctx.container = container;
  const pub = view.public;
  const me = ctx.mySeat;
  const over = pub.phase === "over";
  const fleets = over ? pub.fleets : [me === 0 ? view.private.fleet : null, me === 1 ? view.private.fleet : null];
  const placing = pub.phase === "placing" && me !== null && !pub.ready[me];
  if (me === null) {
    container.append(seas(view, ctx, grid(view, ctx, 0, null, fleets[0]), grid(view, ctx, 1, null, fleets[1])));
    return;
  }
  const own = grid(view, ctx, me, placing ? "place" : null, fleets[me]);
  const enemy = grid(view, ctx, 1 - me, pub.phase === "firing" ? "fire" : null, fleets[1 - me]);
  container.append(seas(view, ctx, ...(placing ? [own, enemy] : [enemy, own])));
  if (placing && ctx.canMove) {
    const placed = view.private.fleet.length;
    const left = view.private.changes_left;
    const dir = ctx.state.dir || "h";
    const buttons = [];
    if (placed < FLEET.length) buttons.push(button({ text: ctx.t("button.turn", { dir: ctx.t(`dir.${dir}`) }), testid: "sb-turn", onPress: () => turnShip(view, ctx) }));
    if (isLegal(view, { type: "random" })) buttons.push(button({ text: ctx.t(placed < FLEET.length ? "button.random" : "button.shuffle", { count: left }), testid: "sb-random", onPress: () => ctx.move({ type: "random" }) }));
    if (isLegal(view, { type: "lift" })) buttons.push(button({ text: ctx.t("button.lift", { ship: ctx.t(`ship.${FLEET[placed - 1][0]}`) }), testid: "sb-lift", onPress: () => ctx.move({ type: "lift" }) }));
    if (isLegal(view, { type: "ready" })) buttons.push(button({ text: ctx.t("button.ready"), testid: "sb-ready", className: "primary", onPress: () => ctx.move({ type: "ready" }) }));
    ctx.ownZone.append(h("div", { class: "sb-actions" }, buttons));
  }
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  draw(container, view, ctx);
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "ship_placed":
      return ctx.t("event.ship_placed", { name, ship: ctx.t(`ship.${event.ship}`), at: at(event.row, event.col), dir: ctx.t(`dir.${event.dir}`) });
    case "ship_lifted":
      return ctx.t("event.ship_lifted", { name, ship: ctx.t(`ship.${event.ship}`) });
    case "shot":
      return ctx.t(`event.shot.${event.result}`, { name, at: at(event.row, event.col), ship: event.ship ? ctx.t(`ship.${event.ship}`) : "" });
    case "game_over":
      return ctx.t("event.game_over", { name: ctx.seatName(event.winner) });
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove) return null;
  const pub = view.public;
  if (pub.phase === "placing") {
    const next = FLEET[view.private.fleet.length];
    if (!next) return ctx.t("status.complete");
    return ctx.t("status.place", { ship: ctx.t(`ship.${next[0]}`), size: next[1], dir: ctx.t(`dir.${ctx.state.dir || "h"}`) });
  }
  const last = pub.last;
  const seat = /** @type {number} canMove: a seat */ (ctx.mySeat);
  return ctx.t(last && last.seat === seat && last.result !== "miss" ? "status.again" : "status.fire", { name: ctx.seatName(1 - seat) });
}

/**
 * The seats strip: enemy ships sunk.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const sunk = view.public && view.public.sunk;
  if (!Array.isArray(sunk)) return null;
  return `⚓ ${ctx.formatNumber(sunk[1 - seat].length)}/5`;
}
