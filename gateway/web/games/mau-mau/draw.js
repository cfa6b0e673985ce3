// Mau-Mau: a French deck on the shared card table (js/cards.js). Playable cards come lit from
// view.legal_moves; a wishing jack asks for its suit (one legal move per suit); "Mau!" shows
// beside a player with one card left, called by the server.
import {
  describeShedding,
  drawStackSettings,
  finishingSettings,
  placeOrCountBadge,
  renderShedding,
  seatCall,
  sheddingStatus,
  sheddingSummary,
} from "../../js/cards.js";

const MAU = { seats: "mau", text: "call.mau" };

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const drew = pub.drew && ctx.canMove;
  renderShedding(container, view, ctx, {
    follow: pub.suit,
    wished: pub.wished,
    flag: (seat) => seatCall(pub, seat, t, MAU),
    choiceKey: "suit",
    chooseTitle: t("choose.suit"),
    hint: drew ? t("hint.drawn") : null,
    summary: sheddingSummary(view, ctx, { follow: pub.suit, wished: pub.wished, followParam: "suit" }),
    ...drawStackSettings(pub, ctx, drew),
    ...finishingSettings(pub, ctx),
  });
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  return describeShedding(event, ctx, { choiceKey: "suit", wishKey: "event.played_wish" });
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  return sheddingStatus(view, ctx, { stackKey: "status.seven_or_draw" });
}

/**
 * The seats strip: cards in hand, "Mau!", or the finishing place.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  return placeOrCountBadge(view, seat, ctx, MAU);
}

export const resultScores = false;
