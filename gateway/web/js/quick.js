// "Play now" (quick seating): choose a game, table size and stake; the lobby seats waiting
// players together, first come first seated. Alone in the queue, the player is offered computer
// players for the missing seats at once (then without coins) and may wait for people instead;
// with others waiting, after the wait chosen here. The button says what it is doing and the
// answer is kept in view (on a phone it would be below the fold). The place in the queue is
// looked at every two seconds; once seated the room opens.
import * as api from "./api.js";
import { h, replace } from "./dom.js";
import { currentLanguage, formatNumber, gameName, t } from "./i18n.js";
import { withPlayer } from "./player.js";
import * as store from "./store.js";

const LOOK_EVERY_MS = 2000;
const CPU_WAITS = [30, 60, 120, 0];

// The games a quick table is offered for: every title with seats for more than one player.
function seatable(games) {
  return games.filter((g) => ((g.meta && g.meta.seat_counts) || []).some((n) => n > 1));
}

function stakeChoices(game) {
  const option = ((game.meta && game.meta.options) || []).find((o) => o.key === "stake");
  return option ? option.choices : [0];
}

/** @type {number | null} */
let looking = null; // the timer of the place being looked at, one per page

/**
 * The "Play now" panel; `nicknameInput` is the start page's name field. Returns
 * {panel, offers(gameId), play(gameId)}: `play` asks at once for that title (a gallery
 * tile's "Play now") with the panel's other choices as they stand.
 * @param {any[]} games
 * @param {HTMLInputElement} nicknameInput
 * @param {import("./types.js").Nav} nav
 */
export function quickSection(games, nicknameInput, nav) {
  if (looking) clearTimeout(looking);
  looking = null;
  const offered = seatable(games).sort((a, b) => gameName(a.id).localeCompare(gameName(b.id)));
  if (!offered.length) return null;
  const preferred = offered.find((g) => stakeChoices(g).length > 1) || offered[0];
  const gameSelect = h(
    "select",
    { id: "quick-game", "data-testid": "quick-game" },
    offered.map((g) => h("option", { value: g.id, selected: g.id === preferred.id }, gameName(g.id))),
  );
  const seatsSelect = h("select", { id: "quick-seats", "data-testid": "quick-seats" });
  const stakeSelect = h("select", { id: "quick-stake", "data-testid": "quick-stake" });
  const waitSelect = h(
    "select",
    { id: "quick-wait", "data-testid": "quick-wait" },
    CPU_WAITS.map((s) => h("option", { value: String(s), selected: s === 60 }, s ? t("quick.wait_s", { seconds: s }) : t("quick.wait_never"))),
  );
  const status = h("p", { class: "quick-status", "data-testid": "quick-status", role: "status" });
  const error = h("p", { class: "error", "data-testid": "quick-error", role: "alert" });
  const button = h("button", { type: "submit", class: "primary big", "data-testid": "quick-button" }, t("quick.play_now"));
  const actions = h("div", { class: "quick-actions", "data-testid": "quick-actions" });
  // The answer right under the button, scrolled into view whenever it changes.
  const answer = h("div", { class: "quick-answer", "data-testid": "quick-answer" }, status, actions);
  let waitForPeople = false; // the player chose to wait rather than play the computer
  const busy = (text) => {
    button.disabled = Boolean(text);
    button.textContent = text || t("quick.play_now");
  };
  // Scrolled only when the answer changes, not at every look: a player who scrolled away stays.
  let shownAnswer = "";
  const inView = () => {
    const now = `${status.textContent}|${actions.childElementCount}`;
    if (now !== shownAnswer) answer.scrollIntoView({ block: "nearest" });
    shownAnswer = now;
  };

  const fill = () => {
    const game = offered.find((g) => g.id === gameSelect.value) || offered[0];
    replace(seatsSelect, ...(game.meta.seat_counts || []).filter((n) => n > 1).map((n) => h("option", { value: String(n) }, t("quick.players", { count: n }))));
    replace(
      stakeSelect,
      ...stakeChoices(game).map((c) => h("option", { value: String(c) }, c ? t("quick.stake_coins", { coins: formatNumber(c) }) : t("quick.no_stake"))),
    );
  };
  gameSelect.addEventListener("change", fill);
  fill();

  const stop = () => {
    if (looking) clearTimeout(looking);
    looking = null;
  };
  const seated = (place) => {
    stop();
    store.saveTicket({ ...place.ticket, game: place.game });
    nav.go(`/r/${place.ticket.code}`);
  };
  const show = (place) => {
    if (place.status === "seated") return seated(place);
    if (place.status === "cancelled") {
      stop();
      status.textContent = t("quick.cancelled");
      replace(actions);
      busy("");
      inView();
      return;
    }
    const waited = Number(place.waited_ms) || 0;
    const cpuOffered = place.cpu_offer && (!waitForPeople || (place.cpu_after_s && waited >= place.cpu_after_s * 1000));
    const alone = (place.waiting || 1) <= 1;
    status.textContent =
      cpuOffered && alone && !waitForPeople ? t("quick.alone", { seats: place.seats }) : t("quick.waiting", { count: place.waiting || 1, seats: place.seats });
    actions.dataset.state = cpuOffered ? "offer" : "waiting";
    const buttons = [
      h(
        "button",
        {
          type: "button",
          "data-testid": "quick-cancel",
          onclick: async () => {
            stop();
            try {
              show(await api.quickSeatAction(place.id, "cancel", { secret: place.secret }).then((r) => ({ ...place, status: r.cancelled ? "cancelled" : place.status })));
            } catch (e) {
              error.textContent = t(`refusal.${e.code}`);
            }
          },
        },
        t("quick.cancel"),
      ),
    ];
    if (cpuOffered && alone && !waitForPeople) {
      buttons.unshift(
        h(
          "button",
          {
            type: "button",
            "data-testid": "quick-wait-people",
            onclick: () => {
              waitForPeople = true;
              show(place);
            },
          },
          t("quick.wait_for_people"),
        ),
      );
    }
    if (cpuOffered) {
      buttons.unshift(
        h(
          "button",
          {
            type: "button",
            class: "primary",
            "data-testid": "quick-cpu",
            onclick: async () => {
              stop();
              try {
                show({ ...(await api.quickSeatAction(place.id, "cpu", { secret: place.secret })), secret: place.secret });
              } catch (e) {
                error.textContent = t(`refusal.${e.code}`);
              }
            },
          },
          place.stake ? t("quick.with_cpus_free") : t("quick.with_cpus"),
        ),
      );
    }
    replace(actions, ...buttons);
    inView();
    stop();
    looking = setTimeout(async () => {
      try {
        const next = await api.quickSeatAction(place.id, "look", { secret: place.secret, cpu_after_s: place.cpu_after_s });
        show({ ...next, secret: place.secret, cpu_after_s: place.cpu_after_s });
      } catch (e) {
        error.textContent = t(`refusal.${e.code}`);
        busy("");
      }
    }, LOOK_EVERY_MS);
  };

  const ask = async () => {
    const name = nicknameInput.value.trim();
    if (!name) {
      error.textContent = t("start.name_needed");
      nicknameInput.focus();
      return;
    }
    error.textContent = "";
    store.saveNickname(name);
    waitForPeople = false;
    busy(t("quick.looking"));
    status.textContent = t("quick.asking");
    replace(actions);
    inView();
    const cpuAfter = Number(waitSelect.value);
    try {
      const place = await withPlayer(name, (token) =>
        api.quickSeat({
          game: gameSelect.value,
          seats: Number(seatsSelect.value),
          stake: Number(stakeSelect.value),
          nickname: name,
          player_token: token,
          cpu_after_s: cpuAfter,
          language: currentLanguage(),
        }),
      );
      show({ ...place, cpu_after_s: cpuAfter });
    } catch (e) {
      error.textContent = t(`refusal.${e.code}`);
      status.textContent = "";
      busy("");
    }
  };

  const panel = h(
    "section",
    { class: "panel", "aria-labelledby": "quick-title", "data-testid": "quick-panel" },
    h("h2", { id: "quick-title" }, t("quick.title")),
    h("p", { class: "hint" }, t("quick.lead")),
    h(
      "form",
      {
        class: "quick-form",
        onsubmit: (e) => {
          e.preventDefault();
          ask();
        },
      },
      h("div", { class: "field" }, h("label", { for: "quick-game" }, t("start.game")), gameSelect),
      h("div", { class: "field" }, h("label", { for: "quick-seats" }, t("quick.table")), seatsSelect),
      h("div", { class: "field" }, h("label", { for: "quick-stake" }, t("quick.stake")), stakeSelect),
      h("div", { class: "field" }, h("label", { for: "quick-wait" }, t("quick.wait")), waitSelect),
      error,
      button,
    ),
    answer,
  );
  const offers = (gameId) => offered.some((g) => g.id === gameId);
  const play = (gameId) => {
    if (!offers(gameId) || button.disabled) return;
    gameSelect.value = gameId;
    fill();
    panel.scrollIntoView({ block: "nearest" });
    // The status line is where the answer appears: a keyboard user lands next to it.
    button.focus({ preventScroll: true });
    ask();
  };
  return { panel, offers, play };
}
