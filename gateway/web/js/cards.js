// Shared card drawing for the card games: one renderer for every deck the card service deals
// (French 32/52, Hau Hau's poker cards, the 108-card colour deck, the 80-card numbered deck),
// face-down backs, the fanned hand in the own zone, the colour/suit choice dialog, the whole
// shedding table and the summaries, statuses and history lines its games share.
//
// Colour is never the only signal: suits are drawn as ♠ ♥ ♦ ♣ shapes, and each colour of the
// colour and numbered decks carries a shape of its own (red ▲, yellow ●, green ■, blue ◆)
// beside its name. Card names come from the game's catalogue ("card.*" keys in its
// i18n.json): "Seven of hearts", "Red skip", "Wild draw four".
//
// Card ids are the server's: "<face>.<deck><copy>" — "H7.0", "rS.1b", "W+4.0c", "g11.0".
import { openDialog } from "./dialog.js";
import { h } from "./dom.js";
import { arrowKeys, s, useStylesheet } from "./svg.js";

export const SUITS = ["S", "H", "D", "C"];
export const COLOURS = ["r", "y", "g", "b"];
export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const COLOUR_SYMBOL = { r: "▲", y: "●", g: "■", b: "◆" };
// Okabe–Ito hues for the colour decks; the suits keep the classic red and black.
export const COLOUR_FILL = { r: "#D55E00", y: "#F0E442", g: "#009E73", b: "#0072B2" };
const SUIT_FILL = { S: "#1d1d1f", C: "#1d1d1f", H: "#c8102e", D: "#c8102e" };

const FRENCH_ORDER = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const COLOUR_ORDER = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2"];
const SUIT_SORT = { S: 0, H: 1, C: 2, D: 3 }; // alternating black and red in the hand
const COLOUR_SORT = { r: 0, y: 1, g: 2, b: 3 };

// -- parsing ---------------------------------------------------------------------------------

/**
 * {id, face, kind, suit, colour, rank} of a card id. `kind` is "french" (suit S/H/D/C),
 * "colour" (colour r/y/g/b: 0-9, S skip, R reverse, +2; or the numbered deck's 1-20) or
 * "wild" ("W", "W+4").
 * @param {string} id
 * @returns {{ id: string, face: string, kind: string, suit: string | null, colour: string | null, rank: string }}
 */
export function parseCard(id) {
  const face = String(id).split(".", 1)[0];
  if (face === "W" || face === "W+4") return { id, face, kind: "wild", suit: null, colour: null, rank: face };
  if (face === "X") return { id, face, kind: "joker", suit: null, colour: null, rank: face };
  const lead = face[0];
  const rank = face.slice(1);
  if (lead in SUIT_SYMBOL) return { id, face, kind: "french", suit: lead, colour: null, rank };
  return { id, face, kind: "colour", suit: null, colour: lead, rank };
}

function rankIndex(card) {
  if (card.kind === "french") return FRENCH_ORDER.indexOf(card.rank);
  if (card.kind === "wild") return card.rank === "W" ? 0 : 1;
  if (card.kind === "joker") return 99;
  const n = Number(card.rank);
  return Number.isFinite(n) ? n : 100 + COLOUR_ORDER.indexOf(card.rank);
}

/**
 * Card ids sorted for a hand: by suit (♠ ♥ ♣ ♦) or colour, then rank; wilds last. With
 * `byRank`, rank first (where several cards of one rank go together).
 * @param {string[]} ids
 * @param {boolean} [byRank]
 * @returns {string[]}
 */
export function sortCards(ids, byRank = false) {
  const key = (id) => {
    const card = parseCard(id);
    const group = card.kind === "french" ? SUIT_SORT[card.suit] : card.kind === "wild" || card.kind === "joker" ? 9 : COLOUR_SORT[card.colour] ?? 8;
    return [group, rankIndex(card), id];
  };
  return [...ids].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const first = byRank ? ka[1] - kb[1] || ka[0] - kb[0] : ka[0] - kb[0] || ka[1] - kb[1];
    return first || (ka[2] < kb[2] ? -1 : ka[2] > kb[2] ? 1 : 0);
  });
}

// -- names -----------------------------------------------------------------------------------

/**
 * "hearts" / "red" — a suit's or colour's name from the game's catalogue.
 * @param {string | null} suit
 * @param {import("./types.js").Translate} t
 * @returns {string}
 */
export function suitName(suit, t) {
  return t(`card.suit.${suit}`);
}

/**
 * A colour's name ("red") from the game's catalogue.
 * @param {string | null} colour
 * @param {import("./types.js").Translate} t
 * @returns {string}
 */
export function colourName(colour, t) {
  return t(`card.colour.${colour}`);
}

/**
 * The name of a suit or colour value as a choice ("Hearts ♥", "Red ▲").
 * @param {string} value
 * @param {import("./types.js").Translate} t
 * @returns {string}
 */
export function choiceName(value, t) {
  if (value in SUIT_SYMBOL) return `${t(`card.suit_title.${value}`)} ${SUIT_SYMBOL[value]}`;
  return `${t(`card.colour_title.${value}`)} ${COLOUR_SYMBOL[value] || ""}`.trim();
}

/**
 * A card's spoken name: "Seven of hearts", "Red skip", "Wild draw four", "Green 11".
 * @param {string} id
 * @param {import("./types.js").Translate} t
 * @returns {string}
 */
export function cardName(id, t) {
  const card = parseCard(id);
  if (card.kind === "wild") return t(`card.wild.${card.rank}`);
  if (card.kind === "joker") return t("card.joker");
  if (card.kind === "french") {
    return t("card.name.suit", { rank: t(`card.rank.${card.rank}`), suit: suitName(card.suit, t), Suit: t(`card.suit_title.${card.suit}`) });
  }
  const special = { S: "skip", R: "reverse", "+2": "draw_two" }[card.rank];
  const rank = special ? t(`card.action.${special}`) : card.rank;
  return t("card.name.colour", { rank, colour: colourName(card.colour, t), Colour: t(`card.colour_title.${card.colour}`) });
}

/**
 * A list of card names: "Seven of hearts, Queen of spades".
 * @param {string[]} ids
 * @param {import("./types.js").Translate} t
 * @returns {string}
 */
export function cardNames(ids, t) {
  return (ids || []).map((id) => cardName(id, t)).join(", ");
}

// -- shapes ----------------------------------------------------------------------------------

// Suit outlines in a 100 × 100 box.
const SUIT_PATH = {
  H: "M50 94C22 70 3 52 3 31 3 15 15 4 29 4c9 0 17 5 21 14 4-9 12-14 21-14 14 0 26 11 26 27 0 21-19 39-47 63z",
  D: "M50 2 90 50 50 98 10 50z",
  S: "M50 3C78 28 97 45 97 64c0 14-10 24-23 24-9 0-16-4-20-11 1 10 5 16 14 21H32c9-5 13-11 14-21-4 7-11 11-20 11C13 88 3 78 3 64 3 45 22 28 50 3z",
  C: "M50 6a21 21 0 0 1 17 33 21 21 0 1 1-12 31c1 12 5 20 14 26H31c9-6 13-14 14-26a21 21 0 1 1-12-31A21 21 0 0 1 50 6z",
};

// Colour shapes in a 100 × 100 box: red triangle, yellow circle, green square, blue diamond.
const COLOUR_PATH = {
  r: "M50 6 96 90H4z",
  y: "M50 4a46 46 0 1 1 0 92 46 46 0 1 1 0-92z",
  g: "M10 10h80v80H10z",
  b: "M50 2 96 50 50 98 4 50z",
};

/**
 * A suit or colour symbol as SVG at (x, y) (top-left) with the given size.
 * @param {string} value
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {import("./types.js").Attrs} [attrs]
 * @returns {SVGElement}
 */
export function symbol(value, x, y, size, attrs = {}) {
  const isSuit = value in SUIT_PATH;
  const path = isSuit ? SUIT_PATH[value] : COLOUR_PATH[value];
  const fill = attrs.fill || (isSuit ? SUIT_FILL[value] : COLOUR_FILL[value]);
  return s("path", {
    d: path,
    transform: `translate(${x} ${y}) scale(${size / 100})`,
    fill,
    stroke: attrs.stroke || (isSuit ? "none" : "#1d1d1f"),
    "stroke-width": attrs.stroke === "none" ? null : isSuit ? null : 7,
    class: attrs.class,
    "aria-hidden": "true",
  });
}

/**
 * A small standalone <svg> icon of a suit or colour (for buttons and labels).
 * @param {string} value
 * @param {number} [size]
 * @returns {SVGElement}
 */
export function symbolIcon(value, size = 20) {
  return s(
    "svg",
    { viewBox: "0 0 100 100", width: size, height: size, class: "card-symbol", "aria-hidden": "true", focusable: "false" },
    symbol(value, 0, 0, 100),
  );
}

// Skip: a circle with a bar; reverse: two arrows; both in a 100 × 100 box.
function skipMark(x, y, size, colour) {
  const k = size / 100;
  return s(
    "g",
    { transform: `translate(${x} ${y}) scale(${k})`, fill: "none", stroke: colour, "stroke-width": 12, "stroke-linecap": "round" },
    s("circle", { cx: 50, cy: 50, r: 38 }),
    s("path", { d: "M24 76 76 24" }),
  );
}

function reverseMark(x, y, size, colour) {
  const k = size / 100;
  return s(
    "g",
    { transform: `translate(${x} ${y}) scale(${k})`, fill: colour, stroke: colour, "stroke-width": 4, "stroke-linejoin": "round" },
    s("path", { d: "M14 38h50V20l30 28-30 28V56H14z" }),
    s("path", { d: "M86 62H36v18L6 52l30-28v18h50z", transform: "translate(0 14)", opacity: 0.9 }),
  );
}

// -- card faces ------------------------------------------------------------------------------

const W = 100;
const H = 150;
const INK = "#1d1d1f";

function cornerText(text, x, y, size, fill, attrs = {}) {
  return s("text", {
    x,
    y,
    "font-size": size,
    "font-weight": 800,
    "text-anchor": "middle",
    "font-family": "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    fill,
    class: attrs.class,
    stroke: attrs.stroke,
    "stroke-width": attrs.strokeWidth,
    "paint-order": attrs.stroke ? "stroke" : null,
    text,
  });
}

function frenchFace(card) {
  const fill = SUIT_FILL[card.suit];
  const label = card.rank === "1" ? "1" : card.rank;
  const narrow = label.length > 1;
  const parts = [
    s("rect", { x: 1.5, y: 1.5, width: W - 3, height: H - 3, rx: 9, class: "card-paper" }),
    // The index reads in the strip a fanned hand leaves visible.
    cornerText(label, 17, 31, narrow ? 24 : 29, fill, { class: "card-index" }),
    symbol(card.suit, 5, 37, 24),
    s(
      "g",
      { transform: `rotate(180 ${W / 2} ${H / 2})` },
      cornerText(label, 17, 31, narrow ? 24 : 29, fill),
      symbol(card.suit, 5, 37, 24),
    ),
  ];
  if (["J", "Q", "K"].includes(card.rank)) {
    parts.push(s("rect", { x: 30, y: 30, width: 54, height: 90, rx: 6, fill: "none", stroke: fill, "stroke-width": 2.5 }));
    parts.push(cornerText(card.rank, 57, 88, 40, fill));
    parts.push(symbol(card.suit, 45, 96, 22));
  } else {
    parts.push(symbol(card.suit, 33, 52, 46));
  }
  return parts;
}

function colourRankMark(card, cx, cy, size, fill, stroke) {
  if (card.rank === "S") return skipMark(cx - size / 2, cy - size / 2, size, fill);
  if (card.rank === "R") return reverseMark(cx - size / 2, cy - size / 2, size, fill);
  const text = card.rank;
  const fontSize = text.length > 1 ? size * 0.78 : size;
  return cornerText(text, cx, cy + fontSize * 0.36, fontSize, fill, stroke ? { stroke, strokeWidth: size / 9 } : {});
}

function colourFace(card) {
  const fill = COLOUR_FILL[card.colour];
  return [
    s("rect", { x: 1.5, y: 1.5, width: W - 3, height: H - 3, rx: 9, class: "card-paper" }),
    s("rect", { x: 7, y: 7, width: W - 14, height: H - 14, rx: 6, fill }),
    s("ellipse", { cx: 52, cy: 82, rx: 30, ry: 44, transform: "rotate(22 52 82)", fill: "#fffdf7" }),
    colourRankMark(card, 54, 82, 38, INK),
    // Corner: the rank on a white tab and the colour's shape beneath, readable in a fan.
    s("rect", { x: 5, y: 5, width: 34, height: 62, rx: 6, fill: "#fffdf7" }),
    colourRankMark(card, 22, 23, card.rank.length > 1 ? 28 : 24, INK),
    symbol(card.colour, 10, 42, 23),
  ];
}

function wildFace(card) {
  const quarter = (colour, d) => s("path", { d, fill: COLOUR_FILL[colour], stroke: "#1d1d1f", "stroke-width": 1 });
  const cx = 52;
  const cy = 84;
  const label = card.rank === "W" ? "" : "+4";
  return [
    s("rect", { x: 1.5, y: 1.5, width: W - 3, height: H - 3, rx: 9, class: "card-paper" }),
    s("rect", { x: 7, y: 7, width: W - 14, height: H - 14, rx: 6, fill: "#1d1d1f" }),
    quarter("r", `M${cx} ${cy}V${cy - 40}A30 40 0 0 1 ${cx + 30} ${cy}z`),
    quarter("b", `M${cx} ${cy}H${cx + 30}A30 40 0 0 1 ${cx} ${cy + 40}z`),
    quarter("y", `M${cx} ${cy}V${cy + 40}A30 40 0 0 1 ${cx - 30} ${cy}z`),
    quarter("g", `M${cx} ${cy}H${cx - 30}A30 40 0 0 1 ${cx} ${cy - 40}z`),
    label ? cornerText(label, cx, cy + 12, 34, "#fffdf7", { stroke: "#1d1d1f", strokeWidth: 5 }) : null,
    s("rect", { x: 5, y: 5, width: 34, height: 62, rx: 6, fill: "#fffdf7" }),
    cornerText(card.rank === "W" ? "W" : "+4", 22, 31, card.rank === "W" ? 26 : 22, INK),
    s(
      "g",
      { "aria-hidden": "true" },
      symbol("r", 9, 40, 11),
      symbol("y", 23, 40, 11),
      symbol("g", 9, 53, 11),
      symbol("b", 23, 53, 11),
    ),
  ];
}

// The rummy games' joker: a star and "J★" in the corner, ink on paper (no suit, no colour).
function jokerFace() {
  return [
    s("rect", { x: 1.5, y: 1.5, width: W - 3, height: H - 3, rx: 9, class: "card-paper" }),
    s("path", {
      d: "M50 40 59 66H86L64 82 72 108 50 92 28 108 36 82 14 66H41z",
      fill: "#E69F00",
      stroke: INK,
      "stroke-width": 2.5,
    }),
    cornerText("J", 20, 30, 24, INK),
    // Sized for a hand card 58 px wide: 12 CSS px and more.
    cornerText("★", 20, 54, 22, INK),
    cornerText("JOKER", 50, 136, 22, INK),
  ];
}

/**
 * A card face as an <svg> element (viewBox 100 × 150). In HTML it sizes by CSS; inside an
 * SVG give `x`, `y`, `width` (height follows).
 * @param {string} id
 * @param {import("./types.js").Attrs} [attrs]
 * @returns {SVGElement}
 */
export function cardSvg(id, attrs = {}) {
  const card = parseCard(id);
  const faces = { french: frenchFace, wild: wildFace, joker: jokerFace };
  const body = (faces[card.kind] || colourFace)(card);
  return s(
    "svg",
    {
      viewBox: `0 0 ${W} ${H}`,
      x: attrs.x,
      y: attrs.y,
      width: attrs.width,
      height: attrs.width ? (attrs.width * H) / W : null,
      class: ["card-face", attrs.class],
      "aria-hidden": attrs.label ? null : "true",
      role: attrs.label ? "img" : null,
      "aria-label": attrs.label,
      focusable: "false",
      "data-card": id,
      "data-testid": attrs.testid,
    },
    attrs.label ? s("title", { text: attrs.label }) : null,
    body,
  );
}

/**
 * A card in a line of small ones (a meld, a meld the hand could lay): its rank and suit in
 * text of a readable size, "7♥", "★" for a joker, on a white chip. A card face 22 px wide
 * had its index at 5–6 px.
 * @param {string} id
 * @returns {HTMLElement}
 */
export function miniCard(id) {
  const card = parseCard(id);
  const red = card.kind === "french" && (card.suit === "H" || card.suit === "D");
  const text =
    card.kind === "joker" ? "★" : card.kind === "french" ? `${card.rank === "1" ? "A" : card.rank}${SUIT_SYMBOL[card.suit]}` : card.kind === "wild" ? card.rank : `${card.rank}${COLOUR_SYMBOL[card.colour] || ""}`;
  return h("span", { class: ["mini-card", red && "red", card.kind === "joker" && "joker"], "data-card": id, "aria-hidden": "true" }, text);
}

/**
 * A face-down card (the back) as an <svg>, sized like `cardSvg`.
 * @param {import("./types.js").Attrs} [attrs]
 * @returns {SVGElement}
 */
export function cardBackSvg(attrs = {}) {
  return s(
    "svg",
    {
      viewBox: `0 0 ${W} ${H}`,
      x: attrs.x,
      y: attrs.y,
      width: attrs.width,
      height: attrs.width ? (attrs.width * H) / W : null,
      class: ["card-back", attrs.class],
      "aria-hidden": "true",
      focusable: "false",
    },
    s("rect", { x: 1.5, y: 1.5, width: W - 3, height: H - 3, rx: 9, class: "card-back-paper" }),
    s("rect", { x: 9, y: 9, width: W - 18, height: H - 18, rx: 5, class: "card-back-field" }),
    s("path", {
      d: "M9 30 30 9M9 60 60 9M9 90 82 17M9 120 82 47M18 141 82 77M48 141 82 107M78 141 82 137M30 141 9 120M60 141 9 90M82 133 17 68M82 103 9 30M82 73 18 9M82 43 48 9",
      class: "card-back-lines",
    }),
    s("circle", { cx: 50, cy: 75, r: 16, class: "card-back-seal" }),
  );
}

// -- the hand --------------------------------------------------------------------------------

const TAP_STEP = 44; // px of each card left visible in a fan: a tap target's width
const MIN_STEP = 28; // px at the least: the rank and suit and a fingertip, before rows scroll
const CARD_W = 58; // px, the card width in the hand (the height follows 2:3)
const MAX_ROWS = 3;

function perRow(width, step) {
  return Math.max(1, Math.floor((Math.max(width, CARD_W) - CARD_W) / step) + 1);
}

/**
 * How many cards go in each row. Rows never cover one another (a row over a row hid the
 * cards beneath on a phone), so they cost height: every card keeps a 44 px strip in one or
 * two rows; a hand that would need more rows packs two rows down to 28 px strips first, and
 * only then takes a third; beyond three rows of 28 px the rows scroll sideways (`scrolls`).
 * @param {number} count
 * @param {number} width
 * @returns {{ rows: number[], scrolls: boolean }}
 */
export function handLayout(count, width) {
  if (count <= 0) return { rows: [], scrolls: false };
  let rows = Math.ceil(count / perRow(width, TAP_STEP));
  if (rows > 2) rows = Math.max(2, Math.ceil(count / perRow(width, MIN_STEP)));
  rows = Math.min(MAX_ROWS, rows);
  const base = Math.floor(count / rows);
  const extra = count % rows;
  // The longer rows on top: the bottom row, nearest the thumb, is the shortest.
  const sizes = Array.from({ length: rows }, (_, i) => base + (i < extra ? 1 : 0));
  return { rows: sizes, scrolls: sizes[0] > perRow(width, MIN_STEP) };
}

/**
 * The player's hand, fanned: an HTML group of card buttons in one to three rows, each row's
 * cards overlapping sideways.
 *
 * `cards`   card ids in display order (use sortCards)
 * `ctx`     the render context (t, ownZone, reducedMotion)
 * `state(card)` → "playable" | "quiet" | "idle" | "selected": lit and raised, greyed (your
 *           turn but not playable), plain (not your turn) or chosen
 * `onPress(card)` for playable and selected cards
 * `label`   the group's label; `fresh` ids to mark as just drawn; `mark(card)` a short
 *           badge (a selection's order)
 * @param {{ cards: string[], ctx: import("./types.js").DrawContext, state: (card: string) => string, onPress?: (card: string) => void, label?: string, fresh?: string[], mark?: ((card: string) => any) | null, testid?: string }} spec
 */
export function renderHand({ cards, ctx, state, onPress, label, fresh = [], mark = null, testid = "hand" }) {
  const width = handWidth(ctx);
  const { rows, scrolls } = handLayout(cards.length, width);
  const buttons = [];
  let index = 0;
  const rowEls = rows.map((size) => {
    const rowCards = cards.slice(index, index + size);
    index += size;
    return h(
      "div",
      { class: "hand-row", style: { "--n": String(Math.max(2, size)) } },
      rowCards.map((id) => {
        const mode = state(id);
        const lit = mode === "playable" || mode === "selected";
        const isNew = fresh.includes(id);
        // "Seven of hearts, playable" — what the card is and what it does now.
        const spoken = [
          cardName(id, ctx.t),
          { playable: ctx.t("card.playable"), selected: ctx.t("card.selected"), quiet: ctx.t("card.not_playable") }[mode],
          isNew ? ctx.t("card.new") : null,
        ]
          .filter(Boolean)
          .join(", ");
        const button = h(
          "button",
          {
            type: "button",
            class: ["card-btn", mode, isNew && "fresh"],
            "aria-label": spoken,
            "aria-disabled": lit ? null : "true",
            "aria-pressed": mode === "selected" ? "true" : null,
            "data-testid": `card-${id}`,
            "data-card": id,
            tabindex: lit ? "0" : "-1",
          },
          cardSvg(id),
          isNew ? h("span", { class: "card-new", "aria-hidden": "true" }, ctx.t("card.new_short")) : null,
          mark && mark(id) ? h("span", { class: "card-mark", "aria-hidden": "true" }, mark(id)) : null,
        );
        if (lit && onPress) button.addEventListener("click", () => onPress(id));
        buttons.push(button);
        return button;
      }),
    );
  });
  // The lit cards are tab stops (else the first card); arrow keys walk the whole hand.
  if (!buttons.some((b) => b.getAttribute("tabindex") === "0") && buttons.length) buttons[0].setAttribute("tabindex", "0");
  arrowKeys(buttons);
  return h(
    "div",
    { class: ["hand", rows.length > 1 && "rows", scrolls && "scrolls"], role: "group", "aria-label": label, "data-testid": testid, "data-count": String(cards.length) },
    rowEls,
  );
}

function handWidth(ctx) {
  const zone = ctx.ownZone;
  let width = zone ? zone.getBoundingClientRect().width : 0;
  if (!width && zone && zone.parentElement) width = zone.parentElement.getBoundingClientRect().width;
  if (!width) width = document.documentElement.clientWidth || 360;
  // Own-zone padding; the hand is at most 44rem wide on large screens.
  return Math.min(width - 16, 704);
}

// -- choosing a colour or suit ---------------------------------------------------------------

/** @type {{ handle: { close: () => void }, key: string | undefined } | null} */
let openChoice = null;

/**
 * Ask for a colour or suit. `choices` are values ("r", "H", ...); `onChoose(value)` runs on a
 * pick; closing (Escape, ✕) cancels. Buttons: `choose-<value>`; the dialog: `choose-dialog`.
 * Returns the handle ({close}); an open one is closed first.
 * @param {{ title: string, text?: string | undefined, choices: string[], t: import("./types.js").Translate, onChoose: (value: string) => void, key?: string }} spec
 */
export function chooseDialog({ title, text, choices, t, onChoose, key }) {
  closeChoice();
  const buttons = choices.map((value) =>
    h(
      "button",
      {
        type: "button",
        class: ["choice", value in SUIT_SYMBOL ? "suit" : "colour", `choice-${value}`],
        "data-testid": `choose-${value}`,
        onclick: () => {
          const chosen = openChoice;
          closeChoice();
          if (chosen) onChoose(value);
        },
      },
      symbolIcon(value, 30),
      h("span", null, t(value in SUIT_SYMBOL ? `card.suit_title.${value}` : `card.colour_title.${value}`)),
    ),
  );
  arrowKeys(buttons);
  const handle = openDialog({
    title,
    testid: "choose-dialog",
    className: "choose-dialog",
    content: [text ? h("p", { class: "hint" }, text) : null, h("div", { class: "choices", role: "group", "aria-label": title }, buttons)],
    onClose: () => {
      if (openChoice && openChoice.handle === handle) openChoice = null;
    },
  });
  openChoice = { handle, key };
  buttons[0].focus();
  return handle;
}

/**
 * Close the choice dialog (a new view came and the choice is gone), unless it is `keep`.
 * @param {string} [keep]
 */
export function closeChoice(keep) {
  if (!openChoice) return;
  if (keep !== undefined && openChoice.key === keep) return;
  const { handle } = openChoice;
  openChoice = null;
  handle.close();
}

/**
 * The key of the open choice dialog, or null.
 * @returns {string | null | undefined}
 */
export function openChoiceKey() {
  return openChoice ? openChoice.key : null;
}

// -- small pieces for the table --------------------------------------------------------------

/**
 * An HTML action button (44 px tall): Draw, Pass, Knock...
 * @param {{ text?: import("./types.js").Child, testid?: string, onPress?: (e: Event) => void, disabled?: boolean, primary?: boolean, label?: string }} spec
 * @returns {HTMLButtonElement}
 */
export function actionButton({ text, testid, onPress, disabled = false, primary = false, label }) {
  return h(
    "button",
    {
      type: "button",
      class: ["card-action", primary && "primary"],
      "data-testid": testid,
      disabled,
      "aria-label": label,
      onclick: disabled ? null : onPress,
    },
    text,
  );
}

// -- the table -------------------------------------------------------------------------------

export const TABLE_W = 400;
export const TABLE_H = 314;
const TOP_ROOM = 16;
const CENTRE_X = 200;
const CENTRE_Y = 150;
const RING_X = 166;
const RING_Y = 114;

/**
 * Where each seat sits: the viewer at the bottom, the others clockwise in seat order from
 * the viewer's left (so direction 1 runs clockwise). A spectator sees seat 0 at the bottom.
 * @param {number} seats
 * @param {number} bottom
 */
export function seatSpots(seats, bottom) {
  const spots = new Map();
  for (let k = 0; k < seats; k++) {
    const seat = (bottom + k) % seats;
    const angle = ((90 + (k * 360) / seats) * Math.PI) / 180;
    spots.set(seat, { x: CENTRE_X + RING_X * Math.cos(angle), y: CENTRE_Y + RING_Y * Math.sin(angle) });
  }
  return spots;
}

/**
 * The table's <svg> (400 × 300) with its felt.
 * @param {{ label?: string, testid?: string }} spec
 * @returns {SVGElement}
 */
export function tableRoot({ label, testid = "card-table" }) {
  const root = s("svg", {
    // Room above the top seat for its name in two lines, drawn whole at any scale.
    viewBox: `0 ${-TOP_ROOM} ${TABLE_W} ${TABLE_H + TOP_ROOM}`,
    preserveAspectRatio: "xMidYMid meet",
    class: ["board", "card-table"],
    role: "group",
    "aria-label": label,
    "data-testid": testid,
  });
  root.append(s("ellipse", { cx: CENTRE_X, cy: CENTRE_Y, rx: RING_X + 28, ry: RING_Y + 24, class: "felt" }));
  keepTextReadable(root);
  return root;
}

const MIN_TEXT_PX = 12;
// The size in table units a 12 px text reaches on a 360 px phone (the table drawn 0.86 to 1):
// names and lines kept clear of the edge at this size stay whole there.
const PHONE_TEXT = 14;

/**
 * Keeps every text drawn in `root` (an <svg> that scales to its box) at least 12 CSS px on
 * screen: the table is drawn in 400 user units, and on a 360 px phone its 11-unit counts and
 * names came out at 5–9 px. Once laid out, and whenever the drawing's size changes, a text
 * whose font size times its scale on screen falls short is drawn larger around the same
 * anchor; at desktop sizes nothing changes.
 * @param {SVGElement} root
 */
export function keepTextReadable(root) {
  if (typeof ResizeObserver !== "function") return;
  const fit = () => {
    for (const text of root.querySelectorAll("text")) {
      if (!text.dataset.size) text.dataset.size = String(parseFloat(text.getAttribute("font-size") || "") || parseFloat(getComputedStyle(text).fontSize) || MIN_TEXT_PX);
      const base = Number(text.dataset.size);
      const m = text.getScreenCTM();
      const scale = m ? Math.hypot(m.c, m.d) : 0;
      if (!scale) continue;
      const size = base * scale < MIN_TEXT_PX ? MIN_TEXT_PX / scale + 0.05 : base;
      text.style.fontSize = `${size.toFixed(2)}px`;
    }
  };
  const observer = new ResizeObserver(() => {
    if (!root.isConnected) {
      observer.disconnect();
      return;
    }
    fit();
  });
  observer.observe(root);
  // Fitted already at the end of the task that drew it too, so nothing (a test reading the
  // page, a screen reader's box) sees it unfitted before the observer's first call.
  queueMicrotask(() => {
    if (root.isConnected) fit();
  });
}

function textWidth(text, size) {
  return [...String(text)].length * size * 0.58;
}

/** A speech bubble ("Last card!") beside a seat, turned towards the middle. */
function bubble(text, x, y, className) {
  const size = 12;
  const w = textWidth(text, size) + 14;
  const left = x <= CENTRE_X + 1 ? x + 19 : x - 19 - w;
  const bx = Math.max(2, Math.min(TABLE_W - w - 2, left));
  const by = y - 10;
  return s(
    "g",
    { class: ["seat-bubble", className] },
    s("rect", { x: bx, y: by, width: w, height: 20, rx: 10 }),
    s("text", { x: bx + w / 2, y: by + 14.5, "font-size": size, "text-anchor": "middle", text }),
  );
}

/**
 * A seat's name in at most two lines of about 13 characters, broken at a space
 * ("Computer" / "(easy)"): cutting it to ten letters lost the level and the name's end.
 * @param {string} name
 * @param {number} [width]
 * @returns {string[]}
 */
export function nameLines(name, width = 13) {
  const chars = [...name];
  if (chars.length <= width) return [name];
  const head = chars.slice(0, width + 1).join("");
  const cut = head.lastIndexOf(" ");
  const first = cut > 0 ? chars.slice(0, cut).join("") : chars.slice(0, width).join("");
  const rest = [...(cut > 0 ? chars.slice(cut + 1) : chars.slice(width)).join("").trim()];
  const second = rest.length > width ? `${rest.slice(0, width - 1).join("")}…` : rest.join("");
  return [first, second];
}

/**
 * The seats around the table. `info(seat)` gives {count, flag, place, extra, hideCount}:
 * card count (a little back and the number), a bubble text, a finishing place, a short
 * extra text (wins, lives) under the count. The seat(s) to move get a heavy ring and a
 * pointer. Returns the spots (for animations).
 * @param {SVGElement} root
 * @param {import("./types.js").View} view
 * @param {import("./types.js").DrawContext} ctx
 * @param {(seat: number) => Record<string, any>} info
 */
export function drawSeats(root, view, ctx, info) {
  const seats = view.seats;
  const bottom = ctx.mySeat ?? 0;
  const spots = seatSpots(seats, bottom);
  const toMove = view.result ? [] : view.to_move || [];
  const compact = seats > 8;
  const r = compact ? 11 : 14;
  for (const [seat, { x, y }] of spots) {
    const data = info(seat) || {};
    const turn = toMove.includes(seat);
    const g = s("g", { class: ["seat-spot", turn && "turn", data.place && "done"], "aria-hidden": "true", "data-seat": String(seat) });
    if (turn) g.append(s("circle", { cx: x, cy: y, r: r + 5, class: "turn-ring" }));
    g.append(s("circle", { cx: x, cy: y, r, fill: ctx.seatColour(seat), class: "seat-disc" }));
    g.append(
      s("text", {
        x,
        y: y + r * 0.38,
        "font-size": r * 1.05,
        "text-anchor": "middle",
        fill: ctx.seatInk(seat),
        class: "seat-mark",
        text: ctx.seatMark(seat),
      }),
    );
    const mine = seat === ctx.mySeat;
    if (!compact || mine) {
      const name = mine ? ctx.t("cards.you") : ctx.seatName(seat);
      const lines = nameLines(name);
      lines.forEach((line, i) => {
        const half = textWidth(line, PHONE_TEXT) / 2 + 3;
        const nx = Math.max(half, Math.min(TABLE_W - half, x));
        // Lines 15 apart: on a phone keepTextReadable draws the 12-unit names at up to 14.
        const ny = y - r - 6 - (lines.length - 1 - i) * 15;
        g.append(s("text", { x: nx, y: ny, "font-size": 12, "text-anchor": "middle", class: ["seat-name", turn && "turn"], text: line }));
      });
    }
    let under = y + r + 4;
    if (data.place) {
      const text = ctx.t("cards.place", { place: data.place });
      const w = textWidth(text, 11) + 12;
      g.append(s("rect", { x: x - w / 2, y: under, width: w, height: 16, rx: 8, class: "seat-place" }));
      g.append(s("text", { x, y: under + 12, "font-size": 11, "text-anchor": "middle", class: "seat-place-text", text }));
      under += 18;
    } else if (!data.hideCount && typeof data.count === "number") {
      const text = String(data.count);
      const w = textWidth(text, 12) + 22;
      g.append(s("rect", { x: x - w / 2, y: under, width: w, height: 17, rx: 8.5, class: "seat-count" }));
      g.append(cardBackSvg({ x: x - w / 2 + 4, y: under + 2, width: 9 }));
      g.append(s("text", { x: x - w / 2 + 16, y: under + 13, "font-size": 12, class: "seat-count-text", text }));
      under += 19;
    }
    if (data.extra) {
      const half = textWidth(data.extra, PHONE_TEXT) / 2 + 2;
      const ex = Math.max(half, Math.min(TABLE_W - half, x));
      g.append(s("text", { x: ex, y: under + 10, "font-size": 11, "text-anchor": "middle", class: "seat-extra", text: data.extra }));
    }
    if (data.flag) g.append(bubble(data.flag, x, y, data.flagClass));
    root.append(g);
  }
  return spots;
}

/**
 * The middle of a shedding game: the draw pile (a button when `onDraw` is given), the
 * discard pile with its top card, the colour or suit to follow, the direction and a
 * pending draw. Returns {discardTop} for animations.
 * @param {SVGElement} root
 * @param {import("./types.js").View} view
 * @param {import("./types.js").DrawContext} ctx
 * @param {{ top?: string | null, drawSize: number, discardSize: number, follow?: string | null, wished?: boolean, direction?: number, pending?: number, onDraw?: (() => void) | null, drawLabel?: string }} spec
 * @returns {{ discardTop: SVGElement | null, discardX: number, discardY: number }}
 */
export function drawPiles(root, view, ctx, { top, drawSize, discardSize, follow, wished, direction, pending, onDraw, drawLabel }) {
  const cw = 52;
  const ch = cw * 1.5;
  const py = 100;
  const drawX = CENTRE_X - cw - 12;
  const discardX = CENTRE_X + 12;

  if (direction === 1 || direction === -1) root.append(directionArrows(direction));

  // Draw pile: a stack of backs, the count beneath.
  const pile = s("g", { class: "draw-pile" });
  const layers = Math.min(3, Math.ceil(drawSize / 10));
  for (let i = layers; i >= 0; i--) pile.append(cardBackSvg({ x: drawX - i * 1.5, y: py - i * 1.5, width: cw }));
  if (!drawSize) pile.append(s("rect", { x: drawX, y: py, width: cw, height: ch, rx: 5, class: "empty-pile" }));
  const count = ctx.t("cards.pile_count", { count: drawSize });
  pile.append(s("text", { x: drawX + cw / 2, y: py + ch + 19, "font-size": 11, "text-anchor": "middle", class: "pile-count", text: count }));
  if (onDraw) {
    const hit = s("rect", { x: drawX - 6, y: py - 6, width: cw + 12, height: ch + 12, rx: 8, class: "hit pile-hit" });
    const button = s(
      "g",
      { role: "button", tabindex: 0, "aria-label": drawLabel, "data-testid": "draw-pile", class: "svg-btn lit pile-button" },
      hit,
      pile,
    );
    button.addEventListener("click", onDraw);
    button.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        onDraw();
      }
    });
    root.append(button);
  } else {
    root.append(pile);
  }

  // Discard pile: a hint of the cards beneath, then the top card.
  const below = Math.min(3, Math.max(0, discardSize - 1));
  for (let i = below; i >= 1; i--) {
    root.append(s("rect", { x: discardX + i * 2, y: py + i * 1.5, width: cw, height: ch, rx: 5, class: "discard-under" }));
  }
  /** @type {SVGElement | null} */
  let discardTop = null;
  if (top) {
    discardTop = s("g", { class: "discard-top", "data-testid": "discard-top", "data-card": top }, cardSvg(top, { x: discardX, y: py, width: cw }));
    root.append(discardTop);
  }
  if (pending) {
    const text = `+${pending}`;
    const w = textWidth(text, 16) + 14;
    root.append(
      s(
        "g",
        { class: "pending", "data-testid": "pending-draw" },
        s("rect", { x: discardX + cw - w / 2 + 4, y: py - 12, width: w, height: 24, rx: 12 }),
        s("text", { x: discardX + cw + 4, y: py + 5.5, "font-size": 16, "text-anchor": "middle", text }),
      ),
    );
  }

  // The colour or suit to follow, with its shape and name; "wished" when named by a card.
  if (follow) {
    const name = followTitle(follow, ctx);
    const text = wished ? ctx.t("cards.wished", { name }) : name;
    const w = textWidth(text, 12) * 1.12 + 34; // bold text runs wider
    const x = CENTRE_X - w / 2;
    const y = py + ch + 26;
    root.append(
      s(
        "g",
        { class: ["follow", wished && "wished"], "data-testid": "follow", "data-value": follow },
        s("rect", { x, y, width: w, height: 24, rx: 12, class: "follow-pill" }),
        s("rect", { x: x + 4, y: y + 3, width: 18, height: 18, rx: 4, class: "follow-swatch" }),
        symbol(follow, x + 6, y + 5, 14),
        s("text", { x: x + 27, y: y + 16.5, "font-size": 12, class: "follow-text", text }),
      ),
    );
  }
  return { discardTop, discardX, discardY: py };
}

function followTitle(follow, ctx) {
  return follow in SUIT_SYMBOL ? ctx.t(`card.suit_title.${follow}`) : ctx.t(`card.colour_title.${follow}`);
}

/** Two curved arrows left and right of the piles: clockwise for direction 1. */
function directionArrows(direction) {
  const rx = 126;
  const ry = 74;
  const cx = CENTRE_X;
  const cy = CENTRE_Y - 4;
  const point = (deg) => {
    const a = (deg * Math.PI) / 180;
    return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)];
  };
  const arc = (from, to) => {
    // Clockwise on screen is increasing angle; an arrowhead at the `to` end.
    const [x1, y1] = point(from);
    const [x2, y2] = point(to);
    const sweep = to > from ? 1 : 0;
    const d = `M${x1.toFixed(1)} ${y1.toFixed(1)}A${rx} ${ry} 0 0 ${sweep} ${x2.toFixed(1)} ${y2.toFixed(1)}`;
    const step = to > from ? 1 : -1;
    const [bx, by] = point(to - step * 6);
    const angle = Math.atan2(y2 - by, x2 - bx);
    const head = (spread) => [x2 - 11 * Math.cos(angle + spread), y2 - 11 * Math.sin(angle + spread)];
    const [ax, ay] = head(0.5);
    const [cx2, cy2] = head(-0.5);
    return [
      s("path", { d, class: "direction-arc" }),
      s("path", { d: `M${x2.toFixed(1)} ${y2.toFixed(1)}L${ax.toFixed(1)} ${ay.toFixed(1)}L${cx2.toFixed(1)} ${cy2.toFixed(1)}z`, class: "direction-head" }),
    ];
  };
  const left = direction === 1 ? arc(150, 210) : arc(210, 150);
  const right = direction === 1 ? arc(330, 390) : arc(390, 330);
  return s("g", { class: "direction", "data-testid": "direction", "data-direction": String(direction), "aria-hidden": "true" }, left, right);
}

/**
 * A short slide of a freshly played card from its seat onto the pile (≤ 220 ms).
 * @param {Element} el
 * @param {{ x: number, y: number } | undefined} from
 * @param {{ x: number, y: number }} to
 * @param {import("./types.js").DrawContext} ctx
 */
export function slideIn(el, from, to, ctx) {
  if (!el || !from || ctx.reducedMotion || typeof el.animate !== "function") return;
  const dx = from.x - to.x;
  const dy = from.y - to.y;
  el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(0.6)`, opacity: 0.3 }, { transform: "translate(0px, 0px) scale(1)", opacity: 1 }], {
    duration: 220,
    easing: "ease-out",
  });
}

/**
 * An sr-only paragraph, for what the drawing shows.
 * @param {string} text
 * @returns {HTMLElement}
 */
export function srText(text) {
  return h("p", { class: "sr-only", "data-testid": "table-summary" }, text);
}

// -- playing one card ------------------------------------------------------------------------

/**
 * Play `card`: the legal "play" moves for it decide. One move: send it. Several, each naming
 * a colour or suit (`choiceKey`): ask which, then send that one.
 * @param {import("./types.js").View} view
 * @param {import("./types.js").DrawContext} ctx
 * @param {string} card
 * @param {{ choiceKey: string, title: string, text?: string }} spec
 */
export function playCard(view, ctx, card, { choiceKey, title, text }) {
  const moves = (view.legal_moves || []).filter((m) => m.type === "play" && m.card === card);
  if (!moves.length) return;
  const choices = moves.filter((m) => m[choiceKey] !== undefined);
  if (moves.length === 1 && !choices.length) {
    ctx.move(moves[0]);
    return;
  }
  if (choices.length) {
    chooseDialog({
      title,
      text,
      t: ctx.t,
      key: card,
      choices: choices.map((m) => m[choiceKey]),
      onChoose: (value) => {
        const move = choices.find((m) => m[choiceKey] === value);
        if (move) ctx.move(move);
      },
    });
    return;
  }
  ctx.move(moves[0]);
}

/**
 * Card ids the view lets this seat play ("play" moves naming a `card`).
 * @param {import("./types.js").View} view
 * @returns {Set<string>}
 */
export function playableCards(view) {
  return new Set((view.legal_moves || []).filter((m) => m.type === "play" && m.card).map((m) => m.card));
}

/**
 * The cards this seat has just drawn (for the "new" mark): set by its "drawn" event, kept
 * until this seat plays or passes or another seat acts.
 * @param {import("./types.js").DrawContext} ctx
 * @returns {string[]}
 */
export function freshlyDrawn(ctx) {
  const events = ctx.events || [];
  const drawn = events.filter((e) => e.code === "drawn" && e.seat === ctx.mySeat);
  if (drawn.length) {
    ctx.state.fresh = drawn.flatMap((e) => e.cards || []);
  } else if (events.some((e) => typeof e.seat === "number" && (e.seat !== ctx.mySeat || ["played", "passed", "laid"].includes(e.code)))) {
    ctx.state.fresh = [];
  }
  return ctx.state.fresh || [];
}

// -- a whole shedding table -----------------------------------------------------------------

/**
 * The table and own zone of a shedding game (Last Card, Mau-Mau, Hau Hau, Crazy Eights):
 * seats with card counts and calls around the felt, draw and discard piles, the colour or
 * suit to follow, direction, pending draws; the hand fanned below with Draw and Pass.
 *
 * `cfg`:
 *   follow, wished         the colour/suit to follow and whether a card named it
 *   pending                cards owed to a draw stack (0 for none)
 *   flag(seat)             a call to show ("Last card!") or null
 *   extra(seat)            a short text under the count (wins) or null
 *   place(seat)            a finishing place or null
 *   choiceKey, chooseTitle the key a wild's moves carry ("colour"/"suit") and the dialog title
 *   drawLabel, passLabel   button texts; hint: a line above the hand
 *   onCard(card)           replaces the default (play the card, asking for a colour/suit)
 *   cardState(card)        replaces the default lit/greyed state
 *   before, after          extra nodes for the own zone (above/below the hand)
 *   actions, mark          extra action buttons; a badge per hand card (renderHand)
 *   keepChoice(key)        whether an open colour/suit dialog still applies
 *   byRank                 sort the hand by rank first
 *   done                   a line instead of the hand once this seat is out
 * @param {HTMLElement} container
 * @param {import("./types.js").View} view
 * @param {import("./types.js").DrawContext} ctx
 * @param {Record<string, any>} cfg
 */
export function renderShedding(container, view, ctx, cfg) {
  const pub = view.public;
  const t = ctx.t;
  const root = tableRoot({ label: cfg.tableLabel || t("cards.table") });
  const spots = drawSeats(root, view, ctx, (seat) => ({
    count: (pub.hand_counts || [])[seat],
    flag: cfg.flag ? cfg.flag(seat) : null,
    flagClass: "call",
    place: cfg.place ? cfg.place(seat) : null,
    extra: cfg.extra ? cfg.extra(seat) : null,
    hideCount: cfg.hideCount ? cfg.hideCount(seat) : false,
  }));
  const canDraw = ctx.canMove && (view.legal_moves || []).some((m) => m.type === "draw");
  const canPass = ctx.canMove && (view.legal_moves || []).some((m) => m.type === "pass");
  const draw = () => ctx.move({ type: "draw" });
  const { discardTop, discardX, discardY } = drawPiles(root, view, ctx, {
    top: pub.discard_top,
    drawSize: pub.draw_size,
    discardSize: pub.discard_size,
    follow: cfg.follow,
    wished: cfg.wished,
    direction: cfg.direction === undefined ? pub.direction : cfg.direction,
    pending: cfg.pending,
    onDraw: canDraw ? draw : null,
    drawLabel: cfg.drawLabel,
  });
  if (cfg.decorate) cfg.decorate(root, spots);
  container.append(root);
  if (cfg.summary) container.append(srText(cfg.summary));

  // A card just played slides in from its player's seat.
  const played = [...(ctx.events || [])].reverse().find((e) => e.code === "played");
  if (played && discardTop) slideIn(discardTop, spots.get(played.seat), { x: discardX, y: discardY }, ctx);

  if (view.result || ctx.mySeat === null || ctx.mySeat === undefined) return;
  if (cfg.done) {
    // This seat is out; the others play on for the places.
    ctx.ownZone.append(h("p", { class: "hint card-done", "data-testid": "hand-done" }, cfg.done));
    return;
  }
  const hand = (view.private && view.private.hand) || [];
  const playable = playableCards(view);
  const fresh = freshlyDrawn(ctx);
  const state =
    cfg.cardState ||
    ((card) => {
      if (!ctx.canMove) return "idle";
      return playable.has(card) ? "playable" : "quiet";
    });
  const onCard =
    cfg.onCard ||
    ((card) => {
      playCard(view, ctx, card, { choiceKey: cfg.choiceKey, title: cfg.chooseTitle, text: cfg.chooseText });
    });
  // A choice dialog left open from an earlier view closes once its card is no longer playable.
  const open = openChoiceKey();
  const keep = cfg.keepChoice || ((key) => playable.has(key));
  if (open !== null && !(ctx.canMove && keep(open))) closeChoice();

  const actions = h(
    "div",
    { class: "card-actions" },
    cfg.hint ? h("p", { class: "hint", "data-testid": "hand-hint" }, cfg.hint) : null,
    cfg.actions || null,
    actionButton({ text: cfg.drawLabel, testid: "draw-button", onPress: draw, disabled: !canDraw, primary: canDraw && !playable.size }),
    canPass || cfg.showPass
      ? actionButton({ text: cfg.passLabel, testid: "pass-button", onPress: () => ctx.move({ type: "pass" }), disabled: !canPass })
      : null,
  );
  ctx.ownZone.append(
    h(
      "div",
      { class: "own-cards" },
      cfg.before || null,
      actions,
      renderHand({
        cards: sortCards(hand, Boolean(cfg.byRank)),
        ctx,
        state,
        onPress: onCard,
        fresh,
        mark: cfg.mark || null,
        label: t("cards.hand", { count: hand.length }),
      }),
      cfg.after || null,
    ),
  );
}

// -- what the shedding games' draw modules share ---------------------------------------------

/**
 * A seat's finishing place (1 for the first out), or null while it still plays.
 * @param {any} pub
 * @param {number | null} seat
 * @returns {number | null}
 */
export function finishingPlace(pub, seat) {
  const at = (pub.finished || []).indexOf(seat);
  return at === -1 ? null : at + 1;
}

/**
 * renderShedding settings for a game whose seats go out one by one and keep playing for the
 * places: each seat's place on the table, and the line shown instead of the hand once this
 * seat is out.
 * @param {any} pub
 * @param {import("./types.js").DrawContext} ctx
 * @returns {{ place: (seat: number) => number | null, done: string | null }}
 */
export function finishingSettings(pub, ctx) {
  const mine = finishingPlace(pub, ctx.mySeat);
  return { place: (seat) => finishingPlace(pub, seat), done: mine ? ctx.t("done", { place: mine }) : null };
}

/**
 * renderShedding settings for drawing where draw cards stack: the cards owed, a Draw label
 * that names them, and Pass, shown once this seat has drawn (`drew`).
 * @param {any} pub
 * @param {import("./types.js").DrawContext} ctx
 * @param {boolean} drew
 * @returns {Record<string, any>}
 */
export function drawStackSettings(pub, ctx, drew) {
  return {
    pending: pub.pending,
    drawLabel: pub.pending ? ctx.t("action.draw_pending", { count: pub.pending }) : ctx.t("action.draw"),
    passLabel: ctx.t("action.pass"),
    showPass: drew,
  };
}

/**
 * The call a seat has made ("Mau!", "Last card!"), or null. `call` names the public list of
 * the seats that made it and the call's text key: {seats: "mau", text: "call.mau"}.
 * @param {any} pub
 * @param {number} seat
 * @param {import("./types.js").Translate} t
 * @param {{ seats: string, text: string }} call
 * @returns {string | null}
 */
export function seatCall(pub, seat, t, call) {
  return (pub[call.seats] || []).includes(seat) ? t(call.text) : null;
}

/**
 * The seats-strip badge of a game whose seats go out one by one: the finishing place once
 * out, else the cards in hand, with the seat's `call` (see seatCall) when it made it.
 */
/**
 * @param {import("./types.js").View} view
 * @param {number} seat
 * @param {import("./types.js").DrawContext} ctx
 * @param {{ seats: string, text: string } | null} [call]
 * @returns {string | null}
 */
export function placeOrCountBadge(view, seat, ctx, call = null) {
  const pub = view.public;
  if (!pub || !pub.hand_counts) return null;
  const place = finishingPlace(pub, seat);
  if (place) return ctx.t("cards.place", { place });
  const count = ctx.t("cards.pile_count", { count: pub.hand_counts[seat] });
  return call && (pub[call.seats] || []).includes(seat) ? `${count} · ${ctx.t(call.text)}` : count;
}

/** A seat's line in a spoken summary: its cards in hand, or its place once it is out. */
function seatCountOrPlace(view, seat, ctx) {
  const place = finishingPlace(view.public, seat);
  const name = ctx.seatName(seat);
  return place ? ctx.t("summary.seat_done", { name, place }) : ctx.t("summary.seat", { name, count: view.public.hand_counts[seat] });
}

/**
 * The spoken summary of a shedding table: the `lead` lines; the top card with the colour or
 * suit to follow (`followParam` is its name in the game's "summary.top" text, which becomes
 * "summary.top_wished" when a card named it); the direction; a pending draw; then
 * `seatLine(seat)` for every seat (by default its cards in hand or its finishing place).
 */
/**
 * @param {import("./types.js").View} view
 * @param {import("./types.js").DrawContext} ctx
 * @param {{ lead?: string[], follow: string, wished?: boolean, followParam: string, seatLine?: ((seat: number) => string) | null }} spec
 * @returns {string}
 */
export function sheddingSummary(view, ctx, { lead = [], follow, wished = false, followParam, seatLine = null }) {
  const pub = view.public;
  const t = ctx.t;
  const parts = [...lead];
  if (pub.discard_top) {
    parts.push(t(wished ? "summary.top_wished" : "summary.top", { card: cardName(pub.discard_top, t), [followParam]: choiceName(follow, t) }));
  }
  parts.push(t(pub.direction === 1 ? "summary.clockwise" : "summary.anticlockwise"));
  if (pub.pending) parts.push(t("summary.pending", { count: pub.pending }));
  for (let seat = 0; seat < view.seats; seat++) parts.push(seatLine ? seatLine(seat) : seatCountOrPlace(view, seat, ctx));
  return parts.join(". ");
}

/**
 * The status line of a shedding game for the seat to move (null for everyone else): answer
 * or take the cards owed (`stackKey`, the game's wording for answering), else by `stage(pub)`,
 * where this seat's turn stands: "drew" (play the card just drawn or pass), "took" (took a
 * penalty: play, or draw one last card), anything else (play or draw). By default the stage
 * is "drew" while the public `drew` flag is set.
 */
/**
 * @param {import("./types.js").View} view
 * @param {import("./types.js").DrawContext} ctx
 * @param {{ stackKey: string, stage?: (pub: any) => string }} spec
 * @returns {string | null}
 */
export function sheddingStatus(view, ctx, { stackKey, stage = (pub) => (pub.drew ? "drew" : "open") }) {
  if (!ctx.canMove) return null;
  const pub = view.public;
  const t = ctx.t;
  const plays = (view.legal_moves || []).some((m) => m.type === "play");
  if (pub.pending) return plays ? t(stackKey, { count: pub.pending }) : t("status.draw_pending", { count: pub.pending });
  const now = stage(pub);
  if (now === "drew") return plays ? t("status.play_drawn") : t("status.pass");
  if (now === "took") return plays ? t("status.took") : t("status.draw_last");
  return plays ? t("status.play") : t("status.draw");
}

function eventSeatName(event, ctx) {
  return typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
}

/**
 * The history line of the drawing events the card games share: "drawn" (this seat's own
 * cards, named), "dealt" and "drew" (another seat's count); null for any other code.
 * @param {import("./types.js").GameEvent} event
 * @param {import("./types.js").DrawContext} ctx
 * @returns {string | null}
 */
export function describeDrawing(event, ctx) {
  const t = ctx.t;
  switch (event.code) {
    case "drawn":
      return (event.cards || []).length ? t("event.drawn", { cards: cardNames(event.cards, t) }) : t("event.drawn_none");
    case "dealt":
      return t("event.dealt", { count: (event.cards || []).length, cards: cardNames(event.cards, t) });
    case "drew":
      return t("event.drew", { name: eventSeatName(event, ctx), count: event.count });
    default:
      return null;
  }
}

/**
 * The history line of the events Last Card, Mau-Mau and Hau Hau share: a card played (the
 * `wishKey` text when the move named a colour or suit under `choiceKey`), the drawing events
 * (describeDrawing) and a change of direction; null for any other code.
 * @param {import("./types.js").GameEvent} event
 * @param {import("./types.js").DrawContext} ctx
 * @param {{ choiceKey: string, wishKey: string }} spec
 * @returns {string | null}
 */
export function describeShedding(event, ctx, { choiceKey, wishKey }) {
  const t = ctx.t;
  switch (event.code) {
    case "played": {
      const name = eventSeatName(event, ctx);
      const card = cardName(event.card, t);
      return event[choiceKey] ? t(wishKey, { name, card, [choiceKey]: choiceName(event[choiceKey], t) }) : t("event.played", { name, card });
    }
    case "reversed":
      return t(event.direction === 1 ? "event.reversed_clockwise" : "event.reversed_anticlockwise");
    default:
      return describeDrawing(event, ctx);
  }
}

// -- styles ----------------------------------------------------------------------------------

// The styles live in css/cards.css (the CSP allows no inline <style>).
useStylesheet(new URL("../css/cards.css", import.meta.url));

/** A stack's words at a table played for stacks (poker, blackjack duel): coins at a staked
 * table (the lobby's coins are in play), chips at a free one. The game's catalogue holds
 * `score.coins` and `score.chips`.
 * @param {Record<string, any> | undefined} options
 * @param {number} amount
 * @param {import("./types.js").DrawContext} ctx
 * @returns {string}
 */
export function stackText(options, amount, ctx) {
  return ctx.t(Number((options || {}).stake) > 0 ? "score.coins" : "score.chips", { coins: ctx.formatNumber(amount) });
}
