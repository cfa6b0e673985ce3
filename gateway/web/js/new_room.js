// The create form for one chosen game (/games/<id>/new): its drawing and seat counts, the
// seats (the second a computer player when the game has them: someone alone can start at
// once), the host settings with the move clock first, the player's name and a way back to
// the gallery.
import * as api from "./api.js";
import { h, keepFocus, replace } from "./dom.js";
import { routeLink, rulesPath } from "./gallery.js";
import { gameArt } from "./gallery_art.js";
import { listTitles } from "./games.js";
import { formatNumber, gameName, loadGameStrings, t } from "./i18n.js";
import { languageSelect } from "./menu.js";
import { clockText, defaultCpuLevel, optionFields, optionValues, seatCountsText, seatKindControls } from "./options.js";
import { coins, withPlayer } from "./player.js";
import { houseRulesRow } from "./house_rules.js";
import * as store from "./store.js";

const NAME_MAX = 24;

// Kept across re-renders (language switch) within the page's life, for the game last shown.
/** @type {{ gameId: string | null, options: Record<string, any>, seats: Array<{ kind: string, level: string, local: boolean, name?: string }> }} */
const form = { gameId: null, options: {}, seats: [] };

function defaultSeats(meta) {
  const count = Math.max(meta.min_seats || 1, Math.min(2, meta.max_seats || 2));
  const levels = meta.cpu_levels || [];
  const seats = [{ kind: "human", level: "", local: false }];
  // Someone alone at the screen can start at once: the other seats are computer players.
  const other = () => (levels.length ? { kind: "cpu", level: defaultCpuLevel(levels), local: false } : { kind: "human", level: "", local: false });
  for (let i = 1; i < count; i++) seats.push(other());
  return seats;
}

/** Under the move-clock field: what the clock does and the time of every choice, so the
 * seconds are in view while the clock is still off. */
function describeClock(optionsBox, meta) {
  const select = optionsBox.querySelector('[data-testid="option-move_clock"]');
  const option = (meta.options || []).find((o) => o.key === "move_clock");
  if (!select || !option) return;
  const times = option.choices.map((choice) => clockText(meta.clock, choice)).filter(Boolean);
  if (!times.length) return;
  const hint = h("p", { class: "hint", id: "opt-move_clock-times", "data-testid": "move-clock-hint" }, t("start.clock_hint", { times: times.join(" · ") }));
  select.setAttribute("aria-describedby", hint.id);
  select.after(hint);
}

/** Under the turn-based field (games where players take turns): what a turn-based table is. */
function describeTurns(optionsBox) {
  const select = optionsBox.querySelector('[data-testid="option-turn_clock"]');
  if (!select) return;
  const hint = h("p", { class: "hint", id: "opt-turn_clock-hint", "data-testid": "turn-clock-hint" }, t("start.turn_hint"));
  select.setAttribute("aria-describedby", hint.id);
  select.after(hint);
}

/** The clocks first (the move clock, then turn-based play): they change how a game feels most. */
function clockFirst(schema) {
  const options = schema || [];
  const clocks = ["move_clock", "turn_clock"];
  return [...clocks.flatMap((key) => options.filter((o) => o.key === key)), ...options.filter((o) => !clocks.includes(o.key))];
}

// What a browser without a player yet will have: a new wallet is filled to this on its first
// look (lobby/ledger.py, DAILY_TOP_UP_TO).
const NEW_WALLET = 1000;
/** @type {Promise<number | null> | null} */
let walletAsked = null;

/**
 * The wallet's coins, asked once per page (null: unknown; `known` skips the new-guest guess).
 * @param {boolean} [known]
 * @returns {Promise<number | null>}
 */
export async function walletBalance(known = false) {
  if (!walletAsked) walletAsked = coins();
  const balance = await walletAsked;
  if (balance !== null || known) return balance;
  return store.player() ? null : NEW_WALLET;
}

/** Ask the wallet again on the next look (a page was opened anew). */
export function resetWallet() {
  walletAsked = null;
}

/** The player's name field, shared by the start page and the create form. */
export function nicknameField() {
  return h("input", {
    type: "text",
    id: "nickname",
    maxlength: NAME_MAX,
    autocomplete: "nickname",
    value: store.nickname(),
    "data-testid": "nickname",
    oninput: (e) => store.saveNickname(e.target.value.trim()),
  });
}

/**
 * The create form for `gameId`; an unknown id says so, with the way back.
 * @param {HTMLElement} root
 * @param {import("./types.js").Nav} nav
 * @param {string} gameId
 * @returns {Promise<void>}
 */
export async function showNewRoom(root, nav, gameId) {
  walletAsked = null;
  const nickname = nicknameField();
  if (form.gameId !== gameId) Object.assign(form, { gameId, options: {}, seats: [] });
  const fresh = !form.seats.length;

  // -- the form -------------------------------------------------------------------------
  const gameInfo = h("p", { class: "hint", "data-testid": "game-info" });
  const optionsBox = h("div", { class: "options", "data-testid": "create-options" });
  const houseRulesBox = h("div", { class: "house-rules-box" });
  const seatsBox = h("ol", { class: "seat-specs", "data-testid": "create-seats" });
  const seatButtons = h("div", { class: "button-row" });
  const createError = h("p", { class: "error", role: "alert", "data-testid": "create-error" });
  // Disabled until the form is drawn for this game: a click before that would send no seats.
  const createButton = h("button", { type: "submit", class: "primary big", "data-testid": "create-button", disabled: true }, t("start.create"));
  /** @type {any[]} */
  let games = [];
  const currentMeta = () => {
    const entry = games.find((g) => g.id === form.gameId);
    return entry ? entry.meta : null;
  };

  const renderSeatsBox = () => {
    const meta = currentMeta();
    if (!meta) return;
    const levels = meta.cpu_levels || [];
    keepFocus(seatsBox, () => seatsBox.replaceChildren(
      ...form.seats.map((spec, i) => {
        if (i === 0) {
          return h(
            "li",
            { class: "seat-spec", "data-testid": "seat-spec-0" },
            h("span", { class: "seat-no" }, formatNumber(1)),
            h("span", { class: "seat-you" }, t("start.seat_you")),
          );
        }
        return h(
          "li",
          { class: "seat-spec", "data-testid": `seat-spec-${i}` },
          h("span", { class: "seat-no" }, formatNumber(i + 1)),
          seatKindControls(i, spec, levels, renderSeatsBox, { playersOnly: Number(form.options.stake) > 0 }),
          form.seats.length > (meta.min_seats || 1) && i === form.seats.length - 1
            ? h(
                "button",
                {
                  type: "button",
                  class: "icon-button",
                  "data-testid": `seat-remove-${i}`,
                  "aria-label": t("seat.remove", { n: i + 1 }),
                  onclick: () => {
                    form.seats.pop();
                    renderSeatsBox();
                  },
                },
                "✕",
              )
            : null,
        );
      }),
    ));
    replace(seatButtons, 
      form.seats.length < (meta.max_seats || 1)
        ? h(
            "button",
            {
              type: "button",
              "data-testid": "seat-add",
              onclick: () => {
                form.seats.push({ kind: levels.length ? "cpu" : "human", level: defaultCpuLevel(levels), local: false });
                renderSeatsBox();
                const selects = seatsBox.querySelectorAll("select");
                if (selects.length) selects[selects.length - 1].focus();
              },
            },
            t("seat.add"),
          )
        : null,
    );
  };

  const renderGame = async (reset) => {
    const meta = currentMeta();
    if (!meta) return;
    const shownId = /** @type {string} currentMeta() found its game */ (form.gameId);
    await loadGameStrings(shownId);
    const walletNow = await walletBalance();
    // Another game was chosen while this one's strings loaded: that render wins.
    if (form.gameId !== shownId) return;
    if (reset) {
      form.options = optionValues(meta.options);
      form.seats = defaultSeats(meta);
    }
    gameInfo.textContent = seatCountsText(meta);
    const staked = () => Number(form.options.stake) > 0;
    const onOption = () => {
      // A stake turns every computer or shared seat into an invited player's seat.
      if (staked()) for (const spec of form.seats) if (spec.kind === "cpu" || spec.local) Object.assign(spec, { kind: "human", level: "", local: false });
      renderSeatsBox();
    };
    const drawOptions = () =>
      optionsBox.replaceChildren(...optionFields(clockFirst(meta.options), form.options, onOption, form.gameId, meta.clock, { wallet: walletNow }));
    drawOptions();
    describeClock(optionsBox, meta);
    describeTurns(optionsBox);
    optionsBox.hidden = !(meta.options || []).length;
    // Saved house rules: a set chosen replaces the settings (unknown keys of an older set are dropped).
    const known = new Set((meta.options || []).map((o) => o.key));
    const apply = (options) => {
      form.options = { ...optionValues(meta.options), ...Object.fromEntries(Object.entries(options || {}).filter(([key]) => known.has(key))) };
      drawOptions();
      describeClock(optionsBox, meta);
      describeTurns(optionsBox);
      onOption();
    };
    houseRulesBox.replaceChildren(...((meta.options || []).length ? [houseRulesRow(shownId, () => ({ ...form.options }), apply, nickname)] : []));
    renderSeatsBox();
  };

  const privateBox = h("input", { type: "checkbox", "data-testid": "create-private" });
  // Rated: every seat a signed-in player's, each once, no computer (the server refuses otherwise).
  const ratedBox = h("input", { type: "checkbox", "data-testid": "create-rated" });
  const create = async () => {
    const name = nickname.value.trim();
    if (!name) {
      createError.textContent = t("start.name_needed");
      nickname.focus();
      return;
    }
    createError.textContent = "";
    store.saveNickname(name);
    createButton.disabled = true;
    try {
      const ticket = await withPlayer(name, (token) =>
        api.createRoom({
          game: form.gameId,
          options: form.options,
          seats: form.seats.map((s, i) =>
            i === 0
              ? { kind: "human", level: "", local: false }
              : { kind: s.kind, level: s.kind === "cpu" ? s.level : "", local: Boolean(s.local), ...(s.local && s.name ? { name: s.name } : {}) },
          ),
          nickname: name,
          player_token: token,
          private: privateBox.checked,
          rated: ratedBox.checked,
        }),
      );
      store.saveTicket(ticket);
      nav.go(`/r/${ticket.code}`);
    } catch (error) {
      createError.textContent = t(`refusal.${error.code}`);
      createButton.disabled = false;
    }
  };

  const chosen = h("div", { class: "chosen-game", "data-testid": "chosen-game" });
  replace(
    root,
    h(
      "main",
      { class: "start new-room", "data-testid": "new-room-page" },
      h(
        "header",
        { class: "start-head" },
        routeLink(nav, "/", { class: "back-link", "data-testid": "back-to-gallery" }, `← ${t("gallery.back")}`),
        h("label", { class: "lang" }, h("span", { class: "sr-only" }, t("menu.language")), languageSelect("start-language")),
      ),
      h("h1", { class: "new-room-title", id: "create-title" }, t("start.create_title")),
      chosen,
      h(
        "section",
        { class: "panel", "aria-labelledby": "create-title" },
        h(
          "form",
          {
            class: "create-form",
            onsubmit: (e) => {
              e.preventDefault();
              create();
            },
          },
          h("div", { class: "field" }, h("label", { for: "nickname" }, t("start.nickname")), nickname),
          h("fieldset", { class: "seats-field" }, h("legend", null, t("start.seats")), seatsBox, seatButtons),
          h("fieldset", { class: "options-field" }, h("legend", null, t("start.settings")), optionsBox, houseRulesBox),
          h("div", { class: "field check" }, h("label", null, privateBox, " ", t("start.private"))),
          h("div", { class: "field check" }, h("label", null, ratedBox, " ", t("start.rated"))),
          createError,
          createButton,
        ),
      ),
    ),
  );

  try {
    games = await listTitles();
  } catch (error) {
    createError.textContent = t(`refusal.${error.code || "unavailable"}`);
    createButton.disabled = true;
    return;
  }
  const entry = games.find((g) => g.id === gameId);
  if (!entry) {
    createButton.disabled = true;
    createError.textContent = t("gallery.unknown");
    return;
  }
  document.title = `${gameName(gameId)} · ${t("app.title")}`;
  await loadGameStrings(gameId);
  replace(
    chosen,
    gameArt(entry),
    h(
      "div",
      { class: "chosen-text" },
      h("h2", { class: "chosen-name", "data-testid": "chosen-name" }, gameName(gameId)),
      gameInfo,
      h("p", { class: "tile-pitch" }, t(`pitch.${gameId}`)),
      routeLink(nav, rulesPath(gameId), { "data-testid": "chosen-rules" }, t("rules.title", { game: gameName(gameId) })),
    ),
  );
  await renderGame(fresh);
  if (form.gameId === gameId) createButton.disabled = false;
}
