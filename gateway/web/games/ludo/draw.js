// Ludo: the ring of 40, 60 or 80 fields as a circle (the viewer's start field at the bottom),
// each colour's yard outside its start field and its four goal fields running inwards; the
// die and the Roll button below, with a large button for every piece that may move. What is
// lit comes only from view.legal_moves (see ../race-kit.js).
import { arrowKeys, h, useStylesheet } from "../../js/svg.js";
import { board, controls, framed } from "../race-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

const FIELDS_PER_COLOUR = 10;
const GOAL_FIELDS = 4;

/** The track as the engine builds it (svc_dice/ludo/rules.py). */
export function trackOf(pub) {
  const length = pub.board * FIELDS_PER_COLOUR;
  return { colours: pub.board, length, lap: length, lane: GOAL_FIELDS, startAt: 0 };
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  const track = trackOf(view.public);
  const drawn = board(view, ctx, track, { testid: "ludo-board", label: ctx.t("board.label", { fields: track.length, colours: track.colours }) });
  arrowKeys(drawn.buttons);
  container.append(h("div", { class: "race" }, framed(drawn, ctx, ctx.t("board.label", { fields: track.length, colours: track.colours }))));
  if (!view.result) ctx.ownZone.append(controls(view, ctx, track));
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "rolled":
      return ctx.t("event.rolled", { name, pips: (event.dice || []).join(" + ") });
    case "moved":
      return event.field === null || event.field === undefined
        ? ctx.t("event.moved_lane", { name, n: event.piece + 1, goal: event.goal_field })
        : ctx.t("event.moved", { name, n: event.piece + 1, field: event.field + 1 });
    case "entered":
      return ctx.t("event.entered", { name, n: event.piece + 1 });
    case "captured":
      return ctx.t("event.captured", { name, by: ctx.seatName(event.by), field: event.field + 1 });
    case "no_move":
      return ctx.t("event.no_move", { name, pips: (event.pips || []).join(" + ") });
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove) return null;
  return ctx.t(view.public.phase === "roll" ? (view.public.sixes > 0 ? "status.roll_again" : "status.roll") : "status.move");
}

/**
 * The seats strip shows how many of a seat's pieces are in the goal.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || !pub.pieces) return null;
  const lap = pub.board * FIELDS_PER_COLOUR;
  const home = pub.colours[seat].flatMap((colour) => pub.pieces[colour]).filter((p) => p >= lap).length;
  return ctx.t("badge.goal", { count: home });
}

/** @type {import("../../js/types.js").ScoreText} */
export function scoreText(score, seat, ctx) {
  return ctx.t("result.goal", { count: score });
}
