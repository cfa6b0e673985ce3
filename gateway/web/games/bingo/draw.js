// Bingo: the drum with the last ball (it rolls in), the board of drawn balls 1–75, the
// player's own card (tap a number to mark it; marks stay on this device and are never sent,
// since the server judges a call from the drawn balls alone), and the Draw and Bingo buttons.
// What may be drawn or called comes only from view.legal_moves. At the end the winner's card
// is shown with the winning cells.
import { h, isLegal, s, svgRoot, useStylesheet } from "../../js/svg.js";
import { scrollBox } from "../board-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

const LETTERS = ["B", "I", "N", "G", "O"];
const CENTRE = 12;

function letterOf(ball) {
  return LETTERS[Math.floor((ball - 1) / 15)];
}

function ballName(ball) {
  return `${letterOf(ball)} ${ball}`;
}

/** This seat's marks, kept on the device (per room, seat and game) across reloads. */
function marks(view, ctx) {
  const key = `gameroom.bingo.${ctx.room && ctx.room.code}.${ctx.mySeat}.${view.public.cards[ctx.mySeat].join("-")}`;
  if (ctx.state.marksKey !== key) {
    ctx.state.marksKey = key;
    let saved;
    try {
      saved = JSON.parse(localStorage.getItem(key) || "[]");
    } catch {
      saved = [];
    }
    ctx.state.marks = new Set(Array.isArray(saved) ? saved : []);
  }
  return {
    has: (cell) => ctx.state.marks.has(cell),
    toggle(cell) {
      if (ctx.state.marks.has(cell)) ctx.state.marks.delete(cell);
      else ctx.state.marks.add(cell);
      try {
        localStorage.setItem(key, JSON.stringify([...ctx.state.marks]));
      } catch {
        /* a full or blocked storage only loses the marks on reload */
      }
    },
  };
}

function renderDrum(view, ctx) {
  const drawn = view.public.drawn;
  const last = drawn.length ? drawn[drawn.length - 1] : null;
  const fresh = ctx.events.some((e) => e.code === "drawn") && !ctx.reducedMotion;
  const svg = svgRoot(120, 120, {
    label: last === null ? ctx.t("drum.empty") : ctx.t("drum.last", { ball: ballName(last), count: drawn.length }),
    testid: "last-ball",
    role: "img",
  });
  svg.setAttribute("data-ball", last === null ? "" : String(last));
  svg.append(s("circle", { cx: 60, cy: 60, r: 56, class: "bg-drum" }));
  if (last !== null) {
    svg.append(
      s(
        "g",
        { class: ["bg-ball", `col-${letterOf(last)}`, fresh && "rolled"] },
        s("circle", { cx: 60, cy: 60, r: 46, class: "bg-ball-body" }),
        s("circle", { cx: 60, cy: 60, r: 32, class: "bg-ball-face" }),
        s("text", { x: 60, y: 49, "text-anchor": "middle", class: "bg-ball-letter", text: letterOf(last) }),
        s("text", { x: 60, y: 77, "text-anchor": "middle", class: "bg-ball-number", text: String(last) }),
      ),
    );
  } else {
    svg.append(s("text", { x: 60, y: 65, "text-anchor": "middle", class: "bg-drum-text", text: "75" }));
  }
  return h(
    "div",
    { class: "bg-drum-wrap" },
    svg,
    h("p", { class: "bg-count", "data-testid": "ball-count" }, ctx.t("drum.count", { count: drawn.length })),
  );
}

function renderBoard(view, ctx) {
  const drawn = new Set(view.public.drawn);
  const rows = LETTERS.map((letter, col) =>
    h(
      "div",
      { class: "bg-board-row", role: "row" },
      h("span", { class: "bg-board-letter", role: "rowheader" }, letter),
      Array.from({ length: 15 }, (_, i) => {
        const ball = col * 15 + i + 1;
        const on = drawn.has(ball);
        return h(
          "span",
          { class: ["bg-board-ball", on && "drawn"], "data-testid": `ball-${ball}`, role: "cell", "aria-label": on ? ctx.t("board.drawn", { ball: ballName(ball) }) : String(ball) },
          String(ball),
        );
      }),
    ),
  );
  return h("div", { class: "bg-board", role: "table", "aria-label": ctx.t("board.label"), "data-testid": "ball-board" }, rows);
}

/**
 * @param {import("../../js/types.js").View} view
 * @param {import("../../js/types.js").DrawContext} ctx
 * @param {number} seat
 * @param {{ interactive?: boolean, testid: string, cells?: string }} spec
 */
function renderCard(view, ctx, seat, { interactive, testid, cells }) {
  const card = view.public.cards[seat];
  const mark = interactive ? marks(view, ctx) : null;
  const win = new Set(cells || []);
  const head = LETTERS.map((letter) => h("span", { class: "bg-card-head", "aria-hidden": "true" }, letter));
  const buttons = [];
  const body = card.map((number, cell) => {
    const free = cell === CENTRE;
    const marked = free || (mark && mark.has(cell));
    const label = free ? ctx.t("card.free") : ctx.t(marked ? "card.marked" : "card.number", { ball: `${LETTERS[cell % 5]} ${number}` });
    if (!interactive || free) {
      return h("span", { class: ["bg-cell", free && "free", marked && "marked", win.has(cell) && "win"], "data-testid": `${testid}-cell-${cell}`, role: "img", "aria-label": label }, free ? ctx.t("card.free_short") : String(number));
    }
    const kept = /** @type {NonNullable<typeof mark>} */ (mark); // an interactive card has its marks
    const button = h(
      "button",
      {
        type: "button",
        class: ["bg-cell", marked && "marked", win.has(cell) && "win"],
        "data-testid": `cell-${cell}`,
        "data-number": String(number),
        "aria-pressed": String(Boolean(marked)),
        "aria-label": label,
        onclick: () => {
          kept.toggle(cell);
          const now = kept.has(cell);
          button.classList.toggle("marked", now);
          button.setAttribute("aria-pressed", String(now));
          button.setAttribute("aria-label", ctx.t(now ? "card.marked" : "card.number", { ball: `${LETTERS[cell % 5]} ${number}` }));
        },
      },
      String(number),
    );
    buttons.push({ cell, button });
    return button;
  });
  // Arrow keys move through the card as a 5×5 grid.
  buttons.forEach(({ cell, button }) => {
    button.addEventListener("keydown", (e) => {
      const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 5, ArrowUp: -5 }[e.key];
      if (!step) return;
      e.preventDefault();
      for (let next = cell + step; next >= 0 && next < 25; next += step) {
        if (Math.abs(step) === 1 && Math.floor(next / 5) !== Math.floor(cell / 5)) break;
        const target = buttons.find((b) => b.cell === next);
        if (target) {
          target.button.focus();
          break;
        }
      }
    });
  });
  return h("div", { class: "bg-card", role: "group", "aria-label": ctx.t("card.label", { name: ctx.seatName(seat) }), "data-testid": testid }, head, body);
}

function renderLastCall(view, ctx) {
  const call = view.public.last_call;
  if (!call || call.valid) return null;
  return h("p", { class: "bg-last-call", "data-testid": "last-call", role: "status" }, ctx.t("call.refused", { name: ctx.seatName(call.seat) }));
}

function renderActions(view, ctx) {
  const canDraw = ctx.canMove && isLegal(view, { type: "draw" });
  const canCall = ctx.canMove && isLegal(view, { type: "bingo" });
  return h(
    "div",
    { class: "bg-actions" },
    h("button", { type: "button", class: ["primary", "bg-draw", canDraw && "lit"], "data-testid": "draw-button", disabled: !canDraw, onclick: () => ctx.move({ type: "draw" }) }, ctx.t("button.draw")),
    h("button", { type: "button", class: ["bg-call", canCall && "lit"], "data-testid": "bingo-button", disabled: !canCall, onclick: () => ctx.move({ type: "bingo" }) }, ctx.t("button.bingo")),
  );
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  container = scrollBox(container, ctx); // taller than the table on a phone: scrolls, and shows it
  const pub = view.public;
  container.append(h("div", { class: "bg-top" }, renderDrum(view, ctx), renderBoard(view, ctx)));
  const lastCall = renderLastCall(view, ctx);
  if (lastCall) container.append(lastCall);
  if (pub.winner !== null && pub.winner !== undefined) {
    container.append(
      h("section", { class: "bg-winner", "aria-label": ctx.t("winner.label", { name: ctx.seatName(pub.winner) }) }, h("p", null, ctx.t("winner.label", { name: ctx.seatName(pub.winner) })), renderCard(view, ctx, pub.winner, { interactive: false, testid: "winner-card", cells: pub.cells })),
    );
  }
  if (ctx.mySeat !== null && !view.result) {
    ctx.ownZone.append(h("div", { class: "bg-own" }, renderCard(view, ctx, ctx.mySeat, { interactive: true, testid: "bingo-card" }), renderActions(view, ctx)));
  }
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "drawn":
      return ctx.t("event.drawn", { name, ball: ballName(event.ball), count: event.count });
    case "bingo_refused":
      return ctx.t("event.bingo_refused", { name });
    case "bingo":
      return ctx.t("event.bingo", { name });
    case "game_over":
      return ctx.t("event.game_over", { name: ctx.seatName(event.winner) });
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (ctx.mySeat === null || view.result) return null;
  if (ctx.canMove && isLegal(view, { type: "draw" })) return ctx.t("status.draw");
  return ctx.t("status.watch", { name: ctx.seatName(view.public.drawer) });
}

export const resultScores = false;
