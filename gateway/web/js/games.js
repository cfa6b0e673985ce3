// The game loader: the catalogue from GET /api/games (fetched once), for the pages around a
// game with what the game folders declare (games/catalogue.json, gathered by the server and
// carried in the pages that show games' tiles: each title's gallery drawing and whether it has
// a tutorial of its own), and each game's web module, /static/games/<id>/draw.js, with its
// strings. A game without a module still plays through the generic one below, which lists the
// legal moves as buttons.
import * as api from "./api.js";
import { h } from "./dom.js";
import { loadGameStrings } from "./i18n.js";

/** @type {Promise<any[]> | null} */
let catalogue = null;
/** @type {Promise<any[]> | null} */
let titles = null;

/** What the game folders declare, by game id: carried in the pages that show games' tiles,
 * else fetched; none when it cannot be had (the gallery then draws each title's family drawing). */
async function folders() {
  const carried = document.getElementById("games-catalogue");
  if (carried) {
    try {
      return JSON.parse(carried.textContent || "");
    } catch {
      // a page cut short: fetched below
    }
  }
  try {
    const response = await fetch("/static/games/catalogue.json", { cache: "no-cache" });
    return response.ok ? await response.json() : {};
  } catch {
    return {};
  }
}

/** [{id, family, meta}], cached for the page's life (a failed fetch is retried next time). */
export function listGames() {
  if (!catalogue) {
    catalogue = api.listGames().catch((error) => {
      catalogue = null;
      throw error;
    });
  }
  return catalogue;
}

/**
 * The games with what their folders declare for the pages around them (the gallery, the create
 * form, the rules and tutorials): [{id, family, meta, art, tutorial}], `art` the gallery
 * drawing's shapes (js/gallery_art.js), `tutorial` true where the game has a tutorial of its
 * own. Cached like listGames.
 */
export function listTitles() {
  if (!titles) {
    titles = Promise.all([listGames(), folders()])
      .then(([games, declared]) => games.map((game) => ({ ...(declared[game.id] || {}), ...game })))
      .catch((error) => {
        titles = null;
        throw error;
      });
  }
  return titles;
}

/**
 * A game's GameMeta from the catalogue, or null.
 * @param {string} gameId
 * @returns {Promise<any>}
 */
export async function gameMeta(gameId) {
  try {
    const games = await listGames();
    const entry = games.find((g) => g.id === gameId);
    return entry ? entry.meta : null;
  } catch {
    return null;
  }
}

const modules = new Map();

/**
 * The game's module (render, describe, ...), its strings loaded.
 * @param {string} gameId
 * @returns {Promise<import("./types.js").GameModule>}
 */
export async function loadGame(gameId) {
  if (modules.has(gameId)) return modules.get(gameId);
  const loading = (async () => {
    await loadGameStrings(gameId);
    try {
      return await import(`/static/games/${encodeURIComponent(gameId)}/draw.js`);
    } catch (error) {
      console.warn(`no web module for ${gameId}; using the generic one`, error);
      return genericModule;
    }
  })();
  modules.set(gameId, loading);
  return loading;
}

function moveLabel(move, ctx) {
  const params = Object.entries(move)
    .filter(([key]) => key !== "type")
    .map(([key, value]) => `${key}: ${typeof value === "object" ? JSON.stringify(value) : value}`)
    .join(", ");
  const name = ctx.t(`move.${move.type}`);
  return params ? `${name} (${params})` : name;
}

/** Fallback for games without a draw.js: the public state as text, legal moves as buttons. */
export const genericModule = {
  render(container, view, ctx) {
    const moves = (view.legal_moves || []).filter((m) => !("range" in m) && !("text" in m));
    container.append(
      h("pre", { class: "generic-state", tabindex: "0", "aria-label": ctx.t("ui.game_state") }, JSON.stringify(view.public, null, 1)),
    );
    ctx.ownZone.append(
      h(
        "div",
        { class: "generic-moves" },
        moves.map((move, i) =>
          h("button", { type: "button", "data-testid": `move-${i}`, onclick: () => ctx.move(move) }, moveLabel(move, ctx)),
        ),
      ),
    );
  },
};
