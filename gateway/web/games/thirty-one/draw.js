// Thirty-One: three cards in the hand, three face up in the middle. Swap one card (tap one of
// yours and one in the middle, in either order), swap all three, push or knock — all from
// view.legal_moves. Lives and "swimming" show beside each seat; after a showdown everyone's
// cards and points are shown under the table.
import { actionButton, cardName, cardNames, cardSvg, drawSeats, renderHand, srText, tableRoot } from "../../js/cards.js";
import { h, s, useStylesheet } from "../../js/svg.js";

useStylesheet(new URL("./style.css", import.meta.url));

/** Half points as people say them: 61 → "30½". */
export function points(half) {
  if (half === null || half === undefined) return "";
  return `${Math.floor(half / 2)}${half % 2 ? "½" : ""}`;
}

function swaps(view) {
  return (view.legal_moves || []).filter((m) => m.type === "swap");
}

/** The picked hand card and middle card of this turn (reset when the table changes). */
function picks(view, ctx) {
  const pub = view.public;
  const key = `${pub.deal}:${pub.turns}:${ctx.canMove}`;
  if (ctx.state.pickKey !== key) {
    ctx.state.pickKey = key;
    ctx.state.give = null;
    ctx.state.take = null;
  }
  return ctx.state;
}

function livesText(view, seat, ctx) {
  const pub = view.public;
  if ((pub.finished || []).includes(seat)) return ctx.t("seat.out");
  return ctx.t("lives", { count: (pub.lives || [])[seat] ?? 0 });
}

function flagOf(view, seat, ctx) {
  const pub = view.public;
  if (pub.knocker === seat) return ctx.t("call.knocked");
  if ((pub.swimming || []).includes(seat) && !(pub.finished || []).includes(seat)) return ctx.t("call.swimming");
  return null;
}

function drawMiddle(root, view, ctx, pick, redraw) {
  const pub = view.public;
  const middle = pub.middle || [];
  const legal = swaps(view);
  const cw = 60;
  const gap = 10;
  const x0 = 200 - (middle.length * cw + (middle.length - 1) * gap) / 2;
  const y = 98;
  middle.forEach((card, i) => {
    const x = x0 + i * (cw + gap);
    const canTake = ctx.canMove && legal.some((m) => m.take === card && (!pick.give || m.give === pick.give));
    const selected = pick.take === card;
    const face = cardSvg(card, { x, y, width: cw });
    if (!canTake) {
      root.append(s("g", { class: "middle-card", "data-testid": `middle-${card}`, "data-card": card }, face));
      return;
    }
    const label = pick.give ? ctx.t("middle.swap", { give: cardName(pick.give, ctx.t), take: cardName(card, ctx.t) }) : ctx.t("middle.take", { card: cardName(card, ctx.t) });
    const button = s(
      "g",
      {
        role: "button",
        tabindex: 0,
        "aria-label": label,
        "aria-pressed": String(selected),
        "data-testid": `middle-${card}`,
        "data-card": card,
        class: ["svg-btn", "lit", "middle-card", selected && "selected"],
        transform: selected ? "translate(0 -8)" : null,
      },
      s("rect", { x: x - 4, y: y - 4, width: cw + 8, height: cw * 1.5 + 8, rx: 8, class: "hit middle-hit" }),
      face,
    );
    const press = () => {
      if (pick.give) {
        ctx.move({ type: "swap", give: pick.give, take: card });
        return;
      }
      pick.take = selected ? null : card;
      redraw();
    };
    button.addEventListener("click", press);
    button.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        press();
      }
    });
    root.append(button);
  });
  root.append(s("text", { x: 200, y: y + cw * 1.5 + 20, "font-size": 12, "text-anchor": "middle", class: "t31-deal", text: ctx.t("deal.label", { deal: pub.deal, count: pub.draw_size }) }));
}

/** The last showdown: every hand, its points, who lost a life. */
function showdown(view, ctx) {
  const pub = view.public;
  const last = pub.last_round;
  if (!last) return null;
  const rows = last.hands
    .map((hand, seat) => {
      if (!hand) return null;
      const lost = (last.losers || []).includes(seat);
      return h(
        "li",
        { class: ["t31-hand", lost && "lost"], "data-testid": `showdown-${seat}` },
        h("span", { class: "t31-name" }, ctx.seatName(seat)),
        h("span", { class: "t31-cards", "aria-label": cardNames(hand, ctx.t), role: "img" }, hand.map((card) => cardSvg(card, { class: "t31-mini" }))),
        h("span", { class: "t31-points" }, points(last.points_half[seat])),
        lost ? h("span", { class: "t31-lost" }, ctx.t("showdown.lost")) : null,
      );
    })
    .filter(Boolean);
  const title = ctx.t(`showdown.${last.reason}`, { deal: last.deal, name: last.by === null || last.by === undefined ? "" : ctx.seatName(last.by) });
  const losers = (last.losers || []).map((seat) => ctx.seatName(seat)).join(", ");
  // Folded during play (the table needs the room); open once the game is over.
  return h(
    "details",
    { class: "t31-showdown", open: view.result ? true : null, "data-testid": "showdown" },
    h("summary", null, ctx.t("showdown.summary", { title, names: losers })),
    h("ol", { class: "t31-hands" }, rows),
  );
}

function summary(view, ctx) {
  const pub = view.public;
  const parts = [ctx.t("summary.middle", { cards: cardNames(pub.middle || [], ctx.t) })];
  if (pub.knocker !== null && pub.knocker !== undefined) parts.push(ctx.t("summary.knocked", { name: ctx.seatName(pub.knocker) }));
  for (let seat = 0; seat < view.seats; seat++) parts.push(`${ctx.seatName(seat)}: ${livesText(view, seat, ctx)}`);
  return parts.join(". ");
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  const pub = view.public;
  const t = ctx.t;
  const pick = picks(view, ctx);
  const redraw = () => {
    container.replaceChildren();
    ctx.ownZone.replaceChildren();
    render(container, view, { ...ctx, events: [] });
    const again = /** @type {HTMLElement | null} */ (container.querySelector(".middle-card.selected") || ctx.ownZone.querySelector(".card-btn.selected, .card-btn.playable"));
    if (again) again.focus({ preventScroll: true });
  };

  const root = tableRoot({ label: t("table.label") });
  drawSeats(root, view, ctx, (seat) => ({
    hideCount: true,
    extra: livesText(view, seat, ctx),
    flag: flagOf(view, seat, ctx),
    flagClass: "call",
  }));
  drawMiddle(root, view, ctx, pick, redraw);
  container.append(root, srText(summary(view, ctx)));
  const box = showdown(view, ctx);
  if (box) container.append(box);

  if (view.result || ctx.mySeat === null || ctx.mySeat === undefined) return;
  if ((pub.finished || []).includes(ctx.mySeat)) {
    ctx.ownZone.append(h("p", { class: "hint card-done", "data-testid": "hand-done" }, t("done")));
    return;
  }
  const hand = (view.private && view.private.hand) || [];
  const legal = ctx.canMove ? view.legal_moves || [] : [];
  const can = (type) => legal.some((m) => m.type === type);
  const canGive = (card) => swaps(view).some((m) => m.give === card && (!pick.take || m.take === pick.take));
  ctx.ownZone.append(
    h(
      "div",
      { class: "own-cards t31-own" },
      h(
        "p",
        { class: "t31-mine", "data-testid": "my-points" },
        t("mine.points", { points: points(view.private && view.private.points_half) }),
        ctx.canMove && (pick.give || pick.take) ? h("span", { class: "hint" }, ` ${t("hint.pick_other")}`) : null,
      ),
      renderHand({
        cards: hand,
        ctx,
        state: (card) => {
          if (!ctx.canMove) return "idle";
          if (pick.give === card) return "selected";
          return canGive(card) ? "playable" : "quiet";
        },
        onPress: (card) => {
          if (pick.take) {
            ctx.move({ type: "swap", give: card, take: pick.take });
            return;
          }
          pick.give = pick.give === card ? null : card;
          redraw();
        },
        label: t("cards.hand", { count: hand.length }),
      }),
      h(
        "div",
        { class: "card-actions" },
        actionButton({ text: t("action.swap_all"), testid: "swap-all-button", onPress: () => ctx.move({ type: "swap_all" }), disabled: !can("swap_all") }),
        actionButton({ text: t("action.push"), testid: "push-button", onPress: () => ctx.move({ type: "push" }), disabled: !can("push") }),
        actionButton({ text: t("action.knock"), testid: "knock-button", onPress: () => ctx.move({ type: "knock" }), disabled: !can("knock") }),
      ),
    ),
  );
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const t = ctx.t;
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "swapped":
      return t("event.swapped", { name, give: cardName(event.give, t), take: cardName(event.take, t) });
    case "swapped_all":
      return t("event.swapped_all", { name, cards: cardNames(event.cards, t) });
    case "middle":
      return t("event.middle", { cards: cardNames(event.cards, t) });
    case "middle_replaced":
      return t("event.middle_replaced", { cards: cardNames(event.cards, t) });
    case "dealt":
      return t("event.dealt", { cards: cardNames(event.cards, t) });
    case "deal_started":
      return t("event.deal_started", { deal: event.deal, name: ctx.seatName(event.starter) });
    case "showdown": {
      const shown = (event.hands || [])
        .map((hand, seat) => (hand ? t("showdown.hand", { name: ctx.seatName(seat), cards: cardNames(hand, t), points: points(event.points_half[seat]) }) : null))
        .filter(Boolean)
        .join("; ");
      return t("event.showdown", { hands: shown });
    }
    case "life_lost":
      return t("event.life_lost", { name, count: event.lives });
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove) return null;
  const pub = view.public;
  if (pub.knocker !== null && pub.knocker !== undefined) return ctx.t("status.last_turn", { name: ctx.seatName(pub.knocker) });
  return ctx.t("status.turn");
}

/**
 * The seats strip: lives, "swimming", out.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const pub = view.public;
  if (!pub || !pub.lives) return null;
  const flag = flagOf(view, seat, ctx);
  const lives = livesText(view, seat, ctx);
  return flag ? `${lives} · ${flag}` : lives;
}

/**
 * Result panel: the lives left.
 * @type {import("../../js/types.js").ScoreText}
 */
export function scoreText(score, seat, ctx) {
  return ctx.t("lives", { count: score });
}
