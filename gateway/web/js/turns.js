// "Your turn": the tables where it is this player's turn (turn-based and live), the longest
// waiting first, each with its time left and one tap to open it; and the vacation box of the
// player page, which holds the player's clocks at every turn-based table.
import * as api from "./api.js";
import { h, replace } from "./dom.js";
import { formatNumber, gameName, t } from "./i18n.js";
import * as store from "./store.js";
import { dateText, durationText } from "./time_text.js";

export const VACATION_DAYS_A_YEAR = 14;

/**
 * The "your turn" panel: empty at first, filled once the list is fetched; null without a player.
 * @param {import("./types.js").Nav} nav
 * @param {string} idPrefix
 * @returns {HTMLElement | null}
 */
export function turnsPanel(nav, idPrefix) {
  const saved = store.player();
  if (!saved || !saved.token) return null;
  const titleId = `${idPrefix}-turns-title`;
  const body = h("div", { "aria-busy": "true" }, h("p", { class: "hint" }, t("ui.loading")));
  const panel = h("section", { class: "panel turns-panel", "aria-labelledby": titleId, "data-testid": `${idPrefix}-turns` }, h("h2", { id: titleId }, t("turns.title")), body);
  api
    .myTurns(saved.token)
    .then((turns) => {
      body.removeAttribute("aria-busy");
      replace(body, turnsList(turns, nav));
    })
    .catch(() => {
      // Offline or no player any more: the list is simply not shown (the page says offline).
      panel.hidden = true;
    });
  return panel;
}

/**
 * @param {Array<{ code: string, seat: number, game: string, since_ms: number, deadline_ms: number | null, left_ms: number | null, turn_based: boolean }>} turns
 * @param {import("./types.js").Nav} nav
 * @returns {HTMLElement}
 */
function turnsList(turns, nav) {
  if (!turns.length) return h("p", { class: "hint", "data-testid": "turns-none" }, t("turns.none"));
  return h(
    "ul",
    { class: "turns", "data-testid": "turns-list" },
    turns.map((turn) => {
      const left = turn.left_ms === null ? t("turns.no_clock") : t("turns.left", { time: durationText(turn.left_ms) });
      return h(
        "li",
        { "data-testid": `turn-${turn.code}-${turn.seat}` },
        h(
          "a",
          {
            href: `/r/${turn.code}`,
            class: "turn-link",
            "aria-label": `${t("turns.open", { game: gameName(turn.game), code: turn.code })}, ${left}`,
            onclick: (e) => {
              e.preventDefault();
              nav.go(`/r/${turn.code}`);
            },
          },
          h("span", { class: "turn-game" }, gameName(turn.game)),
          h("span", { class: "hint" }, [turn.code, turn.turn_based ? t("turns.turn_based") : "", left].filter(Boolean).join(" · ")),
        ),
      );
    }),
  );
}

/**
 * The vacation box of the player page.
 * @param {string} token
 * @returns {HTMLElement}
 */
export function vacationBox(token) {
  const status = h("p", { class: "hint", "data-testid": "vacation-status", role: "status" });
  const days = /** @type {HTMLInputElement} */ (h("input", { id: "vacation-days", type: "number", min: "1", max: String(VACATION_DAYS_A_YEAR), value: "7", inputmode: "numeric", "data-testid": "vacation-days" }));
  const button = /** @type {HTMLButtonElement} */ (h("button", { type: "button", "data-testid": "vacation-start" }, t("vacation.start")));
  const show = (/** @type {{ until_ms: number | null, days_left: number }} */ now) => {
    const parts = [];
    if (now.until_ms) parts.push(t("vacation.until", { date: dateText(now.until_ms) }));
    parts.push(t("vacation.left", { days: formatNumber(now.days_left) }));
    status.textContent = parts.join(" ");
    button.disabled = now.days_left < 1;
  };
  api.myVacation(token).then(show, () => {});
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      show(await api.startVacation(token, Number(days.value)));
    } catch (error) {
      status.textContent = t(`refusal.${error.code}`);
      button.disabled = false;
    }
  });
  return h(
    "div",
    { class: "vacation" },
    h("p", { class: "hint" }, t("vacation.lead", { days: formatNumber(VACATION_DAYS_A_YEAR) })),
    h("div", { class: "field" }, h("label", { for: "vacation-days" }, t("vacation.days")), days),
    button,
    status,
  );
}
