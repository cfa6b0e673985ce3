// The meld table shared by the rummy games (Rummy, Fifteen Rounds): the shedding table of
// js/cards.js with the draw and discard piles, the melds on the table below it (a selected hand
// card lights the melds it can be laid off on or whose joker it replaces), the take, discard
// and take-back buttons, and the hands shown at the end. A game gives its selection (one card
// or several), its own buttons and lines; what is lit comes from view.legal_moves.
import { actionButton, cardName, cardNames, describeDrawing, miniCard, renderShedding } from "../js/cards.js";
import { h } from "../js/svg.js";

/**
 * @typedef {object} MeldTurn what the own zone's buttons are drawn from
 * @property {any} sel the game's selection (a card or null, or a list of cards)
 * @property {string | null} one the one selected card, or null
 * @property {boolean} inPlay the player may lay, lay off and discard now
 * @property {() => void} redraw draw the table again (after the selection changed)
 */

/**
 * @typedef {object} MeldGame
 * @property {string} prefix the game's class prefix: `<prefix>-melds`, `-actions`, `-table`
 * @property {(view: any, ctx: any) => string} selectionKey what resets the selection when it changes
 * @property {() => any} emptySelection
 * @property {(ctx: any, card: string) => void} toggle a hand card tapped: change ctx.state.sel
 * @property {(sel: any) => string | null} oneCard the one selected card, or null
 * @property {(sel: any, card: string) => boolean} isSelected
 * @property {boolean} meldCardsUsable the cards of a legal meld are lit in the hand too
 * @property {(view: any, ctx: any, turn: MeldTurn) => Array<HTMLElement | null>} [early]
 *   buttons after "take"
 * @property {(view: any, ctx: any, turn: MeldTurn) => Array<HTMLElement | null>} [late]
 *   buttons after "take back"
 * @property {(view: any, ctx: any, turn: MeldTurn, usable: Set<string>) => (card: string) => string} litCard
 *   a hand card's state ("playable" or "quiet") while in play and not selected
 * @property {(view: any, ctx: any, turn: MeldTurn) => string | null} hint
 * @property {(view: any, ctx: any) => (seat: number) => string | null} seatExtra
 * @property {(view: any, ctx: any) => HTMLElement | null} [afterHand] under the hand
 * @property {(view: any, ctx: any) => string} summary what a screen reader hears of the table
 * @property {(view: any, ctx: any) => Array<HTMLElement | null>} [beforeMelds] above the melds
 * @property {boolean} [meldListFocusable] the melds' list scrolls: a keyboard reaches it
 * @property {(view: any, ctx: any) => HTMLElement | null} shown the hands shown at the end
 */

/** The legal moves of one type. */
export const legal = (view, type) => (view.legal_moves || []).filter((m) => m.type === type);

/** The selection, reset whenever the table changes (`key` says what it stands on). */
function selection(ctx, key, empty) {
  if (ctx.state.selKey !== key) {
    ctx.state.selKey = key;
    ctx.state.sel = empty();
  }
  return ctx.state.sel;
}

function meldRow(meld, index, view, ctx, one) {
  const t = ctx.t;
  const lays = ctx.canMove && one ? legal(view, "lay_off").filter((m) => m.meld === index && m.card === one) : [];
  const swaps = ctx.canMove && one ? legal(view, "swap").filter((m) => m.meld === index && m.card === one) : [];
  const label = t(`meld.${meld.kind}`, { cards: cardNames(meld.cards, t), name: ctx.seatName(meld.owner) });
  const buttons = [
    ...lays.map((move) =>
      actionButton({
        text: t(move.end ? `action.lay_off_${move.end}` : "action.lay_off"),
        testid: `lay-off-${index}${move.end ? `-${move.end}` : ""}`,
        label: t("action.lay_off_label", { card: cardName(one, t), meld: label }),
        onPress: () => ctx.move(move),
        primary: true,
      }),
    ),
    ...swaps.map((move) =>
      actionButton({
        text: t("action.swap"),
        testid: `swap-${index}`,
        label: t("action.swap_label", { card: cardName(one, t), meld: label }),
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

function tableMelds(view, ctx, one, game) {
  const melds = view.public.melds || [];
  const t = ctx.t;
  const list = game.meldListFocusable ? { tabindex: "0", "aria-label": t("melds.table") } : {};
  return h(
    "section",
    { class: `${game.prefix}-melds`, "data-testid": "melds", "aria-label": t("melds.table") },
    h("h3", {}, t("melds.table")),
    melds.length ? h("ul", list, melds.map((meld, i) => meldRow(meld, i, view, ctx, one))) : h("p", { class: "hint" }, t("melds.none_on_table")),
  );
}

/** The hands shown at the end: a line per seat (`line(cards, seat)`). */
export function shownHands(ctx, prefix, hands, line) {
  return h("section", { class: `${prefix}-shown`, "data-testid": "shown-hands" }, h("h3", {}, ctx.t("shown.title")), h("ul", {}, hands.map((cards, seat) => h("li", {}, line(cards, seat)))));
}

/** Draw a meld game's table into `container` and its own zone (see MeldGame). */
export function renderMeldTable(container, view, ctx, game) {
  const pub = view.public;
  const t = ctx.t;
  const sel = selection(ctx, game.selectionKey(view, ctx), game.emptySelection);
  const one = game.oneCard(sel);
  const redraw = () => {
    container.replaceChildren();
    ctx.ownZone.replaceChildren();
    renderMeldTable(container, view, { ...ctx, events: [] }, game);
    const again = ctx.ownZone.querySelector(".card-btn.selected");
    if (again) again.focus({ preventScroll: true });
  };
  const onCard = (card) => {
    game.toggle(ctx, card);
    redraw();
  };
  const inPlay = ctx.canMove && pub.phase === "play";
  const turn = { sel, one, inPlay, redraw };
  const takes = ctx.canMove ? legal(view, "take") : [];
  const discard = inPlay && one ? legal(view, "discard").find((m) => m.card === one) : null;
  const back = inPlay ? legal(view, "take_back")[0] : null;
  const actions = [
    takes.length && pub.discard_top
      ? actionButton({ text: t("action.take", { card: cardName(pub.discard_top, t) }), testid: "take-button", onPress: () => ctx.move(takes[0]) })
      : null,
    ...(game.early ? game.early(view, ctx, turn) : []),
    inPlay && one
      ? actionButton({ text: t("action.discard", { card: cardName(one, t) }), testid: "discard-button", disabled: !discard, primary: Boolean(discard), onPress: () => discard && ctx.move(discard) })
      : null,
    back ? actionButton({ text: t("action.take_back"), testid: "take-back-button", onPress: () => ctx.move(back) }) : null,
    ...(game.late ? game.late(view, ctx, turn) : []),
  ].filter(Boolean);
  const usable = new Set(
    inPlay
      ? (view.legal_moves || []).flatMap((m) =>
          m.type === "discard" || m.type === "lay_off" || m.type === "swap" ? [m.card] : m.type === "meld" && game.meldCardsUsable ? m.cards : [],
        )
      : [],
  );
  const lit = game.litCard(view, ctx, turn, usable);

  renderShedding(container, view, ctx, {
    direction: 0,
    pending: 0,
    drawLabel: t("action.draw"),
    passLabel: t("action.draw"),
    extra: game.seatExtra(view, ctx),
    hint: game.hint(view, ctx, turn),
    actions: actions.length ? h("span", { class: `${game.prefix}-actions` }, actions) : null,
    cardState: (card) => {
      if (!inPlay) return "idle";
      if (game.isSelected(sel, card)) return "selected";
      return lit(card);
    },
    onCard,
    ...(game.afterHand ? { after: game.afterHand(view, ctx) } : {}),
    summary: game.summary(view, ctx),
  });
  // The table keeps a fixed height; the melds below it scroll with the game area.
  const felt = container.querySelector("svg.card-table");
  if (felt) felt.classList.add(`${game.prefix}-table`);
  for (const el of game.beforeMelds ? game.beforeMelds(view, ctx) : []) if (el) container.append(el);
  container.append(tableMelds(view, ctx, one, game));
  const shown = game.shown(view, ctx);
  if (shown) container.append(shown);
}

/** The history lines both rummies say alike; undefined for an event of the game's own. */
function describeMelding(event, ctx, name) {
  const t = ctx.t;
  switch (event.code) {
    case "took":
    case "discarded":
    case "laid_off":
    case "swapped":
      return t(`event.${event.code}`, { name, card: cardName(event.card, t) });
    default:
      return undefined;
  }
}

/**
 * A rummy's `describe`: the lines both rummies say alike, else the game's own (`own(event,
 * ctx, name)`, `name` the event's seat's; undefined for an event it does not say), else the
 * drawing's (js/cards.js).
 */
export function meldDescriber(own) {
  return (event, ctx) => {
    const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
    const said = describeMelding(event, ctx, name) ?? own(event, ctx, name);
    return said !== undefined ? said : describeDrawing(event, ctx);
  };
}

/** Points, as the seats strip and the result panel say them. */
export function pointsText(points, ctx) {
  return ctx.t("points", { points, count: points });
}

/** Result panel: the points (low wins). */
export function scoreText(score, seat, ctx) {
  return pointsText(score, ctx);
}
