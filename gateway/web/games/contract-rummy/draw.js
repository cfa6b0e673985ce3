// Femton (Fifteen Rounds): the meld table (../meld-kit.js), the round's contract, the buy
// window, the melds on the table. Tap hand cards to select them: one selected card lights the
// discard button and the melds it can be added to (or whose joker it replaces); a selection that
// forms a contract meld lights "Lay the selection". With card suggestions on, "Suggest cards"
// selects a meld the hand can lay. Everything lit comes from view.legal_moves.
import { actionButton, cardName, cardNames } from "../../js/cards.js";
import { h, useStylesheet } from "../../js/svg.js";
import { legal, meldDescriber, pointsText, renderMeldTable, shownHands } from "../meld-kit.js";

export { scoreText } from "../meld-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

const face = (card) => card.split(".")[0];
const faces = (cards) => cards.map(face).sort().join(",");

function goal(contract, t) {
  if (!contract) return "";
  const parts = [];
  if (contract.sets) parts.push(t("contract.sets", { count: contract.sets, size: contract.set_size }));
  if (contract.runs) parts.push(t("contract.runs", { count: contract.runs, size: contract.run_length }));
  return parts.join(t("contract.and"));
}

function windowLine(view, ctx) {
  const pub = view.public;
  const w = pub.window;
  const t = ctx.t;
  if (!w) return null;
  const asked = (w.calls || []).map((call, seat) => (call === "buy" || call === "kept" ? ctx.seatName(seat) : null)).filter(Boolean);
  const text = w.open ? t("window.open", { seconds: w.seconds, card: cardName(w.card, t) }) : t("window.closed");
  return h(
    "p",
    { class: ["femton-window", w.open && "open"], "data-testid": "buy-window", role: "status" },
    text,
    asked.length ? h("span", { class: "femton-asked" }, ` · ${t("window.asked")}: ${asked.join(", ")}`) : null,
  );
}

function summary(view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const parts = [t("contract.line", { round: pub.round, goal: goal(pub.contract, t) })];
  if (pub.discard_top) parts.push(t("summary.top", { card: cardName(pub.discard_top, t) }));
  for (let seat = 0; seat < view.seats; seat++) parts.push(t("summary.seat", { name: ctx.seatName(seat), count: pub.hand_counts[seat] }));
  return parts.join(". ");
}

/** Buy, withdraw and lay the selection: after "take". */
function early(view, ctx, { sel, inPlay }) {
  const t = ctx.t;
  const buy = ctx.canMove ? legal(view, "buy")[0] || null : null;
  const withdraw = ctx.canMove ? legal(view, "withdraw")[0] || null : null;
  const meld = inPlay && sel.length >= 3 ? legal(view, "meld").find((m) => faces(m.cards) === faces(sel)) : null;
  return [
    buy ? actionButton({ text: t("action.buy"), testid: "buy-button", primary: true, onPress: () => ctx.move(buy) }) : null,
    withdraw ? actionButton({ text: t("action.withdraw"), testid: "withdraw-button", onPress: () => ctx.move(withdraw) }) : null,
    inPlay && sel.length >= 3
      ? actionButton({ text: t("action.meld"), testid: "meld-button", disabled: !meld, primary: Boolean(meld), onPress: () => meld && ctx.move(meld) })
      : null,
  ];
}

/** Suggest cards and the next round: after "take back". */
function late(view, ctx, { inPlay, redraw }) {
  const t = ctx.t;
  const pub = view.public;
  const next = ctx.canMove ? legal(view, "next_round")[0] || null : null;
  const suggested = (view.private && view.private.suggestions && view.private.suggestions.melds) || [];
  return [
    inPlay && pub.suggestions_on && suggested.length
      ? actionButton({
          text: t("action.suggest"),
          testid: "suggest-button",
          onPress: () => {
            const pick = suggested[(ctx.state.suggestAt = ((ctx.state.suggestAt || 0) + 1) % suggested.length)];
            ctx.state.sel = [...pick.cards];
            redraw();
          },
        })
      : null,
    next ? actionButton({ text: t("action.next_round"), testid: "next-round-button", primary: true, onPress: () => ctx.move(next) }) : null,
  ];
}

/** @type {import("../meld-kit.js").MeldGame} */
const FEMTON = {
  prefix: "femton",
  selectionKey: (view, ctx) => {
    const pub = view.public;
    const hand = (view.private && view.private.hand) || [];
    return `${pub.round}:${pub.turn}:${pub.phase}:${pub.melds.length}:${hand.length}:${ctx.canMove}`;
  },
  emptySelection: () => [],
  toggle: (ctx, card) => {
    const at = ctx.state.sel.indexOf(card);
    if (at >= 0) ctx.state.sel.splice(at, 1);
    else ctx.state.sel.push(card);
  },
  oneCard: (sel) => (sel.length === 1 ? sel[0] : null),
  isSelected: (sel, card) => sel.includes(card),
  meldCardsUsable: false,
  early,
  late,
  litCard: (view, ctx, turn, usable) => (card) => (usable.has(card) || !view.public.down[ctx.mySeat] ? "playable" : "quiet"),
  hint: (view, ctx) => {
    const pub = view.public;
    const waiting = pub.window && pub.window.choice === "draw" && pub.turn === ctx.mySeat;
    return waiting ? ctx.t("window.waiting") : ctx.t("contract.line", { round: pub.round, goal: goal(pub.contract, ctx.t) });
  },
  seatExtra: (view, ctx) => {
    const pub = view.public;
    const t = ctx.t;
    return (seat) => [pub.down && pub.down[seat] ? t("seat.down") : null, pub.buys && pub.buys[seat] ? t("seat.buys", { count: pub.buys[seat] }) : null].filter(Boolean).join(" · ") || null;
  },
  summary,
  beforeMelds: (view, ctx) => [windowLine(view, ctx)],
  meldListFocusable: true,
  shown: (view, ctx) => {
    const pub = view.public;
    if (!pub.shown_hands || !pub.round_points) return null;
    return shownHands(ctx, "femton", pub.shown_hands, (cards, seat) =>
      ctx.t("shown.seat", { name: ctx.seatName(seat), points: pub.round_points[seat], total: pub.totals[seat], cards: cardNames(cards, ctx.t) || "—" }),
    );
  },
};

export function render(container, view, ctx) {
  renderMeldTable(container, view, ctx, FEMTON);
}

export const describe = meldDescriber((event, ctx, name) => {
  const t = ctx.t;
  switch (event.code) {
    case "bought":
      return t(`event.${event.code}`, { name, card: cardName(event.card, t) });
    case "buy_window":
      return t("event.buy_window", { card: cardName(event.card, t) });
    case "melded":
      return t(`event.melded_${event.kind}`, { name, cards: cardNames(event.cards, t) });
    case "round_over":
    case "round_started":
      return t(`event.${event.code}`, { round: event.round });
    default:
      return undefined;
  }
});

export function status(view, ctx) {
  if (!ctx.canMove) return null;
  const pub = view.public;
  const t = ctx.t;
  if (pub.phase === "scored") return t("status.next_round");
  if (pub.phase === "draw") return pub.turn === ctx.mySeat ? t("status.draw") : t("status.buy");
  return pub.down[ctx.mySeat] ? t("status.play") : t("status.meld");
}

export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || !pub.totals) return null;
  return pointsText(pub.totals[seat], ctx);
}
