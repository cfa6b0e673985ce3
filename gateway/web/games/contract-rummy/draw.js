// Femton (Fifteen Rounds): the shared card table (js/cards.js), the round's contract, the buy
// window, the melds on the table. Tap hand cards to select them: one selected card lights the
// discard button and the melds it can be added to (or whose joker it replaces); a selection that
// forms a contract meld lights "Lay the selection". With card suggestions on, "Suggest cards"
// selects a meld the hand can lay. Everything lit comes from view.legal_moves.
import { actionButton, cardName, cardNames, describeDrawing, miniCard, renderShedding } from "../../js/cards.js";
import { h, useStylesheet } from "../../js/svg.js";

useStylesheet(new URL("./style.css", import.meta.url));

const legal = (view, type) => (view.legal_moves || []).filter((m) => m.type === type);
const face = (card) => card.split(".")[0];
const faces = (cards) => cards.map(face).sort().join(",");

/** The selected hand cards (reset whenever the table changes). */
function selection(view, ctx) {
  const pub = view.public;
  const hand = (view.private && view.private.hand) || [];
  const key = `${pub.round}:${pub.turn}:${pub.phase}:${pub.melds.length}:${hand.length}:${ctx.canMove}`;
  if (ctx.state.selKey !== key) {
    ctx.state.selKey = key;
    ctx.state.sel = [];
  }
  return ctx.state.sel;
}

function goal(contract, t) {
  if (!contract) return "";
  const parts = [];
  if (contract.sets) parts.push(t("contract.sets", { count: contract.sets, size: contract.set_size }));
  if (contract.runs) parts.push(t("contract.runs", { count: contract.runs, size: contract.run_length }));
  return parts.join(t("contract.and"));
}

function meldRow(meld, index, view, ctx, sel) {
  const t = ctx.t;
  const one = sel.length === 1 ? sel[0] : null;
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

function tableMelds(view, ctx, sel) {
  const melds = view.public.melds || [];
  const t = ctx.t;
  return h(
    "section",
    { class: "femton-melds", "data-testid": "melds", "aria-label": t("melds.table") },
    h("h3", {}, t("melds.table")),
    melds.length
      ? h("ul", { tabindex: "0", "aria-label": t("melds.table") }, melds.map((meld, i) => meldRow(meld, i, view, ctx, sel)))
      : h("p", { class: "hint" }, t("melds.none_on_table")),
  );
}

function windowLine(view, ctx) {
  const pub = view.public;
  const w = pub.window;
  const t = ctx.t;
  if (!w) return null;
  const asked = (w.calls || []).map((call, seat) => (call === "buy" || call === "kept" ? ctx.seatName(seat) : null)).filter(Boolean);
  const text = w.open ? t("window.open", { seconds: w.seconds, card: cardName(w.card, t) }) : t("window.closed");
  return h(
    "p",
    { class: ["femton-window", w.open && "open"], "data-testid": "buy-window", role: "status" },
    text,
    asked.length ? h("span", { class: "femton-asked" }, ` · ${t("window.asked")}: ${asked.join(", ")}`) : null,
  );
}

function shownHands(view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  if (!pub.shown_hands || !pub.round_points) return null;
  return h(
    "section",
    { class: "femton-shown", "data-testid": "shown-hands" },
    h("h3", {}, t("shown.title")),
    h(
      "ul",
      {},
      pub.shown_hands.map((cards, seat) =>
        h("li", {}, t("shown.seat", { name: ctx.seatName(seat), points: pub.round_points[seat], total: pub.totals[seat], cards: cardNames(cards, t) || "—" })),
      ),
    ),
  );
}

function summary(view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const parts = [t("contract.line", { round: pub.round, goal: goal(pub.contract, t) })];
  if (pub.discard_top) parts.push(t("summary.top", { card: cardName(pub.discard_top, t) }));
  for (let seat = 0; seat < view.seats; seat++) parts.push(t("summary.seat", { name: ctx.seatName(seat), count: pub.hand_counts[seat] }));
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
    const at = ctx.state.sel.indexOf(card);
    if (at >= 0) ctx.state.sel.splice(at, 1);
    else ctx.state.sel.push(card);
    redraw();
  };
  const inPlay = ctx.canMove && pub.phase === "play";
  const takes = ctx.canMove ? legal(view, "take") : [];
  const buy = ctx.canMove ? legal(view, "buy")[0] || null : null;
  const withdraw = ctx.canMove ? legal(view, "withdraw")[0] || null : null;
  const next = ctx.canMove ? legal(view, "next_round")[0] || null : null;
  const discard = inPlay && sel.length === 1 ? legal(view, "discard").find((m) => m.card === sel[0]) : null;
  const meld = inPlay && sel.length >= 3 ? legal(view, "meld").find((m) => faces(m.cards) === faces(sel)) : null;
  const back = inPlay ? legal(view, "take_back")[0] : null;
  const suggested = (view.private && view.private.suggestions && view.private.suggestions.melds) || [];
  const actions = [
    takes.length && pub.discard_top
      ? actionButton({ text: t("action.take", { card: cardName(pub.discard_top, t) }), testid: "take-button", onPress: () => ctx.move(takes[0]) })
      : null,
    buy ? actionButton({ text: t("action.buy"), testid: "buy-button", primary: true, onPress: () => ctx.move(buy) }) : null,
    withdraw ? actionButton({ text: t("action.withdraw"), testid: "withdraw-button", onPress: () => ctx.move(withdraw) }) : null,
    inPlay && sel.length >= 3
      ? actionButton({ text: t("action.meld"), testid: "meld-button", disabled: !meld, primary: Boolean(meld), onPress: () => meld && ctx.move(meld) })
      : null,
    inPlay && sel.length === 1
      ? actionButton({ text: t("action.discard", { card: cardName(sel[0], t) }), testid: "discard-button", disabled: !discard, primary: Boolean(discard), onPress: () => discard && ctx.move(discard) })
      : null,
    back ? actionButton({ text: t("action.take_back"), testid: "take-back-button", onPress: () => ctx.move(back) }) : null,
    inPlay && pub.suggestions_on && suggested.length
      ? actionButton({
          text: t("action.suggest"),
          testid: "suggest-button",
          onPress: () => {
            const pick = suggested[(ctx.state.suggestAt = ((ctx.state.suggestAt || 0) + 1) % suggested.length)];
            ctx.state.sel = [...pick.cards];
            redraw();
          },
        })
      : null,
    next ? actionButton({ text: t("action.next_round"), testid: "next-round-button", primary: true, onPress: () => ctx.move(next) }) : null,
  ].filter(Boolean);
  const usable = new Set(
    inPlay ? (view.legal_moves || []).flatMap((m) => (m.type === "discard" || m.type === "lay_off" || m.type === "swap" ? [m.card] : [])) : [],
  );
  const waiting = pub.window && pub.window.choice === "draw" && pub.turn === ctx.mySeat;
  const hint = waiting ? t("window.waiting") : t("contract.line", { round: pub.round, goal: goal(pub.contract, t) });

  renderShedding(container, view, ctx, {
    direction: 0,
    pending: 0,
    drawLabel: t("action.draw"),
    passLabel: t("action.draw"),
    extra: (seat) => [pub.down && pub.down[seat] ? t("seat.down") : null, pub.buys && pub.buys[seat] ? t("seat.buys", { count: pub.buys[seat] }) : null].filter(Boolean).join(" · ") || null,
    hint,
    actions: actions.length ? h("span", { class: "femton-actions" }, actions) : null,
    cardState: (card) => {
      if (!inPlay) return "idle";
      if (sel.includes(card)) return "selected";
      return usable.has(card) || !pub.down[ctx.mySeat] ? "playable" : "quiet";
    },
    onCard,
    summary: summary(view, ctx),
  });
  const felt = container.querySelector("svg.card-table");
  if (felt) felt.classList.add("femton-table");
  const line = windowLine(view, ctx);
  if (line) container.append(line);
  container.append(tableMelds(view, ctx, sel));
  const shown = shownHands(view, ctx);
  if (shown) container.append(shown);
}

export function describe(event, ctx) {
  const t = ctx.t;
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "took":
    case "discarded":
    case "bought":
      return t(`event.${event.code}`, { name, card: cardName(event.card, t) });
    case "buy_window":
      return t("event.buy_window", { card: cardName(event.card, t) });
    case "melded":
      return t(`event.melded_${event.kind}`, { name, cards: cardNames(event.cards, t) });
    case "laid_off":
    case "swapped":
      return t(`event.${event.code}`, { name, card: cardName(event.card, t) });
    case "round_over":
    case "round_started":
      return t(`event.${event.code}`, { round: event.round });
    default:
      return describeDrawing(event, ctx);
  }
}

export function status(view, ctx) {
  if (!ctx.canMove) return null;
  const pub = view.public;
  const t = ctx.t;
  if (pub.phase === "scored") return t("status.next_round");
  if (pub.phase === "draw") return pub.turn === ctx.mySeat ? t("status.draw") : t("status.buy");
  return pub.down[ctx.mySeat] ? t("status.play") : t("status.meld");
}

export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || !pub.totals) return null;
  return ctx.t("points", { points: pub.totals[seat], count: pub.totals[seat] });
}

/** Result panel: the total of fifteen rounds (low wins). */
export function scoreText(score, seat, ctx) {
  return ctx.t("points", { points: score, count: score });
}
