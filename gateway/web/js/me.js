// The player's own page (/me): where it is their turn, name and coins, games played and won per
// title, a vacation from turn-based tables, the ratings per
// title (with a chart of one's history), the finished games (each with a link to watch its
// replay), the rooms this browser holds, saved house rules, notifications on this device, the
// account (js/account.js: passkeys, devices, recovery codes, bot tokens), and for a guest a
// transfer code to keep the identity on another device (a cleared browser would otherwise lose it).
import { accountSection, passkeySignInButton, recoveryForm } from "./account.js";
import * as api from "./api.js";
import { botsPanel, challengesPanel, watchChallenges } from "./challenges.js";
import { h, replace } from "./dom.js";
import { currentLanguage, formatNumber, gameName, t } from "./i18n.js";
import { languageSelect } from "./menu.js";
import { pushSection } from "./push.js";
import { ratingChart } from "./rating_chart.js";
import * as store from "./store.js";
import { turnsPanel, vacationBox } from "./turns.js";

function homeLink(nav) {
  return h(
    "a",
    {
      href: "/",
      class: "home-link",
      "data-testid": "me-home",
      onclick: (e) => {
        e.preventDefault();
        nav.go("/");
      },
    },
    t("me.home"),
  );
}

function statsTable(stats) {
  if (!stats.length) return h("p", { class: "hint", "data-testid": "me-no-stats" }, t("me.no_stats"));
  return h(
    "table",
    { class: "me-stats", "data-testid": "me-stats" },
    h("caption", { class: "sr-only" }, t("me.stats_title")),
    h("thead", null, h("tr", null, h("th", { scope: "col" }, t("me.game")), h("th", { scope: "col" }, t("me.played")), h("th", { scope: "col" }, t("me.won")))),
    h(
      "tbody",
      null,
      [...stats]
        .sort((a, b) => gameName(a.game).localeCompare(gameName(b.game)))
        .map((s) => h("tr", { "data-testid": `me-stat-${s.game}` }, h("th", { scope: "row" }, gameName(s.game)), h("td", null, formatNumber(s.played)), h("td", null, formatNumber(s.won)))),
    ),
  );
}

/** A rating as shown: its figure, "?" while provisional (with the word for screen readers). */
function ratingText(rating) {
  if (!rating.provisional) return formatNumber(rating.shown);
  return [formatNumber(rating.shown), h("abbr", { class: "provisional-mark", title: t("me.provisional") }, "?"), h("span", { class: "sr-only" }, ` ${t("me.provisional")}`)];
}

/** The player's rating per game, and the chart of one game's history (chosen when several). */
function ratingsBlock(ratings, token) {
  if (!ratings.length) return h("p", { class: "hint", "data-testid": "me-no-ratings" }, t("me.no_ratings"));
  const sorted = [...ratings].sort((a, b) => gameName(a.game).localeCompare(gameName(b.game)));
  const chartSlot = h("div", { class: "chart-slot", "data-testid": "me-chart-slot", "aria-live": "polite" });
  const drawChart = async (gameId) => {
    chartSlot.setAttribute("aria-busy", "true");
    let content;
    try {
      content = ratingChart(gameId, await api.ratingHistory(token, gameId));
    } catch (error) {
      content = h("p", { class: "hint" }, t(`refusal.${error.code}`));
    }
    replace(chartSlot, content);
    chartSlot.dataset.game = gameId;
    chartSlot.removeAttribute("aria-busy");
  };
  const picker =
    sorted.length > 1
      ? h(
          "div",
          { class: "field" },
          h("label", { for: "me-chart-game" }, t("me.history_game")),
          h(
            "select",
            { id: "me-chart-game", "data-testid": "me-chart-game", onchange: (e) => drawChart(e.target.value) },
            sorted.map((r) => h("option", { value: r.game }, gameName(r.game))),
          ),
        )
      : null;
  drawChart(sorted[0].game);
  return h(
    "div",
    null,
    h(
      "table",
      { class: "me-stats me-ratings", "data-testid": "me-ratings" },
      h("caption", { class: "sr-only" }, t("me.ratings_title")),
      h(
        "thead",
        null,
        h("tr", null, h("th", { scope: "col" }, t("me.game")), h("th", { scope: "col" }, t("board.rating")), h("th", { scope: "col" }, t("board.games")), h("th", { scope: "col" }, t("board.rank"))),
      ),
      h(
        "tbody",
        null,
        sorted.map((r) =>
          h(
            "tr",
            { "data-testid": `me-rating-${r.game}` },
            h("th", { scope: "row" }, gameName(r.game)),
            h("td", null, ratingText(r)),
            h("td", null, formatNumber(r.games)),
            h("td", null, r.rank === null ? [h("span", { "aria-hidden": "true" }, "–"), h("span", { class: "sr-only" }, t("me.unranked"))] : formatNumber(r.rank)),
          ),
        ),
      ),
    ),
    h("h3", { class: "me-chart-head" }, t("me.history_title")),
    picker,
    chartSlot,
  );
}

function gamesList(games, nav) {
  if (!games.length) return h("p", { class: "hint", "data-testid": "me-no-games" }, t("me.no_games"));
  const date = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium", timeStyle: "short" });
  return h(
    "ul",
    { class: "my-games", "data-testid": "me-games" },
    games.map((game) => {
      const seat = game.seats.length ? game.seats[0] : null;
      const path = `${api.replayPath(game.code, game.number)}${seat === null ? "" : `?seat=${seat}`}`;
      const place = seat === null ? null : game.placings[seat];
      return h(
        "li",
        { "data-testid": `me-game-${game.code}-${game.number}` },
        h("span", { class: "my-game-name" }, gameName(game.game)),
        h("span", { class: "hint" }, [date.format(new Date(Number(game.finished_ms))), place ? ` · ${t("me.placing", { ordinal: place })}` : ""].join("")),
        h(
          "a",
          {
            href: path,
            class: "watch-link",
            "data-testid": `me-watch-${game.code}-${game.number}`,
            "aria-label": t("me.watch_label", { game: gameName(game.game), code: game.code, number: formatNumber(game.number) }),
            onclick: (e) => {
              e.preventDefault();
              nav.go(path);
            },
          },
          t("me.watch"),
        ),
      );
    }),
  );
}

function roomsList(nav) {
  const mine = Object.values(store.tickets()).sort((a, b) => b.saved_at - a.saved_at);
  if (!mine.length) return h("p", { class: "hint" }, t("me.no_rooms"));
  return h(
    "ul",
    { class: "my-rooms", "data-testid": "me-rooms" },
    mine.slice(0, 12).map((ticket) =>
      h(
        "li",
        null,
        h(
          "a",
          {
            href: `/r/${ticket.code}`,
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
  );
}

function houseRulesList(rules, token, redraw) {
  if (!rules.length) return h("p", { class: "hint" }, t("me.no_house_rules"));
  return h(
    "ul",
    { class: "me-rules", "data-testid": "me-house-rules" },
    rules.map((rule) =>
      h(
        "li",
        null,
        h("span", null, `${rule.name} · ${gameName(rule.game)}`),
        h(
          "button",
          {
            type: "button",
            "data-testid": `me-delete-rules-${rule.game}-${rule.name}`,
            "aria-label": t("me.delete_rules", { name: rule.name }),
            onclick: async () => {
              await api.deleteHouseRules(token, rule.game, rule.name).catch(() => null);
              redraw();
            },
          },
          t("me.delete"),
        ),
      ),
    ),
  );
}

function transferBox(token) {
  const shown = h("p", { class: "me-code", "data-testid": "me-transfer-code", "aria-live": "polite" });
  const button = h(
    "button",
    {
      type: "button",
      "data-testid": "me-make-code",
      onclick: async () => {
        try {
          const link = await api.transferCode(token);
          const minutes = Math.max(1, Math.round((link.expires_ms - Date.now()) / 60000));
          replace(shown, h("strong", { "data-testid": "me-code-value" }, link.code), " ", t("me.code_valid", { minutes }));
        } catch (error) {
          shown.textContent = t(`refusal.${error.code}`);
        }
      },
    },
    t("me.make_code"),
  );
  return h("div", null, h("p", { class: "hint" }, t("me.transfer_lead")), button, shown);
}

function claimBox(nav) {
  const input = h("input", { id: "me-claim-code", "data-testid": "me-claim-code", autocomplete: "off", maxlength: 12, autocapitalize: "characters" });
  const note = h("p", { class: "hint", "data-testid": "me-claim-note", role: "status" });
  const claim = async () => {
    try {
      const claimed = await api.claimPlayer(input.value);
      store.savePlayer({ id: claimed.player.id, token: claimed.token });
      store.saveNickname(claimed.player.nickname);
      nav.go("/me");
    } catch (error) {
      note.textContent = t(error.code === "bad_token" ? "me.code_unknown" : `refusal.${error.code}`);
    }
  };
  return h(
    "form",
    {
      class: "me-claim",
      onsubmit: (e) => {
        e.preventDefault();
        claim();
      },
    },
    h("div", { class: "field" }, h("label", { for: "me-claim-code" }, t("me.claim_label")), input),
    h("button", { type: "submit", "data-testid": "me-claim-button" }, t("me.claim")),
    note,
  );
}

/**
 * The player's page: statistics, finished games, rooms, house rules.
 * @param {HTMLElement} root
 * @param {import("./types.js").Nav} nav
 * @returns {Promise<void>}
 */
export async function showMe(root, nav) {
  const saved = store.player();
  const sections = [];
  /** @type {any} */
  let profile = null;
  let rules = [];
  let games = [];
  let ended = false;
  if (saved && saved.token) {
    try {
      profile = await api.myProfile(saved.token);
      [rules, games] = await Promise.all([api.houseRules(saved.token), api.myGames(saved.token)]);
    } catch (error) {
      profile = null;
      // A session signed out, revoked or expired (or a deleted player): this browser forgets it.
      if (error.code === "bad_token") {
        store.forgetPlayer();
        ended = true;
      }
    }
  }
  const redraw = () => showMe(root, nav);
  // Signing in (or out) here changes the player without a change of page: the stream follows.
  watchChallenges(nav);
  if (profile) {
    sections.push(
      h(
        "section",
        { class: "panel", "aria-labelledby": "me-who" },
        h("h2", { id: "me-who", "data-testid": "me-name" }, profile.player.nickname),
        h("p", { class: "wallet", "data-testid": "me-coins" }, t("start.coins", { coins: formatNumber(profile.coins) })),
      ),
      turnsPanel(nav, "me"),
      profile.player.account ? challengesPanel(/** @type {{ token: string }} */ (saved).token) : null,
      botsPanel(),
      h("section", { class: "panel", "aria-labelledby": "me-stats-title" }, h("h2", { id: "me-stats-title" }, t("me.stats_title")), statsTable(profile.stats)),
      h(
        "section",
        { class: "panel", "aria-labelledby": "me-ratings-title", "data-testid": "me-ratings-panel" },
        h("h2", { id: "me-ratings-title" }, t("me.ratings_title")),
        ratingsBlock(profile.ratings || [], /** @type {{ token: string }} */ (saved).token),
      ),
      h("section", { class: "panel", "aria-labelledby": "me-games-title" }, h("h2", { id: "me-games-title" }, t("me.games_title")), gamesList(games, nav)),
    );
  } else {
    sections.push(
      h(
        "section",
        { class: "panel" },
        ended ? h("p", { "data-testid": "me-session-ended", role: "status" }, t("account.session_ended")) : null,
        h("p", { "data-testid": "me-nobody" }, t("me.nobody")),
        passkeySignInButton("me-passkey-sign-in", redraw),
        recoveryForm(redraw),
      ),
    );
  }
  sections.push(h("section", { class: "panel", "aria-labelledby": "me-rooms-title" }, h("h2", { id: "me-rooms-title" }, t("start.my_rooms")), roomsList(nav)));
  // An account's other devices sign in with a passkey; a guest's take a transfer code.
  const guestOnly = [];
  if (profile && !profile.player.account) {
    const { token } = /** @type {{ token: string }} the profile was fetched with it */ (saved);
    guestOnly.push(h("section", { class: "panel", "aria-labelledby": "me-transfer-title" }, h("h2", { id: "me-transfer-title" }, t("me.transfer_title")), transferBox(token)));
  }
  if (!profile || !profile.player.account) {
    guestOnly.push(
      h(
        "section",
        { class: "panel", "aria-labelledby": "me-claim-title" },
        h("h2", { id: "me-claim-title" }, t("me.claim_title")),
        profile ? h("p", { class: "hint" }, t("me.claim_replaces", { name: profile.player.nickname })) : null,
        claimBox(nav),
        profile ? passkeySignInButton("me-passkey-sign-in", redraw) : null,
      ),
    );
  }
  if (profile) {
    const { token } = /** @type {{ token: string }} the profile was fetched with it */ (saved);
    const secured = () => guestOnly.forEach((section) => section.remove());
    sections.push(
      h("section", { class: "panel", "aria-labelledby": "me-rules-title" }, h("h2", { id: "me-rules-title" }, t("start.house_rules")), houseRulesList(rules, token, redraw)),
      h("section", { class: "panel", "aria-labelledby": "me-vacation-title" }, h("h2", { id: "me-vacation-title" }, t("vacation.title")), vacationBox(token)),
      pushSection(token),
      accountSection(token, profile.player.nickname, nav, secured),
    );
  }
  sections.push(...guestOnly);
  replace(
    root,
    h(
      "main",
      { class: "start me-page", "data-testid": "me-page" },
      h(
        "header",
        { class: "start-head" },
        h("h1", null, t("me.title")),
        h("label", { class: "lang" }, h("span", { class: "sr-only" }, t("menu.language")), languageSelect("me-language")),
      ),
      homeLink(nav),
      ...sections,
    ),
  );
}
