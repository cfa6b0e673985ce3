// The start page: join a room by code (or watch it), create a room (game, host settings,
// seats, nickname), and the rooms this browser holds tickets for.
import * as api from "./api.js";
import { h, keepFocus, replace } from "./dom.js";
import { listGames } from "./games.js";
import { formatNumber, gameName, loadGameStrings, t } from "./i18n.js";
import { languageSelect } from "./menu.js";
import { optionFields, optionValues, seatCountsText, seatKindControls } from "./options.js";
import { coins, withPlayer } from "./player.js";
import { houseRulesRow } from "./house_rules.js";
import { quickSection } from "./quick.js";
import * as store from "./store.js";

const NAME_MAX = 24;

// Kept across re-renders (language switch) and visits within the page's life.
const form = { gameId: null, options: {}, seats: [], code: "" };

let freshPick = false; // a game picked from outside starts from its default settings and seats

/** Preselect a game for the next visit of the start page (a tutorial's "Play now"). */
export function pickGame(gameId) {
  if (form.gameId === gameId) return;
  form.gameId = gameId;
  freshPick = true;
}

function defaultSeats(meta) {
  const count = Math.max(meta.min_seats || 1, Math.min(2, meta.max_seats || 2));
  const seats = [{ kind: "human", level: "", local: false }];
  for (let i = 1; i < count; i++) seats.push({ kind: "human", level: "", local: false });
  return seats;
}

// What a browser without a player yet will have: a new wallet is filled to this on its first
// look (lobby/ledger.py, DAILY_TOP_UP_TO).
const NEW_WALLET = 1000;
let walletAsked = null;

/** The wallet's coins, asked once per page (null: unknown; `known` skips the new-guest guess). */
async function walletBalance(known = false) {
  if (!walletAsked) walletAsked = coins();
  const balance = await walletAsked;
  if (balance !== null || known) return balance;
  return store.player() ? null : NEW_WALLET;
}

export async function showStart(root, nav) {
  walletAsked = null;
  const nickname = h("input", {
    type: "text",
    id: "nickname",
    maxlength: NAME_MAX,
    autocomplete: "nickname",
    value: store.nickname(),
    "data-testid": "nickname",
    oninput: (e) => store.saveNickname(e.target.value.trim()),
  });

  // -- join ------------------------------------------------------------------------------
  const codeInput = h("input", {
    type: "text",
    id: "join-code",
    inputmode: "text",
    autocapitalize: "characters",
    autocomplete: "off",
    spellcheck: "false",
    maxlength: 12,
    placeholder: "K7QM2",
    value: form.code,
    "data-testid": "join-code",
    "aria-describedby": "join-code-hint",
    oninput: (e) => {
      form.code = e.target.value.toUpperCase();
      e.target.value = form.code;
    },
  });
  const joinError = h("p", { class: "error", role: "alert", "data-testid": "join-error" });
  const join = async (spectator) => {
    const code = api.normalizeCode(codeInput.value);
    if (!api.validCode(code)) {
      // Codes leave out look-alikes; someone who read one off a screen is told which.
      const lookalike = [...code].find((c) => "O0IL1".includes(c));
      joinError.textContent = lookalike ? t("start.code_lookalike", { char: lookalike }) : t("start.bad_code");
      codeInput.focus();
      return;
    }
    joinError.textContent = "";
    // This device already holds a ticket for the room: use it rather than a new one.
    if (store.ticketFor(code)) {
      nav.go(`/r/${code}`);
      return;
    }
    const name = nickname.value.trim();
    if (!spectator && !name) {
      joinError.textContent = t("start.name_needed");
      nickname.focus();
      return;
    }
    try {
      const ticket = spectator
        ? await api.joinRoom(code, name || t("join.guest"), true)
        : await withPlayer(name, (token) => api.joinRoom(code, name, false, token));
      store.saveTicket(ticket);
      form.code = "";
      nav.go(`/r/${ticket.code || code}`);
    } catch (error) {
      joinError.textContent = t(`refusal.${error.code}`);
    }
  };
  const joinSection = h(
    "section",
    { class: "panel", "aria-labelledby": "join-title" },
    h("h2", { id: "join-title" }, t("start.join_title")),
    h(
      "form",
      {
        class: "join-form",
        onsubmit: (e) => {
          e.preventDefault();
          join(false);
        },
      },
      h(
        "div",
        { class: "field" },
        h("label", { for: "join-code" }, t("start.code")),
        codeInput,
        h("p", { class: "hint", id: "join-code-hint", "data-testid": "join-code-hint" }, t("start.code_hint")),
      ),
      joinError,
      h(
        "div",
        { class: "button-row" },
        h("button", { type: "submit", class: "primary", "data-testid": "join-button" }, t("start.join")),
        h("button", { type: "button", "data-testid": "watch-code-button", onclick: () => join(true) }, t("start.watch")),
      ),
    ),
  );

  // -- create ----------------------------------------------------------------------------
  const gameSelect = h("select", { id: "create-game", "data-testid": "create-game" });
  const gameInfo = h("p", { class: "hint", "data-testid": "game-info" });
  const optionsBox = h("div", { class: "options", "data-testid": "create-options" });
  const houseRulesBox = h("div", { class: "house-rules-box" });
  const seatsBox = h("ol", { class: "seat-specs", "data-testid": "create-seats" });
  const seatButtons = h("div", { class: "button-row" });
  const createError = h("p", { class: "error", role: "alert", "data-testid": "create-error" });
  const createButton = h("button", { type: "submit", class: "primary big", "data-testid": "create-button" }, t("start.create"));
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
                form.seats.push({ kind: levels.length ? "cpu" : "human", level: levels[0] || "", local: false });
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
    const gameId = form.gameId;
    await loadGameStrings(gameId);
    const walletNow = await walletBalance();
    // Another game was chosen while this one's strings loaded: that render wins.
    if (form.gameId !== gameId) return;
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
      optionsBox.replaceChildren(...optionFields(meta.options, form.options, onOption, form.gameId, meta.clock, { wallet: walletNow }));
    drawOptions();
    optionsBox.hidden = !(meta.options || []).length;
    // Saved house rules: a set chosen replaces the settings (unknown keys of an older set are dropped).
    const known = new Set((meta.options || []).map((o) => o.key));
    const apply = (options) => {
      form.options = { ...optionValues(meta.options), ...Object.fromEntries(Object.entries(options || {}).filter(([key]) => known.has(key))) };
      drawOptions();
      onOption();
    };
    houseRulesBox.replaceChildren(...((meta.options || []).length ? [houseRulesRow(gameId, () => ({ ...form.options }), apply, nickname)] : []));
    renderSeatsBox();
  };

  gameSelect.addEventListener("change", () => {
    form.gameId = gameSelect.value;
    renderGame(true);
  });

  const privateBox = h("input", { type: "checkbox", "data-testid": "create-private" });
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
        }),
      );
      store.saveTicket(ticket);
      nav.go(`/r/${ticket.code}`);
    } catch (error) {
      createError.textContent = t(`refusal.${error.code}`);
      createButton.disabled = false;
    }
  };

  const createSection = h(
    "section",
    { class: "panel", "aria-labelledby": "create-title" },
    h("h2", { id: "create-title" }, t("start.create_title")),
    h(
      "form",
      {
        class: "create-form",
        onsubmit: (e) => {
          e.preventDefault();
          create();
        },
      },
      h("div", { class: "field" }, h("label", { for: "create-game" }, t("start.game")), gameSelect),
      gameInfo,
      h("fieldset", { class: "seats-field" }, h("legend", null, t("start.seats")), seatsBox, seatButtons),
      h("fieldset", { class: "options-field" }, h("legend", null, t("start.settings")), optionsBox, houseRulesBox),
      h("div", { class: "field check" }, h("label", null, privateBox, " ", t("start.private"))),
      createError,
      createButton,
    ),
  );

  // -- my rooms ----------------------------------------------------------------------------
  const mine = Object.values(store.tickets()).sort((a, b) => b.saved_at - a.saved_at);
  const mineSection = mine.length
    ? h(
        "section",
        { class: "panel", "aria-labelledby": "mine-title" },
        h("h2", { id: "mine-title" }, t("start.my_rooms")),
        h(
          "ul",
          { class: "my-rooms", "data-testid": "my-rooms" },
          mine.slice(0, 8).map((ticket) =>
            h(
              "li",
              null,
              h(
                "a",
                {
                  href: `/r/${ticket.code}`,
                  "data-testid": `my-room-${ticket.code}`,
                  onclick: (e) => {
                    e.preventDefault();
                    nav.go(`/r/${ticket.code}`);
                  },
                },
                h("span", { class: "code" }, ticket.code),
                " ",
                ticket.game ? gameName(ticket.game) : "",
              ),
            ),
          ),
        ),
      )
    : null;

  // The coin wallet, once this browser has a player (staked tables take their stake from it).
  const wallet = h("p", { class: "wallet", "data-testid": "wallet", hidden: true });
  const meLink = h(
    "a",
    {
      href: "/me",
      class: "me-link",
      "data-testid": "me-link",
      onclick: (e) => {
        e.preventDefault();
        nav.go("/me");
      },
    },
    t("me.link"),
  );
  walletBalance(true).then((balance) => {
    if (balance === null) return;
    wallet.textContent = t("start.coins", { coins: formatNumber(balance) });
    wallet.hidden = false;
  });
  // "Play now" needs the game list: drawn into its slot once the games are known.
  const quickSlot = h("div", { class: "quick-slot" });
  replace(root, 
    h(
      "main",
      { class: "start", "data-testid": "start-page" },
      h(
        "header",
        { class: "start-head" },
        h("h1", null, t("app.title")),
        h("label", { class: "lang" }, h("span", { class: "sr-only" }, t("menu.language")), languageSelect("start-language")),
      ),
      h("p", { class: "lead" }, t("app.lead")),
      h("section", { class: "panel name-panel" }, h("div", { class: "field" }, h("label", { for: "nickname" }, t("start.nickname")), nickname), wallet, meLink),
      quickSlot,
      joinSection,
      createSection,
      mineSection,
    ),
  );

  try {
    games = await listGames();
  } catch (error) {
    createError.textContent = t(`refusal.${error.code || "unavailable"}`);
    createButton.disabled = true;
    return;
  }
  const families = [...new Set(games.map((g) => g.family))];
  gameSelect.replaceChildren(
    ...families.map((family) =>
      h(
        "optgroup",
        { label: t(`family.${family}`) },
        games
          .filter((g) => g.family === family)
          .sort((a, b) => gameName(a.id).localeCompare(gameName(b.id)))
          .map((g) => h("option", { value: g.id, "data-testid": `game-option-${g.id}` }, gameName(g.id))),
      ),
    ),
  );
  const quick = quickSection(games, nickname, nav);
  if (quick) quickSlot.replaceChildren(quick);
  const known = games.some((g) => g.id === form.gameId);
  if (!known) form.gameId = games.length ? gameSelect.value : null;
  gameSelect.value = form.gameId;
  const reset = !known || freshPick;
  freshPick = false;
  await renderGame(reset);
  if (!games.length) {
    createButton.disabled = true;
    createError.textContent = t("start.no_games");
  }
}
