// A game's rules, rendered to safe HTML by the gateway (GET /api/games/<id>/rules) in the
// player's language, falling back to English; as a dialog in a room, and as a page of its own
// (/games/<id>/rules) to read before any room exists; both with a link to the title's tutorial.
import { h, replace } from "./dom.js";
import { openDialog } from "./dialog.js";
import { createPath, routeLink } from "./gallery.js";
import { listTitles } from "./games.js";
import { currentLanguage, gameName, loadGameStrings, t } from "./i18n.js";
import { languageSelect } from "./menu.js";
import { tutorialFor } from "./tutorial.js";

/**
 * Fill `article` with the game's rules. `level` is the heading level of the rules' sections:
 * 3 under a dialog's h2 title, 2 under a page's h1.
 */
async function fillRules(article, gameId, level) {
  const query = new URLSearchParams({ lang: currentLanguage(), level: String(level) });
  /** @type {string | null} */
  let html = null;
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(gameId)}/rules?${query}`, { cache: "no-cache" });
    if (response.ok) {
      html = await response.text();
      // English stands in for a language the game's rules are not written in.
      article.lang = response.headers.get("Content-Language") || "";
    }
  } catch {
    html = null;
  }
  article.removeAttribute("aria-busy");
  if (html === null) {
    article.textContent = t("rules.missing");
  } else {
    // The gateway escapes the rules' text and allows only safe links (gateway/rules_pages.py).
    article.innerHTML = html;
  }
}

const loadingArticle = () => h("article", { class: "rules", "data-testid": "rules-text", "aria-busy": "true" }, t("ui.loading"));

/** The tutorial link of a rules page: a plain link, so it works from a room as from anywhere. */
async function tutorialLink(gameId, slot) {
  let entry;
  try {
    entry = (await listTitles()).find((g) => g.id === gameId) || null;
  } catch {
    entry = null;
  }
  const name = entry ? tutorialFor(entry) : null;
  if (!name) return;
  const href = `/tutorial/${name}?game=${encodeURIComponent(gameId)}`;
  slot.replaceChildren(h("a", { class: "button-link", href, "data-testid": "rules-tutorial" }, t("tutorial.try")));
}

/**
 * Open the rules of `gameId`; `tutorial: false` leaves out the tutorial link (on the tutorial itself).
 * @param {string} gameId
 * @param {{ tutorial?: boolean }} [options]
 * @returns {Promise<void>}
 */
export async function openRules(gameId, { tutorial = true } = {}) {
  const article = loadingArticle();
  const slot = h("p", { class: "rules-tutorial" });
  openDialog({ title: t("rules.title", { game: gameName(gameId) }), content: [tutorial ? slot : null, article], testid: "rules-dialog", className: "wide" });
  if (tutorial) tutorialLink(gameId, slot);
  await fillRules(article, gameId, 3);
}

/**
 * The rules as a page: back to the gallery, or on to create a room for the game.
 * @param {HTMLElement} root
 * @param {import("./types.js").Nav} nav
 * @param {string} gameId
 * @returns {Promise<void>}
 */
export async function showRulesPage(root, nav, gameId) {
  await loadGameStrings(gameId);
  const title = t("rules.title", { game: gameName(gameId) });
  document.title = `${title} · ${t("app.title")}`;
  const article = loadingArticle();
  const slot = h("p", { class: "rules-tutorial" });
  const back = () => routeLink(nav, "/", { class: "back-link", "data-testid": "rules-back" }, `← ${t("gallery.back")}`);
  replace(
    root,
    h(
      "main",
      { class: "start rules-page", "data-testid": "rules-page" },
      h(
        "header",
        { class: "start-head" },
        back(),
        h("label", { class: "lang" }, h("span", { class: "sr-only" }, t("menu.language")), languageSelect("start-language")),
      ),
      h("section", { class: "panel", "aria-labelledby": "rules-title" }, h("h1", { id: "rules-title" }, title), slot, article),
      h(
        "p",
        { class: "button-row rules-next" },
        routeLink(nav, createPath(gameId), { class: "button-link primary", "data-testid": "rules-create" }, t("gallery.create")),
      ),
    ),
  );
  tutorialLink(gameId, slot);
  await fillRules(article, gameId, 2);
}
