// The rules dialog: /static/games/<id>/rules.<lang>.md rendered as simple Markdown, in the
// player's language, falling back to English, with a link to the title's tutorial.
import { h } from "./dom.js";
import { openDialog } from "./dialog.js";
import { listGames } from "./games.js";
import { currentLanguage, gameName, t } from "./i18n.js";
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
  const article = h("article", { class: "rules", "data-testid": "rules-text", "aria-busy": "true" }, t("ui.loading"));
  const slot = h("p", { class: "rules-tutorial" });
  openDialog({ title: t("rules.title", { game: gameName(gameId) }), content: [tutorial ? slot : null, article], testid: "rules-dialog", className: "wide" });
  if (tutorial) tutorialLink(gameId, slot);
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
