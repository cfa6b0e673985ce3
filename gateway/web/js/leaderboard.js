// A game's leaderboard page ("/games/ID/leaderboard"): two tabs, the best ranked players and
// this week's climbers, each a table of rank, player, rating and games (or the week's gain);
// the player's own row is marked.
import * as api from "./api.js";
import { challengeButton } from "./challenges.js";
import { h, replace } from "./dom.js";
import { routeLink } from "./gallery.js";
import { formatNumber, gameName, t } from "./i18n.js";
import { languageSelect } from "./menu.js";
import { botBadge } from "./seats.js";
import * as store from "./store.js";

/** A gain with its sign ("+40"), a rating's change. */
export function signed(value) {
  return `${value > 0 ? "+" : value < 0 ? "−" : "±"}${formatNumber(Math.abs(value))}`;
}

function boardTable(rows, board, me, gameId) {
  if (!rows.length) return h("p", { class: "hint", "data-testid": "board-empty" }, t(board === "top" ? "board.none_yet" : "board.no_climbers"));
  const climbers = board === "climbers";
  // One note under the table says how a challenge went: a cell that grew would push a phone's table wide.
  const note = h("p", { class: "hint", role: "status", "data-testid": "board-challenge-note" });
  const table = h(
    "table",
    { class: "board-table", "data-testid": "board-table" },
    h("caption", { class: "sr-only" }, t(climbers ? "board.tab_climbers" : "board.tab_top")),
    h(
      "thead",
      null,
      h(
        "tr",
        null,
        h("th", { scope: "col" }, t("board.rank")),
        h("th", { scope: "col" }, t("board.player")),
        h("th", { scope: "col" }, t("board.rating")),
        h("th", { scope: "col" }, t(climbers ? "board.gain" : "board.games")),
        h("th", { scope: "col" }, h("span", { class: "sr-only" }, t("challenge.challenge"))),
      ),
    ),
    h(
      "tbody",
      null,
      rows.map((row) => {
        const mine = row.player === me;
        return h(
          "tr",
          { class: mine ? "own-row" : null, "data-testid": mine ? "board-own-row" : `board-row-${row.rank}`, "aria-current": mine ? "true" : null },
          h("td", null, formatNumber(row.rank)),
          h("th", { scope: "row" }, row.nickname, " ", botBadge(row, `board-bot-${row.rank}`), mine ? h("span", { class: "you-mark" }, ` (${t("board.you")})`) : null),
          h("td", null, formatNumber(row.shown)),
          h("td", null, climbers ? signed(row.gain || 0) : formatNumber(row.games)),
          h("td", null, mine ? null : challengeButton({ player: row.player, name: row.nickname, game: gameId, testid: `board-challenge-${row.rank}` }, note)),
        );
      }),
    ),
  );
  return h("div", null, table, note);
}

/**
 * The leaderboard page of a game.
 * @param {HTMLElement} root
 * @param {import("./types.js").Nav} nav
 * @param {string} gameId
 * @returns {Promise<void>}
 */
export async function showLeaderboard(root, nav, gameId) {
  const me = (store.player() || {}).id || "";
  const panel = h("div", { role: "tabpanel", id: "board-panel", class: "board-panel", "aria-busy": "true", "data-testid": "board-panel" });
  /** @type {Record<string, HTMLElement>} */
  const tabs = {};
  const show = async (board) => {
    for (const [name, tab] of Object.entries(tabs)) {
      tab.setAttribute("aria-selected", String(name === board));
      tab.tabIndex = name === board ? 0 : -1;
    }
    panel.setAttribute("aria-labelledby", `board-tab-${board}`);
    panel.setAttribute("aria-busy", "true");
    let content;
    try {
      content = boardTable(await api.leaderboard(gameId, board), board, me, gameId);
    } catch (error) {
      content = h("p", { class: "hint", role: "alert" }, t(`refusal.${error.code}`));
    }
    replace(panel, content);
    panel.dataset.board = board;
    panel.removeAttribute("aria-busy");
  };
  const names = ["top", "climbers"];
  for (const name of names) {
    tabs[name] = h(
      "button",
      {
        type: "button",
        role: "tab",
        id: `board-tab-${name}`,
        "aria-controls": "board-panel",
        "data-testid": `board-tab-${name}`,
        onclick: () => show(name),
        // Arrow keys move between the tabs, as in every tab list.
        onkeydown: (e) => {
          if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
          const next = names[(names.indexOf(name) + (e.key === "ArrowRight" ? 1 : names.length - 1)) % names.length];
          tabs[next].focus();
          show(next);
        },
      },
      t(`board.tab_${name}`),
    );
  }
  replace(
    root,
    h(
      "main",
      { class: "start board-page", "data-testid": "board-page" },
      h(
        "header",
        { class: "start-head" },
        h("h1", { "data-testid": "board-title" }, t("board.title", { game: gameName(gameId) })),
        h("label", { class: "lang" }, h("span", { class: "sr-only" }, t("menu.language")), languageSelect("board-language")),
      ),
      routeLink(nav, "/", { class: "home-link", "data-testid": "board-home" }, t("me.home")),
      h(
        "section",
        { class: "panel" },
        h("p", { class: "hint" }, t("board.lead")),
        h("div", { role: "tablist", class: "tabs", "aria-label": t("board.title", { game: gameName(gameId) }) }, tabs.top, tabs.climbers),
        panel,
      ),
    ),
  );
  await show("top");
}
