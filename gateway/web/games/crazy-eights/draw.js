// Crazy Eights: the shared card table (js/cards.js) with one twist, several cards of one rank
// in one move. Tapping a card selects it; the first card picked must fit (the engine's legal
// moves say which), the last one picked lies on top and sets the suit. A card that cannot be
// joined by another is played at once; eights ask for the suit to name. Everything lit comes
// from view.legal_moves.
import { cardName, cardNames, choiceName, chooseDialog, describeDrawing, parseCard, renderShedding } from "../../js/cards.js";
import { h } from "../../js/svg.js";

function plays(view) {
  return (view.legal_moves || []).filter((m) => m.type === "play" && Array.isArray(m.cards));
}

const isEight = (card) => parseCard(card).rank === "8";

/** Whether `move` lays exactly `sel`: eights as a set; others first and last as picked. */
function matches(move, sel) {
  const cards = move.cards;
  if (cards.length !== sel.length) return false;
  const same = [...cards].sort().join() === [...sel].sort().join();
  if (!same) return false;
  if (move.suit !== undefined) return true;
  return cards[0] === sel[0] && cards[cards.length - 1] === sel[sel.length - 1];
}

/** Whether some legal move holds every card of `sel` plus `card`, starting as picked. */
function canAdd(moves, sel, card) {
  const want = [...sel, card];
  return moves.some((m) => {
    if (!want.every((c) => m.cards.includes(c))) return false;
    return m.suit !== undefined || m.cards[0] === want[0];
  });
}

/** The selection for this turn (reset whenever the table changes). */
function selection(view, ctx) {
  const pub = view.public;
  const key = `${pub.turn}:${pub.discard_size}:${pub.draw_size}:${ctx.canMove}`;
  if (ctx.state.selKey !== key) {
    ctx.state.selKey = key;
    ctx.state.sel = [];
  }
  return ctx.state.sel;
}

function send(view, ctx, sel) {
  const found = plays(view).filter((m) => matches(m, sel));
  if (!found.length) return;
  const suits = found.filter((m) => m.suit !== undefined);
  if (suits.length) {
    chooseDialog({
      title: ctx.t("choose.suit"),
      t: ctx.t,
      key: sel[0],
      choices: suits.map((m) => m.suit),
      onChoose: (suit) => {
        const move = suits.find((m) => m.suit === suit);
        if (move) ctx.move(move);
      },
    });
    return;
  }
  ctx.move(found[0]);
}

function summary(view, ctx) {
  const pub = view.public;
  const parts = [];
  if (pub.discard_top) {
    const wished = parseCard(pub.discard_top).rank === "8";
    parts.push(ctx.t(wished ? "summary.top_wished" : "summary.top", { card: cardName(pub.discard_top, ctx.t), suit: choiceName(pub.suit, ctx.t) }));
  }
  for (let seat = 0; seat < view.seats; seat++) {
    const name = ctx.seatName(seat);
    parts.push(
      pub.hand_values
        ? ctx.t("summary.seat_value", { name, count: pub.hand_counts[seat], points: pub.hand_values[seat] })
        : ctx.t("summary.seat", { name, count: pub.hand_counts[seat] }),
    );
  }
  return parts.join(". ");
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const moves = ctx.canMove ? plays(view) : [];
  const sel = selection(view, ctx);
  const chosen = sel.filter((c) => moves.some((m) => m.cards.includes(c)));
  if (chosen.length !== sel.length) sel.splice(0, sel.length, ...chosen);

  const redraw = () => {
    // Only the selection changed: draw the whole table again from the same view.
    container.replaceChildren();
    ctx.ownZone.replaceChildren();
    render(container, view, { ...ctx, events: [] });
    const again = /** @type {HTMLElement | null} */ (ctx.ownZone.querySelector(".card-btn.selected, .card-btn.playable"));
    if (again) again.focus({ preventScroll: true });
  };

  const onCard = (card) => {
    const at = sel.indexOf(card);
    if (at !== -1) {
      sel.splice(at, 1);
      redraw();
      return;
    }
    sel.push(card);
    const hand = (view.private && view.private.hand) || [];
    const more = hand.some((c) => !sel.includes(c) && canAdd(moves, sel, c));
    if (!more && plays(view).some((m) => matches(m, sel))) {
      send(view, ctx, [...sel]);
      return;
    }
    redraw();
  };

  const ready = sel.length > 0 && moves.some((m) => matches(m, sel));
  const playButton = sel.length
    ? h(
        "button",
        { type: "button", class: "card-action primary", "data-testid": "play-button", disabled: !ready, onclick: () => send(view, ctx, [...sel]) },
        t("action.play_n", { count: sel.length }),
      )
    : null;
  const hint = !ctx.canMove ? null : pub.drew ? t("hint.drawn") : sel.length ? t("hint.more", { rank: t(`card.rank.${parseCard(sel[0]).rank}`) }) : null;

  renderShedding(container, view, ctx, {
    follow: pub.suit,
    wished: pub.discard_top ? parseCard(pub.discard_top).rank === "8" : false,
    pending: 0,
    extra: (seat) => (pub.hand_values ? t("value", { points: pub.hand_values[seat], count: pub.hand_values[seat] }) : null),
    drawLabel: t("action.draw"),
    passLabel: t("action.pass"),
    hint,
    actions: playButton,
    cardState: (card) => {
      if (!ctx.canMove) return "idle";
      if (sel.includes(card)) return "selected";
      return canAdd(moves, sel, card) ? "playable" : "quiet";
    },
    mark: (card) => (sel.length > 1 && sel.includes(card) ? String(sel.indexOf(card) + 1) : null),
    onCard,
    byRank: true,
    keepChoice: (key) => moves.some((m) => m.cards.includes(key)),
    summary: summary(view, ctx),
  });
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const t = ctx.t;
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "played": {
      const cards = event.cards || [];
      const top = cards[cards.length - 1];
      const named = top && isEight(top);
      const params = { name, cards: cardNames(cards, t), suit: choiceName(event.suit, t), count: cards.length };
      return t(named ? "event.played_eight" : "event.played", params);
    }
    case "round_won": {
      const names = (event.seats || []).map((seat) => ctx.seatName(seat)).join(", ");
      const values = (event.hand_values || []).map((points, seat) => t("summary.value", { name: ctx.seatName(seat), points })).join(", ");
      return t((event.seats || []).length > 1 ? "event.round_shared" : "event.round_won", { names, values });
    }
    default:
      return describeDrawing(event, ctx);
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove) return null;
  const pub = view.public;
  const legal = view.legal_moves || [];
  if (legal.some((m) => m.type === "play")) return pub.drew ? ctx.t("status.play_drawn") : ctx.t("status.play");
  if (legal.some((m) => m.type === "draw")) return ctx.t("status.draw");
  return ctx.t("status.pass");
}

/**
 * The seats strip: cards in hand; at the end, the hand's value.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || !pub.hand_counts) return null;
  if (pub.hand_values) return ctx.t("value", { points: pub.hand_values[seat], count: pub.hand_values[seat] });
  return ctx.t("cards.pile_count", { count: pub.hand_counts[seat] });
}

/**
 * Result panel: the hand value (low wins).
 * @type {import("../../js/types.js").ScoreText}
 */
export function scoreText(score, seat, ctx) {
  return ctx.t("value", { points: score, count: score });
}
