// A room link opened without a ticket: look the room up, then take a seat or watch.
import * as api from "./api.js";
import { h, replace } from "./dom.js";
import { formatNumber, loadGameStrings, gameName, t } from "./i18n.js";
import { withPlayer } from "./player.js";
import { botBadge, presence, seatColour, seatInk, seatMarks, seatNameOf } from "./seats.js";
import * as store from "./store.js";
import { spelled } from "./waiting.js";

const NAME_MAX = 24;

/**
 * The join page of a room link opened without a ticket: take a seat, or watch.
 * @param {HTMLElement} root
 * @param {string} code
 * @param {import("./types.js").Nav} nav
 * @returns {Promise<void>}
 */
export async function showJoin(root, code, nav) {
  replace(root, h("section", { class: "panel center" }, h("p", { "aria-busy": "true" }, t("ui.loading"))));
  let room;
  try {
    room = await api.getRoom(code);
  } catch (error) {
    replace(root, 
      h(
        "section",
        { class: "panel center", "data-testid": "room-missing" },
        h("h2", null, t(`refusal.${error.code || "unknown_room"}`)),
        h("p", null, t("join.no_room", { code: spelled(code) })),
        h("button", { type: "button", class: "primary", "data-testid": "home-button", onclick: () => nav.go("/") }, t("room.home")),
      ),
    );
    return;
  }
  await loadGameStrings(room.game);
  const open = room.status === "waiting" && (room.seats || []).some((s) => s.kind === "human" && !s.taken);
  const nameInput = h("input", {
    type: "text",
    id: "join-name",
    maxlength: NAME_MAX,
    autocomplete: "nickname",
    value: store.nickname(),
    "data-testid": "join-nickname",
  });
  const error = h("p", { class: "error", role: "alert", "data-testid": "join-error" });
  const go = async (spectator) => {
    const nickname = nameInput.value.trim();
    if (!spectator && !nickname) {
      error.textContent = t("start.name_needed");
      nameInput.focus();
      return;
    }
    if (nickname) store.saveNickname(nickname);
    try {
      const invite = api.linkInvite();
      const ticket = spectator
        ? await api.joinRoom(code, nickname || t("join.guest"), true, "", invite)
        : await withPlayer(nickname, (token) => api.joinRoom(code, nickname, false, token, invite));
      // The link's invitation stays with the ticket: it opens the room's replays later.
      store.saveTicket({ ...ticket, invite: ticket.invite || invite });
      nav.go(`/r/${ticket.code || code}`);
    } catch (e) {
      // Every seat went while the page was open: say so and offer to watch instead.
      error.textContent = !spectator && e.code === "room_full" ? t("join.full_watch") : t(`refusal.${e.code}`);
      if (!spectator && (e.code === "room_full" || e.code === "room_finished")) watchButton.focus();
    }
  };
  const watchButton = h("button", { type: "button", "data-testid": "watch-button", onclick: () => go(true) }, t("join.watch"));
  if (!open) watchButton.className = "primary big";
  const marks = seatMarks(room);
  replace(root, 
    h(
      "section",
      { class: "panel center join-room", "data-testid": "join-room" },
      h("h2", null, gameName(room.game)),
      room.stake ? h("p", { class: "stake-note", "data-testid": "stake-note" }, t("stake.note", { coins: formatNumber(room.stake) })) : null,
      h("p", { class: "share-code", "aria-label": spelled(code) }, code),
      h("p", { class: "hint", "data-testid": "join-status" }, t(`room.status.${room.status}`)),
      h(
        "ul",
        { class: "waiting-seats" },
        (room.seats || []).map((info, i) =>
          h(
            "li",
            { class: "waiting-seat" },
            h(
              "div",
              { class: "seat-line" },
              h("span", { class: "chip-token", style: { background: seatColour(info.seat), color: seatInk(info.seat) }, "aria-hidden": "true" }, marks[i]),
              h("span", { class: "seat-label" }, info.kind === "human" && !info.taken ? t("waiting.open_seat") : seatNameOf(room, info.seat), info.taken ? botBadge(info, `join-bot-${info.seat}`) : null),
              h("span", { class: ["dot", presence(info)], title: t(`presence.${presence(info)}`) }),
            ),
          ),
        ),
      ),
      h(
        "form",
        {
          class: "join-form",
          onsubmit: (e) => {
            e.preventDefault();
            go(!open);
          },
        },
        open ? h("div", { class: "field" }, h("label", { for: "join-name" }, t("start.nickname")), nameInput) : null,
        error,
        h(
          "div",
          { class: "button-row" },
          open ? h("button", { type: "submit", class: "primary big", "data-testid": "join-room-button" }, t("join.take_seat")) : null,
          watchButton,
          h("button", { type: "button", "data-testid": "home-button", onclick: () => nav.go("/") }, t("room.home")),
        ),
      ),
    ),
  );
  if (open) nameInput.focus();
}
