// The trick table shared by the trick-taking games (Oh Hell, Penalty Tricks): the seats around
// the felt, the trick in play in front of its players (the last trick, faded, until the next
// lead), the deal's line above the felt, the score sheet of the deals played, and the own zone:
// between deals the deal's result with the host's "Next deal" button, else what the game's
// phase asks (the bids, the cards to pass) and the hand. A game gives its words and its phases;
// what is lit comes from view.legal_moves.
import { actionButton, cardName, cardNames, cardSvg, drawSeats, renderHand, seatSpots, srText, tableRoot } from "../js/cards.js";
import { h, s } from "../js/svg.js";

const CW = 46; // trick card width in the 400-wide table

/**
 * @typedef {object} TrickGame
 * @property {string} prefix the game's class prefix: `<prefix>-deal`, `-sheet`, `-own`, `-mine`
 * @property {(view: any, ctx: any) => string} dealLine the deal's line above the felt
 * @property {(pub: any, seat: number, ctx: any) => string} seatText this deal's standing of a seat
 * @property {(pub: any, seat: number, ctx: any) => string | null} seatFlag the call by a seat's name
 * @property {(deal: any, index: number, ctx: any) => string} sheetRow a sheet row's heading
 * @property {(deal: any, seat: number, ctx: any) => HTMLElement} sheetCell a sheet cell
 * @property {(view: any, ctx: any) => string[]} [summaryHead] lines said after the deal's line
 * @property {(view: any, ctx: any) => string[]} [summaryTail] lines said after the trick
 * @property {(view: any, ctx: any) => Array<HTMLElement | null>} [belowTable] shown under the felt
 * @property {(view: any, ctx: any, zone: HTMLElement) => boolean} [phaseZone] fills the own zone
 *   for the game's own phase; true when the hand is drawn there too
 */

/** The legal moves of one type. */
export function legalOf(view, type) {
  return (view.legal_moves || []).filter((m) => m.type === type);
}

/** The trick in play (or, faded, the one just taken) in front of each player's seat. */
function drawTrick(root, view, ctx, lineClass) {
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
    root.append(s("text", { x: 200, y: 292, "font-size": 12, "text-anchor": "middle", class: lineClass, text: ctx.t("trick.taken_by", { name: ctx.seatName(pub.last_trick.winner) }) }));
  }
}

/** The score sheet: one row per deal played, a cell per seat, the totals. */
function scoreSheet(view, ctx, open, game) {
  const pub = view.public;
  const seats = Array.from({ length: view.seats }, (_, seat) => seat);
  const rows = (pub.history || []).map((deal, i) =>
    h(
      "tr",
      { "data-testid": `sheet-deal-${i + 1}` },
      h("th", { scope: "row" }, game.sheetRow(deal, i, ctx)),
      seats.map((seat) => game.sheetCell(deal, seat, ctx)),
    ),
  );
  return h(
    "details",
    { class: `${game.prefix}-sheet`, open: open ? true : null, "data-testid": "score-sheet" },
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

/** What a screen reader hears of the table. */
function summary(view, ctx, game) {
  const pub = view.public;
  const parts = [game.dealLine(view, ctx), ...(game.summaryHead ? game.summaryHead(view, ctx) : [])];
  for (let seat = 0; seat < view.seats; seat++) parts.push(`${ctx.seatName(seat)}: ${game.seatText(pub, seat, ctx)}, ${ctx.t("seat.score", { score: (pub.scores || [])[seat] ?? 0 })}`);
  if ((pub.trick || []).length) parts.push(ctx.t("summary.trick", { cards: cardNames(pub.trick, ctx.t) }));
  if (game.summaryTail) parts.push(...game.summaryTail(view, ctx));
  return parts.join(". ");
}

/** Between deals: the player's result and the host's "Next deal" (or the wait for it). */
function scoredZone(view, ctx, zone, prefix) {
  const pub = view.public;
  const t = ctx.t;
  const next = legalOf(view, "next_deal");
  const last = pub.history[pub.history.length - 1];
  zone.append(h("p", { class: `${prefix}-mine`, "data-testid": "deal-result" }, t("result.mine", { points: last.points[ctx.mySeat], total: pub.scores[ctx.mySeat] })));
  if (next.length && ctx.canMove) {
    zone.append(h("div", { class: "card-actions" }, actionButton({ text: t("action.next_deal"), testid: "next-deal-button", onPress: () => ctx.move({ type: "next_deal" }), primary: true })));
  } else {
    zone.append(h("p", { class: "hint", "data-testid": "wait-host" }, t("hint.wait_host", { name: ctx.seatName(pub.host) })));
  }
}

/** Draw a trick game's table into `container` and its own zone (see TrickGame). */
export function renderTrickTable(container, view, ctx, game) {
  const pub = view.public;
  const t = ctx.t;
  const dealClass = `${game.prefix}-deal`;
  const root = tableRoot({ label: t("table.label") });
  drawSeats(root, view, ctx, (seat) => ({
    count: (pub.hand_counts || [])[seat],
    extra: game.seatText(pub, seat, ctx),
    flag: game.seatFlag(pub, seat, ctx),
    flagClass: "call",
  }));
  drawTrick(root, view, ctx, dealClass);
  // The deal's line above the felt, in the page's text: drawn at the felt's narrow top it ran
  // past the felt's edge once a phone drew it at a readable size.
  container.append(
    h("p", { class: dealClass, "data-testid": "deal-line" }, game.dealLine(view, ctx)),
    root,
    ...(game.belowTable ? game.belowTable(view, ctx) : []),
    srText(summary(view, ctx, game)),
  );
  const between = pub.phase === "scored" || pub.phase === "over";
  if ((pub.history || []).length) container.append(scoreSheet(view, ctx, between, game));

  if (view.result || ctx.mySeat === null || ctx.mySeat === undefined) return;
  const zone = h("div", { class: `own-cards ${game.prefix}-own` });
  ctx.ownZone.append(zone);
  if (pub.phase === "scored") {
    scoredZone(view, ctx, zone, game.prefix);
    return;
  }
  if (game.phaseZone && game.phaseZone(view, ctx, zone)) return;
  const hand = (view.private && view.private.hand) || [];
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
}

/** The history lines every trick game says alike; undefined for an event of the game's own. */
function describeTricks(event, ctx, name) {
  const t = ctx.t;
  switch (event.code) {
    case "played":
      return t("event.played", { name, card: cardName(event.card, t) });
    case "trick_won":
      return t("event.trick_won", { name, cards: cardNames(event.cards, t) });
    case "dealt":
      return t("event.dealt", { cards: cardNames(event.cards, t) });
    case "deal_scored": {
      const parts = event.points.map((points, seat) => t("event.deal_points", { name: ctx.seatName(seat), points }));
      return t("event.deal_scored", { deal: event.deal, points: parts.join(", ") });
    }
    case "match_over":
      return t("event.match_over");
    default:
      return undefined;
  }
}

/**
 * A trick game's `describe`: the lines every trick game says alike, else the game's own
 * (`own(event, ctx, name)`, `name` the event's seat's; null for an event it does not say).
 */
export function trickDescriber(own) {
  return (event, ctx) => {
    const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
    const said = describeTricks(event, ctx, name);
    return said !== undefined ? said : own(event, ctx, name);
  };
}

/** The seats strip of a trick game: the total and this deal's standing. */
export function trickSeatBadge(view, seat, ctx, seatText) {
  const pub = view.public;
  if (!pub || !pub.scores) return null;
  return `${ctx.t("seat.score", { score: pub.scores[seat] })} · ${seatText(pub, seat, ctx)}`;
}

/** Result panel: the total. */
export function scoreText(score, seat, ctx) {
  return ctx.t("seat.score", { score });
}
