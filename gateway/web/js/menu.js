// The room menu: rules, share, language, pace of moves, sound, leave. A disclosure panel of plain buttons
// (Tab moves through them, Escape closes).
import { h, replace } from "./dom.js";
import { LANGUAGES, currentLanguage, languageName, setLanguage, t } from "./i18n.js";
import { PACE_NAMES, currentPace, setPace } from "./pace.js";
import { setSound, soundEnabled } from "./sound.js";

/**
 * A language select (used in the menu and on the start page).
 * @param {string} [testid]
 * @returns {HTMLSelectElement}
 */
export function languageSelect(testid = "language-select") {
  return h(
    "select",
    {
      "data-testid": testid,
      "aria-label": t("menu.language"),
      onchange: (e) => setLanguage(e.target.value),
    },
    LANGUAGES.map((code) => h("option", { value: code, selected: code === currentLanguage(), lang: code }, languageName(code))),
  );
}

/** The pace of others' moves: how long the table waits after each, so it can be followed. */
function paceSelect() {
  return h(
    "select",
    {
      "data-testid": "menu-pace",
      "aria-label": t("menu.pace"),
      onchange: (e) => setPace(e.target.value),
    },
    PACE_NAMES.map((name) => h("option", { value: name, selected: name === currentPace() }, t(`pace.${name}`))),
  );
}

/**
 * The menu button and its panel. `actions`: {rules(), share(), leave()}; missing ones are
 * left out. Returns the wrapper element.
 * @param {{ rules?: () => void, share?: () => void, leave?: () => void }} actions
 * @returns {HTMLElement}
 */
export function roomMenu(actions) {
  const button = h(
    "button",
    { type: "button", class: "icon-button", "aria-expanded": "false", "aria-controls": "room-menu", "aria-label": t("menu.open"), "data-testid": "menu-button" },
    h("span", { "aria-hidden": "true" }, "☰"),
  );
  const panel = h("div", { class: "menu-panel", id: "room-menu", hidden: true, "data-testid": "menu-panel" });
  const wrap = h("div", { class: "menu" }, button, panel);

  const close = () => {
    panel.hidden = true;
    button.setAttribute("aria-expanded", "false");
    document.removeEventListener("pointerdown", outside, true);
  };
  const outside = (e) => {
    if (!wrap.contains(e.target)) close();
  };
  const item = (testid, text, fn) =>
    h(
      "button",
      {
        type: "button",
        class: "menu-item",
        "data-testid": testid,
        onclick: () => {
          close();
          fn();
        },
      },
      text,
    );
  const build = () => {
    const sound = soundEnabled();
    replace(panel, 
      actions.rules ? item("menu-rules", t("menu.rules"), actions.rules) : null,
      actions.share ? item("menu-share", t("menu.share"), actions.share) : null,
      h("label", { class: "menu-item menu-lang" }, h("span", null, t("menu.language")), languageSelect("menu-language")),
      h("label", { class: "menu-item menu-lang" }, h("span", null, t("menu.pace")), paceSelect()),
      h(
        "button",
        {
          type: "button",
          class: "menu-item",
          "aria-pressed": String(sound),
          "data-testid": "menu-sound",
          onclick: () => {
            setSound(!soundEnabled());
            build();
          },
        },
        t(sound ? "menu.sound_on" : "menu.sound_off"),
      ),
      actions.leave ? item("menu-leave", t("menu.leave"), actions.leave) : null,
    );
  };
  button.addEventListener("click", () => {
    if (!panel.hidden) return close();
    build();
    panel.hidden = false;
    button.setAttribute("aria-expanded", "true");
    document.addEventListener("pointerdown", outside, true);
    const first = /** @type {HTMLElement | null} */ (panel.querySelector("button, select"));
    if (first) first.focus();
  });
  wrap.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !panel.hidden) {
      close();
      button.focus();
    }
  });
  return wrap;
}
