// Blackjack duel: the table (js/cards.js seats) with each seat's hands beside it (the face-up
// first card and a back for every card only its owner may know), the pot and the stake in the
// middle; the own zone holds the player's hands with their totals (in the first betting round
// the hidden card is a back: nobody knows it yet, the player neither) and the actions: call
// (hold or pay up), double, fold, hit, stand, split, every one lit from the view's legal
// moves. At a showdown the shown hands stay at the seats for 5 s (`last_round.until_ms`). The
// line above the table gives the round, the stage, the ante and when it rises next. The 15 s
// move clock is the frame's.
import { cardBackSvg, cardName, cardSvg, drawSeats, srText, stackText, TABLE_W, tableRoot } from "../../js/cards.js";
import { h, s, useStylesheet } from "../../js/svg.js";

useStylesheet(new URL("./style.css", import.meta.url));

const SHOWN_MS = 5000;

function names(cards, t) {
  return (cards || []).map((card) => cardName(card, t)).join(", ");
}

function legalOf(view, type) {
  return (view.legal_moves || []).find((m) => m.type === type) || null;
}

/** The showdown to show: from the event as it arrives (kept 5 s in ctx.state), else none. */
function shownHands(view, ctx) {
  const last = view.public.last_round;
  const st = ctx.state;
  if ((ctx.events || []).some((e) => e.code === "showdown") && last) {
    st.shown = { round: last.round, until: Date.now() + SHOWN_MS };
  }
  if (!st.shown || !last || st.shown.round !== last.round || Date.now() > st.shown.until) return null;
  if (!last.shown.some(Boolean)) return null;
  return { last, left: st.shown.until - Date.now() };
}

function timeText(ms) {
  const secs = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, "0")}`;
}

function anteLine(view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  let rise = null;
  if (pub.ante_up_at_ms && !view.result) {
    const left = pub.ante_up_at_ms - Date.now();
    rise = left > 0 ? t("table.next_rise", { time: timeText(left) }) : t("table.rise_next_round");
  }
  return h(
    "p",
    { class: "bd-line", "data-testid": "ante-clock" },
    h("span", { class: "bd-strong" }, t("table.round", { round: pub.round })),
    h("span", { class: "bd-strong", "data-testid": "stage" }, t(`stage.${pub.stage}`)),
    h("span", { "data-testid": "ante" }, t("table.ante", { ante: ctx.formatNumber(pub.ante) })),
    rise ? h("span", { class: "bd-muted" }, rise) : null,
  );
}

function seatFlag(pub, seat, t, shown) {
  if (shown && shown.last.won[seat]) return t("seat.won", { amount: shown.last.won[seat] });
  if (!pub.dealt[seat]) return null;
  if (pub.folded[seat]) return t("seat.folded");
  if (pub.stacks[seat] === 0) return t("seat.all_in");
  return null;
}

function seatSummary(pub, options, seat, ctx, shown) {
  const t = ctx.t;
  let more = "";
  if (pub.out[seat]) more += t("seat.summary_out");
  else if (pub.folded[seat]) more += t("seat.summary_folded");
  else if (pub.dealt[seat]) {
    const hands = pub.hands[seat].map((hand) => t("seat.summary_hand", { card: cardName(hand.up, t), count: hand.count - 1 }));
    more += t("seat.summary_hands", { hands: hands.join("; ") });
  }
  if (shown && shown.last.shown[seat]) {
    more += t("seat.summary_shown", { cards: shown.last.shown[seat].map((hand) => names(hand, t)).join("; ") });
  }
  return t("seat.summary", { name: ctx.seatName(seat), stack: stackText(options, pub.stacks[seat], ctx), more });
}

function drawTable(container, view, ctx, shown) {
  const pub = view.public;
  const t = ctx.t;
  const root = tableRoot({ label: t("table.label"), testid: "duel-table" });
  const spots = drawSeats(root, view, ctx, (seat) => ({
    hideCount: true,
    extra: pub.out[seat] ? t("seat.out") : `${seat === pub.button ? `${t("seat.button")} · ` : ""}${ctx.formatNumber(pub.stacks[seat])}`,
    flag: seatFlag(pub, seat, t, shown),
    flagClass: "call",
  }));
  for (const [seat, spot] of spots) {
    const towards = spot.x <= 200 ? 1 : -1;
    const y = spot.y - 14;
    const shownHandsOf = shown && shown.last.shown[seat];
    const g = s("g", { class: shownHandsOf ? "bd-shown" : "bd-hands", "data-testid": `hands-${seat}` });
    let x = spot.x + towards * 20 - (towards < 0 ? 28 : 0);
    if (shownHandsOf) {
      shownHandsOf.forEach((hand) => {
        hand.forEach((card, i) => g.append(cardSvg(card, { x: x + towards * i * 14, y: y - 8, width: 26 })));
        x += towards * (hand.length * 14 + 16);
      });
    } else if (pub.dealt[seat] && !pub.folded[seat] && seat !== ctx.mySeat) {
      // Backs first (under), the face-up card on top so its corner stays readable.
      pub.hands[seat].forEach((hand) => {
        const back = (i) => (towards > 0 ? x + 10 + 9 * i : x - 12 - 9 * i);
        for (let i = hand.count - 1; i >= 1; i--) g.append(cardBackSvg({ x: back(i), y: y + 4, width: 20 }));
        g.append(cardSvg(hand.up, { x, y: y - 4, width: 28 }));
        x += towards * (hand.count * 9 + 34);
      });
    }
    root.append(g);
  }
  root.append(
    s("text", { x: TABLE_W / 2, y: 140, "font-size": 15, "text-anchor": "middle", class: "bd-pot", "data-testid": "pot", text: t("table.pot", { amount: ctx.formatNumber(pub.pot) }) }),
    s("text", { x: TABLE_W / 2, y: 160, "font-size": 12, "text-anchor": "middle", class: "bd-pot", "data-testid": "stake", text: t("table.stake", { amount: ctx.formatNumber(pub.stake) }) }),
  );
  if (pub.carry) {
    root.append(s("text", { x: TABLE_W / 2, y: 178, "font-size": 11, "text-anchor": "middle", class: "bd-pot", text: t("table.carry", { amount: ctx.formatNumber(pub.carry) }) }));
  }
  container.append(root);
  const lines = [t(`stage.${pub.stage}`), t("table.pot", { amount: pub.pot }), t("table.stake", { amount: pub.stake })];
  for (let seat = 0; seat < view.seats; seat++) lines.push(seatSummary(pub, view.options, seat, ctx, shown));
  container.append(srText(lines.join(". ")));
  if (shown) {
    // The shown hands go once their 5 s are over, even if nothing else happens meanwhile.
    setTimeout(() => root.querySelectorAll(".bd-shown").forEach((el) => el.remove()), shown.left);
  }
}

function actionButton(text, testid, onPress, enabled, primary = false) {
  return h(
    "button",
    { type: "button", class: ["card-action", primary && "primary"], "data-testid": testid, disabled: !enabled, onclick: enabled ? onPress : null },
    text,
  );
}

function drawActions(view, ctx) {
  const t = ctx.t;
  const can = ctx.canMove;
  const pub = view.public;
  const row = h("div", { class: "bd-actions", role: "group", "aria-label": t("actions.label") });
  if (pub.stage === "draw") {
    const hit = legalOf(view, "hit");
    const split = legalOf(view, "split");
    row.append(actionButton(t("action.hit"), "hit-button", () => ctx.move(hit), can && !!hit, true));
    row.append(actionButton(t("action.stand"), "stand-button", () => ctx.move({ type: "stand" }), can && !!legalOf(view, "stand")));
    if (split) row.append(actionButton(t("action.split", { amount: ctx.formatNumber(split.amount) }), "split-button", () => ctx.move(split), can));
    return row;
  }
  const call = legalOf(view, "call");
  const double = legalOf(view, "double");
  const callText = call && call.amount ? t("action.call_pay", { amount: ctx.formatNumber(call.amount) }) : t("action.call");
  row.append(actionButton(callText, "call-button", () => ctx.move(call), can && !!call, true));
  row.append(
    actionButton(double ? t("action.double", { amount: ctx.formatNumber(double.amount) }) : t("action.double_none"), "double-button", () => ctx.move(double), can && !!double),
  );
  row.append(actionButton(t("action.fold"), "fold-button", () => ctx.move({ type: "fold" }), can && !!legalOf(view, "fold")));
  return row;
}

function ownHands(view, ctx) {
  const t = ctx.t;
  const pub = view.public;
  const priv = view.private || { hands: [], totals: [] };
  const mine = ctx.mySeat;
  const counts = pub.hands[mine] || [];
  const known = pub.stage !== "bet1";
  const box = h("div", { class: "bd-own-hands", "data-testid": "own-hands" });
  priv.hands.forEach((cards, index) => {
    const total = known ? priv.totals[index] : null;
    let label = known
      ? t("hand.label", { cards: names(cards, t), total })
      : t("hand.label_hidden", { card: names(cards, t) });
    if (known && priv.blackjack[index]) label += ` – ${t("hand.blackjack")}`;
    else if (known && total > 21) label += ` – ${t("hand.bust")}`;
    const active = pub.stage === "draw" && ctx.canMove && pub.hand_turn === index;
    const faces = cards.map((card) => cardSvg(card, { class: "bd-card" }));
    const backs = [];
    for (let i = cards.length; i < (counts[index] ? counts[index].count : 0); i++) backs.push(cardBackSvg({ class: "bd-card" }));
    const caption = known ? (priv.blackjack[index] ? t("hand.blackjack") : String(total)) : t("hand.unknown");
    box.append(
      h(
        "div",
        { class: ["bd-own-hand", active && "active"], role: "img", "aria-label": label, "data-testid": `own-hand-${index}` },
        ...faces,
        ...backs,
        h("span", { class: "bd-total", "data-testid": `own-total-${index}` }, caption),
      ),
    );
  });
  return box;
}

export function render(container, view, ctx) {
  const pub = view.public;
  container.append(anteLine(view, ctx));
  const shown = shownHands(view, ctx);
  drawTable(container, view, ctx, shown);
  const mine = ctx.mySeat;
  if (mine === null || mine === undefined || view.result) return;
  if (pub.out[mine]) {
    ctx.ownZone.append(h("p", { class: "hint", "data-testid": "busted-note" }, ctx.t("status.out")));
    return;
  }
  if (!pub.dealt[mine]) return;
  ctx.ownZone.append(h("div", { class: "own-cards bd-own" }, ownHands(view, ctx), drawActions(view, ctx)));
}

export function describe(event, ctx) {
  const t = ctx.t;
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "dealt": {
      const open = (event.open || []).map((card, seat) => (card ? `${ctx.seatName(seat)} ${cardName(card, t)}` : null)).filter(Boolean);
      return t("event.dealt", { cards: open.join(", ") });
    }
    case "revealed":
      return t("event.revealed", { card: cardName(event.card, t) });
    case "drew":
      return t("event.drew", { card: cardName(event.card, t), hand: event.hand + 1 });
    case "split":
      return t("event.split", { name, card: cardName(event.card, t), amount: event.amount });
    case "called":
      if (event.all_in) return t("event.called_all_in", { name, amount: event.amount });
      return event.amount ? t("event.called_pay", { name, amount: event.amount }) : t("event.called", { name });
    case "showdown": {
      const hands = (event.hands || [])
        .map((seatHands, seat) => (seatHands ? t("event.shown_hand", { name: ctx.seatName(seat), cards: seatHands.map((hand) => names(hand, t)).join("; ") }) : null))
        .filter(Boolean)
        .join("; ");
      return t("event.showdown", { hands });
    }
    case "pot_won":
    case "pot_shared": {
      const who = (event.seats || []).map((seat) => ctx.seatName(seat)).join(", ");
      return t(event.seats.length > 1 ? "event.pot_split" : "event.pot_won", { names: who, amount: event.amount });
    }
    default:
      return null;
  }
}

export function status(view, ctx) {
  const pub = view.public;
  const mine = ctx.mySeat;
  if (mine === null || mine === undefined || view.result) return null;
  if (pub.out[mine]) return ctx.t("status.out");
  if (!ctx.canMove) return null;
  if (pub.stage === "draw") return ctx.t("status.draw", { hand: pub.hand_turn + 1 });
  const call = legalOf(view, "call");
  return call && call.amount ? ctx.t("status.to_call", { amount: ctx.formatNumber(call.amount) }) : ctx.t("status.bet");
}

/** The seats strip: coins in front of each player. */
export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || !pub.stacks) return null;
  return pub.out[seat] ? ctx.t("seat.out") : stackText(view.options, pub.stacks[seat], ctx);
}

/** Result panel: the coins at the end. */
export function scoreText(score, seat, ctx) {
  return stackText(ctx.room && ctx.room.options, score, ctx);
}
