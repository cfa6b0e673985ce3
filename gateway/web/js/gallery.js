// The gallery on the start page: every title as a tile, grouped by family, each with its
// drawing, seat counts, a one-line pitch and the ways in: its rules, "Play now" (quick
// seating) and "Create a room" (the create form with that game chosen).
import { h } from "./dom.js";
import { gameArt } from "./gallery_art.js";
import { gameName, t } from "./i18n.js";
import { seatCountsText } from "./options.js";

export const FAMILIES = ["cards", "boards", "dice", "words"];

export const rulesPath = (gameId) => `/games/${encodeURIComponent(gameId)}/rules`;
export const createPath = (gameId) => `/games/${encodeURIComponent(gameId)}/new`;

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

function tile(game, nav, playNow) {
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

/**
 * The gallery: a heading and list of tiles per family, titles in the page language's order.
 * `playNow(gameId)` starts quick seating, or is null where a title has no quick table.
 * @param {Array<{ id: string, family: string, meta?: any }>} games
 * @param {{ go: (path: string) => void }} nav
 * @param {{ playNow?: ((gameId: string) => void) | null, offersQuick?: (gameId: string) => boolean }} [options]
 */
export function gallerySection(games, nav, { playNow = null, offersQuick = () => false } = {}) {
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
            .map((g) => tile(g, nav, offersQuick(g.id) ? playNow : null)),
        ),
      ),
    ),
  );
}
