// Last Card: the colour deck on the shared card table (js/cards.js). The hand is fanned in the
// own zone, playable cards lit from view.legal_moves; a wild asks for its colour (the engine
// lists one move per colour); Draw takes a card or a stacked penalty, Pass after drawing.
import {
  describeShedding,
  drawStackSettings,
  finishingSettings,
  parseCard,
  placeOrCountBadge,
  renderShedding,
  seatCall,
  sheddingStatus,
  sheddingSummary,
} from "../../js/cards.js";

const LAST_CARD = { seats: "last_card", text: "call.last_card" };

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const drew = pub.drew && ctx.canMove;
  renderShedding(container, view, ctx, {
    follow: pub.colour,
    wished: pub.discard_top ? parseCard(pub.discard_top).kind === "wild" : false,
    flag: (seat) => seatCall(pub, seat, t, LAST_CARD),
    choiceKey: "colour",
    chooseTitle: t("choose.colour"),
    hint: drew ? t("hint.drawn") : null,
    // Last Card's texts have one top line, which always names the colour to follow.
    summary: sheddingSummary(view, ctx, { follow: pub.colour, followParam: "colour" }),
    ...drawStackSettings(pub, ctx, drew),
    ...finishingSettings(pub, ctx),
  });
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  return describeShedding(event, ctx, { choiceKey: "colour", wishKey: "event.played_wild" });
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  return sheddingStatus(view, ctx, { stackKey: "status.stack_or_draw" });
}

/**
 * The seats strip: cards in hand, "last card", or the finishing place.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  return placeOrCountBadge(view, seat, ctx, LAST_CARD);
}

// The placings tell it all; the scores are only places turned around.
export const resultScores = false;
