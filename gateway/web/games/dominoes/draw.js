// Dominoes: the other players along the top (in turn order after you), the line of tiles in
// the middle (it scrolls sideways; the values of both open ends stay shown above it, each
// with its button), your own tiles at the bottom. Tap a lit tile: if it fits one end only it
// is laid at once, else tap the end it should go to. Draw, pass and "next round" are buttons
// when they are the move. The duel has a six-step introduction. Everything lit comes from
// view.legal_moves.
import { h, useStylesheet } from "../../js/svg.js";

useStylesheet(new URL("./style.css", import.meta.url));

const SVG = "http://www.w3.org/2000/svg";
const U = 20; // one half of a tile, in SVG units

// Pip centres in a unit square, per value.
const PIPS = {
  0: [],
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.27, 0.27], [0.5, 0.5], [0.73, 0.73]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.27, 0.27], [0.73, 0.27], [0.5, 0.5], [0.27, 0.73], [0.73, 0.73]],
  6: [[0.27, 0.25], [0.27, 0.5], [0.27, 0.75], [0.73, 0.25], [0.73, 0.5], [0.73, 0.75]],
};

function el(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs || {})) if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}

/** One half's pips in the square at (x, y). */
function half(value, x, y, turned) {
  return PIPS[value].map(([px, py]) => el("circle", { cx: x + (turned ? py : px) * U, cy: y + (turned ? px : py) * U, r: U * 0.09, class: "dm-pip" }));
}

/** A tile a|b at (x, y), across (a left of b) or upright (a above b). */
function tileShape(a, b, x, y, upright) {
  const w = upright ? U : 2 * U;
  const hgt = upright ? 2 * U : U;
  return el(
    "g",
    { class: "dm-tile" },
    el("rect", { x: x + 0.5, y: y + 0.5, width: w - 1, height: hgt - 1, rx: 3, class: "dm-face" }),
    upright
      ? el("line", { x1: x + 3, y1: y + U, x2: x + U - 3, y2: y + U, class: "dm-bar" })
      : el("line", { x1: x + U, y1: y + 3, x2: x + U, y2: y + U - 3, class: "dm-bar" }),
    half(a, x, y, upright),
    upright ? half(b, x, y + U, true) : half(b, x + U, y, false),
  );
}

/** A standalone picture of tile "a-b" (upright, as held in the hand). */
function tilePicture(tile) {
  const [a, b] = tile.split("-").map(Number);
  return el("svg", { viewBox: `0 0 ${U} ${2 * U}`, class: "dm-pic", "aria-hidden": "true", focusable: "false" }, tileShape(a, b, 0, 0, true));
}

function tileName(tile, t) {
  const [a, b] = tile.split("-");
  return t("tile", { a, b });
}

function plays(view) {
  return (view.legal_moves || []).filter((m) => m.type === "play");
}

/** The line as a picture: doubles upright, the others across, in a row. */
function lineSvg(pub, t) {
  const line = pub.line || [];
  let width = 0;
  for (const [a, b] of line) width += (a === b ? U : 2 * U) + 2;
  const svg = el("svg", {
    viewBox: `0 0 ${Math.max(width, 2 * U)} ${2 * U}`,
    width: Math.max(width, 2 * U) * 2,
    height: 4 * U,
    class: "dm-line-svg",
    role: "img",
    "aria-label": line.length ? t("line.label", { tiles: line.map(([a, b]) => t("tile", { a, b })).join(", ") }) : t("line.empty"),
    "data-testid": "dm-line-svg",
  });
  let x = 0;
  line.forEach(([a, b], index) => {
    const upright = a === b;
    const g = tileShape(a, b, x, upright ? 0 : U / 2, upright);
    g.setAttribute("data-testid", `line-${index}`);
    svg.append(g);
    x += (upright ? U : 2 * U) + 2;
  });
  return svg;
}

/** The other seats in turn order after `me` (everyone for a spectator, from seat 0). */
function others(view, me) {
  const out = [];
  const start = me === null || me === undefined ? 0 : me + 1;
  for (let k = 0; k < view.seats; k++) {
    const seat = (start + k) % view.seats;
    if (seat !== me) out.push(seat);
  }
  return out;
}

function seatPanel(view, seat, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const count = pub.hand_counts[seat];
  const shown = pub.hands ? pub.hands[seat] : null;
  const bits = [t("seat.tiles", { count })];
  if (pub.target) bits.push(t("seat.points", { count: pub.points[seat] }));
  if (pub.lacks[seat].length) bits.push(t("seat.lacks", { values: pub.lacks[seat].join(", ") }));
  return h(
    "div",
    { class: ["dm-seat", pub.turn === seat && "turn"], "data-testid": `dm-seat-${seat}` },
    h("span", { class: "dm-mark", style: { background: ctx.seatColour(seat), color: ctx.seatInk(seat) }, "aria-hidden": "true" }, ctx.seatMark(seat)),
    h("span", { class: "dm-name" }, ctx.seatName(seat)),
    h("span", { class: "dm-info" }, bits.join(" · ")),
    shown
      ? h("span", { class: "dm-shown", "aria-label": t("seat.shown", { tiles: shown.map((x) => tileName(x, t)).join(", ") || "–" }) }, shown.map((x) => tilePicture(x)))
      : h("span", { class: "dm-backs", "aria-hidden": "true" }, Array.from({ length: Math.min(count, 12) }, () => h("span", { class: "dm-back" }))),
  );
}

const STEPS = 6;

function introPanel(ctx, redraw) {
  const t = ctx.t;
  const step = ctx.state.introStep;
  return h(
    "section",
    { class: "dm-intro", "data-testid": "dm-intro-panel", "aria-label": t("intro.title") },
    h("h3", {}, t("intro.title"), " ", t("intro.count", { n: step + 1, total: STEPS })),
    h("p", { "data-testid": "intro-step", "aria-live": "polite" }, t(`intro.step.${step + 1}`)),
    h(
      "div",
      { class: "dm-row" },
      h("button", { type: "button", "data-testid": "intro-back", disabled: step === 0, onclick: () => { ctx.state.introStep = step - 1; redraw("intro-back"); } }, t("intro.back")),
      step < STEPS - 1
        ? h("button", { type: "button", class: "primary", "data-testid": "intro-next", onclick: () => { ctx.state.introStep = step + 1; redraw("intro-next"); } }, t("intro.next"))
        : h("button", { type: "button", class: "primary", "data-testid": "intro-close", onclick: () => { ctx.state.introStep = null; redraw("dm-intro"); } }, t("intro.done")),
    ),
  );
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const me = ctx.mySeat;
  const moves = ctx.canMove ? plays(view) : [];
  const key = `${pub.round}:${pub.line.length}:${pub.turn}:${pub.boneyard_count}`;
  if (ctx.state.key !== key) {
    ctx.state.key = key;
    ctx.state.selected = null;
  }
  if (ctx.state.introStep === undefined) ctx.state.introStep = null;
  const selected = ctx.state.selected;
  const forSelected = selected ? moves.filter((m) => m.tile === selected) : [];

  const redraw = (focusId) => {
    container.replaceChildren();
    ctx.ownZone.replaceChildren();
    render(container, view, { ...ctx, events: [] });
    const again = /** @type {HTMLElement | null} */ (document.querySelector(`[data-testid="${focusId}"]`));
    if (again) again.focus({ preventScroll: true });
  };

  // The other players, turned so that you sit at the bottom.
  container.append(h("div", { class: "dm-seats" }, others(view, me).map((seat) => seatPanel(view, seat, ctx))));

  // What everyone sees of the table.
  const facts = [t("boneyard", { count: pub.boneyard_count })];
  if (pub.target) facts.push(t("match", { round: pub.round, target: pub.target }));
  container.append(h("p", { class: "dm-facts", "data-testid": "dm-facts" }, facts.join(" · ")));

  // The open ends stay shown, each with its button; lit when the chosen tile fits there.
  const endButton = (end) => {
    const move = forSelected.find((m) => m.end === end);
    const value = pub.ends ? pub.ends[end === "left" ? 0 : 1] : null;
    const label = value === null ? t(`end.${end}.none`) : t(`end.${end}`, { value });
    return h(
      "button",
      {
        type: "button",
        class: ["dm-end", move && "lit"],
        "data-testid": `end-${end}`,
        "aria-label": move ? `${label}, ${t("end.lay", { tile: tileName(selected, t) })}` : label,
        disabled: !move,
        onclick: move ? () => ctx.move(move) : null,
      },
      value === null ? "–" : String(value),
    );
  };
  const lineBox = h("div", { class: "dm-line", "data-testid": "dm-line", tabindex: "0", "aria-label": t("line.scroll") }, lineSvg(pub, t));
  container.append(
    h(
      "div",
      { class: "dm-table" },
      h("p", { class: "dm-ends", "data-testid": "dm-ends" }, pub.ends ? t("ends", { left: pub.ends[0], right: pub.ends[1] }) : t("ends.none")),
      h("div", { class: "dm-lineRow" }, endButton("left"), lineBox, endButton("right")),
    ),
  );
  // Show the end just played at: the right unless the last tile went left.
  requestAnimationFrame(() => {
    const left = ctx.events.some((e) => e.code === "played" && e.end === "left") || ctx.state.lastEnd === "left";
    for (const e of ctx.events) if (e.code === "played") ctx.state.lastEnd = e.end;
    lineBox.scrollLeft = left ? 0 : lineBox.scrollWidth;
  });

  // The round's end: the hands shown, who won what.
  const last = pub.last_round;
  if (last && (pub.phase !== "playing" || pub.line.length === 0)) {
    const names = last.winners.map((seat) => ctx.seatName(seat)).join(", ");
    const pips = last.pips.map((value, seat) => t("pips.of", { name: ctx.seatName(seat), count: value })).join(", ");
    const text = last.winners.length > 1 ? t("round.tied", { pips }) : t(last.blocked ? "round.blocked" : "round.out", { name: names, points: last.points, pips });
    container.append(h("p", { class: "dm-round", "data-testid": "dm-round" }, text));
  }

  // Your own zone: your tiles and the move buttons.
  if (me === null || me === undefined || !view.private) return;
  const zone = ctx.ownZone;
  const hand = view.private.hand;
  const tiles = hand.map((tile) => {
    const options = moves.filter((m) => m.tile === tile);
    const lit = options.length > 0;
    const chosen = tile === selected;
    const parts = [tileName(tile, t)];
    if (chosen) parts.push(t("tile.chosen"));
    else if (lit) parts.push(t("tile.playable"));
    return h(
      "button",
      {
        type: "button",
        class: ["dm-hand-tile", lit && "lit", chosen && "selected"],
        "data-testid": `tile-${tile}`,
        "aria-label": parts.join(", "),
        "aria-pressed": lit ? String(chosen) : null,
        disabled: !lit,
        onclick: () => {
          if (options.length === 1) {
            ctx.move(options[0]);
            return;
          }
          ctx.state.selected = chosen ? null : tile;
          redraw(chosen ? `tile-${tile}` : `end-${options[0].end}`);
        },
      },
      tilePicture(tile),
    );
  });
  zone.append(h("div", { class: "dm-hand", role: "group", "aria-label": t("hand.label", { count: hand.length }), "data-testid": "dm-hand" }, tiles));

  const actions = [];
  const legal = ctx.canMove ? view.legal_moves || [] : [];
  for (const type of ["draw", "pass", "next_round"]) {
    const move = legal.find((m) => m.type === type);
    if (move) actions.push(h("button", { type: "button", class: "primary", "data-testid": `dm-${type.replace("_", "-")}`, onclick: () => ctx.move(move) }, t(`action.${type}`, { round: pub.round + 1 })));
  }
  if (selected) actions.push(h("span", { class: "dm-hint" }, t("hint.end")));
  if (pub.variant === "duel") {
    actions.push(
      h(
        "button",
        { type: "button", "data-testid": "dm-intro", "aria-expanded": String(ctx.state.introStep !== null), onclick: () => { ctx.state.introStep = ctx.state.introStep === null ? 0 : null; redraw(ctx.state.introStep === null ? "dm-intro" : "intro-next"); } },
        t("intro.open"),
      ),
    );
  }
  zone.append(h("div", { class: "dm-row dm-actions" }, actions));
  if (ctx.state.introStep !== null && pub.variant === "duel") zone.append(introPanel(ctx, redraw));
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const t = ctx.t;
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "played":
      return t(`event.played.${event.end}`, { name, tile: tileName(event.tile, t) });
    case "drew_tiles":
      return t("event.drew_tiles", { tiles: (event.tiles || []).map((x) => tileName(x, t)).join(", "), count: (event.tiles || []).length });
    case "blocked":
      return t("event.blocked");
    case "round_over": {
      const pips = (event.pips || []).map((value, seat) => t("pips.of", { name: ctx.seatName(seat), count: value })).join(", ");
      const winners = event.winners || [];
      if (winners.length > 1) return t("round.tied", { pips });
      return t("event.round_over", { name: ctx.seatName(winners[0]), points: event.points, pips });
    }
    case "round_started":
      return t("event.round_started", { round: event.round, name });
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove) return null;
  const legal = view.legal_moves || [];
  if (legal.some((m) => m.type === "play")) return ctx.t(view.public.line.length ? "status.play" : "status.open");
  if (legal.some((m) => m.type === "draw")) return ctx.t("status.draw");
  if (legal.some((m) => m.type === "pass")) return ctx.t("status.pass");
  return ctx.t("status.next_round");
}

/**
 * The seats strip: tiles in hand, and the match points in the duel.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || !pub.hand_counts) return null;
  const tiles = ctx.t("seat.tiles", { count: pub.hand_counts[seat] });
  return pub.target ? `${tiles} · ${ctx.t("seat.points", { count: pub.points[seat] })}` : tiles;
}

/**
 * Result panel: the duel's points, or the house game's pips left (fewest wins).
 * @type {import("../../js/types.js").ScoreText}
 */
export function scoreText(score, seat, ctx) {
  const duel = ctx.room && ctx.room.options && ctx.room.options.variant === "duel";
  return ctx.t(duel ? "seat.points" : "pips", { count: score });
}
