// Oh Hell (Plump): bid, then take exactly that many tricks. The table shows each seat's bid and
// tricks, the trick in play in front of its players (the last trick, faded, until the next
// lead), and the deal; the own zone holds the bid buttons or the hand, and between deals the
// score sheet with the host's "Next deal" button (../trick-kit.js). Everything lit comes from
// view.legal_moves.
import { actionButton } from "../../js/cards.js";
import { h, useStylesheet } from "../../js/svg.js";
import { legalOf, renderTrickTable, trickDescriber, trickSeatBadge } from "../trick-kit.js";

export { scoreText } from "../trick-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

function cardsThisDeal(pub) {
  return (pub.schedule || [])[pub.deal] || 0;
}

function bidText(pub, seat, ctx) {
  const bid = (pub.bids || [])[seat];
  const won = (pub.tricks_won || [])[seat] || 0;
  if (bid === null || bid === undefined) return ctx.t("seat.no_bid", { tricks: won });
  return ctx.t("seat.bid", { bid, tricks: won });
}

function dealLine(view, ctx) {
  const pub = view.public;
  const bids = (pub.bids || []).filter((b) => b !== null && b !== undefined);
  const total = bids.reduce((a, b) => a + b, 0);
  return ctx.t("deal.line", { deal: pub.deal + 1, deals: (pub.schedule || []).length, count: cardsThisDeal(pub), bids: total });
}

/** While bidding: a button per bid, the one the dealer may not make ("hooked") said so. */
function bidZone(view, ctx, zone) {
  const pub = view.public;
  const t = ctx.t;
  if (pub.phase !== "bidding") return false;
  const legal = ctx.canMove ? legalOf(view, "bid") : [];
  const count = cardsThisDeal(pub);
  const buttons = [];
  for (let bid = 0; bid <= count; bid++) {
    const ok = legal.some((m) => m.bid === bid);
    const hooked = ctx.canMove && !ok;
    buttons.push(
      actionButton({
        text: String(bid),
        testid: `bid-${bid}`,
        label: hooked ? t("bid.hooked", { bid }) : t("bid.label", { bid }),
        onPress: () => ctx.move({ type: "bid", bid }),
        disabled: !ok,
      }),
    );
  }
  zone.append(
    h("p", { class: "hint", "data-testid": "bid-hint" }, ctx.canMove ? t(pub.dealer === ctx.mySeat ? "hint.bid_dealer" : "hint.bid") : t("hint.bidding")),
    h("div", { class: "card-actions oh-bids", role: "group", "aria-label": t("bid.group") }, buttons),
  );
  return false; // the hand stays in sight below the bids
}

/** @type {import("../trick-kit.js").TrickGame} */
const OH_HELL = {
  prefix: "oh",
  dealLine,
  seatText: bidText,
  seatFlag: (pub, seat, ctx) => (seat === pub.dealer ? ctx.t("seat.dealer") : null),
  sheetRow: (deal, i, ctx) => ctx.t("sheet.deal", { deal: i + 1, count: deal.cards }),
  sheetCell: (deal, seat, ctx) =>
    h("td", { class: deal.points[seat] ? "made" : "missed" }, ctx.t("sheet.cell", { bid: deal.bids[seat], tricks: deal.tricks[seat], points: deal.points[seat] })),
  phaseZone: bidZone,
};

export function render(container, view, ctx) {
  renderTrickTable(container, view, ctx, OH_HELL);
}

export const describe = trickDescriber((event, ctx, name) => {
  switch (event.code) {
    case "deal_started":
      return ctx.t("event.deal_started", { deal: event.deal, count: event.cards, name: ctx.seatName(event.dealer) });
    case "bid":
      return ctx.t("event.bid", { name, count: event.bid });
    default:
      return null;
  }
});

export function status(view, ctx) {
  const pub = view.public;
  if (!ctx.canMove) return null;
  if (pub.phase === "bidding") return ctx.t("status.bid");
  if (pub.phase === "scored") return ctx.t("status.next_deal");
  return ctx.t("status.play");
}

/** The seats strip: the total and this deal's bid / tricks. */
export function seatBadge(view, seat, ctx) {
  return trickSeatBadge(view, seat, ctx, bidText);
}
