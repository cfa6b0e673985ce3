// Penalty Tricks (Minus): four deals, each with something new to avoid. The table shows each
// seat's minus this deal and in total, the trick in play in front of its players (the last
// trick, faded, until the next lead), the deal and what it costs; the own zone holds the hand:
// while passing, the cards to pass are lit and the chosen ones marked 1-3; between deals the
// score sheet with the host's "Next deal" button. Everything lit comes from view.legal_moves.
import { actionButton, cardName, cardNames, cardSvg, drawSeats, renderHand, seatSpots, srText, tableRoot } from "../../js/cards.js";
import { h, s, useStylesheet } from "../../js/svg.js";

useStylesheet(new URL("./style.css", import.meta.url));

const CW = 46; // trick card width in the 400-wide table
const PASS_COUNT = 3;

function legalOf(view, type) {
  return (view.legal_moves || []).filter((m) => m.type === type);
}

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
    root.append(s("text", { x: 200, y: 292, "font-size": 12, "text-anchor": "middle", class: "pt-line", text: ctx.t("trick.taken_by", { name: ctx.seatName(pub.last_trick.winner) }) }));
  }
}

function dealLine(view, ctx) {
  const pub = view.public;
  return ctx.t("deal.line", { deal: pub.deal + 1, deals: (pub.kinds || []).length, kind: ctx.t(`kind.${kindOf(pub)}`) });
}

/** The score sheet: one row per deal played, each seat's minus, the totals. */
function scoreSheet(view, ctx, open) {
  const pub = view.public;
  const seats = Array.from({ length: view.seats }, (_, seat) => seat);
  const rows = (pub.history || []).map((deal, i) =>
    h(
      "tr",
      { "data-testid": `sheet-deal-${i + 1}` },
      h("th", { scope: "row" }, ctx.t("sheet.deal", { deal: i + 1, kind: ctx.t(`kind.${deal.kind}`) })),
      seats.map((seat) => h("td", null, String(deal.points[seat]))),
    ),
  );
  return h(
    "details",
    { class: "pt-sheet", open: open ? true : null, "data-testid": "score-sheet" },
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
  const parts = [dealLine(view, ctx), ctx.t(`avoid.${kindOf(pub)}`)];
  for (let seat = 0; seat < view.seats; seat++) parts.push(`${ctx.seatName(seat)}: ${seatText(pub, seat, ctx)}, ${ctx.t("seat.score", { score: (pub.scores || [])[seat] ?? 0 })}`);
  if ((pub.trick || []).length) parts.push(ctx.t("summary.trick", { cards: cardNames(pub.trick, ctx.t) }));
  if ((pub.removed || []).length) parts.push(ctx.t("removed.line", { cards: cardNames(pub.removed, ctx.t) }));
  return parts.join(". ");
}

export function render(container, view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const root = tableRoot({ label: t("table.label") });
  drawSeats(root, view, ctx, (seat) => ({
    count: (pub.hand_counts || [])[seat],
    extra: seatText(pub, seat, ctx),
    flag: pub.phase === "passing" && (pub.pass_counts || [])[seat] >= PASS_COUNT ? t("seat.passed") : seat === pub.starter ? t("seat.starter") : null,
    flagClass: "call",
  }));
  drawTrick(root, view, ctx);
  const removed = (pub.removed || []).length ? ` ${t("removed.line", { cards: cardNames(pub.removed, t) })}` : "";
  // The deal's line above the felt, in the page's text: drawn at the felt's narrow top it ran
  // past the felt's edge once a phone drew it at a readable size.
  container.append(h("p", { class: "pt-line", "data-testid": "deal-line" }, dealLine(view, ctx)), root, h("p", { class: "pt-avoid", "data-testid": "avoid-line", "aria-hidden": "true" }, t(`avoid.${kindOf(pub)}`) + removed), srText(summary(view, ctx)));
  const between = pub.phase === "scored" || pub.phase === "over";
  if ((pub.history || []).length) container.append(scoreSheet(view, ctx, between));

  if (view.result || ctx.mySeat === null || ctx.mySeat === undefined) return;
  const hand = (view.private && view.private.hand) || [];
  const zone = h("div", { class: "own-cards pt-own" });
  if (pub.phase === "scored") {
    const next = legalOf(view, "next_deal");
    const last = pub.history[pub.history.length - 1];
    zone.append(h("p", { class: "pt-mine", "data-testid": "deal-result" }, t("result.mine", { points: last.points[ctx.mySeat], total: pub.scores[ctx.mySeat] })));
    if (next.length && ctx.canMove) {
      zone.append(h("div", { class: "card-actions" }, actionButton({ text: t("action.next_deal"), testid: "next-deal-button", onPress: () => ctx.move({ type: "next_deal" }), primary: true })));
    } else {
      zone.append(h("p", { class: "hint", "data-testid": "wait-host" }, t("hint.wait_host", { name: ctx.seatName(pub.host) })));
    }
    ctx.ownZone.append(zone);
    return;
  }
  if (pub.phase === "passing") {
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
    ctx.ownZone.append(zone);
    return;
  }
  const playable = new Set(ctx.canMove ? legalOf(view, "play").map((m) => m.card) : []);
  zone.append(
    renderHand({
      cards: hand,
      ctx,
      state: (card) => {
        if (!ctx.canMove) return "idle";
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
    case "penalty":
      return t("event.penalty", { name, points: event.points });
    case "dealt":
      return t("event.dealt", { cards: cardNames(event.cards, t) });
    case "deal_started":
      return t("event.deal_started", { deal: event.deal, kind: t(`kind.${event.kind}`), name: ctx.seatName(event.starter) });
    case "pass_chosen":
      return event.count >= PASS_COUNT ? t("event.pass_chosen", { name }) : null;
    case "cards_passed":
      return t(event.offset === 1 ? "event.cards_passed_left" : "event.cards_passed_right");
    case "received":
      return t("event.received", { name: ctx.seatName(event.source), cards: cardNames(event.cards, t) });
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
  if (pub.phase === "passing") return ctx.t("status.pass");
  if (pub.phase === "scored") return ctx.t("status.next_deal");
  return ctx.t("status.play");
}

/** The seats strip: the total and this deal's minus. */
export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || !pub.scores) return null;
  return `${ctx.t("seat.score", { score: pub.scores[seat] })} · ${seatText(pub, seat, ctx)}`;
}

/** Result panel: the set's total. */
export function scoreText(score, seat, ctx) {
  return ctx.t("seat.score", { score });
}
