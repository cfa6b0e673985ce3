// The gallery on the start page: every title as a tile, grouped by family, each with its
// drawing, seat counts, a one-line pitch, its top three players (with a link to its
// leaderboard) and the ways in: its rules, "Play now" (quick seating) and "Create a room" (the
// create form with that game chosen).
import { h, replace } from "./dom.js";
import { gameArt } from "./gallery_art.js";
import { formatNumber, gameName, t } from "./i18n.js";
import { seatCountsText } from "./options.js";
import { botBadge } from "./seats.js";

export const FAMILIES = ["cards", "boards", "dice", "words"];

export const rulesPath = (gameId) => `/games/${encodeURIComponent(gameId)}/rules`;
export const createPath = (gameId) => `/games/${encodeURIComponent(gameId)}/new`;
export const leaderboardPath = (gameId) => `/games/${encodeURIComponent(gameId)}/leaderboard`;

/** A link that moves within the page's routes (nav.go) instead of loading the page again. */
export function routeLink(nav, href, attrs, ...children) {
  return h(
    "a",
    {
      href,
      ...attrs,
      onclick: (e) => {
        if (e.ctrlKey || e.metaKey || e.shiftKey || e.button === 1) return; // a new tab is the browser's
        e.preventDefault();
        nav.go(href);
      },
    },
    ...children,
  );
}

/** The families the games belong to, in the gallery's order (an unknown one last). */
export function familiesOf(games) {
  const known = FAMILIES.filter((family) => games.some((g) => g.family === family));
  const others = [...new Set(games.map((g) => g.family))].filter((family) => !known.includes(family));
  return [...known, ...others];
}

/**
 * The gallery tile's top three of a game, or the words for nobody yet.
 * @param {string} gameId
 * @param {Array<import("./types.js").BoardRow>} rows
 * @returns {HTMLElement}
 */
export function topThree(gameId, rows) {
  if (!rows.length) return h("p", { class: "tile-leaders hint", "data-testid": `tile-leaders-${gameId}` }, t("board.none_yet"));
  return h(
    "ol",
    { class: "tile-leaders", "data-testid": `tile-leaders-${gameId}`, "aria-label": t("board.top_three", { game: gameName(gameId) }) },
    rows.slice(0, 3).map((row) => h("li", null, h("span", { class: "leader-name" }, row.nickname), " ", botBadge(row, `leader-bot-${row.rank}`), " ", h("span", { class: "leader-rating" }, formatNumber(row.shown)))),
  );
}

function tile(game, nav, playNow, leaders) {
  const id = game.id;
  const titleId = `tile-title-${id}`;
  // Each control's name is its own words then the game's: "Rules Chess", unique in a list.
  const named = (controlId) => ({ id: controlId, "aria-labelledby": `${controlId} ${titleId}` });
  return h(
    "li",
    { class: "tile", "data-testid": `tile-${id}`, "data-family": game.family },
    gameArt(game),
    h("h3", { class: "tile-title", id: titleId }, gameName(id)),
    h("p", { class: "tile-seats", "data-testid": `tile-seats-${id}` }, seatCountsText(game.meta || {})),
    h("p", { class: "tile-pitch", "data-testid": `tile-pitch-${id}` }, t(`pitch.${id}`)),
    leadersSlot(id, nav, leaders),
    h(
      "div",
      { class: "tile-actions" },
      routeLink(nav, rulesPath(id), { class: "button-link", "data-testid": `tile-rules-${id}`, ...named(`tile-rules-${id}`) }, t("gallery.rules")),
      playNow
        ? h(
            "button",
            { type: "button", "data-testid": `tile-play-${id}`, ...named(`tile-play-${id}`), onclick: () => playNow(id) },
            t("quick.play_now"),
          )
        : null,
      routeLink(
        nav,
        createPath(id),
        { class: "button-link primary", "data-testid": `tile-create-${id}`, ...named(`tile-create-${id}`) },
        t("gallery.create"),
      ),
    ),
  );
}

/** Where a tile's top three arrive (once every game's are in), with a link to the whole board. */
function leadersSlot(gameId, nav, leaders) {
  if (!leaders) return null;
  const list = h("div", { class: "tile-leaders-slot", "aria-busy": "true" });
  leaders.then((boards) => {
    replace(list, topThree(gameId, boards[gameId] || []));
    list.removeAttribute("aria-busy");
  });
  return h(
    "div",
    { class: "tile-board" },
    list,
    routeLink(nav, leaderboardPath(gameId), { class: "board-link", "data-testid": `tile-board-${gameId}`, id: `tile-board-${gameId}`, "aria-labelledby": `tile-board-${gameId} tile-title-${gameId}` }, t("board.link")),
  );
}

/**
 * The gallery: a heading and list of tiles per family, titles in the page language's order.
 * `playNow(gameId)` starts quick seating, or is null where a title has no quick table;
 * `leaders`, every game's top three once they arrive (none: the tiles name no leaders).
 * @param {Array<{ id: string, family: string, meta?: any }>} games
 * @param {{ go: (path: string) => void }} nav
 * @param {{ playNow?: ((gameId: string) => void) | null, offersQuick?: (gameId: string) => boolean, leaders?: Promise<Record<string, Array<import("./types.js").BoardRow>>> | null }} [options]
 */
export function gallerySection(games, nav, { playNow = null, offersQuick = () => false, leaders = null } = {}) {
  return h(
    "div",
    { class: "gallery", "data-testid": "gallery" },
    familiesOf(games).map((family) =>
      h(
        "section",
        { class: "family", "aria-labelledby": `family-${family}`, "data-testid": `family-${family}` },
        h("h2", { id: `family-${family}`, class: "family-title" }, t(`family.${family}`)),
        h(
          "ul",
          { class: "tiles" },
          games
            .filter((g) => g.family === family)
            .sort((a, b) => gameName(a.id).localeCompare(gameName(b.id)))
            .map((g) => tile(g, nav, offersQuick(g.id) ? playNow : null, leaders)),
        ),
      ),
    ),
  );
}
