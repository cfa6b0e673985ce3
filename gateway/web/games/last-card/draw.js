// Last Card: the colour deck on the shared card table (js/cards.js). The hand is fanned in the
// own zone, playable cards lit from view.legal_moves; a wild asks for its colour (the engine
// lists one move per colour); Draw takes a card or a stacked penalty, Pass after drawing.
import { cardName, cardNames, choiceName, parseCard, renderShedding } from "../../js/cards.js";

function place(pub, seat) {
  const at = (pub.finished || []).indexOf(seat);
  return at === -1 ? null : at + 1;
}

function summary(view, ctx) {
  const pub = view.public;
  const parts = [];
  if (pub.discard_top) parts.push(ctx.t("summary.top", { card: cardName(pub.discard_top, ctx.t), colour: choiceName(pub.colour, ctx.t) }));
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
    follow: pub.colour,
    wished: pub.discard_top ? parseCard(pub.discard_top).kind === "wild" : false,
    pending: pub.pending,
    flag: (seat) => ((pub.last_card || []).includes(seat) ? t("call.last_card") : null),
    place: (seat) => place(pub, seat),
    choiceKey: "colour",
    chooseTitle: t("choose.colour"),
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
      return event.colour
        ? t("event.played_wild", { name, card: cardName(event.card, t), colour: choiceName(event.colour, t) })
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
  const legal = view.legal_moves || [];
  const plays = legal.some((m) => m.type === "play");
  if (pub.pending) return plays ? ctx.t("status.stack_or_draw", { count: pub.pending }) : ctx.t("status.draw_pending", { count: pub.pending });
  if (pub.drew) return plays ? ctx.t("status.play_drawn") : ctx.t("status.pass");
  return plays ? ctx.t("status.play") : ctx.t("status.draw");
}

/** The seats strip: cards in hand, "last card", or the finishing place. */
export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || !pub.hand_counts) return null;
  const p = place(pub, seat);
  if (p) return ctx.t("cards.place", { place: p });
  const count = ctx.t("cards.pile_count", { count: pub.hand_counts[seat] });
  return (pub.last_card || []).includes(seat) ? `${count} · ${ctx.t("call.last_card")}` : count;
}

// The placings tell it all; the scores are only places turned around.
export const resultScores = false;
