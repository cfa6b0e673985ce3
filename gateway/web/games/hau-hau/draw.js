// Hau Hau: rock–paper–scissors to start each round, then the poker-card shedding table
// (js/cards.js). The match score sits at the top of the table; "Hau!" shows beside a player
// with one card left. A 10 or an A asks for the suit to wish (one legal move per suit). The
// 10-second move clock is the frame's (`move-clock`, from the update's deadline).
import {
  cardName,
  describeShedding,
  drawSeats,
  drawStackSettings,
  renderShedding,
  seatCall,
  sheddingStatus,
  sheddingSummary,
  srText,
  tableRoot,
} from "../../js/cards.js";
import { h, s, useStylesheet } from "../../js/svg.js";

useStylesheet(new URL("./style.css", import.meta.url));

const SHAPES = ["rock", "paper", "scissors"];
const HAU = { seats: "hau", text: "call.hau" };

/** A rock, paper or scissors drawing in a 100 × 100 box at (x, y), `size` wide. */
function shapeIcon(shape, x, y, size) {
  const k = size / 100;
  const g = s("g", { transform: `translate(${x} ${y}) scale(${k})`, class: ["rps-icon", `rps-${shape}`], "aria-hidden": "true" });
  if (shape === "rock") {
    g.append(
      s("path", { d: "M18 48q0-22 22-22h32q14 0 14 18v26q0 18-20 18H36q-18 0-18-18z", class: "rps-fill" }),
      s("path", { d: "M40 26v22M56 26v22M72 28v20M18 56q12 4 22-4", class: "rps-line" }),
    );
  } else if (shape === "paper") {
    g.append(
      s("path", { d: "M24 8h40l16 16v68H24z", class: "rps-paper" }),
      s("path", { d: "M64 8v16h16M34 40h36M34 54h36M34 68h26", class: "rps-line" }),
    );
  } else {
    g.append(
      s("path", { d: "M38 64 74 10M62 64 26 10", class: "rps-blade" }),
      s("circle", { cx: 30, cy: 76, r: 13, class: "rps-ring" }),
      s("circle", { cx: 70, cy: 76, r: 13, class: "rps-ring" }),
    );
  }
  return g;
}

function shapeSvg(shape, size) {
  return s("svg", { viewBox: "0 0 100 100", width: size, height: size, "aria-hidden": "true", focusable: "false", class: "rps-svg" }, shapeIcon(shape, 0, 0, 100));
}

function target(view) {
  return view.seats === 2 ? 3 : 2;
}

function matchLine(view, ctx) {
  const pub = view.public;
  const wins = pub.wins || [];
  const score = view.seats === 2 ? `${wins[0] ?? 0} : ${wins[1] ?? 0}` : null;
  return h(
    "p",
    { class: "hh-match", "data-testid": "match-score" },
    h("span", { class: "hh-round" }, ctx.t("match.round", { round: pub.round })),
    h("span", { class: "hh-format" }, ctx.t(view.seats === 2 ? "match.best_of_5" : "match.first_to_2")),
    score ? h("span", { class: "hh-score" }, ctx.t("match.score", { score })) : null,
  );
}

function winsText(view, seat, ctx) {
  const wins = (view.public.wins || [])[seat] || 0;
  return ctx.t("match.wins", { count: wins });
}

// -- the rock-paper-scissors phase ------------------------------------------------------------

function renderThrows(container, view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const players = pub.rps_players || [];
  const chosen = pub.rps_chosen || [];
  const last = pub.rps_last || [];
  const root = tableRoot({ label: t("rps.table") });
  // Under each seat: whether it has thrown (this seat's own throw shows in its buttons);
  // the starter is marked while its neighbours throw for the direction.
  const spots = drawSeats(root, view, ctx, (seat) => ({
    hideCount: true,
    extra: players.includes(seat) && seat !== ctx.mySeat ? (chosen.includes(seat) ? t("rps.ready") : t("rps.thinking")) : null,
    flag: pub.rps_stage === "direction" && seat === pub.starter ? t("rps.starts") : null,
    flagClass: "call",
  }));
  // The last complete throw, each shape beside its seat, turned towards the middle.
  for (const [seat, spot] of spots) {
    const shape = last[seat];
    if (!shape) continue;
    const dx = 200 - spot.x;
    const dy = 148 - spot.y;
    const len = Math.hypot(dx, dy) || 1;
    const x = spot.x + (dx / len) * 50 - 17;
    const y = spot.y + (dy / len) * 50 - 17;
    root.append(s("circle", { cx: x + 17, cy: y + 17, r: 21, class: "rps-back" }), shapeIcon(shape, x, y, 34));
  }
  const stage = pub.rps_stage === "direction" ? t("rps.direction") : t("rps.who_starts");
  root.append(
    s("text", { x: 200, y: 146, "font-size": 15, "text-anchor": "middle", class: "rps-title", text: t("rps.title") }),
    s("text", { x: 200, y: 166, "font-size": 11, "text-anchor": "middle", class: "rps-stage", text: stage }),
  );
  const tie = (ctx.events || []).find((e) => e.code === "rps_thrown" && !(e.winners || []).length);
  if (tie) root.append(s("text", { x: 200, y: 184, "font-size": 11, "text-anchor": "middle", class: "rps-stage", text: t("rps.tie") }));
  container.append(root);

  const throws = last.map((shape, seat) => (shape ? t("rps.threw", { name: ctx.seatName(seat), shape: t(`rps.${shape}`) }) : null)).filter(Boolean);
  container.append(srText([stage, ...throws].join(". ")));

  if (ctx.mySeat === null || ctx.mySeat === undefined || view.result) return;
  const mine = view.private ? view.private.rps_choice : null;
  const legal = new Set((view.legal_moves || []).filter((m) => m.type === "rps").map((m) => m.hand));
  const buttons = SHAPES.map((shape) =>
    h(
      "button",
      {
        type: "button",
        class: ["rps-button", mine === shape && "chosen"],
        "data-testid": `rps-${shape}`,
        "aria-pressed": mine ? String(mine === shape) : null,
        disabled: !(ctx.canMove && legal.has(shape)),
        onclick: () => ctx.move({ type: "rps", hand: shape }),
      },
      shapeSvg(shape, 40),
      h("span", null, t(`rps.${shape}`)),
    ),
  );
  const note = mine ? t("rps.you_chose", { shape: t(`rps.${mine}`) }) : players.includes(ctx.mySeat) ? t("rps.choose") : t("rps.watch");
  ctx.ownZone.append(h("div", { class: "rps-zone" }, h("p", { class: "hint rps-note" }, note), h("div", { class: "rps-buttons", role: "group", "aria-label": t("rps.title") }, buttons)));
}

// -- the card phase -------------------------------------------------------------------------

function summary(view, ctx) {
  const pub = view.public;
  return sheddingSummary(view, ctx, {
    lead: [ctx.t("match.round", { round: pub.round })],
    follow: pub.suit,
    wished: pub.wished,
    followParam: "suit",
    seatLine: (seat) => ctx.t("summary.seat_wins", { name: ctx.seatName(seat), count: pub.hand_counts[seat], wins: (pub.wins || [])[seat] || 0 }),
  });
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  container.append(matchLine(view, ctx));
  if (pub.phase === "rps") {
    renderThrows(container, view, ctx);
    return;
  }
  const drew = pub.stage === "drew" && ctx.canMove;
  renderShedding(container, view, ctx, {
    follow: pub.suit,
    wished: pub.wished,
    flag: (seat) => seatCall(pub, seat, t, HAU),
    extra: (seat) => winsText(view, seat, ctx),
    choiceKey: "suit",
    chooseTitle: t("choose.suit"),
    hint: pub.stage === "took" && ctx.canMove ? t("hint.took") : null,
    summary: summary(view, ctx),
    ...drawStackSettings(pub, ctx, drew),
  });
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const t = ctx.t;
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "open_card":
      return t("event.open_card", { card: cardName(event.card, t) });
    case "round_started":
      return t("event.round_started", { round: event.round, name: ctx.seatName(event.starter) });
    case "rps_thrown": {
      const shown = (event.hands || [])
        .map((shape, seat) => (shape ? t("rps.threw", { name: ctx.seatName(seat), shape: t(`rps.${shape}`) }) : null))
        .filter(Boolean)
        .join(", ");
      const winners = event.winners || [];
      if (!winners.length) return t("event.rps_tie", { throws: shown });
      return t("event.rps_won", { throws: shown, names: winners.map((seat) => ctx.seatName(seat)).join(", ") });
    }
    case "round_won":
      return t("event.round_won", { name, round: event.round, score: (event.wins || []).join(" : ") });
    default:
      return describeShedding(event, ctx, { choiceKey: "suit", wishKey: "event.played_wish" });
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  const pub = view.public;
  if (pub.phase === "rps") {
    if (ctx.canMove) return ctx.t("status.rps");
    return null;
  }
  return sheddingStatus(view, ctx, { stackKey: "status.stack_or_draw", stage: () => pub.stage });
}

/**
 * The seats strip: round wins and, during play, the cards in hand and "Hau!".
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || !pub.wins) return null;
  const wins = ctx.t("match.wins_short", { count: pub.wins[seat] || 0, target: target(view) });
  if (pub.phase !== "play") return wins;
  const count = ctx.t("cards.pile_count", { count: pub.hand_counts[seat] });
  const call = (pub.hau || []).includes(seat) ? ` · ${ctx.t("call.hau")}` : "";
  return `${wins} · ${count}${call}`;
}

/**
 * Result panel: round wins.
 * @type {import("../../js/types.js").ScoreText}
 */
export function scoreText(score, seat, ctx) {
  return ctx.t("match.wins", { count: score });
}
