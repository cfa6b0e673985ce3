// Number Rows: four rows, one per colour, each laid card on its number's place from 1 to 20,
// so a row reads like the number line and grows from its 11 both ways. The next numbers a
// row takes show as dashed places. The hand (js/cards.js) lights the cards the engine lets this
// seat lay; Draw and Pass come from the legal moves as well.
import {
  COLOURS,
  COLOUR_FILL,
  actionButton,
  cardName,
  describeDrawing,
  finishingPlace,
  freshlyDrawn,
  placeOrCountBadge,
  renderHand,
  sortCards,
  srText,
  symbol,
} from "../../js/cards.js";
import { h, s, useStylesheet } from "../../js/svg.js";

useStylesheet(new URL("./style.css", import.meta.url));

const W = 400;
const LEFT = 46; // the colour tab
const CELL_H = 30;
const TOP = 4;
const NARROW_PX = 560; // below this a row shows only its run and next places, ten at most
const SLOTS = 10;

// Font sizes in board units: narrow, the board is drawn at its full width (about 0.86 px a
// unit on a 360 px phone), so 17 units read as 14.6 px; in one line, the board is over 560 px
// wide, 1.4 px a unit at the least.
const FONT = {
  narrow: { free: 17, next: 17, laid: 18, count: 15 },
  line: { free: 10, next: 10, laid: 11, count: 9 },
};

/**
 * Where each number sits: on a wide table one line of twenty places; on a phone only the part
 * of the row that matters, on one line of ten places: the laid run with the next places on
 * either side, a long run shown by its ends with "…" between (twenty places across 360 px
 * left numbers about 8 px high, and two lines of ten a row did not fit the table's height).
 */
function layout(narrow, row) {
  if (!narrow) {
    const cell = (W - LEFT - 4) / 20;
    return {
      cell,
      rowH: CELL_H + 12,
      font: FONT.line,
      x: (n) => LEFT + (n - 1) * cell,
      gaps: [],
    };
  }
  const cell = (W - LEFT - 4) / SLOTS;
  const first = row ? Math.max(1, row[0] - 1) : 11 - Math.floor(SLOTS / 2);
  const last = row ? Math.min(20, row[1] + 1) : first + SLOTS - 1;
  let shown = [];
  for (let n = first; n <= last; n++) shown.push(n);
  if (shown.length > SLOTS) shown = [...shown.slice(0, 4), null, ...shown.slice(-4)];
  const slot = new Map(shown.map((n, i) => [n, i]));
  return {
    cell,
    rowH: CELL_H + 12,
    font: FONT.narrow,
    x: (n) => (slot.has(n) ? LEFT + /** @type {number} */ (slot.get(n)) * cell : null),
    gaps: shown.flatMap((n, i) => (n === null ? [LEFT + i * cell] : [])),
  };
}

function cardId(colour, n) {
  return `${colour}${n}.0`;
}

/**
 * One row: the colour's tab (shape and name), faint numbers 1-20 on the lane, the laid run
 * as a bar in the colour with each number on a white cell, the next places dashed (lit
 * where this seat may lay the card).
 */
function drawRow(colour, row, y, ctx, mine, laidCard, narrow) {
  const at = layout(narrow, row);
  // The places drawn below (the run's ends, the next places, the numbers checked for null
  // first) are always among those the layout shows.
  const xOf = (n) => /** @type {number} */ (at.x(n));
  const CELL = at.cell;
  const g = s("g", { class: "nr-row", "data-testid": `row-${colour}`, "data-low": row ? row[0] : "", "data-high": row ? row[1] : "" });
  g.append(s("rect", { x: 0, y: y - 5, width: W, height: at.rowH - 2, rx: 8, class: "nr-lane" }));
  // The colour's shape says which row it is without its colour; the count of laid cards below.
  g.append(symbol(colour, 12, y - 1, 20));
  g.append(s("text", { x: 22, y: y + 30, "font-size": at.font.count, "text-anchor": "middle", class: "nr-count", text: row ? `${row[1] - row[0] + 1}/20` : "0/20" }));
  const taken = (n) => row && n >= row[0] && n <= row[1];
  const next = row ? [row[0] - 1, row[1] + 1].filter((n) => n >= 1 && n <= 20) : [11];
  const baseline = (size) => y + CELL_H / 2 + size * 0.36;
  for (let n = 1; n <= 20; n++) {
    if (taken(n) || next.includes(n) || at.x(n) === null) continue;
    const size = at.font.free;
    g.append(s("text", { x: xOf(n) + CELL / 2, y: baseline(size), "font-size": size, "text-anchor": "middle", class: "nr-free", text: String(n) }));
  }
  for (const n of next) {
    const lit = mine.has(cardId(colour, n));
    const size = at.font.next;
    g.append(
      s(
        "g",
        { class: ["nr-ghost", lit && "lit"], "data-testid": `next-${colour}-${n}` },
        s("rect", { x: xOf(n) + 1, y: y + 1, width: CELL - 2, height: CELL_H - 2, rx: 3 }),
        s("text", { x: xOf(n) + CELL / 2, y: baseline(size), "font-size": size, "text-anchor": "middle", text: String(n) }),
      ),
    );
  }
  if (row) {
    const width = xOf(row[1]) - xOf(row[0]) + CELL;
    g.append(s("rect", { x: xOf(row[0]) - 1, y: y - 1, width: width + 2, height: CELL_H + 2, rx: 5, fill: COLOUR_FILL[colour], class: "nr-bar" }));
    for (const x of at.gaps) {
      const size = at.font.laid;
      g.append(s("g", { class: "nr-cell gap" }, s("rect", { x: x + 1.5, y: y + 3, width: CELL - 3, height: CELL_H - 6, rx: 3 }), s("text", { x: x + CELL / 2, y: baseline(size), "font-size": size, "text-anchor": "middle", text: "…" })));
    }
    for (let n = row[0]; n <= row[1]; n++) {
      if (at.x(n) === null) continue;
      const size = at.font.laid;
      const cell = s(
        "g",
        { class: ["nr-cell", n === 11 && "opener", laidCard === cardId(colour, n) && "fresh"] },
        s("rect", { x: xOf(n) + 1.5, y: y + 3, width: CELL - 3, height: CELL_H - 6, rx: 3 }),
        s("text", { x: xOf(n) + CELL / 2, y: baseline(size), "font-size": size, "text-anchor": "middle", text: String(n) }),
      );
      if (laidCard === cardId(colour, n) && !ctx.reducedMotion && typeof cell.animate === "function") {
        cell.animate([{ opacity: 0.2, transform: "translateY(-6px)" }, { opacity: 1, transform: "none" }], { duration: 220, easing: "ease-out" });
      }
      g.append(cell);
    }
  }
  return g;
}

function drawRows(view, ctx, mine, narrow) {
  const rows = view.public.rows || {};
  const rowH = CELL_H + 12;
  const height = TOP * 2 + COLOURS.length * rowH - 4;
  const root = s("svg", {
    viewBox: `0 0 ${W} ${height}`,
    preserveAspectRatio: "xMidYMid meet",
    class: ["board", "nr-rows", narrow && "narrow"],
    role: "group",
    "aria-label": ctx.t("rows.label"),
    "data-testid": "number-rows",
  });
  const laid = [...(ctx.events || [])].reverse().find((e) => e.code === "laid");
  COLOURS.forEach((colour, i) => root.append(drawRow(colour, rows[colour], TOP + 5 + i * rowH, ctx, mine, laid ? laid.card : null, narrow)));
  return root;
}

function rowText(view, ctx) {
  const rows = view.public.rows || {};
  return COLOURS.map((colour) => {
    const row = rows[colour];
    const name = ctx.t(`card.colour_title.${colour}`);
    return row ? ctx.t("rows.open", { name, low: row[0], high: row[1] }) : ctx.t("rows.closed", { name });
  }).join(". ");
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const legal = ctx.canMove ? view.legal_moves || [] : [];
  const lays = new Set(legal.filter((m) => m.type === "lay").map((m) => m.card));
  container.append(
    h("p", { class: "nr-pile", "data-testid": "draw-pile" }, t("pile.count", { count: pub.draw_size })),
    drawRows(view, ctx, lays, (container.getBoundingClientRect().width || window.innerWidth) < NARROW_PX),
    srText(rowText(view, ctx)),
  );
  if (view.result || ctx.mySeat === null || ctx.mySeat === undefined) return;
  const done = finishingPlace(pub, ctx.mySeat);
  if (done) {
    // This seat is out; the others play on for the places.
    ctx.ownZone.append(h("p", { class: "hint card-done", "data-testid": "hand-done" }, t("done", { place: done })));
    return;
  }
  const hand = (view.private && view.private.hand) || [];
  const canDraw = legal.some((m) => m.type === "draw");
  const canPass = legal.some((m) => m.type === "pass");
  ctx.ownZone.append(
    h(
      "div",
      { class: "own-cards" },
      h(
        "div",
        { class: "card-actions" },
        pub.drew && ctx.canMove ? h("p", { class: "hint", "data-testid": "hand-hint" }, t("hint.drawn")) : null,
        actionButton({ text: t("action.draw"), testid: "draw-button", onPress: () => ctx.move({ type: "draw" }), disabled: !canDraw, primary: canDraw }),
        canPass ? actionButton({ text: t("action.pass"), testid: "pass-button", onPress: () => ctx.move({ type: "pass" }), primary: true }) : null,
      ),
      renderHand({
        cards: sortCards(hand),
        ctx,
        state: (card) => (!ctx.canMove ? "idle" : lays.has(card) ? "playable" : "quiet"),
        onPress: (card) => ctx.move({ type: "lay", card }),
        fresh: freshlyDrawn(ctx),
        label: t("cards.hand", { count: hand.length }),
      }),
    ),
  );
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  if (event.code !== "laid") return describeDrawing(event, ctx);
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  return ctx.t("event.laid", { name, card: cardName(event.card, ctx.t) });
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove) return null;
  const legal = view.legal_moves || [];
  if (legal.some((m) => m.type === "lay")) return view.public.drew ? ctx.t("status.lay_drawn") : ctx.t("status.lay");
  if (legal.some((m) => m.type === "draw")) return ctx.t("status.draw");
  return ctx.t("status.pass");
}

/**
 * The seats strip: cards in hand or the finishing place.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  return placeOrCountBadge(view, seat, ctx);
}

export const resultScores = false;
