// A game's rules: /static/games/<id>/rules.<lang>.md rendered as simple Markdown, in the
// player's language, falling back to English; as a dialog in a room, and as a page of its
// own (/games/<id>/rules) to read before any room exists; both with a link to the title's
// tutorial.
import { h, replace } from "./dom.js";
import { openDialog } from "./dialog.js";
import { createPath, routeLink } from "./gallery.js";
import { listGames } from "./games.js";
import { currentLanguage, gameName, loadGameStrings, t } from "./i18n.js";
import { languageSelect } from "./menu.js";
import { renderMarkdown } from "./markdown.js";
import { tutorialFor } from "./tutorial.js";

async function fetchRules(gameId, lang) {
  const response = await fetch(`/static/games/${encodeURIComponent(gameId)}/rules.${lang}.md`, { cache: "no-cache" });
  if (!response.ok) throw new Error(String(response.status));
  const text = await response.text();
  // A static server may answer a missing file with the HTML page; that is not a rules page.
  if (/^\s*<!doctype html/i.test(text)) throw new Error("not markdown");
  return text;
}

/** Fill `article` with the game's rules, in the page's language or else English. */
async function fillRules(article, gameId, headingShift = 1) {
  const lang = currentLanguage();
  let text = null;
  for (const candidate of [lang, "en"]) {
    try {
      text = await fetchRules(gameId, candidate);
      break;
    } catch {
      text = null;
    }
  }
  article.removeAttribute("aria-busy");
  if (text === null) {
    article.textContent = t("rules.missing");
  } else {
    // The heading above already names the game: a leading "# Title" line would repeat it.
    article.innerHTML = renderMarkdown(text.replace(/^\s*#\s[^\n]*\n/, ""), { headingShift });
  }
}

const loadingArticle = () => h("article", { class: "rules", "data-testid": "rules-text", "aria-busy": "true" }, t("ui.loading"));

/** The tutorial link of a rules page: a plain link, so it works from a room as from anywhere. */
async function tutorialLink(gameId, slot) {
  let family = null;
  try {
    const entry = (await listGames()).find((g) => g.id === gameId);
    family = entry ? entry.family : null;
  } catch {
    family = null;
  }
  const name = tutorialFor(gameId, family);
  if (!name) return;
  const href = `/tutorial/${name}?game=${encodeURIComponent(gameId)}`;
  slot.replaceChildren(h("a", { class: "button-link", href, "data-testid": "rules-tutorial" }, t("tutorial.try")));
}

/** Open the rules of `gameId`; `tutorial: false` leaves out the tutorial link (on the tutorial itself). */
export async function openRules(gameId, { tutorial = true } = {}) {
  const article = loadingArticle();
  const slot = h("p", { class: "rules-tutorial" });
  openDialog({ title: t("rules.title", { game: gameName(gameId) }), content: [tutorial ? slot : null, article], testid: "rules-dialog", className: "wide" });
  if (tutorial) tutorialLink(gameId, slot);
  await fillRules(article, gameId);
}

/** The rules as a page: back to the gallery, or on to create a room for the game. */
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
  await fillRules(article, gameId, 0);
}
