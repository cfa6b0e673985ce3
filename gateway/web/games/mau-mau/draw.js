// Mau-Mau: a French deck on the shared card table (js/cards.js). Playable cards come lit from
// view.legal_moves; a wishing jack asks for its suit (one legal move per suit); "Mau!" shows
// beside a player with one card left, called by the server.
import { cardName, cardNames, choiceName, renderShedding } from "../../js/cards.js";

function place(pub, seat) {
  const at = (pub.finished || []).indexOf(seat);
  return at === -1 ? null : at + 1;
}

function summary(view, ctx) {
  const pub = view.public;
  const parts = [];
  if (pub.discard_top) {
    const key = pub.wished ? "summary.top_wished" : "summary.top";
    parts.push(ctx.t(key, { card: cardName(pub.discard_top, ctx.t), suit: choiceName(pub.suit, ctx.t) }));
  }
  parts.push(ctx.t(pub.direction === 1 ? "summary.clockwise" : "summary.anticlockwise"));
  if (pub.pending) parts.push(ctx.t("summary.pending", { count: pub.pending }));
  for (let seat = 0; seat < view.seats; seat++) {
    const p = place(pub, seat);
    const name = ctx.seatName(seat);
    parts.push(p ? ctx.t("summary.seat_done", { name, place: p }) : ctx.t("summary.seat", { name, count: pub.hand_counts[seat] }));
  }
  return parts.join(". ");
}

export function render(container, view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const drew = pub.drew && ctx.canMove;
  renderShedding(container, view, ctx, {
    follow: pub.suit,
    wished: pub.wished,
    pending: pub.pending,
    flag: (seat) => ((pub.mau || []).includes(seat) ? t("call.mau") : null),
    place: (seat) => place(pub, seat),
    choiceKey: "suit",
    chooseTitle: t("choose.suit"),
    drawLabel: pub.pending ? t("action.draw_pending", { count: pub.pending }) : t("action.draw"),
    passLabel: t("action.pass"),
    showPass: drew,
    hint: drew ? t("hint.drawn") : null,
    summary: summary(view, ctx),
    done: place(pub, ctx.mySeat) ? t("done", { place: place(pub, ctx.mySeat) }) : null,
  });
}

export function describe(event, ctx) {
  const t = ctx.t;
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "played":
      return event.suit
        ? t("event.played_wish", { name, card: cardName(event.card, t), suit: choiceName(event.suit, t) })
        : t("event.played", { name, card: cardName(event.card, t) });
    case "drawn":
      return (event.cards || []).length ? t("event.drawn", { cards: cardNames(event.cards, t) }) : t("event.drawn_none");
    case "dealt":
      return t("event.dealt", { count: (event.cards || []).length, cards: cardNames(event.cards, t) });
    case "drew":
      return t("event.drew", { name, count: event.count });
    case "reversed":
      return t(event.direction === 1 ? "event.reversed_clockwise" : "event.reversed_anticlockwise");
    default:
      return null;
  }
}

export function status(view, ctx) {
  if (!ctx.canMove) return null;
  const pub = view.public;
  const plays = (view.legal_moves || []).some((m) => m.type === "play");
  if (pub.pending) return plays ? ctx.t("status.seven_or_draw", { count: pub.pending }) : ctx.t("status.draw_pending", { count: pub.pending });
  if (pub.drew) return plays ? ctx.t("status.play_drawn") : ctx.t("status.pass");
  return plays ? ctx.t("status.play") : ctx.t("status.draw");
}

/** The seats strip: cards in hand, "Mau!", or the finishing place. */
export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || !pub.hand_counts) return null;
  const p = place(pub, seat);
  if (p) return ctx.t("cards.place", { place: p });
  const count = ctx.t("cards.pile_count", { count: pub.hand_counts[seat] });
  return (pub.mau || []).includes(seat) ? `${count} · ${ctx.t("call.mau")}` : count;
}

export const resultScores = false;
