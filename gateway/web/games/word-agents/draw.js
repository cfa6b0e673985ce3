// Word Agents: the table of word cards (SVG, one focusable button per card a voter may vote
// for), the two teams with their chiefs and words left, the clue on the table, and in the
// own zone what this seat may do: name a chief, give a clue (a word and a number), end the
// turn. What is lit comes only from view.legal_moves; the key only from view.private (the
// chiefs) or, once the game is over, view.public.key.
import { arrowKeys, h, isLegal, legalOfType, s, svgButton, svgRoot, useStylesheet } from "../../js/svg.js";
import { scrollBox } from "../board-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

// A sign beside each colour, so colour is never the only signal.
const MARK = { 0: "▲", 1: "■", n: "○", x: "✖" };
const CARD_W = 96;
const CARD_H = 64;
const GAP = 4;

function teamOf(seat) {
  return seat % 2;
}

function roleText(ctx, role) {
  return ctx.t(`role.${role}`);
}

// The table's text in board units: the board of five cards across is about 0.69 px a unit on
// a 360 px phone, so 17.5 units read as 12 px.
const TEXT = 17.5;

/** A long word in lines of eight letters at most (then a hyphen), as even as they come. */
function lines(word) {
  const chars = [...word];
  if (chars.length <= 8) return [word];
  const count = Math.ceil(chars.length / 8);
  const per = Math.ceil(chars.length / count);
  const parts = [];
  for (let at = 0; at < chars.length; at += per) parts.push(chars.slice(at, at + per).join(""));
  return parts.map((part, i) => (i < parts.length - 1 ? `${part}-` : part));
}

/** A voter's mark on a card's corner: a tile in the seat's colour carrying its letter. */
function voterTile(ctx, seat, x, y) {
  return s(
    "g",
    { class: "wa-voter", "aria-hidden": "true" },
    s("rect", { x, y, width: 17, height: 20, rx: 4, fill: ctx.seatColour(seat), class: "token-disc" }),
    s("text", { x: x + 8.5, y: y + 10.5, "font-size": TEXT, "text-anchor": "middle", "dominant-baseline": "central", fill: ctx.seatInk(seat), class: "token-mark", text: ctx.seatMark(seat) }),
  );
}

function cardLabel(ctx, word, shown, known) {
  if (shown) return ctx.t("card.shown", { word, role: roleText(ctx, shown) });
  if (known) return ctx.t("card.known", { word, role: roleText(ctx, known) });
  return ctx.t("card.hidden", { word });
}

function board(view, ctx) {
  const pub = view.public;
  const cols = pub.size === 16 ? 4 : 5;
  const rows = Math.ceil(pub.size / cols);
  const width = cols * CARD_W + (cols - 1) * GAP;
  const height = rows * CARD_H + (rows - 1) * GAP;
  const key = (view.private && view.private.key) || pub.key || null;
  const votable = new Set(ctx.canMove ? legalOfType(view, "vote").map((m) => m.card) : []);
  const root = svgRoot(width, height, { label: ctx.t("board.label", { count: pub.size }), testid: "wa-board" });
  root.classList.add("wa-board");
  const buttons = [];
  pub.words.forEach((word, i) => {
    const x = (i % cols) * (CARD_W + GAP);
    const y = Math.floor(i / cols) * (CARD_H + GAP);
    const shown = pub.revealed[i];
    const known = key ? key[i] : null;
    const parts = lines(word);
    const size = TEXT;
    const voters = (pub.votes || []).map((choice, seat) => (choice === i ? seat : -1)).filter((seat) => seat >= 0);
    const children = [
      s("rect", { x, y, width: CARD_W, height: CARD_H, rx: 6, class: ["wa-face", "hit"] }),
      parts.map((part, line) =>
        s("text", {
          x: x + CARD_W / 2,
          y: y + CARD_H / 2 + (line - (parts.length - 1) / 2) * size * 1.1,
          "font-size": size,
          "text-anchor": "middle",
          "dominant-baseline": "central",
          class: "wa-word",
          text: part,
        }),
      ),
      shown || known
        ? s("text", { x: x + 4, y: y + 16, "font-size": TEXT, class: "wa-mark", "aria-hidden": "true", text: MARK[shown || known] })
        : null,
      voters.map((seat, n) => voterTile(ctx, seat, x + CARD_W - 19 - n * 19, y + CARD_H - 22)),
    ];
    const classes = ["wa-card", shown && `role-${shown}`, shown && "shown", !shown && known && `key-${known}`];
    const label = cardLabel(ctx, word, shown, known);
    if (votable.has(i)) {
      const btn = svgButton(
        { label: ctx.t("card.vote", { word }), testid: `card-${i}`, onPress: () => ctx.move({ type: "vote", card: i }), className: classes.filter(Boolean).join(" ") },
        children,
      );
      buttons.push(btn);
      root.append(btn);
    } else {
      root.append(s("g", { class: classes, role: "img", "aria-label": label, "data-testid": `card-${i}` }, children));
    }
  });
  arrowKeys(buttons);
  return root;
}

function teams(view, ctx) {
  const pub = view.public;
  const seats = Array.from({ length: view.seats }, (_, i) => i);
  return h(
    "div",
    { class: "wa-teams", "data-testid": "wa-teams" },
    [0, 1].map((team) => {
      const chief = pub.chiefs[team];
      const onTurn = pub.phase !== "over" && pub.phase !== "appoint" && pub.team === team;
      return h(
        "section",
        { class: ["wa-team", `team-${team}`, onTurn && "on-turn"], "data-testid": `wa-team-${team}` },
        h(
          "h3",
          null,
          h("span", { class: "wa-team-mark", "aria-hidden": "true" }, MARK[team]),
          " ",
          ctx.t(`team.${team}`),
          h("span", { class: "wa-left", "data-testid": `wa-left-${team}` }, ctx.t("left.label", { count: pub.left[team] })),
        ),
        onTurn ? h("p", { class: "wa-turn-tag" }, ctx.t("team.on_turn")) : null,
        h(
          "ul",
          null,
          seats
            .filter((seat) => teamOf(seat) === team)
            .map((seat) => h("li", { class: seat === chief && "chief" }, ctx.seatName(seat), seat === chief ? ` – ${ctx.t("chief.tag")}` : "")),
        ),
      );
    }),
  );
}

function clueLine(pub, ctx) {
  if (!pub.clue) return null;
  const { team, word, number } = pub.clue;
  const limit = number === 0 ? ctx.t("guesses.unlimited") : ctx.t("guesses.left", { count: number + 1 - pub.guesses });
  return h(
    "p",
    { class: ["wa-clue", `team-${team}`], "data-testid": "wa-clue" },
    h("span", { class: "wa-team-mark", "aria-hidden": "true" }, MARK[team]),
    " ",
    ctx.t("clue.line", { word: word || "…", number }),
    " · ",
    limit,
  );
}

function appointButtons(view, ctx) {
  return h(
    "div",
    { class: "wa-actions", role: "group", "aria-label": ctx.t("appoint.label"), "data-testid": "wa-appoint" },
    legalOfType(view, "appoint").map((m) =>
      h("button", { type: "button", class: "primary", "data-testid": `appoint-${m.seat}`, onclick: () => ctx.move({ type: "appoint", seat: m.seat }) }, ctx.t("appoint.button", { name: ctx.seatName(m.seat) })),
    ),
  );
}

function clueForm(view, ctx) {
  const template = legalOfType(view, "clue")[0];
  const longest = template && template.text ? template.text.word : 24;
  const [low, high] = template && template.range ? template.range.number : [0, 9];
  const input = h("input", {
    type: "text",
    id: "wa-clue-input",
    class: "wa-input",
    "data-testid": "clue-input",
    maxlength: String(longest),
    autocomplete: "off",
    spellcheck: "false",
    enterkeyhint: "done",
    value: ctx.state.typed || "",
    oninput: (e) => {
      ctx.state.typed = e.target.value;
    },
    onfocus: (e) => setTimeout(() => e.target.scrollIntoView({ block: "center" }), 300),
  });
  const chosen = ctx.state.number === undefined ? Math.min(1, high) : ctx.state.number;
  const number = h(
    "select",
    {
      id: "wa-clue-number",
      class: "wa-number",
      "data-testid": "clue-number",
      onchange: (e) => {
        ctx.state.number = Number(e.target.value);
      },
    },
    Array.from({ length: high - low + 1 }, (_, i) => low + i).map((n) =>
      h("option", { value: String(n), selected: n === chosen }, n === 0 ? ctx.t("number.unlimited") : ctx.formatNumber(n)),
    ),
  );
  const send = () => {
    const word = input.value.trim();
    if (!word) {
      ctx.shake(input);
      return;
    }
    if (ctx.move({ type: "clue", word, number: Number(number.value) })) {
      ctx.state.typed = "";
      ctx.state.number = undefined;
    }
  };
  return h(
    "form",
    { class: "wa-clue-form", "data-testid": "wa-clue-form", onsubmit: (e) => { e.preventDefault(); send(); } },
    h("label", { for: "wa-clue-input", class: "wa-form-label" }, ctx.t("clue.label")),
    h("p", { class: "hint" }, ctx.t("clue.hint")),
    input,
    h("label", { for: "wa-clue-number", class: "wa-form-label" }, ctx.t("number.label")),
    number,
    h("button", { type: "submit", class: "primary", "data-testid": "clue-send" }, ctx.t("clue.button")),
  );
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  container = scrollBox(container, ctx); // taller than the table on a phone: scrolls, and shows it
  const pub = view.public;
  const chief = ctx.mySeat !== null && pub.chiefs.includes(ctx.mySeat);
  if (ctx.canMove && pub.phase === "clue" && !view.result) container.append(clueForm(view, ctx));
  container.append(teams(view, ctx));
  const line = clueLine(pub, ctx);
  if (line) container.append(line);
  if (chief && pub.phase !== "over") container.append(h("p", { class: "hint wa-chief-hint" }, ctx.t("chief.hint")));
  container.append(board(view, ctx));
  if (view.result) return;
  if (ctx.canMove && pub.phase === "appoint") ctx.ownZone.append(appointButtons(view, ctx));
  if (ctx.canMove && pub.phase === "guess") {
    ctx.ownZone.append(
      h(
        "div",
        { class: "wa-actions" },
        h("p", { class: "hint" }, ctx.t("vote.hint")),
        isLegal(view, { type: "end_guessing" })
          ? h("button", { type: "button", "data-testid": "end-guessing", onclick: () => ctx.move({ type: "end_guessing" }) }, ctx.t("end.button"))
          : null,
      ),
    );
  }
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  const team = typeof event.team === "number" ? ctx.t(`team.${event.team}`) : "";
  switch (event.code) {
    case "chief_appointed":
      return ctx.t("event.chief_appointed", { name: ctx.seatName(event.chief), team });
    case "clue_given":
      return ctx.t(event.number === 0 ? "event.clue_unlimited" : "event.clue_given", { name, word: event.word || "…", number: event.number });
    case "voted":
      return event.choice === "end" ? ctx.t("event.voted_end", { name }) : null;
    case "guessing_ended":
      return ctx.t("event.guessing_ended", { team });
    case "card_uncovered":
      return ctx.t("event.card_uncovered", { team, word: event.word, role: roleText(ctx, event.role) });
    case "turn_passed":
      return ctx.t("event.turn_passed", { team });
    case "game_won":
      return ctx.t(event.reason === "agent" ? "event.won_agent" : "event.won_all", { team });
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  const pub = view.public;
  if (!ctx.canMove) return null;
  return ctx.t(`status.${pub.phase}`);
}

/** @type {import("../../js/types.js").SeatBadge} */
export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || !pub.chiefs) return null;
  return `${MARK[teamOf(seat)]}${pub.chiefs.includes(seat) ? ` ${ctx.t("chief.badge")}` : ""}`;
}
