// Host settings generated from a game's option schema ({key, kind, default, label, min, max,
// choices}), and the seat list editor shared by the start page and the waiting room.
import { h } from "./dom.js";
import { currentLanguage, formatNumber, has, t } from "./i18n.js";

/**
 * The label of an option (its translation key), game strings first.
 * @param {any} option
 * @param {string | null} gameId
 * @returns {string}
 */
export function optionLabel(option, gameId) {
  return t(option.label || `option.${option.key}`, null, gameId);
}

/**
 * What a move-clock choice means in time, from the game's meta.clock ({relaxed, normal, fast}
 * seconds, or {fixed}; a chess-style bank adds `bank` and `increment`): "15 s per move",
 * "3 min + 2 s per move"; "" when the clock is off or the seconds are unknown.
 * @param {any} clock the game's meta.clock, or null
 * @param {any} choice
 * @returns {string}
 */
export function clockText(clock, choice) {
  const seconds = clock && choice && choice !== "off" ? Number(clock[choice]) : 0;
  if (!seconds) return "";
  if (clock.bank) {
    const increment = Number((clock.increment || {})[choice]) || 0;
    return t("clock.bank", { minutes: formatNumber(Math.round(seconds / 60)), increment: formatNumber(increment) });
  }
  return t("clock.per_move", { seconds: formatNumber(seconds) });
}

/**
 * The label of one choice: "<label>.<choice>", then "option.<key>.<choice>", else the value.
 * A move-clock choice says its seconds too (`clock`: the game's meta.clock).
 * @param {any} option
 * @param {any} choice
 * @param {string | null} gameId
 * @param {Record<string, any> | null} [clock]
 * @returns {string}
 */
export function choiceLabel(option, choice, gameId, clock = null) {
  const time = option.key === "move_clock" ? clockText(clock, choice) : "";
  const name = plainChoiceLabel(option, choice, gameId);
  return time ? `${name} · ${time}` : name;
}

function plainChoiceLabel(option, choice, gameId) {
  for (const key of [`${option.label}.${choice}`, `option.${option.key}.${choice}`]) {
    if (has(key, gameId)) return t(key, null, gameId);
  }
  if (typeof choice === "boolean") return t(choice ? "ui.yes" : "ui.no");
  return typeof choice === "number" ? formatNumber(choice) : String(choice);
}

/**
 * A setting's value in words.
 * @param {any} option
 * @param {any} value
 * @param {string | null} gameId
 * @param {Record<string, any> | null} [clock]
 * @returns {string}
 */
export function optionValueText(option, value, gameId, clock = null) {
  if (option.kind === "bool") return t(value ? "ui.on" : "ui.off");
  if (option.kind === "choice") return choiceLabel(option, value, gameId, clock);
  return typeof value === "number" ? formatNumber(value) : String(value);
}

/**
 * Values for every option: the given ones where valid, else defaults.
 * @param {any[] | null | undefined} schema
 * @param {Record<string, any>} [given]
 * @returns {Record<string, any>}
 */
export function optionValues(schema, given = {}) {
  const out = {};
  for (const option of schema || []) out[option.key] = option.key in given ? given[option.key] : optionDefault(option);
  return out;
}

/** A setting's starting value: a game played in a language (the word games) starts in the
 * interface's language when it offers that one, else the game's own default.
 * @param {any} option
 * @returns {any}
 */
export function optionDefault(option) {
  if (option.key === "language" && (option.choices || []).includes(currentLanguage())) return currentLanguage();
  return option.default;
}

/**
 * Form fields for the schema. `values` is changed in place; `onChange()` runs after each
 * change; `clock` is the game's meta.clock (the seconds of each move-clock choice). Test ids:
 * option-<key>.
 * @param {any[]} schema
 * @param {Record<string, any>} values
 * @param {() => void} onChange
 * @param {string | null} gameId
 * @param {Record<string, any> | null} [clock]
 * @param {{ wallet?: number | null }} [extra]
 * @returns {HTMLElement[]}
 */
export function optionFields(schema, values, onChange, gameId, clock = null, { wallet = null } = {}) {
  return (schema || []).map((option) => {
    const id = `opt-${option.key}`;
    const label = optionLabel(option, gameId);
    const testid = `option-${option.key}`;
    if (option.kind === "bool") {
      return h(
        "label",
        { class: "field check", for: id },
        h("input", {
          type: "checkbox",
          id,
          "data-testid": testid,
          checked: Boolean(values[option.key]),
          onchange: (e) => {
            values[option.key] = e.target.checked;
            onChange();
          },
        }),
        h("span", null, label),
      );
    }
    if (option.kind === "choice") {
      // A stake the wallet cannot pay is shown greyed, with why, instead of refused at Start.
      const unaffordable = (choice) => option.key === "stake" && wallet !== null && typeof choice === "number" && choice > wallet;
      const hintId = `${id}-hint`;
      const greyed = option.choices.some(unaffordable);
      return h(
        "div",
        { class: "field" },
        h("label", { for: id }, label),
        h(
          "select",
          {
            id,
            "data-testid": testid,
            "aria-describedby": greyed ? hintId : null,
            onchange: (e) => {
              const choice = option.choices[Number(e.target.value)];
              values[option.key] = choice;
              onChange();
            },
          },
          option.choices.map((choice, i) =>
            h(
              "option",
              { value: String(i), selected: choice === values[option.key], disabled: unaffordable(choice) },
              unaffordable(choice)
                ? t("stake.too_high", { choice: choiceLabel(option, choice, gameId, clock) })
                : choiceLabel(option, choice, gameId, clock),
            ),
          ),
        ),
        greyed ? h("p", { class: "hint", id: hintId, "data-testid": `${testid}-hint` }, t("stake.wallet_hint", { coins: formatNumber(/** @type {number} greyed: a wallet is known */ (wallet)) })) : null,
      );
    }
    // "int": a number field kept within its bounds.
    const input = h("input", {
      type: "number",
      id,
      inputmode: "numeric",
      min: option.min,
      max: option.max,
      step: 1,
      value: String(values[option.key]),
      "data-testid": testid,
      onchange: (e) => {
        let value = Math.round(Number(e.target.value));
        if (!Number.isFinite(value)) value = option.default;
        if (option.min !== undefined && option.min !== null) value = Math.max(option.min, value);
        if (option.max !== undefined && option.max !== null) value = Math.min(option.max, value);
        e.target.value = String(value);
        values[option.key] = value;
        onChange();
      },
    });
    const hint = option.min !== undefined && option.min !== null ? t("ui.range", { min: option.min, max: option.max }) : null;
    return h("div", { class: "field" }, h("label", { for: id }, label, hint ? h("span", { class: "hint" }, ` (${hint})`) : null), input);
  });
}

/**
 * Read-only list of the settings, for players who are not the host.
 * @param {any[] | null | undefined} schema
 * @param {Record<string, any>} values
 * @param {string | null} gameId
 * @param {Record<string, any> | null} [clock]
 */
export function optionSummary(schema, values, gameId, clock = null) {
  if (!schema || !schema.length) return null;
  return h(
    "dl",
    { class: "option-summary", "data-testid": "option-summary" },
    schema.map((option) => [
      h("dt", null, optionLabel(option, gameId)),
      h("dd", { "data-testid": `summary-${option.key}` }, optionValueText(option, values[option.key], gameId, clock)),
    ]),
  );
}

/**
 * The translated name of a CPU level: one key per level (`level.<name>`), on every page.
 * @param {string | number | null | undefined} level
 * @returns {string}
 */
export function levelLabel(level) {
  return t(`level.${level || "random"}`);
}

/** The level a new computer seat gets, as the lobby chooses it (lobby/room_life.py): the
 * second a game lists (a beginner that searches a little), not "random", which teaches
 * nothing; the only one where a game has one.
 * @param {string[]} levels
 * @returns {string}
 */
export function defaultCpuLevel(levels) {
  return (levels.length > 1 ? levels[1] : levels[0]) || "";
}

/**
 * One seat-kind select. `spec` is {kind, level, local}; choices are "human" (invite),
 * "local" (this device), "cpu" and "empty". Test ids: seat-kind-<i>, seat-level-<i>.
 * @param {number} index
 * @param {{ kind: string, level: string | number, local: boolean, name?: string }} spec
 * @param {string[]} cpuLevels
 * @param {() => void} onChange
 * @param {{ allowLocal?: boolean, playersOnly?: boolean }} [extra]
 * @returns {Array<HTMLElement | null>}
 */
export function seatKindControls(index, spec, cpuLevels, onChange, { allowLocal = true, playersOnly = false } = {}) {
  const kinds = ["human", ...(allowLocal ? ["local"] : []), ...(cpuLevels.length ? ["cpu"] : []), "empty"];
  // A staked table: every seat is a signed-in player of their own (a stake comes out of a
  // wallet), so a computer or a second seat on this device is offered greyed.
  const offered = (kind) => !playersOnly || (kind !== "cpu" && kind !== "local");
  const current = spec.kind === "human" && spec.local ? "local" : spec.kind;
  const kindSelect = h(
    "select",
    {
      "data-testid": `seat-kind-${index}`,
      "aria-label": t("seat.kind_label", { n: index + 1 }),
      onchange: (e) => {
        const kind = e.target.value;
        spec.kind = kind === "local" ? "human" : kind;
        spec.local = kind === "local";
        if (spec.kind === "cpu" && !spec.level) spec.level = defaultCpuLevel(cpuLevels);
        if (spec.kind !== "cpu") spec.level = "";
        onChange();
      },
    },
    kinds.map((kind) =>
      h(
        "option",
        { value: kind, selected: kind === current, disabled: !offered(kind) },
        offered(kind) ? t(`seat.kind.${kind}`) : t("stake.players_only_kind", { kind: t(`seat.kind.${kind}`) }),
      ),
    ),
  );
  const levelSelect =
    spec.kind === "cpu"
      ? h(
          "select",
          {
            "data-testid": `seat-level-${index}`,
            "aria-label": t("seat.level_label", { n: index + 1 }),
            onchange: (e) => {
              spec.level = e.target.value;
              onChange();
            },
          },
          cpuLevels.map((level) => h("option", { value: level, selected: level === spec.level }, levelLabel(level))),
        )
      : null;
  // A second player on this device (pass-and-play) gives their own name.
  const nameInput =
    spec.kind === "human" && spec.local && allowLocal
      ? h("input", {
          type: "text",
          maxlength: 24,
          autocomplete: "off",
          "data-testid": `seat-name-${index}`,
          "aria-label": t("seat.local_name_label", { n: index + 1 }),
          placeholder: t("seat.local_name_placeholder"),
          value: spec.name || "",
          oninput: (e) => {
            spec.name = e.target.value.trim();
          },
        })
      : null;
  return [kindSelect, levelSelect, nameInput];
}

/**
 * "2–8 players", "2 or 4 players" from a game's allowed seat counts.
 * @param {any} meta
 * @returns {string}
 */
export function seatCountsText(meta) {
  const counts = meta.seat_counts && meta.seat_counts.length ? meta.seat_counts : [];
  if (!counts.length) return "";
  const contiguous = counts.every((n, i) => i === 0 || n === counts[i - 1] + 1);
  if (counts.length === 1) return t("start.players_exact", { n: counts[0], count: counts[0] });
  if (contiguous) return t("start.players_range", { min: counts[0], max: counts[counts.length - 1] });
  const numbers = counts.map((n) => formatNumber(n));
  let list = numbers.join(" / ");
  try {
    list = new Intl.ListFormat(currentLanguage(), { type: "disjunction" }).format(numbers);
  } catch {
    // older browsers: the slash list
  }
  return t("start.players_list", { list });
}
