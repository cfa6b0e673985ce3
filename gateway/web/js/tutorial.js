// The tutorials (/tutorial/<name>): a short interactive introduction per family (cards, boards,
// dice, words), and a game's own where its folder has one (games/<id>/tutorial.js, in its
// words: its catalogue's tutorial.<id>.* keys). They run in the page alone: no room, no server.
// Each step is a short text and a tiny scene the player must act on before Next opens; a wrong
// action gets a friendly hint and the step stays. The families' scripts live in
// js/tutorials/<family>.js.
import { h, replace } from "./dom.js";
import { listTitles } from "./games.js";
import { gameName, loadGameStrings, t } from "./i18n.js";
import { languageSelect } from "./menu.js";
import { createPath } from "./gallery.js";
import { useStylesheet } from "./svg.js";

export const FAMILY_TUTORIALS = ["cards", "boards", "dice", "words"];

/** The tutorial a title's rules page offers (`game` from the games' catalogue): its own, else
 * its family's. */
export function tutorialFor(game) {
  if (game.tutorial) return game.id;
  return FAMILY_TUTORIALS.includes(game.family) ? game.family : null;
}

/** The script of the tutorial `name`, or null where there is none. */
async function tutorialScript(name) {
  if (FAMILY_TUTORIALS.includes(name)) return import(`./tutorials/${name}.js`);
  let games;
  try {
    games = await listTitles();
  } catch {
    games = [];
  }
  const game = games.find((g) => g.id === name);
  return game && game.tutorial ? import(`/static/games/${encodeURIComponent(name)}/tutorial.js`) : null;
}

// Kept across re-renders (a language switch redraws the page) while the player stays on it.
/** @type {{ name: string | null, step: number, solved: Set<number>, states: Array<Record<string, any>> }} */
const progress = { name: null, step: 0, solved: new Set(), states: [] };

function announce(text) {
  const region = document.getElementById("announcer");
  if (!region) return;
  // Emptied first, so the same words are read again when a step is shown twice.
  region.textContent = "";
  setTimeout(() => {
    region.textContent = text;
  }, 30);
}

function homeLink(nav) {
  return h(
    "a",
    {
      href: "/",
      class: "home-link",
      "data-testid": "tutorial-home",
      onclick: (e) => {
        e.preventDefault();
        nav.go("/");
      },
    },
    t("me.home"),
  );
}

/**
 * Show the tutorial `name` in `root`. `gameId` (from ?game=) is the title whose rules page led
 * here: "Play now" preselects it and "Back to the rules" opens its rules.
 */
/**
 * @param {HTMLElement} root
 * @param {string} name
 * @param {{ go: (path: string) => void }} nav
 * @param {string | null} [gameId]
 */
export async function showTutorial(root, name, nav, gameId = null) {
  useStylesheet(new URL("../css/tutorial.css", import.meta.url));
  const script = await tutorialScript(name);
  if (!script) {
    nav.go("/");
    return;
  }
  const game = gameId || script.RULES_GAME;
  await Promise.all([loadGameStrings(game), script.GAME_STRINGS ? loadGameStrings(script.GAME_STRINGS) : null]);
  // A game's own tutorial speaks from its catalogue first; a family's from the UI's.
  const tr = (key, params) => t(key, params, script.GAME_STRINGS);
  if (progress.name !== name) Object.assign(progress, { name, step: 0, solved: new Set(), states: [] });
  const steps = script.STEPS;

  const text = h("p", { class: "tutorial-text", id: "tutorial-text", tabindex: "-1", "data-testid": "tutorial-text" });
  const quote = h("blockquote", { class: "tutorial-quote", "data-testid": "tutorial-quote" });
  const scene = h("div", { class: "tutorial-scene", "data-testid": "tutorial-scene" });
  const feedback = h("p", { class: "tutorial-feedback", role: "status", "data-testid": "tutorial-feedback" });
  const count = h("h2", { class: "tutorial-progress", id: "tutorial-progress", "data-testid": "tutorial-progress" });
  const buttons = h("div", { class: "button-row tutorial-buttons" });

  let shownAt = 0; // which drawing of a step a delayed hint belongs to
  const show = (focus) => {
    const drawing = ++shownAt;
    const index = progress.step;
    const step = steps[index];
    const solved = progress.solved.has(index);
    const last = index === steps.length - 1;
    if (!progress.states[index]) progress.states[index] = {};
    count.textContent = t("tutorial.progress", { n: index + 1, total: steps.length });
    text.textContent = tr(`tutorial.${name}.${step.key}`);
    quote.hidden = !step.quote;
    quote.textContent = step.quote ? t(step.quote, null, script.GAME_STRINGS) : "";
    feedback.textContent = solved ? t(last ? "tutorial.finished" : "tutorial.well_done") : "";
    feedback.className = ["tutorial-feedback", solved && "ok"].filter(Boolean).join(" ");
    const api = {
      t: tr,
      solved,
      state: progress.states[index],
      solve: () => {
        progress.solved.add(index);
        show("next");
      },
      hint: (key, params) => {
        // A fresh text each time, so a live region speaks a repeated hint again.
        feedback.className = "tutorial-feedback hint-text";
        feedback.textContent = "";
        setTimeout(() => {
          if (drawing === shownAt) feedback.textContent = tr(key || `tutorial.${name}.${step.key}.hint`, params);
        }, 30);
      },
    };
    replace(scene, step.scene(api));
    replace(
      buttons,
      h(
        "button",
        {
          type: "button",
          "data-testid": "tutorial-back",
          disabled: index === 0,
          onclick: () => {
            progress.step = index - 1;
            show("text");
          },
        },
        t("tutorial.back"),
      ),
      last && solved
        ? [
            h(
              "button",
              {
                type: "button",
                class: "primary",
                "data-testid": "tutorial-play",
                onclick: () => {
                  nav.go(createPath(game));
                },
              },
              t("tutorial.play_now"),
            ),
            h(
              "button",
              {
                type: "button",
                "data-testid": "tutorial-rules",
                onclick: async () => {
                  const { openRules } = await import("./rules.js");
                  openRules(game, { tutorial: false });
                },
              },
              t("tutorial.to_rules"),
            ),
          ]
        : h(
            "button",
            {
              type: "button",
              class: "primary",
              "data-testid": "tutorial-next",
              disabled: !solved,
              onclick: () => {
                progress.step = index + 1;
                show("text");
              },
            },
            t("tutorial.next"),
          ),
    );
    if (focus === "text") {
      text.focus();
      announce(`${count.textContent}. ${step.quote ? `${quote.textContent} ` : ""}${text.textContent}`);
    } else if (focus === "next") {
      const onward = /** @type {HTMLElement | null} */ (buttons.querySelector("[data-testid=tutorial-next], [data-testid=tutorial-play]"));
      if (onward) onward.focus();
    }
  };

  replace(
    root,
    h(
      "main",
      { class: "start tutorial-page", "data-testid": "tutorial", "data-tutorial": name },
      h(
        "header",
        { class: "start-head" },
        h("h1", null, t("tutorial.title", { name: tr(`tutorial.${name}.name`) })),
        h("label", { class: "lang" }, h("span", { class: "sr-only" }, t("menu.language")), languageSelect("tutorial-language")),
      ),
      homeLink(nav),
      h(
        "section",
        { class: "panel tutorial-panel", "aria-labelledby": "tutorial-progress" },
        count,
        quote,
        text,
        scene,
        feedback,
        buttons,
        h("p", { class: "hint tutorial-for" }, t("tutorial.for_game", { game: gameName(game) })),
      ),
    ),
  );
  show(null);
  announce(`${count.textContent}. ${text.textContent}`);
}
