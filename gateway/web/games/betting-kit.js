// The betting table shared by the games played for a pot with stacks of coins (Texas Hold'em,
// Blackjack Duel): each seat's coins and button, its call (folded, all-in, what it won) by its
// name, the cards beside each seat and the middle of the felt as the game draws them, the
// showdown kept in sight for 5 s after it arrives, the line of when the stakes rise, and in
// the own zone the game's cards and actions (buttons lit from view.legal_moves) or, once a
// player's coins are gone, a note that they are out.
import { cardName, drawSeats, srText, stackText, tableRoot } from "../js/cards.js";
import { h } from "../js/svg.js";

const SHOWN_MS = 5000;

/**
 * @typedef {object} Showdown
 * @property {any} last the game's record of the showdown (`last_hand`, `last_round`)
 * @property {number} left milliseconds it stays in sight
 */

/**
 * @typedef {object} BettingGame
 * @property {string} testid the felt's test id
 * @property {string} buttonKey the key of the word for the dealer button by a seat's coins
 * @property {string} shownClass the class of a seat's shown cards (removed when their time is up)
 * @property {(view: any, ctx: any) => HTMLElement} line the line above the felt
 * @property {(pub: any, seat: number, t: Function, shown: Showdown | null) => string | null} seatFlag
 * @property {(pub: any, options: any, seat: number, ctx: any, shown: Showdown | null) => string} seatSummary
 * @property {(root: SVGElement, view: any, ctx: any, seat: number, spot: {x: number, y: number}, shown: Showdown | null) => void} seatCards
 * @property {(root: SVGElement, view: any, ctx: any, shown: Showdown | null) => string[]} middle
 *   draws the middle of the felt; what a screen reader hears of it
 * @property {(view: any, ctx: any) => HTMLElement | null} ownZone the own cards and actions
 */

/** Card names in a list, for a label. */
export function names(cards, t) {
  return (cards || []).map((card) => cardName(card, t)).join(", ");
}

/** The legal move of one type, or null. */
export function legalOf(view, type) {
  return (view.legal_moves || []).find((m) => m.type === type) || null;
}

/** m:ss */
export function timeText(ms) {
  const secs = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, "0")}`;
}

/** When the stakes rise next (`atMs` the time they do), or null once the game is over. */
export function riseText(view, ctx, atMs, nextKey) {
  if (!atMs || view.result) return null;
  const left = atMs - Date.now();
  return left > 0 ? ctx.t("table.next_rise", { time: timeText(left) }) : ctx.t(nextKey);
}

/**
 * The showdown to show: from the event as it arrives (kept 5 s in ctx.state), else none.
 * `record` names the game's last showdown in the public view, `key` its number there.
 */
export function showdown(view, ctx, record, key) {
  const last = view.public[record];
  const st = ctx.state;
  if ((ctx.events || []).some((e) => e.code === "showdown") && last) {
    st.shown = { [key]: last[key], until: Date.now() + SHOWN_MS };
  }
  if (!st.shown || !last || st.shown[key] !== last[key] || Date.now() > st.shown.until) return null;
  return { last, left: st.shown.until - Date.now() };
}

/** A betting action: lit when `enabled`, the main one `primary`. */
export function betButton(text, testid, onPress, enabled, primary = false) {
  return h(
    "button",
    { type: "button", class: ["card-action", primary && "primary"], "data-testid": testid, disabled: !enabled, onclick: enabled ? onPress : null },
    text,
  );
}

/** What every betting table says by a seat's name: what it won, folded, all-in; undefined
 * where the game may say more (a bet). */
export function tableFlag(pub, seat, t, shown) {
  if (shown && shown.last.won[seat]) return t("seat.won", { amount: shown.last.won[seat] });
  if (!pub.dealt[seat]) return null;
  if (pub.folded[seat]) return t("seat.folded");
  if (pub.stacks[seat] === 0) return t("seat.all_in");
  return undefined;
}

/** A seat out of the game or folded, for its spoken summary; null when it plays on. */
export function outOrFolded(pub, seat, t) {
  if (pub.out[seat]) return t("seat.summary_out");
  if (pub.folded[seat]) return t("seat.summary_folded");
  return null;
}

/** A seat's spoken summary: its name, its coins and `more`. */
export function seatLine(pub, options, seat, ctx, more) {
  return ctx.t("seat.summary", { name: ctx.seatName(seat), stack: stackText(options, pub.stacks[seat], ctx), more });
}

function drawTable(container, view, ctx, shown, game) {
  const pub = view.public;
  const t = ctx.t;
  const root = tableRoot({ label: t("table.label"), testid: game.testid });
  const spots = drawSeats(root, view, ctx, (seat) => ({
    hideCount: true,
    extra: pub.out[seat] ? t("seat.out") : `${seat === pub.button ? `${t(game.buttonKey)} · ` : ""}${ctx.formatNumber(pub.stacks[seat])}`,
    flag: game.seatFlag(pub, seat, t, shown),
    flagClass: "call",
  }));
  for (const [seat, spot] of spots) game.seatCards(root, view, ctx, seat, spot, shown);
  const lines = game.middle(root, view, ctx, shown);
  container.append(root);
  for (let seat = 0; seat < view.seats; seat++) lines.push(game.seatSummary(pub, view.options, seat, ctx, shown));
  container.append(srText(lines.join(". ")));
  if (shown) {
    // The shown cards go once their 5 s are over, even if nothing else happens meanwhile.
    setTimeout(() => root.querySelectorAll(`.${game.shownClass}`).forEach((el) => el.remove()), shown.left);
  }
}

/** Draw a betting game's table into `container` and its own zone (see BettingGame). */
export function renderBettingTable(container, view, ctx, shown, game) {
  const pub = view.public;
  container.append(game.line(view, ctx));
  drawTable(container, view, ctx, shown, game);
  const mine = ctx.mySeat;
  if (mine === null || mine === undefined || view.result) return;
  if (pub.out[mine]) {
    ctx.ownZone.append(h("p", { class: "hint", "data-testid": "busted-note" }, ctx.t("status.out")));
    return;
  }
  const zone = game.ownZone(view, ctx);
  if (zone) ctx.ownZone.append(zone);
}

/** The history lines both tables say alike (`shownHand` says one seat's shown cards);
 * undefined for an event of the game's own. */
function describeBetting(event, ctx, shownHand) {
  const t = ctx.t;
  switch (event.code) {
    case "showdown": {
      const hands = (event.hands || [])
        .map((hand, seat) => (hand ? t("event.shown_hand", { name: ctx.seatName(seat), ...shownHand(hand) }) : null))
        .filter(Boolean)
        .join("; ");
      return t("event.showdown", { hands });
    }
    case "pot_won":
    case "pot_shared": {
      const who = (event.seats || []).map((seat) => ctx.seatName(seat)).join(", ");
      return t(event.seats.length > 1 ? "event.pot_split" : "event.pot_won", { names: who, amount: event.amount });
    }
    default:
      return undefined;
  }
}

/**
 * A betting game's `describe`: the lines both tables say alike (`shownHand(hand, t)` gives the
 * parameters of one seat's shown cards), else the game's own (`own(event, ctx, name)`, `name`
 * the event's seat's; null for an event it does not say).
 */
export function bettingDescriber(shownHand, own) {
  return (event, ctx) => {
    const said = describeBetting(event, ctx, (hand) => shownHand(hand, ctx.t));
    return said !== undefined ? said : own(event, ctx, typeof event.seat === "number" ? ctx.seatName(event.seat) : "");
  };
}

/** The turn line where a betting table has nothing of its own to say: null, or out; undefined
 * when the player is to act (the game words it). */
export function bettingStatus(view, ctx) {
  const mine = ctx.mySeat;
  if (mine === null || mine === undefined || view.result) return null;
  if (view.public.out[mine]) return ctx.t("status.out");
  if (!ctx.canMove) return null;
  return undefined;
}

/** The seats strip: coins in front of each player. */
export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || !pub.stacks) return null;
  return pub.out[seat] ? ctx.t("seat.out") : stackText(view.options, pub.stacks[seat], ctx);
}

/** Result panel: the coins at the end. */
export function scoreText(score, seat, ctx) {
  return stackText(ctx.room && ctx.room.options, score, ctx);
}
