// The waiting room: share the code (link, QR), the seat list, the host's settings and Start.
import * as api from "./api.js";
import { copyText, h, keepFocus, toast } from "./dom.js";
import { formatNumber, t } from "./i18n.js";
import { levelLabel, optionFields, optionSummary, optionValues, seatCountsText, seatKindControls } from "./options.js";
import * as store from "./store.js";
import { botBadge, colourName, presence, ratingText, seatColour, seatInk, seatMarks, seatNameOf } from "./seats.js";

/**
 * The share box: the code in large letters, copy buttons, the QR code of the link.
 * @param {string} code
 * @param {{ qrOpen?: boolean }} [options]
 * @returns {HTMLElement}
 */
export function shareBox(code, { qrOpen = true } = {}) {
  const link = api.roomLink(code, (store.ticketFor(code) || {}).invite);
  const copy = async (text, done) => {
    const ok = await copyText(text);
    toast(ok ? done : t("share.copy_failed"), ok ? "info" : "error");
  };
  return h(
    "div",
    { class: "share", "data-testid": "share-box" },
    h("p", { class: "share-label" }, t("share.code_label")),
    h("p", { class: "share-code", "data-testid": "waiting-code", "aria-label": spelled(code) }, code),
    h(
      "div",
      { class: "button-row" },
      h("button", { type: "button", "data-testid": "copy-code", onclick: () => copy(code, t("share.code_copied")) }, t("share.copy_code")),
      h("button", { type: "button", "data-testid": "copy-link", onclick: () => copy(link, t("share.link_copied")) }, t("share.copy_link")),
      navigator.share
        ? h(
            "button",
            {
              type: "button",
              "data-testid": "native-share",
              onclick: () => navigator.share({ title: t("share.title"), text: t("share.text", { code }), url: link }).catch(() => {}),
            },
            t("share.share"),
          )
        : null,
    ),
    h("p", { class: "share-link" }, h("a", { href: link, "data-testid": "share-link" }, link)),
    qrBlock(link, t("share.qr_label", { code }), qrOpen),
  );
}

/**
 * The QR code of `link` (drawn by the gateway), or a button that shows it (the waiting room
 * keeps it folded away). Nothing shows when the gateway cannot draw it.
 */
function qrBlock(link, label, open) {
  const figure = h("figure", { class: "qr-wrap", "data-testid": "qr-code", hidden: !open }, h("figcaption", null, t("share.qr_caption")));
  const block = open ? figure : h("div", { class: "qr-block" });
  api.qrCode(link).then((text) => {
    const svg = text && new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
    if (!svg || svg.localName !== "svg") {
      block.hidden = true;
      return;
    }
    const image = document.importNode(svg, true);
    image.setAttribute("role", "img");
    image.setAttribute("aria-label", label);
    figure.prepend(image);
  });
  if (open) return figure;
  const toggle = h(
    "button",
    {
      type: "button",
      "aria-expanded": "false",
      "data-testid": "show-qr",
      onclick: () => {
        figure.hidden = !figure.hidden;
        toggle.setAttribute("aria-expanded", String(!figure.hidden));
        toggle.textContent = t(figure.hidden ? "share.show_qr" : "share.hide_qr");
      },
    },
    t("share.show_qr"),
  );
  block.append(toggle, figure);
  return block;
}

/**
 * "K 7 Q M 2": a code read letter by letter.
 * @param {string} code
 * @returns {string}
 */
export function spelled(code) {
  return [...code].join(" ");
}

function seatLine(room, info, held, mark) {
  const state = presence(info);
  let label = seatNameOf(room, info.seat);
  if (info.kind === "human" && !info.taken) label = t("waiting.open_seat");
  if (info.kind === "empty") label = t("waiting.empty_seat");
  const you = held.includes(info.seat);
  return [
    h("span", { class: "chip-token", style: { background: seatColour(info.seat), color: seatInk(info.seat) }, "aria-hidden": "true" }, mark),
    h(
      "span",
      { class: "seat-label" },
      label,
      you ? h("span", { class: "you" }, ` (${t("seat.you_short")})`) : null,
      info.taken ? botBadge(info, `waiting-bot-${info.seat}`) : null,
      info.kind === "cpu" && info.name ? h("span", { class: "hint" }, ` · ${levelLabel(info.level || "random")}`) : null,
      typeof info.rating === "number" ? h("span", { class: "hint", "data-testid": `waiting-rating-${info.seat}` }, ` · ${t("rating.seat", { rating: ratingText(info.rating, info.provisional) })}`) : null,
    ),
    h("span", { class: ["dot", state], title: t(`presence.${state}`) }, state === "cpu" ? t("presence.cpu_short") : ""),
    h("span", { class: "sr-only" }, `, ${colourName(info.seat)}, ${t(`presence.${state}`)}`),
  ];
}

/**
 * Render the waiting panel. `send(frame)` sends a client frame ({start: {}}, {settings: ...}).
 * @param {HTMLElement} container
 * @param {{ room: import("./types.js").RoomInfo, meta: any, held: number[], send: (frame: Record<string, any>) => void, gameId: string, wallet?: number | null }} spec
 */
export function renderWaiting(container, { room, meta, held, send, gameId, wallet = null }) {
  const isHost = room.host_seat !== undefined && held.includes(room.host_seat);
  const marks = seatMarks(room);
  const cpuLevels = (meta && meta.cpu_levels) || [];
  const schema = (meta && meta.options) || [];
  const values = optionValues(schema, room.options || {});
  /** @type {Array<{ kind: string, level: string | number, local: boolean, fixed?: boolean | undefined }>} */
  const specs = (room.seats || []).map((info) => ({
    kind: info.kind,
    level: info.level || "",
    local: held.includes(info.seat) && info.seat !== held[0],
    fixed: info.kind === "human" && info.taken,
  }));
  const sendSettings = () =>
    send({
      settings: {
        options: values,
        seats: specs.map((s) => ({ kind: s.kind, level: s.kind === "cpu" ? s.level : "", local: Boolean(s.local) })),
      },
    });

  const rows = (room.seats || []).map((info, i) => {
    const spec = specs[i];
    const editable = isHost && !spec.fixed;
    return h(
      "li",
      { class: "waiting-seat", "data-testid": `waiting-seat-${info.seat}` },
      h("div", { class: "seat-line" }, seatLine(room, info, held, marks[i])),
      // The host may send another player out while the room waits (their ticket ends).
      isHost && info.kind === "human" && info.taken && !held.includes(info.seat)
        ? h(
            "button",
            {
              type: "button",
              class: "remove-player",
              "data-testid": `remove-player-${info.seat}`,
              onclick: () => send({ remove: { seat: info.seat } }),
            },
            t("waiting.remove_player", { name: info.name }),
          )
        : null,
      editable
        ? h(
            "div",
            { class: "seat-edit" },
            seatKindControls(i, spec, cpuLevels, sendSettings, { allowLocal: false }),
            specs.length > ((meta && meta.min_seats) || 1)
              ? h(
                  "button",
                  {
                    type: "button",
                    class: "icon-button",
                    "data-testid": `seat-remove-${i}`,
                    "aria-label": t("seat.remove", { n: i + 1 }),
                    onclick: () => {
                      specs.splice(i, 1);
                      sendSettings();
                    },
                  },
                  "✕",
                )
              : null,
          )
        : null,
    );
  });

  const counts = (meta && meta.seat_counts) || [];
  const filled = (room.seats || []).filter((s) => s.kind === "cpu" || (s.kind === "human" && s.taken)).length;
  const ready = counts.length ? counts.includes(filled) : true;
  // Not startable yet: name the first open seat a player still has to take, and keep Start
  // off until the table can be played (the server would refuse it).
  const open = (room.seats || []).find((s) => s.kind === "human" && !s.taken);
  const blocker = ready ? null : open ? t("waiting.for_player", { n: open.seat + 1 }) : t("waiting.counts", { allowed: seatCountsText(meta), filled });
  const maxSeats = (meta && meta.max_seats) || specs.length;

  // Every room update redraws the room: the host's focus stays on the control it was on.
  keepFocus(container, () => container.replaceChildren(
    h(
      "section",
      { class: "waiting panel", "data-testid": "waiting-room", "aria-labelledby": "waiting-title" },
      h("h2", { id: "waiting-title" }, t("waiting.title")),
      shareBox(room.code, { qrOpen: false }),
      h("h3", null, t("waiting.seats")),
      room.rated ? h("p", { class: "hint", "data-testid": "waiting-rated" }, t("rating.rated_room")) : null,
      h("ul", { class: "waiting-seats", "data-testid": "waiting-seats" }, rows),
      isHost && specs.length < maxSeats
        ? h(
            "button",
            {
              type: "button",
              "data-testid": "seat-add",
              onclick: () => {
                specs.push({ kind: "human", level: "", local: false });
                sendSettings();
              },
            },
            t("seat.add"),
          )
        : null,
      counts.length
        ? h(
            "p",
            { class: ["hint", !ready && "warn"], id: "seat-count-hint", "data-testid": "seat-count-hint", role: "status" },
            blocker || t("waiting.counts", { allowed: seatCountsText(meta), filled }),
          )
        : null,
      room.stake ? h("p", { class: "hint stake-note", "data-testid": "stake-note" }, t("stake.note", { coins: formatNumber(room.stake) })) : null,
      schema.length ? h("h3", null, t("waiting.settings")) : null,
      schema.length
        ? isHost
          ? h("div", { class: "options", "data-testid": "waiting-options" }, optionFields(schema, values, sendSettings, gameId, meta && meta.clock, { wallet }))
          : optionSummary(schema, values, gameId, meta && meta.clock)
        : null,
      h(
        "div",
        { class: "start-bar" },
        isHost
          ? h(
              "button",
              {
                type: "button",
                class: "primary big",
                "data-testid": "start-button",
                disabled: !ready,
                "aria-describedby": counts.length ? "seat-count-hint" : null,
                onclick: () => send({ start: {} }),
              },
              t("waiting.start"),
            )
          : h("p", { class: "hint", "data-testid": "waiting-for-host" }, t("waiting.for_host")),
      ),
    ),
  ));
}
