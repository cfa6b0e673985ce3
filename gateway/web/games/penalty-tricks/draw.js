// Penalty Tricks (Minus): four deals, each with something new to avoid. The table shows each
// seat's minus this deal and in total, the trick in play in front of its players (the last
// trick, faded, until the next lead), the deal and what it costs; the own zone holds the hand:
// while passing, the cards to pass are lit and the chosen ones marked 1-3; between deals the
// score sheet with the host's "Next deal" button (../trick-kit.js). Everything lit comes from
// view.legal_moves.
import { cardNames, renderHand } from "../../js/cards.js";
import { h, useStylesheet } from "../../js/svg.js";
import { legalOf, renderTrickTable, trickDescriber, trickSeatBadge } from "../trick-kit.js";

export { scoreText } from "../trick-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

const PASS_COUNT = 3;

function kindOf(pub) {
  return (pub.kinds || [])[pub.deal] || "hearts";
}

/** The seat that receives this seat's passed cards: the next in odd deals, the one before in even. */
function passTarget(pub, seat, seats) {
  const offset = pub.deal % 2 === 0 ? 1 : -1;
  return (((seat + offset) % seats) + seats) % seats;
}

function seatText(pub, seat, ctx) {
  return ctx.t("seat.deal", { points: (pub.deal_points || [])[seat] || 0, tricks: (pub.tricks_won || [])[seat] || 0 });
}

function dealLine(view, ctx) {
  const pub = view.public;
  return ctx.t("deal.line", { deal: pub.deal + 1, deals: (pub.kinds || []).length, kind: ctx.t(`kind.${kindOf(pub)}`) });
}

function removedLine(pub, t) {
  return (pub.removed || []).length ? t("removed.line", { cards: cardNames(pub.removed, t) }) : null;
}

/** While passing: the hand with the passable cards lit and the chosen ones numbered. */
function passZone(view, ctx, zone) {
  const pub = view.public;
  const t = ctx.t;
  if (pub.phase !== "passing") return false;
  const hand = (view.private && view.private.hand) || [];
  const chosen = (view.private && view.private.passing) || [];
  const passable = new Set(ctx.canMove ? legalOf(view, "pass").map((m) => m.card) : []);
  const target = ctx.seatName(passTarget(pub, ctx.mySeat, view.seats));
  const hint = passable.size ? t("hint.pass", { name: target, chosen: chosen.length, count: PASS_COUNT }) : t("hint.pass_wait", { name: target });
  zone.append(
    h("p", { class: "hint", "data-testid": "pass-hint" }, hint),
    renderHand({
      cards: hand,
      ctx,
      state: (card) => (chosen.includes(card) ? "selected" : passable.has(card) ? "playable" : "idle"),
      onPress: (card) => {
        if (passable.has(card)) ctx.move({ type: "pass", card });
      },
      mark: (card) => (chosen.includes(card) ? String(chosen.indexOf(card) + 1) : null),
      label: t("pass.group", { count: PASS_COUNT }),
    }),
  );
  return true;
}

/** @type {import("../trick-kit.js").TrickGame} */
const PENALTY_TRICKS = {
  prefix: "pt",
  dealLine,
  seatText,
  seatFlag: (pub, seat, ctx) =>
    pub.phase === "passing" && (pub.pass_counts || [])[seat] >= PASS_COUNT ? ctx.t("seat.passed") : seat === pub.starter ? ctx.t("seat.starter") : null,
  sheetRow: (deal, i, ctx) => ctx.t("sheet.deal", { deal: i + 1, kind: ctx.t(`kind.${deal.kind}`) }),
  sheetCell: (deal, seat) => h("td", null, String(deal.points[seat])),
  summaryHead: (view, ctx) => [ctx.t(`avoid.${kindOf(view.public)}`)],
  summaryTail: (view, ctx) => [removedLine(view.public, ctx.t)].filter(Boolean),
  belowTable: (view, ctx) => {
    const removed = removedLine(view.public, ctx.t);
    const text = ctx.t(`avoid.${kindOf(view.public)}`) + (removed ? ` ${removed}` : "");
    return [h("p", { class: "pt-avoid", "data-testid": "avoid-line", "aria-hidden": "true" }, text)];
  },
  phaseZone: passZone,
};

export function render(container, view, ctx) {
  renderTrickTable(container, view, ctx, PENALTY_TRICKS);
}

export const describe = trickDescriber((event, ctx, name) => {
  const t = ctx.t;
  switch (event.code) {
    case "penalty":
      return t("event.penalty", { name, points: event.points });
    case "deal_started":
      return t("event.deal_started", { deal: event.deal, kind: t(`kind.${event.kind}`), name: ctx.seatName(event.starter) });
    case "pass_chosen":
      return event.count >= PASS_COUNT ? t("event.pass_chosen", { name }) : null;
    case "cards_passed":
      return t(event.offset === 1 ? "event.cards_passed_left" : "event.cards_passed_right");
    case "received":
      return t("event.received", { name: ctx.seatName(event.source), cards: cardNames(event.cards, t) });
    default:
      return null;
  }
});

export function status(view, ctx) {
  const pub = view.public;
  if (!ctx.canMove) return null;
  if (pub.phase === "passing") return ctx.t("status.pass");
  if (pub.phase === "scored") return ctx.t("status.next_deal");
  return ctx.t("status.play");
}

/** The seats strip: the total and this deal's minus. */
export function seatBadge(view, seat, ctx) {
  return trickSeatBadge(view, seat, ctx, seatText);
}
