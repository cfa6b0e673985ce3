// The rules dialog: /static/games/<id>/rules.<lang>.md rendered as simple Markdown, in the
// player's language, falling back to English.
import { h } from "./dom.js";
import { openDialog } from "./dialog.js";
import { currentLanguage, gameName, t } from "./i18n.js";
import { renderMarkdown } from "./markdown.js";

async function fetchRules(gameId, lang) {
  const response = await fetch(`/static/games/${encodeURIComponent(gameId)}/rules.${lang}.md`, { cache: "no-cache" });
  if (!response.ok) throw new Error(String(response.status));
  const text = await response.text();
  // A static server may answer a missing file with the HTML page; that is not a rules page.
  if (/^\s*<!doctype html/i.test(text)) throw new Error("not markdown");
  return text;
}

export async function openRules(gameId) {
  const article = h("article", { class: "rules", "data-testid": "rules-text", "aria-busy": "true" }, t("ui.loading"));
  openDialog({ title: t("rules.title", { game: gameName(gameId) }), content: article, testid: "rules-dialog", className: "wide" });
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
    // The dialog's title already names the game: a leading "# Title" line would repeat it.
    article.innerHTML = renderMarkdown(text.replace(/^\s*#\s[^\n]*\n/, ""));
  }
}
