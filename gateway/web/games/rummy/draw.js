// Rummy: the meld table (../meld-kit.js) plus, under the hand, every meld the server says this
// hand could lay right now (view.private.possible_melds). Tap a hand card to select it: the
// discard button and the melds it can be laid off on (or whose joker it can replace) light up.
// Everything lit comes from view.legal_moves.
import { cardName, cardNames, miniCard } from "../../js/cards.js";
import { h, useStylesheet } from "../../js/svg.js";
import { legal, meldDescriber, pointsText, renderMeldTable, shownHands } from "../meld-kit.js";

export { scoreText } from "../meld-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

const sameCards = (a, b) => a.length === b.length && a.every((c, i) => c === b[i]);

function possibleMelds(view, ctx) {
  const t = ctx.t;
  const listed = (view.private && view.private.possible_melds) || [];
  const moves = ctx.canMove ? legal(view, "meld") : [];
  const items = listed.map((meld, i) => {
    const move = moves.find((m) => m.kind === meld.kind && sameCards(m.cards, meld.cards));
    const text = t(`possible.${meld.kind}`, { cards: cardNames(meld.cards, t), points: meld.points });
    return h(
      "li",
      {},
      h(
        "button",
        {
          type: "button",
          class: ["card-action", "possible-meld", move && "primary"],
          "data-testid": `possible-meld-${i}`,
          "aria-label": text,
          title: text,
          disabled: !move,
          onclick: move ? () => ctx.move(move) : null,
        },
        h("span", { class: "meld-cards", "aria-hidden": "true" }, meld.cards.map((card) => miniCard(card))),
        h("span", { class: "possible-text", "aria-hidden": "true" }, t("points", { points: meld.points, count: meld.points })),
      ),
    );
  });
  return h(
    "section",
    { class: "rummy-possible", "data-testid": "possible-melds", "aria-label": t("possible.title") },
    h("h3", {}, t("possible.title")),
    // The list scrolls on a phone: a keyboard reaches it to scroll it too.
    items.length ? h("ul", { tabindex: "0", "aria-label": t("possible.title") }, items) : h("p", { class: "hint" }, t("possible.none")),
  );
}

function summary(view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const parts = [];
  if (pub.discard_top) parts.push(t("summary.top", { card: cardName(pub.discard_top, t) }));
  for (let seat = 0; seat < view.seats; seat++) {
    parts.push(t(pub.opened[seat] ? "summary.seat_opened" : "summary.seat", { name: ctx.seatName(seat), count: pub.hand_counts[seat] }));
  }
  return parts.join(". ");
}

/** @type {import("../meld-kit.js").MeldGame} */
const RUMMY = {
  prefix: "rummy",
  selectionKey: (view, ctx) => {
    const pub = view.public;
    const hand = (view.private && view.private.hand) || [];
    return `${pub.turn}:${pub.phase}:${pub.melds.length}:${hand.length}:${ctx.canMove}`;
  },
  emptySelection: () => null,
  toggle: (ctx, card) => {
    ctx.state.sel = ctx.state.sel === card ? null : card;
  },
  oneCard: (sel) => sel,
  isSelected: (sel, card) => card === sel,
  meldCardsUsable: true,
  litCard: (view, ctx, turn, usable) => (card) => (usable.has(card) ? "playable" : "quiet"),
  // The turn line already says what to do; the hint adds the opening's progress.
  hint: (view, ctx, turn) => {
    const pub = view.public;
    if (turn.inPlay && !pub.opened[ctx.mySeat] && pub.staged_points) return ctx.t("hint.opening", { points: pub.staged_points, minimum: view.options.opening_minimum });
    return null;
  },
  seatExtra: (view, ctx) => (seat) => (view.public.opened[seat] ? ctx.t("seat.opened") : null),
  afterHand: (view, ctx) => (ctx.mySeat === null || ctx.mySeat === undefined ? null : possibleMelds(view, ctx)),
  summary,
  shown: (view, ctx) => {
    const pub = view.public;
    if (!view.result || !pub.shown_hands) return null;
    return shownHands(ctx, "rummy", pub.shown_hands, (cards, seat) => ctx.t("shown.seat", { name: ctx.seatName(seat), points: pub.penalties[seat], cards: cardNames(cards, ctx.t) || "—" }));
  },
};

export function render(container, view, ctx) {
  renderMeldTable(container, view, ctx, RUMMY);
}

export const describe = meldDescriber((event, ctx, name) => {
  const t = ctx.t;
  switch (event.code) {
    case "melded":
      return t(`event.melded_${event.kind}`, { name, cards: cardNames(event.cards, t), points: event.points });
    case "hands_shown":
      return t("event.hands_shown", {
        points: (event.penalties || []).map((points, seat) => t("summary.points", { name: ctx.seatName(seat), points })).join(", "),
      });
    default:
      return undefined;
  }
});

export function status(view, ctx) {
  if (!ctx.canMove) return null;
  const pub = view.public;
  if (pub.phase === "draw") return ctx.t("status.draw");
  if (!pub.opened[ctx.mySeat]) return ctx.t("status.open", { minimum: view.options.opening_minimum });
  return ctx.t("status.play");
}

export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || !pub.hand_counts) return null;
  if (pub.penalties) return pointsText(pub.penalties[seat], ctx);
  return ctx.t("cards.pile_count", { count: pub.hand_counts[seat] });
}
