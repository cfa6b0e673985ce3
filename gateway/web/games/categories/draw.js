// Categories: the round's letter, one answer field per column (stacked, so a phone shows
// them one under the other above its keyboard), Done and Stop; then the review, where every
// answer is shown and the others' answers can be vetoed; then the points of the round.
// What may be written, vetoed or called comes only from view.legal_moves.
import { h, isLegal, legalOfType, useStylesheet } from "../../js/svg.js";
import { scrollBox } from "../board-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

function drafts(view, ctx) {
  const pub = view.public;
  const key = `${pub.round}:${ctx.mySeat}`;
  if (ctx.state.roundKey !== key) {
    ctx.state.roundKey = key;
    ctx.state.drafts = {};
    ctx.state.pending = null;
  }
  return ctx.state.drafts;
}

/** The first column whose field differs from what the server holds, or -1. */
function unsent(view, ctx) {
  const held = (view.private && view.private.answers) || [];
  const own = drafts(view, ctx);
  return held.findIndex((answer, column) => own[column] !== undefined && own[column].trim() !== answer);
}

/** Send the fields not yet sent, one move at a time, then `pending` (done or stop). Only
 * one move may be in flight, so a refused send (another is on its way) is tried again a
 * moment later, each time from the latest view. */
function flush(ctx) {
  const { view, ctx: latest } = ctx.state.latest || {};
  const pending = ctx.state.pending;
  if (!pending || !view || view.public.phase !== "writing" || !view.private) {
    ctx.state.pending = null;
    return;
  }
  const column = unsent(view, latest);
  const canWrite = legalOfType(view, "write").length > 0;
  let sent;
  if (column >= 0 && canWrite) {
    sent = latest.move({ type: "write", column, word: ctx.state.drafts[column].trim() });
    // Sent or not, look again soon: the next field, or the finishing move.
    clearTimeout(ctx.state.timer);
    ctx.state.timer = setTimeout(() => flush(ctx), sent ? 400 : 200);
    return;
  }
  if (!isLegal(view, { type: pending })) {
    ctx.state.pending = null;
    return;
  }
  sent = latest.move({ type: pending });
  if (sent) ctx.state.pending = null;
  else ctx.state.timer = setTimeout(() => flush(ctx), 200);
}

function letterBanner(pub, ctx) {
  return h(
    "div",
    { class: "cat-banner" },
    h("span", { class: "cat-letter", "data-testid": "cat-letter", "aria-label": ctx.t("letter.label", { letter: pub.letter }) }, pub.letter),
    h("span", { class: "cat-round", "data-testid": "cat-round" }, ctx.t("round.label", { round: pub.round, rounds: pub.rounds })),
  );
}

function sheet(view, ctx) {
  const pub = view.public;
  const held = view.private.answers;
  const own = drafts(view, ctx);
  const canWrite = legalOfType(view, "write").length > 0;
  const fields = pub.columns.map((column, i) => {
    const id = `cat-field-${i}`;
    const input = h("input", {
      type: "text",
      id,
      class: "cat-input",
      "data-testid": `answer-${i}`,
      maxlength: "40",
      autocomplete: "off",
      autocapitalize: "words",
      spellcheck: "false",
      enterkeyhint: i + 1 < pub.columns.length ? "next" : "done",
      value: own[i] !== undefined ? own[i] : held[i],
      disabled: !canWrite,
      oninput: (e) => {
        own[i] = e.target.value;
      },
      onchange: (e) => {
        own[i] = e.target.value;
        const word = e.target.value.trim();
        if (word !== held[i] && !ctx.state.pending) ctx.move({ type: "write", column: i, word });
      },
      onfocus: (e) => setTimeout(() => e.target.scrollIntoView({ block: "center" }), 300),
    });
    input.addEventListener("keydown", (e) => {
      if (e.key !== "Enter") return;
      e.preventDefault();
      const next = document.getElementById(`cat-field-${i + 1}`);
      if (next) next.focus();
      else input.blur();
    });
    return h(
      "div",
      { class: "cat-field" },
      h("label", { for: id, class: "cat-label" }, ctx.t(`column.${column}`), held[i] ? h("span", { class: "cat-saved", "aria-label": ctx.t("field.saved") }, " ✓") : null),
      input,
    );
  });
  const finish = (kind) => {
    ctx.state.pending = kind;
    // The field being left sends its change first; the rest follow from here.
    setTimeout(() => flush(ctx), 0);
  };
  const allFilled = pub.columns.every((_, i) => (own[i] !== undefined ? own[i] : held[i]).trim());
  return h(
    "form",
    { class: "cat-sheet", "data-testid": "cat-sheet", onsubmit: (e) => e.preventDefault() },
    fields,
    h("p", { class: "hint" }, ctx.t("entries.left", { count: view.private.entries_left })),
    h(
      "div",
      { class: "cat-actions" },
      h("button", { type: "button", class: "primary", "data-testid": "done-button", disabled: !isLegal(view, { type: "done" }), onclick: () => finish("done") }, ctx.t("done.button")),
      h(
        "button",
        { type: "button", class: ["stop", (isLegal(view, { type: "stop" }) || allFilled) && "lit"], "data-testid": "stop-button", disabled: !(isLegal(view, { type: "stop" }) || (allFilled && canWrite)), onclick: () => finish("stop") },
        ctx.t("stop.button"),
      ),
    ),
  );
}

function answersTable(view, ctx, answers, { points = null, struck = [], vetoes = false } = {}) {
  const pub = view.public;
  const gone = new Set(struck.map(([author, column]) => `${author}:${column}`));
  const vetoable = new Set(legalOfType(view, "veto").map((m) => `${m.seat}:${m.column}`));
  const seats = Array.from({ length: view.seats }, (_, i) => i);
  return h(
    "div",
    { class: "cat-table-wrap" },
    pub.columns.map((column, c) =>
      h(
        "section",
        { class: "cat-column", "data-testid": `column-${c}` },
        h("h3", null, ctx.t(`column.${column}`)),
        h(
          "ul",
          null,
          seats.map((seat) => {
            const answer = answers[seat][c];
            const key = `${seat}:${c}`;
            const canVeto = vetoes && ctx.canMove && vetoable.has(key);
            return h(
              "li",
              { class: ["cat-answer", gone.has(key) && "struck"] },
              h("span", { class: "chip-token", style: { background: ctx.seatColour(seat), color: ctx.seatInk(seat) }, "aria-hidden": "true" }, ctx.seatMark(seat)),
              h("span", { class: "sr-only" }, `${ctx.seatName(seat)}: `),
              h("span", { class: "cat-word" }, answer || "–"),
              gone.has(key) ? h("span", { class: "cat-struck-tag" }, ctx.t("answer.struck")) : null,
              points ? h("span", { class: "cat-points", "data-testid": `points-${seat}-${c}` }, ctx.formatNumber(points[seat][c])) : null,
              canVeto
                ? h(
                    "button",
                    { type: "button", class: "cat-veto", "data-testid": `veto-${seat}-${c}`, "aria-label": ctx.t("veto.label", { word: answer, name: ctx.seatName(seat) }), onclick: () => ctx.move({ type: "veto", seat, column: c }) },
                    ctx.t("veto.button"),
                  )
                : null,
            );
          }),
        ),
      ),
    ),
  );
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  container = scrollBox(container, ctx); // taller than the table on a phone: scrolls, and shows it
  const pub = view.public;
  ctx.state.latest = { view, ctx };
  if (pub.phase !== "over") container.append(letterBanner(pub, ctx));
  if (pub.phase === "writing") {
    if (ctx.mySeat !== null && view.private && !pub.handed_in[ctx.mySeat]) {
      container.append(sheet(view, ctx));
    } else {
      const left = pub.handed_in.filter((done) => !done).length;
      container.append(h("p", { class: "cat-wait", "data-testid": "cat-wait" }, ctx.t("wait.writing", { count: left })));
    }
  } else if (pub.phase === "review") {
    container.append(h("p", { class: "hint" }, ctx.t("review.hint")));
    container.append(answersTable(view, ctx, pub.answers, { struck: pub.struck, vetoes: true }));
    if (ctx.canMove && isLegal(view, { type: "accept" })) {
      ctx.ownZone.append(h("button", { type: "button", class: "primary", "data-testid": "accept-button", onclick: () => ctx.move({ type: "accept" }) }, ctx.t("accept.button")));
    }
  }
  const last = pub.history && pub.history[pub.history.length - 1];
  if (last && pub.phase !== "review") {
    container.append(
      h(
        "details",
        { class: "cat-last", "data-testid": "cat-last", open: pub.phase === "over" || null },
        h("summary", null, ctx.t("last.summary", { round: last.round, letter: last.letter })),
        answersTable(view, ctx, last.answers, { points: last.points, struck: last.struck }),
      ),
    );
  }
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "written":
      return null;
    case "handed_in":
      return ctx.t("event.handed_in", { name });
    case "stopped":
      return ctx.t("event.stopped", { name });
    case "answers_shown":
      return ctx.t("event.answers_shown");
    case "vetoed":
      return ctx.t("event.vetoed", { name, other: ctx.seatName(event.author) });
    case "accepted":
      return ctx.t("event.accepted", { name });
    case "round_scored":
      return ctx.t("event.round_scored", { round: event.round, letter: event.letter });
    case "round_started":
      return ctx.t("event.round_started", { round: event.round, letter: event.letter });
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  const pub = view.public;
  if (!ctx.canMove) return null;
  return ctx.t(pub.phase === "review" ? "status.review" : "status.write", { letter: pub.letter });
}

/** @type {import("../../js/types.js").SeatBadge} */
export function seatBadge(view, seat, ctx) {
  const scores = view.public && view.public.scores;
  return scores && typeof scores[seat] === "number" ? ctx.formatNumber(scores[seat]) : null;
}
