// Blackjack against the dealer: the table (js/cards.js seats) with the dealer's cards in the
// middle (the hidden card as a back until it is turned) and every seat's open cards, bet and
// total beside it. While the next bets are placed the last round stays on the table with
// each seat's outcome. The own zone holds the bet chooser (slider in 2-chip steps, − / +,
// the smallest bet) or Hit / Stand / Double, every control lit from the view's legal moves.
import { cardBackSvg, cardName, cardSvg, drawSeats, srText, tableRoot } from "../../js/cards.js";
import { h, s, useStylesheet } from "../../js/svg.js";

useStylesheet(new URL("./style.css", import.meta.url));

const CENTRE_X = 200;
const CENTRE_Y = 150;

function names(cards, t) {
  return (cards || []).map((card) => cardName(card, t)).join(", ");
}

function legalOf(view, type) {
  return (view.legal_moves || []).find((m) => m.type === type) || null;
}

/** Blackjack hand value as the engine counts it (core/blackjack.py): for labels only. */
function handTotal(cards) {
  let total = 0;
  let aces = 0;
  for (const card of cards || []) {
    const rank = card.split(".")[0].slice(1);
    if (rank === "A") {
      total += 1;
      aces += 1;
    } else total += ["J", "Q", "K"].includes(rank) ? 10 : Number(rank);
  }
  return aces && total + 10 <= 21 ? total + 10 : total;
}

/** What the table shows: this round's cards, or the last round's while the bets go in. */
function tableCards(pub) {
  if (pub.phase === "play" || !pub.last_round) {
    return { last: null, dealer: pub.dealer_shown || [], dealerCards: pub.dealer_cards || 0, hands: pub.hands };
  }
  const last = pub.last_round;
  return { last, dealer: last.dealer, dealerCards: last.dealer.length, hands: last.hands };
}

function outcomeText(last, seat, t, formatNumber) {
  const outcome = last.outcomes[seat];
  if (!outcome) return null;
  const net = last.paid[seat] - last.bets[seat];
  const sign = net > 0 ? "+" : net < 0 ? "−" : "±";
  return t(`outcome.${outcome}`, { net: `${sign}${formatNumber(Math.abs(net))}` });
}

function seatFlag(pub, seat, shown, ctx) {
  const t = ctx.t;
  if (pub.bets[seat]) return t(pub.doubled[seat] ? "seat.doubled" : "seat.bet", { amount: ctx.formatNumber(pub.bets[seat]) });
  if (shown.last) return outcomeText(shown.last, seat, t, ctx.formatNumber);
  return pub.phase === "bet" && pub.in_round[seat] ? t("seat.betting") : null;
}

function seatSummary(pub, seat, shown, ctx) {
  const t = ctx.t;
  const cards = shown.hands[seat] || [];
  let more = "";
  if (!pub.in_round[seat] && !shown.last) more += t("seat.summary_out");
  if (pub.bets[seat]) more += t("seat.summary_bet", { amount: pub.bets[seat] });
  if (cards.length) more += t("seat.summary_cards", { cards: names(cards, t), total: handTotal(cards) });
  if (shown.last && shown.last.outcomes[seat]) more += `, ${outcomeText(shown.last, seat, t, ctx.formatNumber)}`;
  return t("seat.summary", { name: ctx.seatName(seat), chips: ctx.formatNumber(pub.chips[seat]), more });
}

function drawTable(container, view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const shown = tableCards(pub);
  const root = tableRoot({ label: t("table.label"), testid: "blackjack-table" });
  const spots = drawSeats(root, view, ctx, (seat) => ({
    hideCount: true,
    extra: pub.in_round[seat] || pub.phase !== "bet" ? ctx.formatNumber(pub.chips[seat]) : t("seat.out"),
    flag: seatFlag(pub, seat, shown, ctx),
    flagClass: "call",
  }));
  // Each seat's open cards, a little towards the middle from its name plate.
  const cw = view.seats > 6 ? 18 : view.seats > 4 ? 22 : 26;
  for (const [seat, spot] of spots) {
    const cards = shown.hands[seat] || [];
    if (!cards.length) continue;
    const step = cw * 0.55;
    const width = cw + step * (cards.length - 1);
    // Further in across the table than up and down it: the bet bubbles sit beside the seats.
    const x = spot.x + (CENTRE_X - spot.x) * 0.58 - width / 2 - 6;
    const y = spot.y + (CENTRE_Y - spot.y) * 0.42 - cw * 0.75;
    const g = s("g", { class: ["bj-hand", shown.last && "bj-last"], "data-testid": `hand-${seat}` });
    cards.forEach((card, i) => g.append(cardSvg(card, { x: x + i * step, y, width: cw })));
    const total = handTotal(cards);
    g.append(
      s("text", {
        // Beside the cards on the side away from the seat's bet bubble.
        x: spot.x > CENTRE_X + 40 ? x - 3 : x + width + 3,
        y: y + cw * 0.75 + 4,
        "font-size": 12,
        "text-anchor": spot.x > CENTRE_X + 40 ? "end" : "start",
        class: "bj-total",
        "data-testid": `total-${seat}`,
        text: total > 21 ? t("total.bust_short", { total }) : String(total),
      }),
    );
    root.append(g);
  }
  // The dealer in the middle: the open card, the hidden card as a back until it is turned.
  const dw = 30;
  const count = Math.max(shown.dealerCards, shown.dealer.length);
  const dStep = dw * 0.6;
  const dWidth = count ? dw + dStep * (count - 1) : dw;
  const dx = CENTRE_X - dWidth / 2;
  const dy = CENTRE_Y - dw * 0.75 - 6;
  const dealer = s("g", { class: ["bj-dealer", shown.last && "bj-last"], "data-testid": "dealer-cards" });
  for (let i = 0; i < count; i++) {
    const card = shown.dealer[i];
    dealer.append(card ? cardSvg(card, { x: dx + i * dStep, y: dy, width: dw, testid: `dealer-${i}` }) : cardBackSvg({ x: dx + i * dStep, y: dy, width: dw }));
  }
  const dealerTotal = shown.last ? shown.last.dealer_total : pub.dealer_total;
  const label = count ? t(shown.dealer.length < count ? "table.dealer_shows" : "table.dealer_total", { total: dealerTotal }) : t("table.dealer");
  dealer.append(s("text", { x: CENTRE_X, y: dy - 6, "font-size": 12, "text-anchor": "middle", class: "bj-dealer-label", "data-testid": "dealer-total", text: label }));
  root.append(dealer);
  container.append(root);
  const lines = [];
  if (count) {
    const hidden = count - shown.dealer.length;
    lines.push(t(hidden ? "table.dealer_line_hidden" : "table.dealer_line", { cards: names(shown.dealer, t), total: dealerTotal }));
  }
  for (let seat = 0; seat < view.seats; seat++) lines.push(seatSummary(pub, seat, shown, ctx));
  container.append(srText(lines.join(". ")));
}

function actionButton(text, testid, onPress, enabled, primary = false) {
  return h(
    "button",
    { type: "button", class: ["card-action", primary && "primary"], "data-testid": testid, disabled: !enabled, onclick: enabled ? onPress : null },
    text,
  );
}

function betChooser(view, ctx, template) {
  const t = ctx.t;
  const can = ctx.canMove;
  const [low, high, step] = template.range.amount;
  const st = ctx.state;
  if (typeof st.bet !== "number") st.bet = Math.max(low, Math.floor(view.public.start_chips / 20 / step) * step);
  st.bet = Math.min(high, Math.max(low, st.bet));
  const label = h("span", { class: "bj-amount", "data-testid": "bet-amount" }, ctx.formatNumber(st.bet));
  const send = actionButton(t("action.bet", { amount: ctx.formatNumber(st.bet) }), "bet-button", () => ctx.move({ type: "bet", amount: st.bet }), can, true);
  const slider = h("input", {
    type: "range",
    min: String(low),
    max: String(high),
    step: String(step),
    value: String(st.bet),
    "data-testid": "bet-slider",
    "aria-label": t("action.amount"),
    disabled: !can,
    oninput: (e) => {
      st.bet = Number(e.target.value);
      label.textContent = ctx.formatNumber(st.bet);
      send.textContent = t("action.bet", { amount: ctx.formatNumber(st.bet) });
    },
  });
  const nudge = (by) => {
    st.bet = Math.min(high, Math.max(low, st.bet + by));
    slider.value = String(st.bet);
    slider.dispatchEvent(new Event("input"));
  };
  return h(
    "div",
    { class: "bj-bet", role: "group", "aria-label": t("action.your_bet") },
    actionButton("−", "bet-less", () => nudge(-step), can),
    slider,
    actionButton("+", "bet-more", () => nudge(step), can),
    label,
    send,
  );
}

function playActions(view, ctx) {
  const t = ctx.t;
  const can = ctx.canMove;
  const row = h("div", { class: "bj-actions", role: "group", "aria-label": t("action.your_move") });
  row.append(actionButton(t("action.hit"), "hit-button", () => ctx.move({ type: "hit" }), can && !!legalOf(view, "hit"), true));
  row.append(actionButton(t("action.stand"), "stand-button", () => ctx.move({ type: "stand" }), can && !!legalOf(view, "stand")));
  row.append(actionButton(t("action.double"), "double-button", () => ctx.move({ type: "double" }), can && !!legalOf(view, "double")));
  return row;
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  const pub = view.public;
  container.append(
    h(
      "p",
      { class: "bj-line", "data-testid": "round-line" },
      h("span", { class: "bj-round" }, ctx.t("table.round", { round: pub.round, rounds: pub.rounds })),
    ),
  );
  drawTable(container, view, ctx);
  const mine = ctx.mySeat;
  if (mine === null || mine === undefined || view.result) return;
  if (!pub.in_round[mine]) {
    ctx.ownZone.append(h("p", { class: "hint", "data-testid": "out-note" }, ctx.t("status.out")));
    return;
  }
  const hand = pub.phase === "play" ? pub.hands[mine] : [];
  const zone = h("div", { class: "own-cards bj-own" });
  if (hand.length) {
    zone.append(
      h(
        "div",
        { class: "bj-own-hand", role: "img", "aria-label": ctx.t("cards.yours_total", { cards: names(hand, ctx.t), total: handTotal(hand) }), "data-testid": "own-hand" },
        ...hand.map((card) => cardSvg(card, { class: "bj-own-card" })),
        h("span", { class: "bj-own-total", "aria-hidden": "true" }, String(handTotal(hand))),
      ),
    );
  }
  const bet = legalOf(view, "bet");
  if (bet) zone.append(betChooser(view, ctx, bet));
  else if (pub.phase === "play") zone.append(playActions(view, ctx));
  ctx.ownZone.append(zone);
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const t = ctx.t;
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  const card = event.card ? cardName(event.card, t) : "";
  switch (event.code) {
    case "dealt":
      return t("event.dealt", { name, cards: names(event.cards, t) });
    case "dealer_up":
    case "hole_turned":
    case "dealer_drew":
      return t(`event.${event.code}`, { card, total: event.total });
    case "hit":
    case "doubled":
      return t(`event.${event.code}`, { name, card, total: event.total, bet: event.bet });
    case "settled":
      return t(`event.settled_${event.outcome}`, { name, bet: event.bet, paid: event.paid, net: Math.abs(event.paid - event.bet) });
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  const pub = view.public;
  const mine = ctx.mySeat;
  if (mine === null || mine === undefined || view.result) return null;
  if (!pub.in_round[mine]) return ctx.t("status.out");
  if (!ctx.canMove) return pub.phase === "bet" && pub.bets[mine] ? ctx.t("status.waiting_bets") : null;
  if (pub.phase === "bet") return ctx.t("status.bet");
  return ctx.t("status.play", { total: handTotal(pub.hands[mine]), dealer: pub.dealer_total });
}

/**
 * The seats strip: the chips in front of each player.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || !pub.chips) return null;
  return ctx.t("score.chips", { chips: ctx.formatNumber(pub.chips[seat]) });
}

/**
 * Result panel: the chips at the end.
 * @type {import("../../js/types.js").ScoreText}
 */
export function scoreText(score, seat, ctx) {
  return ctx.t("score.chips", { chips: ctx.formatNumber(score) });
}
