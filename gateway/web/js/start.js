// The start page: the player's name, join a room by code (or watch it), the rooms this
// browser holds tickets for, the gallery of every title and "Play now". A room is created
// from a title's tile (or the game picker): the create form has a page of its own.
import { passkeySignInButton } from "./account.js";
import * as api from "./api.js";
import { h, replace } from "./dom.js";
import { createPath, familiesOf, gallerySection } from "./gallery.js";
import { listTitles } from "./games.js";
import { formatNumber, gameName, t } from "./i18n.js";
import { languageSelect } from "./menu.js";
import { walletBalance, nicknameField, resetWallet } from "./new_room.js";
import { withPlayer } from "./player.js";
import { quickSection } from "./quick.js";
import * as store from "./store.js";
import { turnsPanel } from "./turns.js";

// Kept across re-renders (language switch) within the page's life.
const typed = { code: "" };

function joinPanel(nickname, nav) {
  const codeInput = h("input", {
    type: "text",
    id: "join-code",
    inputmode: "text",
    autocapitalize: "characters",
    autocomplete: "off",
    spellcheck: "false",
    maxlength: 12,
    placeholder: "K7QM2",
    value: typed.code,
    "data-testid": "join-code",
    "aria-describedby": "join-code-hint",
    oninput: (e) => {
      typed.code = e.target.value.toUpperCase();
      e.target.value = typed.code;
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
      typed.code = "";
      nav.go(`/r/${ticket.code || code}`);
    } catch (error) {
      joinError.textContent = t(`refusal.${error.code}`);
    }
  };
  return h(
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
}

function myRoomsPanel(nav) {
  const mine = Object.values(store.tickets()).sort((a, b) => b.saved_at - a.saved_at);
  if (!mine.length) return null;
  return h(
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
  );
}

/** A short way to the create form for keyboard users: a select of every title. */
function gamePicker(nav) {
  const select = h(
    "select",
    {
      id: "create-game",
      "data-testid": "create-game",
      onchange: (e) => {
        if (e.target.value) nav.go(createPath(e.target.value));
      },
    },
    h("option", { value: "" }, t("gallery.choose")),
  );
  const info = h("p", { class: "hint", "data-testid": "game-info" });
  const panel = h(
    "section",
    { class: "panel picker", "aria-labelledby": "create-title" },
    h("h2", { id: "create-title" }, t("start.create_title")),
    h("div", { class: "field" }, h("label", { for: "create-game" }, t("start.game")), select),
    info,
  );
  const fill = (games, families) => {
    select.append(
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
    info.textContent = games.length ? t("gallery.count", { count: games.length }) : t("start.no_games");
  };
  return { panel, fill, info };
}

/**
 * The game list, asked for again after a failure (a phone's network comes and goes, a server
 * restarts): the reason is shown meanwhile, and the next try comes sooner when the browser is
 * back online. Null once the page is no longer shown.
 * @param {HTMLElement} info where the reason is shown
 * @param {HTMLElement} slot an element of the page: gone from the document, the page is left
 */
async function untilListed(info, slot) {
  for (let wait = 1000; ; wait = Math.min(wait * 2, 15000)) {
    try {
      const games = await listTitles();
      info.textContent = "";
      return games;
    } catch (error) {
      info.textContent = t(`refusal.${error.code || "unavailable"}`);
    }
    await new Promise((resolve) => {
      const again = () => {
        clearTimeout(timer);
        window.removeEventListener("online", again);
        resolve(undefined);
      };
      const timer = setTimeout(again, wait);
      window.addEventListener("online", again);
    });
    if (!slot.isConnected) return null;
  }
}

/**
 * The start page: name, join or watch, your rooms, the gallery, Play now.
 * @param {HTMLElement} root
 * @param {import("./types.js").Nav} nav
 * @returns {Promise<void>}
 */
export async function showStart(root, nav) {
  resetWallet();
  const nickname = nicknameField();
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
  // A guest (or a fresh browser) signs in to an account here; an account's browser is one already.
  const signIn = passkeySignInButton("passkey-sign-in", () => nav.go("/me"));
  const saved = store.player();
  if (saved && saved.token) {
    api
      .myProfile(saved.token)
      .then((profile) => {
        if (profile.player.account) signIn.hidden = true;
      })
      .catch(() => null);
  }
  walletBalance(true).then((balance) => {
    if (balance === null) return;
    wallet.textContent = t("start.coins", { coins: formatNumber(balance) });
    wallet.hidden = false;
  });
  const picker = gamePicker(nav);
  // The gallery and "Play now" need the game list: drawn into their slots once it is known.
  const gallerySlot = h("div", { class: "gallery-slot", "aria-busy": "true" }, h("p", { class: "hint" }, t("ui.loading")));
  const quickSlot = h("div", { class: "quick-slot" });
  replace(
    root,
    h(
      "main",
      { class: "start home", "data-testid": "start-page" },
      h(
        "header",
        { class: "start-head" },
        h("h1", null, t("app.title")),
        h("label", { class: "lang" }, h("span", { class: "sr-only" }, t("menu.language")), languageSelect("start-language")),
      ),
      h("p", { class: "lead" }, t("app.lead")),
      h(
        "div",
        { class: "start-panels" },
        h("section", { class: "panel name-panel" }, h("div", { class: "field" }, h("label", { for: "nickname" }, t("start.nickname")), nickname), wallet, meLink, signIn),
        turnsPanel(nav, "start"),
        joinPanel(nickname, nav),
        myRoomsPanel(nav),
        picker.panel,
      ),
      gallerySlot,
      quickSlot,
    ),
  );

  const games = await untilListed(picker.info, gallerySlot);
  if (!games) return; // the player went elsewhere meanwhile
  const quick = quickSection(games, nickname, nav);
  if (quick) quickSlot.replaceChildren(quick.panel);
  const gallery = gallerySection(games, nav, {
    playNow: quick ? quick.play : null,
    offersQuick: quick ? quick.offers : () => false,
    // The tiles are drawn at once; their leaders follow (none named if they cannot be had).
    leaders: api.leaderboardTops().catch(() => ({})),
  });
  picker.fill(games, familiesOf(games));
  gallerySlot.removeAttribute("aria-busy");
  replace(gallerySlot, gallery);
}
