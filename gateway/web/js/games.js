// The game loader: the catalogue from GET /api/games (fetched once) and each game's web
// module, /static/games/<id>/draw.js, with its strings. A game without a module still plays
// through the generic one below, which lists the legal moves as buttons.
import * as api from "./api.js";
import { h } from "./dom.js";
import { loadGameStrings } from "./i18n.js";

/** @type {Promise<any[]> | null} */
let catalogue = null;

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
