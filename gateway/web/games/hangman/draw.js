// Hangman: the figure (one stroke per miss, eleven in all), the word as letter boxes, the
// letters missed, and in the own zone either the setter's word field or the letter keys.
// Which letters may be named comes only from view.legal_moves; the setter's own word only
// from view.private.
import { arrowKeys, h, isLegal, legalOfType, s, svgRoot, useStylesheet } from "../../js/svg.js";

useStylesheet(new URL("./style.css", import.meta.url));

// The eleven strokes in the order they are drawn: ground, post, beam, brace, rope, head,
// body, two arms, two legs.
/** @type {Array<[string, Record<string, number>]>} */
const STROKES = [
  ["line", { x1: 10, y1: 150, x2: 90, y2: 150 }],
  ["line", { x1: 30, y1: 150, x2: 30, y2: 10 }],
  ["line", { x1: 30, y1: 10, x2: 100, y2: 10 }],
  ["line", { x1: 30, y1: 35, x2: 55, y2: 10 }],
  ["line", { x1: 100, y1: 10, x2: 100, y2: 30 }],
  ["circle", { cx: 100, cy: 42, r: 12 }],
  ["line", { x1: 100, y1: 54, x2: 100, y2: 95 }],
  ["line", { x1: 100, y1: 65, x2: 84, y2: 82 }],
  ["line", { x1: 100, y1: 65, x2: 116, y2: 82 }],
  ["line", { x1: 100, y1: 95, x2: 86, y2: 122 }],
  ["line", { x1: 100, y1: 95, x2: 114, y2: 122 }],
];

function figure(pub, ctx) {
  const misses = pub.misses || 0;
  const max = pub.max_misses || STROKES.length;
  const root = svgRoot(130, 160, { label: ctx.t("figure.label", { misses, max }), testid: "hm-figure" });
  root.classList.add("hm-figure");
  STROKES.forEach(([tag, attrs], i) => {
    root.append(s(tag, { ...attrs, class: ["hm-stroke", i < misses && "drawn", i === misses - 1 && !ctx.reducedMotion && "fresh"] }));
  });
  return root;
}

function wordBoxes(view, ctx) {
  const pub = view.public;
  if (!pub.revealed && ctx.canMove) return null;
  if (!pub.revealed) return h("p", { class: "hm-waiting", "data-testid": "hm-word" }, ctx.t("word.waiting", { name: ctx.seatName(pub.setter) }));
  const own = view.private && view.private.word ? [...view.private.word] : null;
  const spoken = pub.revealed.map((letter) => letter || "_").join(" ");
  return h(
    "div",
    { class: "hm-word", "data-testid": "hm-word", role: "img", "aria-label": ctx.t("word.label", { count: pub.revealed.length, letters: spoken }) },
    pub.revealed.map((letter, i) =>
      h(
        "span",
        { class: ["hm-box", letter && "shown", !letter && own && "secret"], "aria-hidden": "true" },
        letter || (own ? own[i] : ""),
      ),
    ),
  );
}

function missed(pub, ctx) {
  const wrong = pub.wrong || [];
  return h(
    "p",
    { class: "hm-missed", "data-testid": "hm-missed" },
    h("span", { class: "hm-missed-label" }, ctx.t("missed.label", { misses: pub.misses || 0, max: pub.max_misses || 11 })),
    " ",
    h("span", { class: "hm-missed-letters" }, wrong.join(" ")),
  );
}

function history(pub, ctx) {
  if (!pub.history || !pub.history.length) return null;
  return h(
    "ol",
    { class: "hm-history", "data-testid": "hm-history", "aria-label": ctx.t("history.label") },
    pub.history.map((entry) =>
      h(
        "li",
        null,
        h("strong", null, entry.word),
        " – ",
        entry.solver === null || entry.solver === undefined
          ? ctx.t("history.figure", { name: ctx.seatName(entry.setter) })
          : ctx.t("history.solved", { name: ctx.seatName(entry.solver) }),
      ),
    ),
  );
}

function setterForm(view, ctx) {
  const template = legalOfType(view, "set_word")[0];
  const longest = template && template.text ? template.text.word : 24;
  const input = h("input", {
    type: "text",
    class: "hm-input",
    "data-testid": "word-input",
    id: "hm-word-input",
    maxlength: String(longest),
    autocomplete: "off",
    autocapitalize: "characters",
    spellcheck: "false",
    enterkeyhint: "done",
    value: ctx.state.typed || "",
    oninput: (e) => {
      ctx.state.typed = e.target.value;
    },
    // The phone keyboard must not cover the field: bring it into view once the keyboard is up.
    onfocus: (e) => setTimeout(() => e.target.scrollIntoView({ block: "center" }), 300),
  });
  const send = () => {
    const word = input.value.trim();
    if (!word) return;
    if (ctx.move({ type: "set_word", word })) ctx.state.typed = "";
  };
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      send();
    }
  });
  return h(
    "form",
    { class: "hm-set", "data-testid": "hm-set", onsubmit: (e) => { e.preventDefault(); send(); } },
    h("label", { for: "hm-word-input", class: "hm-set-label" }, ctx.t("set.label")),
    h("p", { class: "hint" }, ctx.t("set.hint")),
    input,
    h(
      "div",
      { class: "hm-set-actions" },
      h("button", { type: "submit", class: "primary", "data-testid": "set-word" }, ctx.t("set.button")),
      isLegal(view, { type: "draw_word" })
        ? h("button", { type: "button", "data-testid": "draw-word", onclick: () => ctx.move({ type: "draw_word" }) }, ctx.t("draw.button"))
        : null,
    ),
  );
}

function letterKeys(view, ctx) {
  const pub = view.public;
  const open = new Set(legalOfType(view, "guess").map((m) => m.letter));
  // Every letter of the language in order: the guessed ones stay, greyed, so the keys do not jump.
  const alphabet = [...new Set([...(pub.guessed || []), ...open])].sort((a, b) => a.localeCompare(b, view.options.language || ctx.lang));
  const keys = alphabet.map((letter) => {
    const legal = ctx.canMove && open.has(letter);
    const hit = (pub.revealed || []).includes(letter);
    return h(
      "button",
      {
        type: "button",
        class: ["hm-key", legal && "lit", !open.has(letter) && (hit ? "hit" : "miss")],
        "data-testid": `letter-${letter}`,
        "aria-label": ctx.t(open.has(letter) ? "key.label" : hit ? "key.hit" : "key.miss", { letter }),
        disabled: !legal,
        onclick: () => ctx.move({ type: "guess", letter }),
      },
      letter,
    );
  });
  arrowKeys(keys.filter((key) => !key.disabled));
  return h("div", { class: "hm-keys", role: "group", "aria-label": ctx.t("keys.label"), "data-testid": "hm-keys" }, keys);
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  const pub = view.public;
  container.append(
    h(
      "div",
      { class: "hm-table" },
      figure(pub, ctx),
      h("div", { class: "hm-main" }, wordBoxes(view, ctx), pub.revealed ? missed(pub, ctx) : null, history(pub, ctx)),
    ),
  );
  if (view.result) return;
  if (ctx.canMove && pub.phase === "set") {
    // The field sits in the game area at the top, so a phone's keyboard never covers it.
    container.prepend(setterForm(view, ctx));
  } else if (ctx.canMove && pub.phase === "guess") {
    ctx.ownZone.append(letterKeys(view, ctx));
  }
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "word_set":
      return ctx.t(event.drawn ? "event.word_drawn" : "event.word_set", { name, count: event.length });
    case "word_refused":
      return ctx.t("event.word_refused");
    case "hit":
      return ctx.t("event.hit", { name, letter: event.letter, count: (event.places || []).length });
    case "miss":
      return ctx.t("event.miss", { name, letter: event.letter, misses: event.misses });
    case "solved":
      return ctx.t("event.solved", { name, points: event.points });
    case "figure_complete":
      return ctx.t("event.figure_complete", { name, points: event.points });
    case "word_shown":
      return ctx.t("event.word_shown", { word: event.word });
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  const pub = view.public;
  if (!ctx.canMove) return null;
  return ctx.t(pub.phase === "set" ? "status.set" : "status.guess");
}

/** @type {import("../../js/types.js").SeatBadge} */
export function seatBadge(view, seat, ctx) {
  const scores = view.public && view.public.scores;
  return scores && typeof scores[seat] === "number" ? ctx.formatNumber(scores[seat]) : null;
}
