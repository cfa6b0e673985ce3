// Mensch ärgere dich nicht: the ring of 40 fields as a circle (the viewer's first colour's
// start field at the bottom), each colour's house outside its start field and its four goal
// fields running inwards, pieces in their own colour (red, blue, yellow, green — a player
// holds two in 1 vs 1) with a letter, so colour is never the only signal. Before the first
// roll the winner of the start roll picks the colours. The die, the Roll button and a large
// button per lit piece below. What is lit comes only from view.legal_moves (../race-kit.js).
import { arrowKeys, h, useStylesheet } from "../../js/svg.js";
import { board, controls, framed } from "../race-kit.js";

// The race kit's board, die and buttons are styled by the Ludo sheet; ours adds the rest.
useStylesheet(new URL("../ludo/style.css", import.meta.url));
useStylesheet(new URL("./style.css", import.meta.url));

const COLOURS = ["red", "blue", "yellow", "green"];
// Okabe–Ito: vermillion, blue, yellow, bluish green; ink chosen for contrast on each.
const FILL = ["#D55E00", "#0072B2", "#F0E442", "#009E73"];
const INK = ["#000", "#fff", "#000", "#000"];
const LAP = 40;

/** The track as the engine builds it (svc_dice/mensch/rules.py). */
export const TRACK = { colours: 4, length: 40, lap: LAP, lane: 4, startAt: 0 };

function palette(ctx) {
  return {
    fill: (colour) => FILL[colour],
    ink: (colour) => INK[colour],
    mark: (colour) => ctx.t(`mark.${COLOURS[colour]}`),
    name: (colour) => ctx.t(`colour.${COLOURS[colour]}`),
  };
}

function colourNames(ctx, colours) {
  return colours.map((colour) => ctx.t(`colour.${COLOURS[colour]}`)).join(" + ");
}

/** Who rolled what at the start, and who chooses. */
function startRolls(pub, ctx) {
  const rounds = pub.start_rolls || [];
  const lines = rounds.map((round, i) =>
    h("li", null, ctx.t(i ? "start.tie_round" : "start.round", {
      rolls: round.map((d, seat) => (d === null ? null : `${ctx.seatName(seat)} ${d}`)).filter(Boolean).join(", "),
    })),
  );
  return h("div", { class: "mensch-start", "data-testid": "start-rolls" },
    h("ol", null, lines),
    h("p", null, ctx.t("start.chooser", { name: ctx.seatName(pub.chooser) })),
  );
}

function choiceButtons(view, ctx) {
  const zone = h("div", { class: "mensch-choices", role: "group", "aria-label": ctx.t("choose.label") });
  for (const move of view.legal_moves || []) {
    if (move.type !== "choose") continue;
    zone.append(
      h("button", { type: "button", class: "primary lit", "data-testid": `choose-${move.colours.join("-")}`, onclick: () => ctx.move(move) },
        ctx.t("choose.button", { colours: colourNames(ctx, move.colours) })),
    );
  }
  return zone;
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  const pub = view.public;
  const colours = palette(ctx);
  const drawn = board(view, ctx, TRACK, { testid: "mensch-board", label: ctx.t("board.label"), palette: colours });
  arrowKeys(drawn.buttons);
  const area = h("div", { class: "race" });
  if (pub.phase === "choose") area.append(startRolls(pub, ctx));
  else if (!view.result && pub.colour !== null && pub.colour !== undefined) {
    area.append(h("p", { class: "mensch-turn", "data-testid": "colour-turn" },
      ctx.t("turn.colour", { colour: colours.name(pub.colour), name: ctx.seatName(pub.turn) }),
      pub.bonus > 0 ? ` ${ctx.t("turn.bonus", { count: pub.bonus })}` : ""));
  }
  area.append(framed(drawn, ctx, ctx.t("board.label")));
  container.append(area);
  if (view.result) return;
  if (pub.phase === "choose") {
    if (ctx.canMove) ctx.ownZone.append(choiceButtons(view, ctx));
    return;
  }
  ctx.ownZone.append(controls(view, ctx, TRACK, { palette: colours }));
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  const colour = typeof event.colour === "number" ? ctx.t(`colour.${COLOURS[event.colour]}`) : "";
  switch (event.code) {
    case "rolled":
      return ctx.t("event.rolled", { name, pips: (event.dice || []).join(" + ") });
    case "chose":
      return ctx.t("event.chose", { name, colours: colourNames(ctx, event.colours || []) });
    case "colour_turn":
      return ctx.t("event.colour_turn", { name, colour });
    case "moved":
      return event.field === null || event.field === undefined
        ? ctx.t("event.moved_lane", { name, colour, n: (event.piece % 4) + 1, goal: event.goal_field })
        : ctx.t("event.moved", { name, colour, n: (event.piece % 4) + 1, field: event.field + 1 });
    case "entered":
      return ctx.t("event.entered", { name, colour, n: (event.piece % 4) + 1 });
    case "captured":
      return ctx.t("event.captured", { name, colour, by: ctx.seatName(event.by), field: event.field + 1 });
    case "reached_goal":
      return ctx.t("event.reached_goal", { name, colour, count: event.bonus });
    case "no_move":
      return ctx.t("event.no_move", { name, pips: (event.pips || []).join(" + ") });
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove) return null;
  const pub = view.public;
  if (pub.phase === "choose") return ctx.t("status.choose");
  const colour = ctx.t(`colour.${COLOURS[pub.colour]}`);
  return ctx.t(pub.phase === "roll" ? (pub.sixes > 0 || pub.bonus > 0 ? "status.roll_again" : "status.roll") : "status.move", { colour });
}

/**
 * The seats strip shows a seat's colours and how many of their pieces are in the goal.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || !pub.pieces || pub.phase === "choose") return null;
  const home = pub.colours[seat].flatMap((colour) => pub.pieces[colour]).filter((p) => p >= LAP).length;
  return ctx.t("badge.goal", { count: home, colours: colourNames(ctx, pub.colours[seat]) });
}

/** @type {import("../../js/types.js").ScoreText} */
export function scoreText(score, seat, ctx) {
  return ctx.t("result.goal", { count: score });
}
