// Oh Hell (Plump): bid, then take exactly that many tricks. The table shows each seat's bid and
// tricks, the trick in play in front of its players (the last trick, faded, until the next
// lead), and the deal; the own zone holds the bid buttons or the hand, and between deals the
// score sheet with the host's "Next deal" button. Everything lit comes from view.legal_moves.
import { actionButton, cardName, cardNames, cardSvg, drawSeats, renderHand, seatSpots, srText, tableRoot } from "../../js/cards.js";
import { h, s, useStylesheet } from "../../js/svg.js";

useStylesheet(new URL("./style.css", import.meta.url));

const CW = 46; // trick card width in the 400-wide table

function legalOf(view, type) {
  return (view.legal_moves || []).filter((m) => m.type === type);
}

function cardsThisDeal(pub) {
  return (pub.schedule || [])[pub.deal] || 0;
}

function bidText(pub, seat, ctx) {
  const bid = (pub.bids || [])[seat];
  const won = (pub.tricks_won || [])[seat] || 0;
  if (bid === null || bid === undefined) return ctx.t("seat.no_bid", { tricks: won });
  return ctx.t("seat.bid", { bid, tricks: won });
}

/** The trick in play (or, faded, the one just taken) in front of each player's seat. */
function drawTrick(root, view, ctx) {
  const pub = view.public;
  const spots = seatSpots(view.seats, ctx.mySeat ?? 0);
  let cards = pub.trick || [];
  let seats = pub.trick_seats || [];
  let faded = false;
  if (!cards.length && pub.last_trick && pub.phase === "playing") {
    ({ cards, seats } = pub.last_trick);
    faded = true;
  }
  cards.forEach((card, i) => {
    const spot = spots.get(seats[i]);
    const x = 200 + (spot.x - 200) * 0.42 - CW / 2;
    const y = 150 + (spot.y - 150) * 0.42 - (CW * 1.5) / 2;
    const label = ctx.t("trick.card", { name: ctx.seatName(seats[i]), card: cardName(card, ctx.t) });
    root.append(s("g", { class: ["trick-card", faded && "faded"], "data-testid": `trick-${card}`, "data-card": card }, cardSvg(card, { x, y, width: CW, label })));
  });
  if (faded && pub.last_trick) {
    root.append(s("text", { x: 200, y: 292, "font-size": 12, "text-anchor": "middle", class: "oh-deal", text: ctx.t("trick.taken_by", { name: ctx.seatName(pub.last_trick.winner) }) }));
  }
}

function dealLine(view, ctx) {
  const pub = view.public;
  const bids = (pub.bids || []).filter((b) => b !== null && b !== undefined);
  const total = bids.reduce((a, b) => a + b, 0);
  return ctx.t("deal.line", { deal: pub.deal + 1, deals: (pub.schedule || []).length, count: cardsThisDeal(pub), bids: total });
}

/** The score sheet: one row per deal played, each seat's bid / tricks and points, the totals. */
function scoreSheet(view, ctx, open) {
  const pub = view.public;
  const seats = Array.from({ length: view.seats }, (_, seat) => seat);
  const rows = (pub.history || []).map((deal, i) =>
    h(
      "tr",
      { "data-testid": `sheet-deal-${i + 1}` },
      h("th", { scope: "row" }, ctx.t("sheet.deal", { deal: i + 1, count: deal.cards })),
      seats.map((seat) =>
        h(
          "td",
          { class: deal.points[seat] ? "made" : "missed" },
          ctx.t("sheet.cell", { bid: deal.bids[seat], tricks: deal.tricks[seat], points: deal.points[seat] }),
        ),
      ),
    ),
  );
  return h(
    "details",
    { class: "oh-sheet", open: open ? true : null, "data-testid": "score-sheet" },
    h("summary", null, ctx.t("sheet.title")),
    h(
      "table",
      null,
      h("thead", null, h("tr", null, h("th", { scope: "col" }, ctx.t("sheet.deal_col")), seats.map((seat) => h("th", { scope: "col" }, ctx.seatName(seat))))),
      h("tbody", null, rows),
      h(
        "tfoot",
        null,
        h(
          "tr",
          null,
          h("th", { scope: "row" }, ctx.t("sheet.total")),
          seats.map((seat) => h("td", { "data-testid": `total-${seat}` }, String((pub.scores || [])[seat] ?? 0))),
        ),
      ),
    ),
  );
}

function summary(view, ctx) {
  const pub = view.public;
  const parts = [dealLine(view, ctx)];
  for (let seat = 0; seat < view.seats; seat++) parts.push(`${ctx.seatName(seat)}: ${bidText(pub, seat, ctx)}, ${ctx.t("seat.score", { score: (pub.scores || [])[seat] ?? 0 })}`);
  if ((pub.trick || []).length) parts.push(ctx.t("summary.trick", { cards: cardNames(pub.trick, ctx.t) }));
  return parts.join(". ");
}

export function render(container, view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const root = tableRoot({ label: t("table.label") });
  drawSeats(root, view, ctx, (seat) => ({
    count: (pub.hand_counts || [])[seat],
    extra: bidText(pub, seat, ctx),
    flag: seat === pub.dealer ? t("seat.dealer") : null,
    flagClass: "call",
  }));
  drawTrick(root, view, ctx);
  // The deal's line above the felt, in the page's text: drawn at the felt's narrow top it ran
  // past the felt's edge once a phone drew it at a readable size.
  container.append(h("p", { class: "oh-deal", "data-testid": "deal-line" }, dealLine(view, ctx)), root, srText(summary(view, ctx)));
  const between = pub.phase === "scored" || pub.phase === "over";
  if ((pub.history || []).length) container.append(scoreSheet(view, ctx, between));

  if (view.result || ctx.mySeat === null || ctx.mySeat === undefined) return;
  const hand = (view.private && view.private.hand) || [];
  const zone = h("div", { class: "own-cards oh-own" });
  if (pub.phase === "scored") {
    const next = legalOf(view, "next_deal");
    const last = pub.history[pub.history.length - 1];
    zone.append(h("p", { class: "oh-mine", "data-testid": "deal-result" }, t("result.mine", { points: last.points[ctx.mySeat], total: pub.scores[ctx.mySeat] })));
    if (next.length && ctx.canMove) {
      zone.append(h("div", { class: "card-actions" }, actionButton({ text: t("action.next_deal"), testid: "next-deal-button", onPress: () => ctx.move({ type: "next_deal" }), primary: true })));
    } else {
      zone.append(h("p", { class: "hint", "data-testid": "wait-host" }, t("hint.wait_host", { name: ctx.seatName(pub.host) })));
    }
    ctx.ownZone.append(zone);
    return;
  }
  if (pub.phase === "bidding") {
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
  }
  const playable = new Set(ctx.canMove ? legalOf(view, "play").map((m) => m.card) : []);
  zone.append(
    renderHand({
      cards: hand,
      ctx,
      state: (card) => {
        if (!ctx.canMove || pub.phase !== "playing") return "idle";
        return playable.has(card) ? "playable" : "quiet";
      },
      onPress: (card) => ctx.move({ type: "play", card }),
      label: t("cards.hand", { count: hand.length }),
    }),
  );
  ctx.ownZone.append(zone);
}

export function describe(event, ctx) {
  const t = ctx.t;
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "played":
      return t("event.played", { name, card: cardName(event.card, t) });
    case "trick_won":
      return t("event.trick_won", { name, cards: cardNames(event.cards, t) });
    case "dealt":
      return t("event.dealt", { cards: cardNames(event.cards, t) });
    case "deal_started":
      return t("event.deal_started", { deal: event.deal, count: event.cards, name: ctx.seatName(event.dealer) });
    case "bid":
      return t("event.bid", { name, count: event.bid });
    case "deal_scored": {
      const parts = event.points.map((points, seat) => t("event.deal_points", { name: ctx.seatName(seat), points }));
      return t("event.deal_scored", { deal: event.deal, points: parts.join(", ") });
    }
    case "match_over":
      return t("event.match_over");
    default:
      return null;
  }
}

export function status(view, ctx) {
  const pub = view.public;
  if (!ctx.canMove) return null;
  if (pub.phase === "bidding") return ctx.t("status.bid");
  if (pub.phase === "scored") return ctx.t("status.next_deal");
  return ctx.t("status.play");
}

/** The seats strip: the total and this deal's bid / tricks. */
export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || !pub.scores) return null;
  return `${ctx.t("seat.score", { score: pub.scores[seat] })} · ${bidText(pub, seat, ctx)}`;
}

/** Result panel: the match total. */
export function scoreText(score, seat, ctx) {
  return ctx.t("seat.score", { score });
}
