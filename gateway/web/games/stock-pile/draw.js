// Stock Pile: four shared building piles (1 → 12), each seat's stock pile (its top face up)
// and four discard piles, and the own hand. Tap a card you may play (hand, stock top, a
// discard top) and then a lit building pile; a hand card can instead go onto one of your
// discard piles, which ends the turn. Everything lit comes from view.legal_moves.
import { keepTextReadable } from "../../js/cards.js";
import { button, h, s, svgButton, svgRoot, useStylesheet } from "../../js/svg.js";

useStylesheet(new URL("./style.css", import.meta.url));

const W = 400;
const CARD_W = 58;
const CARD_H = 80;

const face = (card) => (card ? card.split(".")[0] : null);
const isWild = (card) => face(card) === "W";
const number = (card) => (isWild(card) ? null : Number(face(card).slice(1)));

function band(card) {
  if (isWild(card)) return "wild";
  const n = /** @type {number} */ (number(card));
  return n <= 4 ? "low" : n <= 8 ? "mid" : "high";
}

function cardLabel(card, t) {
  return isWild(card) ? t("card.wild") : t("card.number", { number: number(card) });
}

/** A card face: the number (or a star for a wild card) in the card's colour band. */
function cardFace(card, x, y, w = CARD_W, hgt = CARD_H, corner = true) {
  const text = isWild(card) ? "★" : String(number(card));
  return s(
    "g",
    { class: ["sp-card", `sp-${band(card)}`], "aria-hidden": "true" },
    s("rect", { x, y, width: w, height: hgt, rx: 7, class: "sp-card-bg" }),
    s("text", { x: x + w / 2, y: y + hgt / 2, "text-anchor": "middle", "dominant-baseline": "central", "font-size": w * 0.55, class: "sp-card-num", text }),
    corner ? s("text", { x: x + 6, y: y + 14, "font-size": 12, class: "sp-card-corner", text }) : null,
  );
}

function emptySlot(x, y, text, w = CARD_W, hgt = CARD_H) {
  return s(
    "g",
    { class: "sp-empty", "aria-hidden": "true" },
    s("rect", { x, y, width: w, height: hgt, rx: 7, class: "sp-empty-bg" }),
    text ? s("text", { x: x + w / 2, y: y + hgt / 2, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 16, class: "sp-empty-text", text }) : null,
  );
}

/** A small card for the other seats' rows (an empty pile drawn as a dashed outline). */
/**
 * @param {string} card
 * @param {string | null} [extra]
 */
function miniCard(card, extra = null) {
  const svg = s("svg", { viewBox: `0 0 ${CARD_W} ${CARD_H}`, class: ["sp-mini", extra], "aria-hidden": "true" });
  // No corner number on a small card: its big number is the one that reads.
  svg.append(card ? cardFace(card, 1, 1, CARD_W - 2, CARD_H - 2, false) : emptySlot(1, 1, "", CARD_W - 2, CARD_H - 2));
  return svg;
}

/** The card picked to play this turn, reset whenever the table changes. */
function picked(view, ctx) {
  const pub = view.public;
  const key = [pub.turn, pub.draw_size, (pub.stock_counts || []).join(), JSON.stringify(pub.building), ctx.canMove].join("|");
  if (ctx.state.spKey !== key) {
    ctx.state.spKey = key;
    ctx.state.pick = null;
  }
  return ctx.state;
}

function samePick(move, pick) {
  if (!pick || move.from !== pick.from) return false;
  return pick.from === "hand" ? face(move.card) === face(pick.card) : move.card === pick.card;
}

function builds(view) {
  return (view.legal_moves || []).filter((m) => m.type === "build");
}

function discards(view) {
  return (view.legal_moves || []).filter((m) => m.type === "discard");
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const me = ctx.mySeat;
  const state = picked(view, ctx);
  const legalBuilds = ctx.canMove ? builds(view) : [];
  const legalDiscards = ctx.canMove ? discards(view) : [];
  const pick = state.pick;

  const redraw = (focusId) => {
    container.replaceChildren();
    ctx.ownZone.replaceChildren();
    render(container, view, { ...ctx, events: [] });
    const again = focusId && /** @type {HTMLElement | null} */ (document.querySelector(`[data-testid="${focusId}"]`));
    if (again) again.focus({ preventScroll: true });
  };
  const choose = (source, testid) => {
    state.pick = pick && pick.from === source.from && pick.card === source.card ? null : source;
    redraw(testid);
  };

  // -- the building piles and the other seats -------------------------------------------------
  const root = svgRoot(W, 118, { label: t("table.label"), testid: "sp-table", class: "sp-building" });
  keepTextReadable(root);
  root.append(s("text", { x: 12, y: 15, class: "sp-heading", text: t("building.title") }));
  (pub.building || []).forEach((pile, index) => {
    const x = 22 + index * 96;
    const y = 22;
    const top = pile.length ? pile[pile.length - 1] : null;
    const count = pile.length;
    const shown = top ? cardFace(top, x, y) : emptySlot(x, y, "1");
    const label = count ? t("building.pile", { pile: index + 1, count, next: count + 1 }) : t("building.empty", { pile: index + 1 });
    const move = pick ? legalBuilds.find((m) => m.pile === index && samePick(m, pick)) : null;
    const badge = count ? s("text", { x: x + CARD_W + 4, y: y + CARD_H, class: "sp-count", text: String(count) }) : null;
    if (move) {
      root.append(
        svgButton(
          { label: t("building.play_here", { card: cardLabel(pick.card, t), pile: index + 1, next: count + 1 }), testid: `building-${index}`, onPress: () => ctx.move(move), className: "sp-target" },
          s("rect", { x: x - 4, y: y - 4, width: CARD_W + 8, height: CARD_H + 8, rx: 9, class: "hit" }),
          shown,
          badge,
        ),
      );
    } else {
      root.append(s("g", { "data-testid": `building-${index}`, role: "img", "aria-label": label }, shown, badge));
    }
  });
  container.append(root);
  const others = [];
  for (let seat = 0; seat < view.seats; seat++) if (seat !== me) others.push(seat);
  container.append(
    h(
      "ul",
      { class: "sp-seats", "data-testid": "sp-seats" },
      others.map((seat) => {
        const top = (pub.stock_tops || [])[seat];
        const piles = (pub.discards || [])[seat] || [];
        return h(
          "li",
          { class: "sp-seat", "data-testid": `seat-piles-${seat}`, "aria-label": seatLine(view, seat, ctx) },
          h(
            "span",
            { class: "sp-seat-name", "aria-hidden": "true" },
            h("span", { class: "sp-seat-title" }, ctx.seatName(seat)),
            h("span", { class: "sp-small-text" }, t("stock.left", { count: (pub.stock_counts || [])[seat] ?? 0 })),
          ),
          h("span", { class: "sp-minis", "aria-hidden": "true" }, miniCard(top, "sp-mini-stock"), ...piles.map((pile) => miniCard(pile.length ? pile[pile.length - 1] : null))),
        );
      }),
    ),
  );

  // -- the own stock, discard piles and hand ------------------------------------------------
  if (me === null || me === undefined) return;
  const own = svgRoot(W, 222, { label: t("own.label"), testid: "sp-own" });
  keepTextReadable(own);
  const stockTop = (pub.stock_tops || [])[me];
  const stockCount = (pub.stock_counts || [])[me] ?? 0;
  own.append(s("text", { x: 12, y: 16, class: "sp-heading", text: t("own.stock_title") }));
  own.append(s("text", { x: 12, y: 124, class: "sp-small", text: t("stock.short", { count: stockCount }) }));
  const stockPlay = stockTop && legalBuilds.some((m) => m.from === "stock");
  if (stockTop && stockPlay) {
    const chosen = pick && pick.from === "stock";
    own.append(
      svgButton(
        { label: t("own.pick_stock", { card: cardLabel(stockTop, t) }), testid: "own-stock", pressed: chosen, onPress: () => choose({ from: "stock", card: stockTop }, "own-stock"), className: chosen ? "sp-picked" : null },
        s("rect", { x: 8, y: 24, width: CARD_W + 8, height: CARD_H + 8, rx: 9, class: "hit" }),
        cardFace(stockTop, 12, 28),
      ),
    );
  } else {
    own.append(s("g", { "data-testid": "own-stock", role: "img", "aria-label": stockTop ? t("own.stock_top", { card: cardLabel(stockTop, t), count: stockCount }) : t("own.stock_empty") }, stockTop ? cardFace(stockTop, 12, 28) : emptySlot(12, 28, "")));
  }
  own.append(s("text", { x: 100, y: 16, class: "sp-heading", text: t("own.discards") }));
  ((pub.discards || [])[me] || []).forEach((pile, slot) => {
    const x = 100 + slot * 74;
    const tip = pile.length ? pile[pile.length - 1] : null;
    const testid = `own-discard-${slot}`;
    // The cards under the top, as the fanned pile shows them (everyone may see them).
    const under = pile.slice(0, -1).slice(-6).map((card) => (isWild(card) ? "★" : String(number(card))));
    const fan = under.length ? [s("text", { x: x + 2, y: 124, class: "sp-fan", text: `${pile.length > 7 ? "… " : ""}${under.join(" ")}` })] : [];
    const shown = tip ? cardFace(tip, x, 28) : emptySlot(x, 28, "");
    const discard = pick && pick.from === "hand" ? legalDiscards.find((m) => m.slot === slot && face(m.card) === face(pick.card)) : null;
    const fromHere = tip && legalBuilds.some((m) => m.from === `discard:${slot}`);
    if (discard) {
      own.append(
        svgButton(
          { label: t("own.discard_here", { card: cardLabel(pick.card, t), pile: slot + 1 }), testid, onPress: () => ctx.move(discard), className: "sp-target" },
          s("rect", { x: x - 4, y: 24, width: CARD_W + 8, height: CARD_H + 8, rx: 9, class: "hit" }),
          shown,
        ),
      );
    } else if (fromHere) {
      const chosen = pick && pick.from === `discard:${slot}`;
      own.append(
        svgButton(
          { label: t("own.pick_discard", { card: cardLabel(tip, t), pile: slot + 1 }), testid, pressed: chosen, onPress: () => choose({ from: `discard:${slot}`, card: tip }, testid), className: chosen ? "sp-picked" : null },
          s("rect", { x: x - 4, y: 24, width: CARD_W + 8, height: CARD_H + 8, rx: 9, class: "hit" }),
          shown,
        ),
      );
    } else {
      own.append(s("g", { "data-testid": testid, role: "img", "aria-label": tip ? t("own.discard_top", { card: cardLabel(tip, t), pile: slot + 1, count: pile.length }) : t("own.discard_empty", { pile: slot + 1 }) }, shown));
    }
    own.append(...fan);
  });
  const hand = (view.private && view.private.hand) || [];
  own.append(s("text", { x: 12, y: 150, class: "sp-heading", text: t("own.hand") }));
  hand.forEach((card, i) => {
    const x = 12 + i * 78;
    const testid = `hand-${i}`;
    const playable = legalBuilds.some((m) => m.from === "hand" && face(m.card) === face(card)) || legalDiscards.some((m) => face(m.card) === face(card));
    const chosen = pick && pick.from === "hand" && pick.card === card;
    if (!playable) {
      own.append(s("g", { "data-testid": testid, role: "img", "aria-label": cardLabel(card, t) }, cardFace(card, x, 162, CARD_W, 56)));
      return;
    }
    own.append(
      svgButton(
        { label: t("own.pick_hand", { card: cardLabel(card, t) }), testid, pressed: chosen, onPress: () => choose({ from: "hand", card }, testid), className: chosen ? "sp-picked" : null },
        s("rect", { x: x - 4, y: 158, width: CARD_W + 8, height: 64, rx: 9, class: "hit" }),
        cardFace(card, x, 162, CARD_W, 56),
      ),
    );
  });
  ctx.ownZone.append(own);
  const hint = !ctx.canMove ? null : pick ? t(pick.from === "hand" ? "hint.place_hand" : "hint.place") : t("hint.pick");
  const pass = (view.legal_moves || []).some((m) => m.type === "pass") && ctx.canMove;
  ctx.ownZone.append(
    h(
      "div",
      { class: "sp-actions" },
      hint ? h("p", { class: "sp-hint", "data-testid": "sp-hint" }, hint) : null,
      pass ? button({ text: t("action.pass"), testid: "pass-button", className: "card-action primary", onPress: () => ctx.move({ type: "pass" }) }) : null,
    ),
  );
}

function seatLine(view, seat, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const top = (pub.stock_tops || [])[seat];
  const tops = ((pub.discards || [])[seat] || []).map((pile) => (pile.length ? cardLabel(pile[pile.length - 1], t) : t("pile.empty")));
  return t("seat.line", {
    name: ctx.seatName(seat),
    count: (pub.stock_counts || [])[seat] ?? 0,
    top: top ? cardLabel(top, t) : t("pile.empty"),
    discards: tops.join(", "),
  });
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const t = ctx.t;
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "built": {
      const from = event.source === "stock" ? t("from.stock") : event.source === "hand" ? t("from.hand") : t("from.discard");
      return t("event.built", { name, card: cardLabel(event.card, t), pile: event.pile + 1, value: event.value, from });
    }
    case "discarded":
      return t("event.discarded", { name, card: cardLabel(event.card, t), pile: event.slot + 1 });
    case "stock_turned":
      return event.card ? t("event.stock_turned", { name, card: cardLabel(event.card, t), count: event.left }) : null;
    case "drawn":
      return t("event.drawn", { cards: (event.cards || []).map((c) => cardLabel(c, t)).join(", "), count: (event.cards || []).length });
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove) return null;
  const legal = view.legal_moves || [];
  if (legal.some((m) => m.type === "pass") && !legal.some((m) => m.type === "build")) return ctx.t("status.pass");
  return ctx.t("status.turn");
}

/**
 * The seats strip: the cards left in the stock pile.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const counts = view.public && view.public.stock_counts;
  if (!counts) return null;
  return ctx.t("stock.left", { count: counts[seat] });
}

/**
 * Result panel: stock cards left (fewer is better).
 * @type {import("../../js/types.js").ScoreText}
 */
export function scoreText(score, seat, ctx) {
  return ctx.t("stock.left", { count: score });
}
