// Rummy: the shared card table (js/cards.js) plus the melds on the table and, under the hand,
// every meld the server says this hand could lay right now (view.private.possible_melds).
// Tap a hand card to select it: the discard button and the melds it can be laid off on (or
// whose joker it can replace) light up. Everything lit comes from view.legal_moves.
import { actionButton, cardName, cardNames, describeDrawing, miniCard, renderShedding } from "../../js/cards.js";
import { h, useStylesheet } from "../../js/svg.js";

useStylesheet(new URL("./style.css", import.meta.url));

const legal = (view, type) => (view.legal_moves || []).filter((m) => m.type === type);
const sameCards = (a, b) => a.length === b.length && a.every((c, i) => c === b[i]);

/** The selected hand card for this turn (reset whenever the table changes). */
function selection(view, ctx) {
  const pub = view.public;
  const hand = (view.private && view.private.hand) || [];
  const key = `${pub.turn}:${pub.phase}:${pub.melds.length}:${hand.length}:${ctx.canMove}`;
  if (ctx.state.selKey !== key) {
    ctx.state.selKey = key;
    ctx.state.sel = null;
  }
  return ctx.state.sel;
}

function meldRow(meld, index, view, ctx, sel) {
  const t = ctx.t;
  const lays = ctx.canMove && sel ? legal(view, "lay_off").filter((m) => m.meld === index && m.card === sel) : [];
  const swaps = ctx.canMove && sel ? legal(view, "swap").filter((m) => m.meld === index && m.card === sel) : [];
  const label = t(`meld.${meld.kind}`, { cards: cardNames(meld.cards, t), name: ctx.seatName(meld.owner) });
  const buttons = [
    ...lays.map((move) =>
      actionButton({
        text: t(move.end ? `action.lay_off_${move.end}` : "action.lay_off"),
        testid: `lay-off-${index}${move.end ? `-${move.end}` : ""}`,
        label: t("action.lay_off_label", { card: cardName(sel, t), meld: label }),
        onPress: () => ctx.move(move),
        primary: true,
      }),
    ),
    ...swaps.map((move) =>
      actionButton({
        text: t("action.swap"),
        testid: `swap-${index}`,
        label: t("action.swap_label", { card: cardName(sel, t), meld: label }),
        onPress: () => ctx.move(move),
        primary: true,
      }),
    ),
  ];
  return h(
    "li",
    { class: ["meld", (lays.length || swaps.length) && "lit"], "data-testid": `meld-${index}`, "aria-label": label },
    h("span", { class: "meld-owner", style: { background: ctx.seatColour(meld.owner), color: ctx.seatInk(meld.owner) }, "aria-hidden": "true" }, ctx.seatMark(meld.owner)),
    h("span", { class: "meld-cards", "aria-hidden": "true" }, meld.cards.map((card) => miniCard(card))),
    buttons.length ? h("span", { class: "meld-actions" }, buttons) : null,
  );
}

function tableMelds(view, ctx, sel) {
  const melds = view.public.melds || [];
  const t = ctx.t;
  return h(
    "section",
    { class: "rummy-melds", "data-testid": "melds", "aria-label": t("melds.table") },
    h("h3", {}, t("melds.table")),
    melds.length ? h("ul", {}, melds.map((meld, i) => meldRow(meld, i, view, ctx, sel))) : h("p", { class: "hint" }, t("melds.none_on_table")),
  );
}

function possibleMelds(view, ctx) {
  const t = ctx.t;
  const listed = (view.private && view.private.possible_melds) || [];
  const moves = ctx.canMove ? legal(view, "meld") : [];
  const items = listed.map((meld, i) => {
    const move = moves.find((m) => m.kind === meld.kind && sameCards(m.cards, meld.cards));
    const text = t(`possible.${meld.kind}`, { cards: cardNames(meld.cards, t), points: meld.points });
    return h(
      "li",
      {},
      h(
        "button",
        {
          type: "button",
          class: ["card-action", "possible-meld", move && "primary"],
          "data-testid": `possible-meld-${i}`,
          "aria-label": text,
          title: text,
          disabled: !move,
          onclick: move ? () => ctx.move(move) : null,
        },
        h("span", { class: "meld-cards", "aria-hidden": "true" }, meld.cards.map((card) => miniCard(card))),
        h("span", { class: "possible-text", "aria-hidden": "true" }, t("points", { points: meld.points, count: meld.points })),
      ),
    );
  });
  return h(
    "section",
    { class: "rummy-possible", "data-testid": "possible-melds", "aria-label": t("possible.title") },
    h("h3", {}, t("possible.title")),
    // The list scrolls on a phone: a keyboard reaches it to scroll it too.
    items.length ? h("ul", { tabindex: "0", "aria-label": t("possible.title") }, items) : h("p", { class: "hint" }, t("possible.none")),
  );
}

function summary(view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const parts = [];
  if (pub.discard_top) parts.push(t("summary.top", { card: cardName(pub.discard_top, t) }));
  for (let seat = 0; seat < view.seats; seat++) {
    parts.push(t(pub.opened[seat] ? "summary.seat_opened" : "summary.seat", { name: ctx.seatName(seat), count: pub.hand_counts[seat] }));
  }
  return parts.join(". ");
}

export function render(container, view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const sel = selection(view, ctx);
  const redraw = () => {
    container.replaceChildren();
    ctx.ownZone.replaceChildren();
    render(container, view, { ...ctx, events: [] });
    const again = ctx.ownZone.querySelector(".card-btn.selected");
    if (again) again.focus({ preventScroll: true });
  };
  const onCard = (card) => {
    ctx.state.sel = ctx.state.sel === card ? null : card;
    redraw();
  };
  const inPlay = ctx.canMove && pub.phase === "play";
  const takes = ctx.canMove ? legal(view, "take") : [];
  const discard = inPlay && sel ? legal(view, "discard").find((m) => m.card === sel) : null;
  const back = inPlay ? legal(view, "take_back")[0] : null;
  const actions = [
    takes.length && pub.discard_top
      ? actionButton({ text: t("action.take", { card: cardName(pub.discard_top, t) }), testid: "take-button", onPress: () => ctx.move(takes[0]) })
      : null,
    inPlay && sel
      ? actionButton({ text: t("action.discard", { card: cardName(sel, t) }), testid: "discard-button", disabled: !discard, primary: Boolean(discard), onPress: () => discard && ctx.move(discard) })
      : null,
    back ? actionButton({ text: t("action.take_back"), testid: "take-back-button", onPress: () => ctx.move(back) }) : null,
  ].filter(Boolean);
  const usable = new Set(
    inPlay ? (view.legal_moves || []).flatMap((m) => (m.type === "discard" || m.type === "lay_off" || m.type === "swap" ? [m.card] : m.type === "meld" ? m.cards : [])) : [],
  );
  let hint = null;
  // The turn line already says what to do; the hint adds the opening's progress.
  if (inPlay && !pub.opened[ctx.mySeat] && pub.staged_points) hint = t("hint.opening", { points: pub.staged_points, minimum: view.options.opening_minimum });

  renderShedding(container, view, ctx, {
    direction: 0,
    pending: 0,
    drawLabel: t("action.draw"),
    passLabel: t("action.draw"),
    extra: (seat) => (pub.opened[seat] ? t("seat.opened") : null),
    hint,
    actions: actions.length ? h("span", { class: "rummy-actions" }, actions) : null,
    cardState: (card) => {
      if (!inPlay) return "idle";
      if (card === sel) return "selected";
      return usable.has(card) ? "playable" : "quiet";
    },
    onCard,
    after: ctx.mySeat === null || ctx.mySeat === undefined ? null : possibleMelds(view, ctx),
    summary: summary(view, ctx),
  });
  // The table keeps a fixed height; the melds below it scroll with the game area.
  const felt = container.querySelector("svg.card-table");
  if (felt) felt.classList.add("rummy-table");
  container.append(tableMelds(view, ctx, sel));
  if (view.result && pub.shown_hands) {
    container.append(
      h(
        "section",
        { class: "rummy-shown", "data-testid": "shown-hands" },
        h("h3", {}, t("shown.title")),
        h(
          "ul",
          {},
          pub.shown_hands.map((cards, seat) =>
            h("li", {}, t("shown.seat", { name: ctx.seatName(seat), points: pub.penalties[seat], cards: cardNames(cards, t) || "—" })),
          ),
        ),
      ),
    );
  }
}

export function describe(event, ctx) {
  const t = ctx.t;
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "took":
    case "discarded":
      return t(`event.${event.code}`, { name, card: cardName(event.card, t) });
    case "melded":
      return t(`event.melded_${event.kind}`, { name, cards: cardNames(event.cards, t), points: event.points });
    case "laid_off":
      return t("event.laid_off", { name, card: cardName(event.card, t) });
    case "swapped":
      return t("event.swapped", { name, card: cardName(event.card, t) });
    case "hands_shown":
      return t("event.hands_shown", {
        points: (event.penalties || []).map((points, seat) => t("summary.points", { name: ctx.seatName(seat), points })).join(", "),
      });
    default:
      return describeDrawing(event, ctx);
  }
}

export function status(view, ctx) {
  if (!ctx.canMove) return null;
  const pub = view.public;
  if (pub.phase === "draw") return ctx.t("status.draw");
  if (!pub.opened[ctx.mySeat]) return ctx.t("status.open", { minimum: view.options.opening_minimum });
  return ctx.t("status.play");
}

export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || !pub.hand_counts) return null;
  if (pub.penalties) return ctx.t("points", { points: pub.penalties[seat], count: pub.penalties[seat] });
  return ctx.t("cards.pile_count", { count: pub.hand_counts[seat] });
}

/** Result panel: the points left in hand (low wins). */
export function scoreText(score, seat, ctx) {
  return ctx.t("points", { points: score, count: score });
}
