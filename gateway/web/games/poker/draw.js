// Texas Hold'em sit-and-go: the table (../betting-kit.js) with the board and the pot in the
// middle, each seat's coins, bet and dealer button; the own zone holds the two hole cards and
// the actions (fold, check or call, "raise to" with a slider in small-blind steps, all-in),
// every one lit from the view's legal moves. At a showdown the shown cards and the hands'
// names stay at the seats for 5 s (`last_hand.until_ms`). The line above the table gives the
// hand, the blinds and when they rise next. The 15-second move clock is the frame's.
import { cardBackSvg, cardSvg, TABLE_W } from "../../js/cards.js";
import { h, s, useStylesheet } from "../../js/svg.js";
import { betButton, bettingDescriber, bettingStatus, legalOf, names, outOrFolded, renderBettingTable, riseText, seatLine, showdown, tableFlag, timeText } from "../betting-kit.js";

export { scoreText, seatBadge } from "../betting-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

function blindLine(view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const [small, big] = pub.blinds;
  const rise = riseText(view, ctx, pub.blinds_up_at_ms, "table.rise_next_hand");
  return h(
    "p",
    { class: "pk-line", "data-testid": "blind-clock" },
    h("span", { class: "pk-hand" }, t("table.hand", { hand: pub.hand })),
    h("span", { class: "pk-blinds", "data-testid": "blinds" }, t("table.blinds", { small, big })),
    rise ? h("span", { class: "pk-rise", "data-testid": "blinds-rise" }, rise) : null,
  );
}

/** The top bar's line: the blinds and when they rise, in words ("Blinds 10/20 · rise in 1:05"). */
export function topBar(view, ctx) {
  const pub = view.public;
  if (!pub || !pub.blinds) return null;
  const t = ctx.t;
  const [small, big] = pub.blinds;
  let text = t("table.blinds", { small, big });
  if (pub.blinds_up_at_ms && !view.result) {
    const left = pub.blinds_up_at_ms - Date.now();
    text = left > 0 ? t("top.blinds_rise", { small, big, time: timeText(left) }) : t("top.blinds_rise_next_hand", { small, big });
  }
  return { text, label: text };
}

function seatFlag(pub, seat, t, shown) {
  if (shown && shown.last.shown[seat]) return t(`hand.${shown.last.shown[seat].hand}`);
  const flag = tableFlag(pub, seat, t, shown);
  if (flag !== undefined) return flag;
  if (pub.bets[seat]) return t("seat.bet", { amount: pub.bets[seat] });
  return null;
}

function seatSummary(pub, options, seat, ctx, shown) {
  const t = ctx.t;
  let more = "";
  if (seat === pub.button) more += t("seat.summary_dealer");
  const gone = outOrFolded(pub, seat, t);
  if (gone) more += gone;
  else if (pub.bets[seat]) more += t("seat.summary_bet", { amount: pub.bets[seat] });
  if (shown && shown.last.shown[seat]) {
    const hand = shown.last.shown[seat];
    more += t("seat.summary_shown", { cards: names(hand.cards, t), hand: t(`hand.${hand.hand}`) });
  }
  return seatLine(pub, options, seat, ctx, more);
}

/** Hole cards beside each seat: backs while in the hand, faces when shown. */
function seatCards(root, view, ctx, seat, spot, shown) {
  const pub = view.public;
  if (seat === ctx.mySeat && !shown) return;
  const towards = spot.x <= 200 ? 1 : -1;
  const x = spot.x + towards * 22 - (towards < 0 ? 34 : 0);
  const y = spot.y - 12;
  const hand = shown && shown.last.shown[seat];
  if (hand) {
    const g = s("g", { class: "pk-shown", "data-testid": `shown-${seat}` });
    hand.cards.forEach((card, i) => g.append(cardSvg(card, { x: x + i * 18, y: y - 6, width: 22 })));
    root.append(g);
  } else if (pub.dealt[seat] && !pub.folded[seat]) {
    root.append(cardBackSvg({ x, y, width: 16 }), cardBackSvg({ x: x + 10, y, width: 16 }));
  }
}

/** The board and the pot in the middle. */
function middle(root, view, ctx, shown) {
  const pub = view.public;
  const t = ctx.t;
  const board = shown ? shown.last.board : pub.board;
  const cw = 40;
  const gap = 6;
  const left = TABLE_W / 2 - (5 * cw + 4 * gap) / 2;
  for (let i = 0; i < 5; i++) {
    const x = left + i * (cw + gap);
    if (board[i]) root.append(cardSvg(board[i], { x, y: 118, width: cw, testid: `board-${i}` }));
    else root.append(s("rect", { x, y: 118, width: cw, height: cw * 1.5, rx: 4, class: "pk-slot" }));
  }
  root.append(
    s("text", { x: TABLE_W / 2, y: 108, "font-size": 13, "text-anchor": "middle", class: "pk-pot", "data-testid": "pot", text: t("table.pot", { amount: ctx.formatNumber(pub.pot) }) }),
  );
  return [board.length ? t("table.board", { cards: names(board, t) }) : t("table.no_board"), t("table.pot", { amount: pub.pot })];
}

function drawActions(view, ctx) {
  const t = ctx.t;
  const can = ctx.canMove;
  const fold = legalOf(view, "fold");
  const check = legalOf(view, "check");
  const call = legalOf(view, "call");
  const raise = legalOf(view, "raise");
  const allin = legalOf(view, "allin");
  const row = h("div", { class: "pk-actions", role: "group", "aria-label": t("cards.yours") });
  row.append(betButton(t("action.fold"), "fold-button", () => ctx.move({ type: "fold" }), can && !!fold));
  if (call) row.append(betButton(t("action.call", { amount: ctx.formatNumber(call.amount) }), "call-button", () => ctx.move(call), can, true));
  else row.append(betButton(t("action.check"), "check-button", () => ctx.move({ type: "check" }), can && !!check, true));
  if (allin) row.append(betButton(t("action.allin", { amount: ctx.formatNumber(allin.amount) }), "allin-button", () => ctx.move(allin), can));
  const zone = h("div", { class: "pk-zone" }, row);
  if (raise) {
    const [low, high, step] = raise.range.amount;
    const st = ctx.state;
    if (typeof st.raiseTo !== "number" || st.raiseLow !== low) st.raiseTo = low; // the suggestion is the minimum
    st.raiseLow = low;
    st.raiseTo = Math.min(high, Math.max(low, st.raiseTo));
    const label = h("span", { class: "pk-raise-to", "data-testid": "raise-amount" }, ctx.formatNumber(st.raiseTo));
    const send = betButton(t("action.raise", { amount: ctx.formatNumber(st.raiseTo) }), "raise-button", () => ctx.move({ type: "raise", amount: st.raiseTo }), can);
    const slider = h("input", {
      type: "range",
      min: String(low),
      max: String(high),
      step: String(step),
      value: String(st.raiseTo),
      "data-testid": "raise-slider",
      "aria-label": t("action.amount"),
      disabled: !can,
      oninput: (e) => {
        st.raiseTo = Number(e.target.value);
        label.textContent = ctx.formatNumber(st.raiseTo);
        send.textContent = t("action.raise", { amount: ctx.formatNumber(st.raiseTo) });
      },
    });
    const nudge = (by) => {
      st.raiseTo = Math.min(high, Math.max(low, st.raiseTo + by));
      slider.value = String(st.raiseTo);
      slider.dispatchEvent(new Event("input"));
    };
    zone.append(
      h(
        "div",
        { class: "pk-raise" },
        betButton("−", "raise-less", () => nudge(-step), can),
        slider,
        betButton("+", "raise-more", () => nudge(step), can),
        label,
        send,
      ),
    );
  }
  return zone;
}

function ownZone(view, ctx) {
  const hole = (view.private && view.private.hand) || [];
  const cards = h(
    "div",
    { class: "pk-hole", role: "img", "aria-label": `${ctx.t("cards.yours")}: ${names(hole, ctx.t)}`, "data-testid": "hole-cards" },
    ...hole.map((card) => cardSvg(card, { class: "pk-hole-card" })),
  );
  return h("div", { class: "own-cards pk-own" }, cards, drawActions(view, ctx));
}

/** @type {import("../betting-kit.js").BettingGame} */
const POKER = { testid: "poker-table", buttonKey: "seat.dealer", shownClass: "pk-shown", line: blindLine, seatFlag, seatSummary, seatCards, middle, ownZone };

export function render(container, view, ctx) {
  renderBettingTable(container, view, ctx, showdown(view, ctx, "last_hand", "hand"), POKER);
}

const shownHand = (hand, t) => ({ cards: names(hand.cards, t), hand: t(`hand.${hand.hand}`) });

export const describe = bettingDescriber(shownHand, (event, ctx, name) => {
  const t = ctx.t;
  switch (event.code) {
    case "hand_started":
      return t("event.hand_started", { hand: event.hand, small: event.blinds[0], big: event.blinds[1] });
    case "dealt":
      return t("event.dealt", { cards: names(event.cards, t) });
    case "called":
      return t(event.all_in ? "event.called_all_in" : "event.called", { name, amount: event.amount });
    case "board":
      return t(`event.board_${event.street}`, { cards: names(event.cards, t) });
    case "blinds_up":
      return t("event.blinds_up", { small: event.small_blind, big: event.big_blind });
    default:
      return null;
  }
});

export function status(view, ctx) {
  const said = bettingStatus(view, ctx);
  if (said !== undefined) return said;
  const call = legalOf(view, "call");
  return call ? ctx.t("status.to_call", { amount: ctx.formatNumber(call.amount) }) : ctx.t("status.check");
}
