// Saved house rules on the start page: a host saves a game's settings under a name ("our
// Femton") and starts a room from them later. Saved per guest player on the server
// (GET/PUT /api/players/me/house-rules), so they follow the player's identity.
import * as api from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { withPlayer } from "./player.js";
import * as store from "./store.js";

const NAME_MAX = 40;

/**
 * The house-rules row of the create form for `gameId`: a select of the saved sets (choosing
 * one calls `apply(options)`), a name field and a Save button that saves `current()`.
 * @param {string} gameId
 * @param {() => Record<string, any>} current
 * @param {(options: Record<string, any>) => void} apply
 * @param {HTMLInputElement} nicknameInput
 * @returns {HTMLElement}
 */
export function houseRulesRow(gameId, current, apply, nicknameInput) {
  const select = h("select", { id: "house-rules", "data-testid": "house-rules" });
  const name = h("input", { id: "house-rules-name", "data-testid": "house-rules-name", maxlength: NAME_MAX, autocomplete: "off" });
  const note = h("p", { class: "hint", "data-testid": "house-rules-note", role: "status" });
  let saved = [];
  const fill = () => {
    replace(
      select,
      h("option", { value: "" }, saved.length ? t("start.house_rules_choose") : t("start.house_rules_none")),
      ...saved.map((rule, i) => h("option", { value: String(i) }, rule.name)),
    );
    select.disabled = !saved.length;
  };
  const load = async () => {
    const player = store.player();
    if (!player || !player.token) return;
    try {
      saved = await api.houseRules(player.token, gameId);
    } catch {
      saved = [];
    }
    fill();
  };
  select.addEventListener("change", () => {
    const rule = saved[Number(select.value)];
    if (!rule || select.value === "") return;
    name.value = rule.name;
    apply(rule.options);
    note.textContent = t("start.house_rules_loaded", { name: rule.name });
  });
  const save = async () => {
    const chosen = name.value.trim();
    if (!chosen) {
      note.textContent = t("start.house_rules_name_needed");
      name.focus();
      return;
    }
    try {
      await withPlayer(nicknameInput.value.trim() || t("join.guest"), (token) => api.saveHouseRules(token, gameId, chosen, current()));
      note.textContent = t("start.house_rules_saved", { name: chosen });
      await load();
    } catch (error) {
      note.textContent = t(`refusal.${error.code}`);
    }
  };
  fill();
  load();
  return h(
    "div",
    { class: "house-rules", "data-testid": "house-rules-row" },
    h("div", { class: "field" }, h("label", { for: "house-rules" }, t("start.house_rules")), select),
    h(
      "div",
      { class: "field house-rules-save" },
      h("label", { for: "house-rules-name" }, t("start.house_rules_name")),
      name,
      h("button", { type: "button", "data-testid": "house-rules-save", onclick: save }, t("start.house_rules_save")),
    ),
    note,
  );
}
