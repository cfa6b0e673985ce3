// Parchís: the cross of 68 squares (the viewer's arm at the bottom), the exits in their
// colour, the safe squares marked with a circle, each colour's yard in its corner and its
// corridor of seven squares up the middle of its arm to the goal in the centre; one die or two
// below with the Roll button, and a large button for every legal piece move. What is lit
// comes only from view.legal_moves (see ../race-kit.js).
import { arrowKeys, h, useStylesheet } from "../../js/svg.js";
import { board, controls, crossGeometry, framed } from "../race-kit.js";

useStylesheet(new URL("../ludo/style.css", import.meta.url));
useStylesheet(new URL("./style.css", import.meta.url));

// The board as the engine builds it (svc_dice/parchis/rules.py).
const SQUARES = 68;
const LAP = 64;
const CORRIDOR = 8;
const SAFE_SQUARES = [5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63, 68];

export function trackOf() {
  return { colours: 4, length: SQUARES, lap: LAP, lane: CORRIDOR, startAt: 4, finish: true };
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  const track = trackOf();
  const drawn = board(view, ctx, track, {
    testid: "parchis-board",
    label: ctx.t("board.label"),
    safe: SAFE_SQUARES.map((square) => square - 1),
    shape: crossGeometry,
  });
  arrowKeys(drawn.buttons);
  container.append(h("div", { class: "race" }, framed(drawn, ctx, ctx.t("board.label"))));
  if (!view.result) ctx.ownZone.append(controls(view, ctx, track));
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "rolled":
      return ctx.t("event.rolled", { name, pips: (event.dice || []).join(" + ") });
    case "moved":
      if (event.to === LAP + CORRIDOR - 1) return ctx.t("event.moved_goal", { name, n: event.piece + 1 });
      return event.field === null || event.field === undefined
        ? ctx.t("event.moved_lane", { name, n: event.piece + 1, goal: event.goal_field })
        : ctx.t("event.moved", { name, n: event.piece + 1, field: event.field + 1 });
    case "entered":
      return ctx.t("event.entered", { name, n: event.piece + 1 });
    case "captured":
      return ctx.t("event.captured", { name, by: ctx.seatName(event.by), field: event.field + 1 });
    case "bonus":
      return ctx.t("event.bonus", { name, pips: event.pips });
    case "three_in_a_row":
      return event.piece === null || event.piece === undefined
        ? ctx.t("event.three_in_a_row_none", { name })
        : ctx.t("event.three_in_a_row", { name, n: event.piece + 1 });
    case "no_move":
      return ctx.t("event.no_move", { name, pips: (event.pips || []).join(" + ") });
    case "finished":
      return ctx.t("event.finished", { name, place: event.place });
    case "game_over":
      return ctx.t("event.game_over");
    case "roll_again":
      return ctx.t("event.roll_again", { name });
    case "ply_limit":
      return ctx.t("event.ply_limit", { plies: event.plies });
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove) return null;
  const pub = view.public;
  if (pub.phase === "roll") return ctx.t(pub.sixes > 0 || pub.doubles > 0 ? "status.roll_again" : "status.roll");
  return ctx.t("status.move", { pips: pub.pending.join(" + ") });
}

/**
 * The seats strip shows how many of a seat's pieces are in the goal.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || !pub.pieces) return null;
  const goal = pub.colours[seat].flatMap((colour) => pub.pieces[colour]).filter((p) => p === LAP + CORRIDOR - 1).length;
  return ctx.t("badge.goal", { count: goal });
}

/** @type {import("../../js/types.js").ScoreText} */
export function scoreText(score, seat, ctx) {
  return ctx.t("result.goal", { count: score });
}
