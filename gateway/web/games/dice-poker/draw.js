// Dice Poker: five dice (each a Keep toggle), a Roll button, and the score sheet with a
// column per seat. The rows the mover may fill show the offer as a button ("Full house:
// 25"). What may be rolled or scored comes only from view.legal_moves.
import { h, isLegal, legalOfType, s, useStylesheet } from "../../js/svg.js";
import { scrollBox } from "../board-kit.js";

useStylesheet(new URL("./style.css", import.meta.url));

export const UPPER = ["ones", "twos", "threes", "fours", "fives", "sixes"];
export const LOWER = ["three_kind", "four_kind", "full_house", "small_straight", "large_straight", "five_kind", "chance"];

const PIPS = {
  1: [[50, 50]],
  2: [
    [28, 28],
    [72, 72],
  ],
  3: [
    [28, 28],
    [50, 50],
    [72, 72],
  ],
  4: [
    [28, 28],
    [72, 28],
    [28, 72],
    [72, 72],
  ],
  5: [
    [28, 28],
    [72, 28],
    [50, 50],
    [28, 72],
    [72, 72],
  ],
  6: [
    [28, 26],
    [72, 26],
    [28, 50],
    [72, 50],
    [28, 74],
    [72, 74],
  ],
};

/** A die face in SVG; `value` null draws a blank die (before the first roll). */
export function dieFace(value) {
  return s(
    "svg",
    { viewBox: "0 0 100 100", class: "die-face", "aria-hidden": "true", focusable: "false" },
    s("rect", { x: 4, y: 4, width: 92, height: 92, rx: 18, class: "die-body" }),
    (PIPS[value] || []).map(([cx, cy]) => s("circle", { cx, cy, r: 9, class: "die-pip" })),
  );
}

function perSeat(table, seat) {
  if (!table) return null;
  return Array.isArray(table) ? table[seat] : table[String(seat)];
}

function rowLabel(ctx, row) {
  return ctx.t(`row.${row}`);
}

/** The keep selection lives in ctx.state and resets with each new turn. */
function keepState(view, ctx) {
  const pub = view.public;
  const key = `${pub.round}:${pub.turn}`;
  if (ctx.state.turnKey !== key) {
    ctx.state.turnKey = key;
    ctx.state.keep = [];
  }
  // A keep index is only meaningful while there are dice to keep.
  if (!pub.dice || !pub.dice.length) ctx.state.keep = [];
  return ctx.state.keep;
}

function renderDice(view, ctx) {
  const pub = view.public;
  const dice = pub.dice && pub.dice.length ? pub.dice : [null, null, null, null, null];
  const keep = keepState(view, ctx);
  // Dice may be kept when some legal roll keeps any; it is the engine that says so.
  const canKeep = ctx.canMove && legalOfType(view, "roll").some((m) => Array.isArray(m.keep) && m.keep.length > 0);
  const rolled = ctx.events.find((e) => e.code === "rolled");
  const sortedKeep = [...keep].sort((a, b) => a - b);
  const rollMove = { type: "roll", keep: sortedKeep };
  const canRoll = ctx.canMove && isLegal(view, rollMove);
  const mine = ctx.mySeat !== null && ctx.mySeat === pub.turn;

  const buttons = dice.map((value, i) => {
    const kept = keep.includes(i);
    const label =
      value === null
        ? ctx.t("die.blank", { n: i + 1 })
        : ctx.t(kept ? "die.kept" : "die.label", { n: i + 1, value });
    const button = h(
      "button",
      {
        type: "button",
        class: ["die", kept && "kept", rolled && !(rolled.keep || []).includes(i) && !ctx.reducedMotion && "rolled"],
        "aria-pressed": value === null ? null : String(kept),
        "aria-label": label,
        "data-testid": `die-${i}`,
        disabled: !canKeep || value === null,
        onclick: () => {
          const at = ctx.state.keep.indexOf(i);
          if (at === -1) ctx.state.keep.push(i);
          else ctx.state.keep.splice(at, 1);
          updateDice();
        },
      },
      dieFace(value),
      h("span", { class: "die-tag", "aria-hidden": "true" }, kept ? ctx.t("die.keep") : ""),
    );
    return button;
  });

  const rollButton = h(
    "button",
    {
      type: "button",
      class: "primary roll",
      "data-testid": "roll-button",
      disabled: !canRoll,
      onclick: () => ctx.move({ type: "roll", keep: [...ctx.state.keep].sort((a, b) => a - b) }),
    },
    ctx.t("roll.button", { count: pub.rolls_left }),
  );

  // Toggling a die changes only the local selection: refresh the buttons in place so focus
  // stays on the die that was pressed.
  function updateDice() {
    const now = ctx.state.keep;
    buttons.forEach((button, i) => {
      const kept = now.includes(i);
      button.classList.toggle("kept", kept);
      button.setAttribute("aria-pressed", String(kept));
      button.setAttribute("aria-label", ctx.t(kept ? "die.kept" : "die.label", { n: i + 1, value: dice[i] }));
      button.querySelector(".die-tag").textContent = kept ? ctx.t("die.keep") : "";
    });
    const move = { type: "roll", keep: [...now].sort((a, b) => a - b) };
    rollButton.disabled = !(ctx.canMove && isLegal(view, move));
  }

  return h(
    "div",
    { class: ["dice-zone", mine && "mine"] },
    h("div", { class: "dice", role: "group", "aria-label": ctx.t("dice.label") }, buttons),
    h(
      "div",
      { class: "dice-actions" },
      rollButton,
      ctx.canMove && pub.dice && pub.dice.length && canKeep ? h("p", { class: "hint dice-hint" }, ctx.t("dice.hint")) : null,
    ),
  );
}

function renderSheet(view, ctx) {
  const pub = view.public;
  const seats = Array.from({ length: view.seats }, (_, i) => i);
  const offers = pub.offers || {};
  const hasDice = pub.dice && pub.dice.length > 0;
  const iMove = ctx.canMove && ctx.mySeat === pub.turn;
  const compact = seats.length > 4;

  const head = h(
    "tr",
    null,
    h("th", { scope: "col", class: "row-head round-cell", "data-testid": "round" }, ctx.t("round.label", { round: pub.round, rounds: UPPER.length + LOWER.length })),
    seats.map((seat) =>
      h(
        "th",
        { scope: "col", class: ["seat-col", seat === pub.turn && "turn"] },
        h("span", { class: "chip-token", style: { background: ctx.seatColour(seat), color: ctx.seatInk(seat) }, "aria-hidden": "true" }, ctx.seatMark(seat)),
        h("span", { class: compact ? "sr-only" : "seat-col-name" }, ctx.seatName(seat)),
      ),
    ),
  );

  const scoreRow = (row) => {
    const offer = offers[row];
    const legal = iMove && hasDice && offer !== undefined && isLegal(view, { type: "score", row });
    const label = rowLabel(ctx, row);
    const headCell = legal
      ? h(
          "th",
          { scope: "row", class: "row-head" },
          h(
            "button",
            {
              type: "button",
              class: ["offer", offer === 0 && "zero"],
              "data-testid": `score-${row}`,
              onclick: () => ctx.move({ type: "score", row }),
            },
            // Spoken as "Full house: 25" (or "Ones: 0, cross out"); the visible text is part of it.
            h("span", { class: "offer-row" }, label),
            h("span", { class: "sr-only" }, ": "),
            h("span", { class: "offer-points" }, ctx.formatNumber(offer)),
            offer === 0 ? h("span", { class: "sr-only" }, `, ${ctx.t("offer.cross_out")}`) : null,
          ),
        )
      : h("th", { scope: "row", class: "row-head" }, label);
    return h(
      "tr",
      { "data-row": row, class: legal ? "lit-row" : null },
      headCell,
      seats.map((seat) => {
        const points = perSeat(pub.sheet, seat)?.[row];
        if (points !== null && points !== undefined) return h("td", { class: ["score", seat === pub.turn && "turn"] }, ctx.formatNumber(points));
        // The mover's free rows show what they would bring now, quietly.
        const preview = seat === pub.turn && hasDice && offer !== undefined;
        return h(
          "td",
          { class: ["score", "free", seat === pub.turn && "turn"] },
          preview ? h("span", { class: "preview", "aria-label": ctx.t("offer.preview", { points: offer }) }, ctx.formatNumber(offer)) : "",
        );
      }),
    );
  };

  const totalRow = (key, className, extraLabel) =>
    h(
      "tr",
      { class: className },
      h("th", { scope: "row", class: "row-head" }, ctx.t(`sheet.${key}`), extraLabel ? h("span", { class: "hint" }, ` ${extraLabel}`) : null),
      seats.map((seat) => {
        const totals = perSeat(pub.totals, seat) || {};
        const value = totals[key];
        return h("td", { class: ["score", seat === pub.turn && "turn"], "data-testid": `total-${key}-${seat}` }, value === undefined || value === null ? "" : ctx.formatNumber(value));
      }),
    );

  return h(
    "div",
    { class: "sheet-wrap" },
    h(
      "table",
      { class: ["sheet", compact && "compact"], "data-testid": "score-sheet" },
      h("caption", { class: "sr-only" }, ctx.t("sheet.caption", { round: pub.round })),
      h("thead", null, head),
      h(
        "tbody",
        null,
        UPPER.map(scoreRow),
        totalRow("upper", "sum"),
        totalRow("bonus", "sum", ctx.t("sheet.bonus_hint")),
        LOWER.map(scoreRow),
        totalRow("total", "grand"),
      ),
    ),
  );
}

/** @type {import("../../js/types.js").Render} */
export function render(container, view, ctx) {
  container = scrollBox(container, ctx); // taller than the table on a phone: scrolls, and shows it
  container.append(renderSheet(view, ctx));
  // Once the game is over there is nothing left to roll.
  if (!view.result) ctx.ownZone.append(renderDice(view, ctx));
}

/** @type {import("../../js/types.js").Describe} */
export function describe(event, ctx) {
  const name = typeof event.seat === "number" ? ctx.seatName(event.seat) : "";
  if (event.code === "rolled") {
    const dice = (event.dice || []).join(" ");
    const kept = (event.keep || []).length;
    return kept ? ctx.t("event.rolled_keep", { name, dice, count: kept }) : ctx.t("event.rolled", { name, dice });
  }
  if (event.code === "scored") return ctx.t("event.scored", { name, points: event.points, row: rowLabel(ctx, event.row) });
  if (event.code === "bonus") return ctx.t("event.bonus", { name, points: event.points });
  if (event.code === "game_over") return ctx.t("event.game_over");
  return null;
}

/** @type {import("../../js/types.js").Status} */
export function status(view, ctx) {
  const pub = view.public;
  if (!ctx.canMove) return null;
  if (!pub.dice || !pub.dice.length) return ctx.t("status.first_roll");
  if (pub.rolls_left > 0) return ctx.t("status.keep_or_score", { count: pub.rolls_left });
  return ctx.t("status.score");
}

/**
 * The seats strip shows each player's total.
 * @type {import("../../js/types.js").SeatBadge}
 */
export function seatBadge(view, seat, ctx) {
  const totals = perSeat(view.public && view.public.totals, seat);
  return totals && typeof totals.total === "number" ? ctx.formatNumber(totals.total) : null;
}
