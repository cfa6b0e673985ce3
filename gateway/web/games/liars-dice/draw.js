// Liar's Dice: the table in SVG with every seat's cup round it (the own seat at the bottom),
// the standing bid in the middle, and the last challenge's lifted cups below. The own zone
// holds the player's dice (they roll at the start of each round), the bid picker (quantity
// and face) and the Challenge button. What may be bid or challenged comes only from
// view.legal_moves.
import { arrowKeys, h, isLegal, s, seatToken, svgRoot, useStylesheet } from "../../js/svg.js";
import { scrollBox } from "../board-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

const FACES = [1, 2, 3, 4, 5, 6];
const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[28, 28], [50, 50], [72, 72]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 26], [72, 26], [28, 50], [72, 50], [28, 74], [72, 74]],
};

/** A die face as an <svg>; `value` null draws a blank die. */
function dieFace(value, className) {
  return s(
    "svg",
    { viewBox: "0 0 100 100", class: ["ld-die", className], "aria-hidden": "true", focusable: "false" },
    s("rect", { x: 4, y: 4, width: 92, height: 92, rx: 18, class: "ld-die-body" }),
    (PIPS[value] || []).map(([cx, cy]) => s("circle", { cx, cy, r: 9, class: "ld-die-pip" })),
  );
}

/** A die drawn inside the table's SVG at (x, y), `size` wide. */
function tableDie(value, x, y, size, lit) {
  return s(
    "g",
    { transform: `translate(${x} ${y}) scale(${size / 100})`, class: ["ld-table-die", lit && "lit"] },
    s("rect", { x: 4, y: 4, width: 92, height: 92, rx: 18, class: "ld-die-body" }),
    (PIPS[value] || []).map(([cx, cy]) => s("circle", { cx, cy, r: 9, class: "ld-die-pip" })),
  );
}

function faceName(ctx, face, count) {
  return ctx.t(`face.${face}`, { count });
}

function bidText(ctx, bid) {
  return ctx.t("bid.text", { count: bid.quantity, face: faceName(ctx, bid.face, bid.quantity) });
}

/** The seat positions round the table, the own seat (or seat 0) at the bottom. */
function seatPlaces(count, bottom, cx, cy, rx, ry) {
  return Array.from({ length: count }, (_, seat) => {
    const angle = Math.PI / 2 + ((seat - bottom) * 2 * Math.PI) / count;
    return { x: cx + rx * Math.cos(angle), y: cy + ry * Math.sin(angle) };
  });
}

function latestBids(pub) {
  const latest = {};
  for (const bid of pub.bids || []) latest[bid.seat] = bid;
  return latest;
}

function renderTable(view, ctx) {
  const pub = view.public;
  const W = 360;
  const H = 250;
  const svg = svgRoot(W, H, { label: ctx.t("table.label"), testid: "ld-table" });
  svg.append(s("ellipse", { cx: W / 2, cy: H / 2, rx: 150, ry: 92, class: "ld-felt" }));
  const bottom = ctx.mySeat === null ? 0 : ctx.mySeat;
  const places = seatPlaces(view.seats, bottom, W / 2, H / 2 - 6, 140, 88);
  const latest = latestBids(pub);
  places.forEach(({ x, y }, seat) => {
    const count = pub.dice_count[seat];
    const out = count === 0;
    const turn = pub.turn === seat;
    const bid = latest[seat];
    const label = out
      ? ctx.t("seat.out", { name: ctx.seatName(seat) })
      : ctx.t("seat.cup", { name: ctx.seatName(seat), count }) + (bid ? `, ${ctx.t("seat.last_bid", { bid: bidText(ctx, bid) })}` : "");
    svg.append(
      s(
        "g",
        { class: ["ld-seat", out && "out", turn && "turn"], "data-testid": `seat-cup-${seat}`, role: "img", "aria-label": label },
        // The cup: a trapezoid with the number of dice under it.
        s("path", { d: `M ${x - 20} ${y + 14} L ${x - 14} ${y - 16} L ${x + 14} ${y - 16} L ${x + 20} ${y + 14} Z`, class: "ld-cup" }),
        s("text", { x, y: y + 4, "text-anchor": "middle", class: "ld-cup-count", text: out ? "–" : String(count) }),
        seatToken(ctx, seat, x - 28, y - 16, 12),
        bid
          ? s(
              "g",
              { class: "ld-bubble" },
              s("rect", { x: x - 28, y: y + 17, width: 56, height: 22, rx: 8 }),
              s("text", { x: x - 9, y: y + 33, "text-anchor": "middle", text: `${bid.quantity}×` }),
              tableDie(bid.face, x + 5, y + 19, 18),
            )
          : null,
      ),
    );
  });
  // The standing bid in the middle.
  const bid = pub.bid;
  const middle = s("g", { "data-testid": "current-bid", role: "img", "aria-label": bid ? ctx.t("bid.standing", { bid: bidText(ctx, bid), name: ctx.seatName(bid.seat) }) : ctx.t("bid.none") });
  if (bid) {
    middle.append(
      s("text", { x: W / 2 - 14, y: H / 2 + 10, "text-anchor": "end", class: "ld-bid-quantity", text: `${bid.quantity} ×` }),
      tableDie(bid.face, W / 2 - 8, H / 2 - 20, 40, true),
    );
  } else if (!view.result) {
    middle.append(s("text", { x: W / 2, y: H / 2 + 6, "text-anchor": "middle", class: "ld-no-bid", text: ctx.t("bid.none_short") }));
  }
  svg.append(middle);
  return h("div", { class: "ld-table-wrap" }, svg);
}

function renderLifted(view, ctx) {
  const lifted = view.public.lifted;
  if (!lifted) return null;
  const rows = lifted.cups.map((cup, seat) =>
    cup.length === 0 && view.public.dice_count[seat] === 0 && lifted.loser !== seat
      ? null
      : h(
          "li",
          { class: ["ld-lifted-seat", lifted.loser === seat && "loser"], "data-testid": `lifted-seat-${seat}` },
          h("span", { class: "ld-lifted-name" }, ctx.seatName(seat)),
          h(
            "span",
            { class: "ld-lifted-dice", role: "img", "aria-label": ctx.t("lifted.dice", { dice: cup.join(", ") || "–" }) },
            cup.map((face) => dieFace(face, face === lifted.face ? "match" : "other")),
          ),
          lifted.loser === seat ? h("span", { class: "ld-lost" }, ctx.t("lifted.loses")) : null,
        ),
  );
  return h(
    "section",
    { class: "ld-lifted", "data-testid": "lifted", "aria-label": ctx.t("lifted.title") },
    h(
      "p",
      { class: "ld-lifted-summary", "data-testid": "lifted-summary" },
      ctx.t("lifted.summary", {
        name: ctx.seatName(lifted.challenger),
        bidder: ctx.seatName(lifted.bidder),
        bid: bidText(ctx, lifted),
        found: lifted.count,
        loser: ctx.seatName(lifted.loser),
      }),
    ),
    h("ul", { class: "ld-lifted-list" }, rows),
  );
}

/** The lowest legal quantity for `face` (null when that face cannot be bid). */
function leastFor(view, face) {
  const template = (view.legal_moves || []).find((m) => m.type === "bid" && m.face === face);
  return template ? template.range.quantity[0] : null;
}

function pickerState(view, ctx, own) {
  const pub = view.public;
  const key = `${pub.round}:${(pub.bids || []).length}`;
  if (ctx.state.key !== key) {
    ctx.state.key = key;
    // Start from the face the player holds most of, at the least it may bid.
    const counts = FACES.map((f) => own.filter((d) => d === f).length);
    const best = FACES.slice().sort((a, b) => counts[b - 1] - counts[a - 1] || b - a);
    ctx.state.face = best.find((f) => leastFor(view, f) !== null) || 6;
    ctx.state.quantity = leastFor(view, ctx.state.face) || 1;
  }
  return ctx.state;
}

function renderOwn(view, ctx) {
  const pub = view.public;
  const own = (view.private && view.private.dice) || [];
  const rolled = ctx.events.some((e) => e.code === "rolled" && e.seat === ctx.mySeat);
  const dice = h(
    "div",
    { class: "ld-own-dice", "data-testid": "own-dice", role: "img", "aria-label": own.length ? ctx.t("own.dice", { dice: own.join(", ") }) : ctx.t("own.none") },
    own.map((face, i) => h("span", { class: ["ld-own-die", rolled && !ctx.reducedMotion && "rolled"], "data-testid": `own-die-${i}`, "data-face": face }, dieFace(face))),
  );
  if (!ctx.canMove) return h("div", { class: "ld-own" }, dice);

  const pick = pickerState(view, ctx, own);
  const total = pub.total_dice;
  const quantityText = h("output", { class: "ld-quantity", "data-testid": "bid-quantity", "aria-live": "off" }, "");
  const bidButton = h("button", { type: "button", class: "primary ld-bid", "data-testid": "bid-button", onclick: () => ctx.move({ type: "bid", quantity: pick.quantity, face: pick.face }) }, "");
  const down = h("button", { type: "button", class: "ld-step", "data-testid": "quantity-down", "aria-label": ctx.t("picker.less"), onclick: () => step(-1) }, "−");
  const up = h("button", { type: "button", class: "ld-step", "data-testid": "quantity-up", "aria-label": ctx.t("picker.more"), onclick: () => step(1) }, "+");
  const faceButtons = FACES.map((face) =>
    h(
      "button",
      {
        type: "button",
        class: "ld-face",
        "data-testid": `bid-face-${face}`,
        "aria-label": ctx.t("picker.face", { face: faceName(ctx, face, 2) }),
        onclick: () => {
          pick.face = face;
          const least = leastFor(view, face);
          if (least !== null && pick.quantity < least) pick.quantity = least;
          update();
        },
      },
      dieFace(face),
    ),
  );
  arrowKeys(faceButtons);

  function step(delta) {
    pick.quantity = Math.max(1, Math.min(total, pick.quantity + delta));
    update();
  }

  // Picking changes only the local selection: refresh in place so focus stays put.
  function update() {
    const move = { type: "bid", quantity: pick.quantity, face: pick.face };
    const legal = isLegal(view, move);
    quantityText.textContent = ctx.formatNumber(pick.quantity);
    bidButton.textContent = ctx.t("picker.bid", { bid: bidText(ctx, move) });
    bidButton.disabled = !legal;
    bidButton.classList.toggle("lit", legal);
    down.disabled = pick.quantity <= 1;
    up.disabled = pick.quantity >= total;
    faceButtons.forEach((button, i) => {
      const face = FACES[i];
      button.setAttribute("aria-pressed", String(face === pick.face));
      button.classList.toggle("lit", leastFor(view, face) !== null);
    });
  }
  update();

  const canChallenge = isLegal(view, { type: "challenge" });
  const challenge = h(
    "button",
    {
      type: "button",
      class: ["ld-challenge", canChallenge && "lit"],
      "data-testid": "challenge-button",
      disabled: !canChallenge,
      onclick: () => ctx.move({ type: "challenge" }),
    },
    pub.bid ? ctx.t("picker.challenge", { bid: bidText(ctx, pub.bid) }) : ctx.t("picker.challenge_none"),
  );
  return h(
    "div",
    { class: "ld-own" },
    dice,
    h(
      "div",
      { class: "ld-picker", role: "group", "aria-label": ctx.t("picker.label") },
      h("div", { class: "ld-quantity-row" }, down, quantityText, up, h("span", { class: "ld-times", "aria-hidden": "true" }, "×")),
      h("div", { class: "ld-faces", role: "group", "aria-label": ctx.t("picker.faces") }, faceButtons),
      h("div", { class: "ld-actions" }, bidButton, challenge),
    ),
  );
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  container = scrollBox(container, ctx); // taller than the table on a phone: scrolls, and shows it
  const lifted = renderLifted(view, ctx);
  // Right after a challenge (no bid yet in the new round) the lifted cups come first.
  const fresh = lifted && !(view.public.bids || []).length;
  if (fresh) container.append(lifted);
  container.append(renderTable(view, ctx));
  if (lifted && !fresh) container.append(lifted);
  if (ctx.mySeat !== null && !view.result && view.public.dice_count[ctx.mySeat] > 0) ctx.ownZone.append(renderOwn(view, ctx));
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  switch (event.code) {
    case "round_started":
      return ctx.t("event.round_started", { round: event.round, name: ctx.seatName(event.starter) });
    case "rolled":
      return ctx.t("event.rolled", { dice: (event.dice || []).join(" ") });
    case "bid":
      return ctx.t("event.bid", { name, bid: bidText(ctx, event) });
    case "challenged":
      return ctx.t("event.challenged", { name, bidder: ctx.seatName(event.bidder), bid: bidText(ctx, event), found: event.count });
    case "lost_die":
      return ctx.t("event.lost_die", { name, count: event.left });
    case "out":
      return ctx.t("event.out", { name });
    case "game_over":
      return ctx.t("event.game_over", { name: ctx.seatName(event.winner) });
    default:
      return null;
  }
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  if (!ctx.canMove) return null;
  return view.public.bid ? ctx.t("status.raise_or_challenge", { bid: bidText(ctx, view.public.bid) }) : ctx.t("status.open");
}

/**
 * The seats strip shows each player's dice left.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const count = view.public && view.public.dice_count ? view.public.dice_count[seat] : null;
  return typeof count === "number" ? ctx.t("badge.dice", { count }) : null;
}

export const resultScores = false;
